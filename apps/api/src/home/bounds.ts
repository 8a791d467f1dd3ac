/**
 * The admin's bounds for home games (H-1: the host chooses "within the bounds
 * the admin sets"): the largest blind or bet, the buy-in limits in big blinds,
 * the clock and the time bank. Kept in D1 (`settings`, key `home_bounds`);
 * without a row they are DEFAULT_HOME_BOUNDS. Each bound lies within what the
 * admin may set on any stake (admin/stake-input.ts), so a home game's stake
 * is always one the admin's own check accepts.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { stakeInput } from "../admin/stake-input";
import type { Database } from "../db/client";
import { settings } from "../db/schema";
import { customIssue, fieldError } from "../trpc/messages";

export type Bound = { min: number; max: number };
export type HomeBounds = {
  /** The largest blind, ante or bet unit, in chips. */
  bigBlind: { max: number };
  minBuyInBb: Bound;
  maxBuyInBb: Bound;
  actionSeconds: Bound;
  timeBankSeconds: Bound;
};

export const HOME_BOUNDS_KEY = "home_bounds";

/** Until the admin sets his own. No rake is ever taken at a home game (the chips are the friends'). */
export const DEFAULT_HOME_BOUNDS: HomeBounds = {
  bigBlind: { max: 100_000 },
  minBuyInBb: { min: 10, max: 500 },
  maxBuyInBb: { min: 10, max: 1000 },
  actionSeconds: { min: 10, max: 120 },
  timeBankSeconds: { min: 0, max: 300 },
};

const admin = stakeInput.shape;
/** A number the admin's stake field itself accepts. */
const asAdmin = (field: z.ZodNumber) =>
  z
    .number()
    .int()
    .min(field.minValue ?? 0)
    .max(field.maxValue ?? Number.MAX_SAFE_INTEGER);
const range = (field: z.ZodNumber) =>
  z.strictObject({ min: asAdmin(field), max: asAdmin(field) }).superRefine((b, ctx) => {
    if (b.max < b.min)
      ctx.addIssue(customIssue(["max"], "bound_below_min", "must be at least min", { min: b.min }));
  });

/** What the admin may save: each range within the admin's own stake limits, its min at most its max. */
export const homeBoundsInput = z.strictObject({
  bigBlind: z.strictObject({ max: asAdmin(admin.bigBlind) }),
  minBuyInBb: range(admin.minBuyInBb.unwrap()),
  maxBuyInBb: range(admin.maxBuyInBb.unwrap()),
  actionSeconds: range(admin.actionSeconds.unwrap()),
  timeBankSeconds: range(admin.timeBankSeconds.unwrap()),
});

/** The bounds in force: the admin's row, or the defaults (also for a row that no longer parses). */
export async function homeBounds(db: Database): Promise<HomeBounds> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, HOME_BOUNDS_KEY))
    .limit(1);
  const stored = row ? homeBoundsInput.safeParse(row.value) : null;
  return stored?.success ? stored.data : DEFAULT_HOME_BOUNDS;
}

type HostStake = {
  smallBlind: number;
  bigBlind: number;
  smallBet: number | null;
  bigBet: number | null;
  ante: number;
  minBuyInBb: number;
  maxBuyInBb: number;
  actionSeconds: number;
  timeBankSeconds: number;
};

/**
 * The host's first choice outside the bounds, as a field error with the
 * codes a schema's bound gives (`too_big` with `maximum`, `too_small` with
 * `minimum`); `prefix` is where the stake sits in the input ("stakes.").
 */
export function boundsError(stake: HostStake, bounds: HomeBounds, prefix = "") {
  const chips = ["smallBlind", "bigBlind", "smallBet", "bigBet", "ante"] as const;
  for (const key of chips) {
    const value = stake[key];
    if (value !== null && value > bounds.bigBlind.max)
      return fieldError(`${prefix}${key}`, `must be at most ${bounds.bigBlind.max}`, "too_big", {
        maximum: bounds.bigBlind.max,
      });
  }
  const ranged = ["minBuyInBb", "maxBuyInBb", "actionSeconds", "timeBankSeconds"] as const;
  for (const key of ranged) {
    const { min, max } = bounds[key];
    if (stake[key] > max)
      return fieldError(`${prefix}${key}`, `must be at most ${max}`, "too_big", { maximum: max });
    if (stake[key] < min)
      return fieldError(`${prefix}${key}`, `must be at least ${min}`, "too_small", {
        minimum: min,
      });
  }
  return null;
}
