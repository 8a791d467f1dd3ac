/**
 * What a host chooses for his home game (H-1): the game or a dealer's-choice
 * list, deck and wild cards, limit kind with its bet units, blinds and ante,
 * buy-in limits, seats, the clock and time bank, chat, spectators, and the
 * H-3 … H-5 options. Each number is bounded by the admin's bounds for home
 * games (home/bounds.ts, checked by the router); the rest is the admin's own stake check
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

/** The games a host may deal: every poker game of the platform (Russian poker is the house's game). */
export const HOME_GAMES = ["holdem", "omaha", "draw", "dealers-choice"] as const;

/** The admin's own stake fields (admin/stake-input.ts), each as he may set it on any stake. */
const admin = stakeInput.shape;

/**
 * The stakes and game of a home game: at creation, and when the host changes
 * them between hands (H-2). The admin's stake fields with the host's
 * defaults; only the game list differs. The admin's bounds for home games
 * are laid over them when the host asks (home/bounds.ts: they live in D1).
 */
export const homeStakesShape = {
  game: z.enum(HOME_GAMES),
  games: admin.games,
  deck: admin.deck,
  wild: admin.wild,
  betting: admin.betting,
  smallBlind: admin.smallBlind,
  bigBlind: admin.bigBlind,
  smallBet: admin.smallBet,
  bigBet: admin.bigBet,
  ante: admin.ante,
  minBuyInBb: admin.minBuyInBb.unwrap().default(20),
  maxBuyInBb: admin.maxBuyInBb.unwrap().default(100),
  actionSeconds: admin.actionSeconds.unwrap().default(30),
  timeBankSeconds: admin.timeBankSeconds.unwrap().default(60),
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
