/**
 * What a host chooses for his home game (H-1): the game or a dealer's-choice
 * list, deck and wild cards, limit kind with its bet units, blinds and ante,
 * buy-in limits, seats, the clock and time bank, chat, spectators, and the
 * H-3 … H-5 options. Each number is bounded by HOME_BOUNDS (the admin's
 * bounds for home games); the rest is the admin's own stake check
 * (admin/stake-input.ts), so a home game's stake is valid wherever a stake is,
 * and the engine's (`createTable`) for the home options against the games.
 */
import { createTable } from "@felt/engine";
import { homeGameOptionsSchema } from "@felt/protocol";
import { z } from "zod";
import { stakeColumns, stakeInput } from "../admin/stake-input";
import { CHAT_MODES } from "../db/schema";
import { type StakeRow, tablePlanOf } from "../rooms/stake";
import { customIssue, type Params } from "../trpc/messages";

/**
 * The admin's bounds for home games: what a host may choose. No rake is ever
 * taken at a home game (the chips are the friends'; T-10 is the house's).
 */
export const HOME_BOUNDS = {
  bigBlind: { max: 100_000 },
  minBuyInBb: { min: 10, max: 500 },
  maxBuyInBb: { min: 10, max: 1000 },
  actionSeconds: { min: 10, max: 120 },
  timeBankSeconds: { min: 0, max: 300 },
} as const;

/** The games a host may deal: every poker game of the platform (Russian poker is the house's game). */
export const HOME_GAMES = ["holdem", "omaha", "draw", "dealers-choice"] as const;

/** The admin's own stake fields (admin/stake-input.ts), each as he may set it on any stake. */
const admin = stakeInput.shape;
type Bound = { min: number; max: number };
const within = (field: z.ZodNumber, b: Bound) => field.min(b.min).max(b.max);
const chipsUpTo = (field: z.ZodNumber) => field.max(HOME_BOUNDS.bigBlind.max);

/**
 * The stakes and game of a home game: at creation, and when the host changes
 * them between hands (H-2). The admin's stake fields, with the home games'
 * bounds laid over them and the host's defaults; only the game list differs.
 */
export const homeStakesShape = {
  game: z.enum(HOME_GAMES),
  games: admin.games,
  deck: admin.deck,
  wild: admin.wild,
  betting: admin.betting,
  smallBlind: chipsUpTo(admin.smallBlind),
  bigBlind: chipsUpTo(admin.bigBlind),
  smallBet: chipsUpTo(admin.smallBet.unwrap().unwrap()).nullable().default(null),
  bigBet: chipsUpTo(admin.bigBet.unwrap().unwrap()).nullable().default(null),
  ante: chipsUpTo(admin.ante.unwrap()).default(0),
  minBuyInBb: within(admin.minBuyInBb.unwrap(), HOME_BOUNDS.minBuyInBb).default(20),
  maxBuyInBb: within(admin.maxBuyInBb.unwrap(), HOME_BOUNDS.maxBuyInBb).default(100),
  actionSeconds: within(admin.actionSeconds.unwrap(), HOME_BOUNDS.actionSeconds).default(30),
  timeBankSeconds: within(admin.timeBankSeconds.unwrap(), HOME_BOUNDS.timeBankSeconds).default(60),
};

export const homeStakesInput = z.strictObject(homeStakesShape).superRefine((s, ctx) => {
  forwardStakeIssues(s, 9, "players", ctx);
});

const tableName = z
  .string()
  .trim()
  .min(2)
  .max(40)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} '-]*$/u, "may use letters, digits, spaces, ' and - only");

export const homeCreateInput = z
  .strictObject({
    name: tableName,
    seats: z.number().int().min(2).max(10),
    chat: z.enum(CHAT_MODES).default("players"),
    /** H-1: anyone with the link may watch (no seat without the host's yes). */
    spectators: z.boolean().default(false),
    /** H-3 … H-5. */
    options: homeGameOptionsSchema.default({ endsAt: null, poverty: null, specialRound: false }),
    ...homeStakesShape,
  })
  .superRefine((s, ctx) => {
    forwardStakeIssues(s, s.seats, s.chat, ctx);
    if (ctx.issues.length > 0) return;
    const issue = homeOptionsIssue(stakeOf(s, s.seats, s.chat), s.options);
    if (issue) ctx.addIssue(customIssue(["options", ...issue.path], issue.code, issue.message));
  });

export type HomeStakesInput = z.output<typeof homeStakesInput>;
export type HomeCreateInput = z.output<typeof homeCreateInput>;

/** The admin's stake check on the host's choices, its issues under the host's field names. */
function forwardStakeIssues(
  s: z.output<z.ZodObject<typeof homeStakesShape>>,
  seats: number,
  chat: (typeof CHAT_MODES)[number],
  ctx: z.RefinementCtx,
) {
  if (s.maxBuyInBb < s.minBuyInBb)
    ctx.addIssue(customIssue(["maxBuyInBb"], "below_min_buy_in_bb", "must be at least minBuyInBb"));
  const checked = stakeInput.safeParse(adminStake(s, seats, chat));
  if (checked.success) return;
  for (const issue of checked.error.issues) {
    const params = ("params" in issue ? (issue.params as Params) : {}) ?? {};
    const { code = "invalid", ...rest } = params as Params & { code?: string };
    if (issue.path[0] === "maxBuyInBb" && code === "below_min_buy_in_bb") continue;
    ctx.addIssue(customIssue(issue.path, String(code), issue.message, rest));
  }
}

/** The host's choices as the admin's stake form would have them. */
function adminStake(
  s: z.output<z.ZodObject<typeof homeStakesShape>>,
  seats: number,
  chat: (typeof CHAT_MODES)[number],
) {
  const stake = Object.fromEntries(
    Object.keys(homeStakesShape).map((key) => [key, s[key as keyof typeof s]]),
  );
  return {
    ...stake,
    name: "Home game",
    seats,
    chat,
    rakePercent: 0,
    rakeCap: 0,
    noFlopNoDrop: true,
    timeBankRefillSeconds: 10,
    timeBankRefillHands: 5,
    russian: null,
  };
}

/** The stake row's columns for a home game (no rake, never Russian poker). */
export function stakeOf(
  s: z.output<z.ZodObject<typeof homeStakesShape>>,
  seats: number,
  chat: (typeof CHAT_MODES)[number],
): ReturnType<typeof stakeColumns> {
  return stakeColumns(stakeInput.parse(adminStake(s, seats, chat)));
}

/** The engine's objection to the home options at a table of this stake (H-5 wants fixed limit), or null. */
export function homeOptionsIssue(
  stake: Omit<StakeRow, "home">,
  options: z.output<typeof homeGameOptionsSchema>,
): { path: string[]; code: string; message: string } | null {
  const plan = tablePlanOf({ ...stake, home: options });
  if (!plan.ok) return { path: [], code: "unplayable", message: plan.reason };
  const created = createTable(plan.setup);
  if (created.ok) return null;
  const { code, message } = created.error;
  const path =
    code === "special_round_fixed_limit"
      ? ["specialRound"]
      : code === "invalid_end_time"
        ? ["endsAt"]
        : code.startsWith("invalid_free_sets") || code === "invalid_set_chips"
          ? ["poverty"]
          : [];
  return { path, code, message };
}
