import { russian } from "@felt/engine";
import { z } from "zod";
import {
  BETTING,
  CHAT_MODES,
  DEALERS_CHOICE_GAMES,
  DECKS,
  GAMES,
  type stakes,
  WILD_CARDS,
} from "../db/schema";
import { MAX_TRANSFER } from "../ledger/policy";
import { DEFAULT_RUSSIAN_RULES } from "../rooms/russian/russian-rules";
import { unplayableReason } from "../rooms/stake";
import { customIssue, type Params, refinement } from "../trpc/messages";

const MAX_CHIPS = 1_000_000_000;
const MAX_BUY_IN_BB = 1000;
// The largest buy-in a stake can ask for must fit in one ledger transfer.
if (MAX_CHIPS * MAX_BUY_IN_BB > MAX_TRANSFER) throw new Error("stake limits exceed MAX_TRANSFER");
const chips = (min: number) => z.number().int().min(min).max(MAX_CHIPS);
/** Dealer's choice: how many games the button picks from. */
export const MIN_DEALERS_CHOICE_GAMES = 2;
export const MAX_DEALERS_CHOICE_GAMES = 8;

/** A percentage with at most two decimals, returned in basis points (2.5 → 250). */
export const percentToBasisPoints = (percent: number) => Math.round(percent * 100);
const hasTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9;
export const percent = (max: number) =>
  z
    .number()
    .min(0)
    .max(max)
    .refine(hasTwoDecimals, refinement("two_decimals", "may have at most two decimals"));

/** A pay table's multipliers, x:1; each checked by the engine (RP-2, RP-5) in `russianIssues`. */
const multipliers = <K extends string>(categories: readonly K[]) =>
  z.record(z.enum(categories as [K, ...K[]]), z.number());

/**
 * A Russian poker stake's rules (RP-1 … RP-11): the ANTE limits are the
 * stake's blinds; everything else is here, the engine's defaults when left out.
 */
export const russianRulesInput = z.strictObject({
  /** RP-1: up to 4 boxes a player (option: 3). */
  boxesPerPlayer: z
    .union([z.literal(3), z.literal(4)])
    .default(DEFAULT_RUSSIAN_RULES.boxesPerPlayer),
  /** RP-2: the bonus at most the ANTE, or half of it. */
  bonusLimit: z.enum(["ante", "half-ante"]).default(DEFAULT_RUSSIAN_RULES.bonusLimit),
  /** RP-4: improve once, or exchange then buy a sixth card. */
  improve: z.enum(["once", "exchange-then-sixth"]).default(DEFAULT_RUSSIAN_RULES.improve),
  /** A box that beats a qualifying dealer is also paid its ANTE 1:1. */
  antePaidOnWin: z.boolean().default(DEFAULT_RUSSIAN_RULES.antePaidOnWin),
  /** RP-11: the most one box is paid; null = no limit. */
  maxPayout: z.number().int().min(1).max(russian.MAX_AMOUNT).nullable().default(null),
  /** RP-5, paid on the BET. */
  payTable: multipliers(russian.PAYING_CATEGORIES).default(DEFAULT_RUSSIAN_RULES.payTable),
  /** RP-2, paid on the bonus. */
  bonusPayTable: multipliers(russian.BONUS_CATEGORIES).default(DEFAULT_RUSSIAN_RULES.bonusPayTable),
});
export type RussianRulesInput = z.infer<typeof russianRulesInput>;

/** The engine's field codes for a pay table's issue, under the form's field names. */
const PAY_TABLE_CODES: Record<russian.PayTableIssueCode, string> = {
  not_an_object: "pay_table_invalid",
  unknown_category: "pay_table_unknown_category",
  missing_category: "required",
  invalid_multiplier: "pay_table_multiplier",
};

/**
 * The engine's own checks of the pay and bonus tables (RP-2, RP-5), each on the field at
 * fault: `russian.payTable.flush` with `pay_table_multiplier` and the largest multiplier.
 */
export function russianIssues(
  rules: RussianRulesInput,
  prefix: string[],
): { path: string[]; code: string; message: string; params: Params }[] {
  const issues: { path: string[]; code: string; message: string; params: Params }[] = [];
  for (const [table, issue] of [
    ["payTable", russian.payTableIssue(rules.payTable)],
    ["bonusPayTable", russian.bonusPayTableIssue(rules.bonusPayTable)],
  ] as const) {
    if (issue === null) continue;
    issues.push({
      path: [...prefix, table, ...(issue.category === null ? [] : [issue.category])],
      code: PAY_TABLE_CODES[issue.code],
      message: issue.message,
      params: { max: russian.MAX_MULTIPLIER },
    });
  }
  return issues;
}

/** ST-1, ST-5: the most players each stud game deals to (the deck runs out beyond). */
const STUD_SEATS = { stud7: 8, stud5: 10 } as const;
/** ST-7: each stud game's one wild option, as the stake names it. */
const STUD_WILD = { stud7: "low-hole-card", stud5: "lowest-in-hand" } as const;

/**
 * Everything an admin sets on a stake. A Russian poker stake (RP-1 … RP-12)
 * takes its ANTE limits from the blinds (small blind = the least ANTE, big
 * blind = the largest), its buy-in in largest ANTEs, and seats at most six
 * players (six boxes); its options and pay and bonus tables are `russian`
 * (RP-1 … RP-11; the engine's defaults when left out), checked by the engine.
 *
 * A dealer's choice stake lists 2–8 distinct games (`games`, docs/rules.md
 * #dealers-choice) built from its blinds and ante; each game brings its own
 * betting and deck, so the stake's deck and wild cards stay at the defaults.
 * Its fixed-limit games bet `smallBet`/`bigBet` when the stake is fixed-limit,
 * else the big blind and twice the big blind.
 *
 * A stud stake (`stud7`, `stud5`: ST-1 … ST-7) is fixed-limit: its small
 * blind is the bring-in (below the small bet), its ante is posted by every
 * player, its big blind is the unit its buy-ins count in, and its wild option
 * is `low-hole-card` (seven-card) or `lowest-in-hand` (five-card).
 */
export const stakeInput = z
  .strictObject({
    name: z.string().trim().min(2).max(60),
    game: z.enum(GAMES),
    /** Dealer's choice only: the games the button picks from, in the order a timeout takes them. */
    games: z.array(z.enum(DEALERS_CHOICE_GAMES)).max(20).nullable().default(null),
    deck: z.enum(DECKS).default("52"),
    wild: z.enum(WILD_CARDS).default("none"),
    betting: z.enum(BETTING),
    smallBlind: chips(1),
    bigBlind: chips(1),
    /** B-6: fixed-limit bet units; leave out (or null) for no-limit and pot-limit. */
    smallBet: chips(1).nullable().default(null),
    bigBet: chips(1).nullable().default(null),
    ante: chips(0).default(0),
    /** T-4: in big blinds; the usual table is 20–100, a deep one 50–200. */
    minBuyInBb: z.number().int().min(1).max(MAX_BUY_IN_BB).default(20),
    maxBuyInBb: z.number().int().min(1).max(MAX_BUY_IN_BB).default(100),
    seats: z.number().int().min(2).max(10),
    /** T-10: percent of each pot (two decimals at most), capped per pot. */
    rakePercent: percent(10).default(0),
    rakeCap: chips(0).default(0),
    noFlopNoDrop: z.boolean().default(true),
    actionSeconds: z.number().int().min(5).max(300).default(20),
    timeBankSeconds: z.number().int().min(0).max(600).default(60),
    /** The bank refills by this much every `timeBankRefillHands` hands played, up to `timeBankSeconds` (0: never). */
    timeBankRefillSeconds: z.number().int().min(0).max(600).default(10),
    timeBankRefillHands: z.number().int().min(1).max(1000).default(5),
    /** Table chat: off, the seated players, or every signed-in viewer; applies to open tables at once. */
    chat: z.enum(CHAT_MODES).default("players"),
    /** Russian poker only: its options and pay tables. */
    russian: russianRulesInput.nullable().default(null),
  })
  .superRefine((s, ctx) => {
    const fail = (path: string, message: string, code: string, params: Params = {}) =>
      ctx.addIssue(customIssue([path], code, message, params));
    if (s.bigBlind < s.smallBlind)
      fail("bigBlind", "must be at least the small blind", "below_small_blind");
    if (s.maxBuyInBb < s.minBuyInBb)
      fail("maxBuyInBb", "must be at least minBuyInBb", "below_min_buy_in_bb");
    if (s.betting === "fixed-limit") {
      if (s.smallBet === null)
        fail("smallBet", "is required for fixed-limit (the small bet unit)", "small_bet_required");
      if (s.bigBet === null)
        fail("bigBet", "is required for fixed-limit (the big bet unit)", "big_bet_required");
      if (s.smallBet !== null && s.bigBet !== null && s.bigBet < s.smallBet)
        fail("bigBet", "must be at least the small bet", "below_small_bet");
    } else {
      if (s.smallBet !== null)
        fail("smallBet", "is only for fixed-limit games: leave it empty", "only_fixed_limit");
      if (s.bigBet !== null)
        fail("bigBet", "is only for fixed-limit games: leave it empty", "only_fixed_limit");
    }
    if (s.game === "russian") {
      if (s.seats > 6)
        fail("seats", "must be at most 6 at Russian poker (six boxes)", "russian_seats");
      if (s.rakePercent > 0)
        fail(
          "rakePercent",
          "must be 0 at Russian poker: the house plays the boxes",
          "russian_rake",
        );
      if (s.russian !== null)
        for (const issue of russianIssues(s.russian, ["russian"]))
          ctx.addIssue(customIssue(issue.path, issue.code, issue.message, issue.params));
    } else if (s.russian !== null) {
      fail("russian", "is only for Russian poker: leave it empty", "only_russian");
    }
    const stud = s.game === "stud7" || s.game === "stud5";
    if (stud) {
      // ST-1 … ST-7: fixed limit, the 52-card deck, at most 8 (seven-card) or 10 (five-card) seats.
      if (s.betting !== "fixed-limit")
        fail("betting", "must be fixed-limit at stud", "stud_fixed_limit");
      const most = STUD_SEATS[s.game as keyof typeof STUD_SEATS];
      if (s.seats > most)
        fail("seats", `must be at most ${most} at this stud game`, "stud_seats", { max: most });
      if (s.deck !== "52") fail("deck", "must be 52 at stud", "stud_deck");
      const option = STUD_WILD[s.game as keyof typeof STUD_WILD];
      if (s.wild !== "none" && s.wild !== option)
        fail("wild", `must be none or ${option} at this stud game (ST-7)`, "stud_wild");
      if (s.smallBet !== null && s.smallBlind >= s.smallBet)
        fail(
          "smallBlind",
          "is the bring-in at stud: it must be below the small bet",
          "stud_bring_in",
          { smallBet: s.smallBet },
        );
    } else if (s.wild === "low-hole-card") {
      fail("wild", "is seven-card stud's option only", "stud_wild_only");
    }
    if (s.game === "dealers-choice") {
      const games = s.games ?? [];
      if (games.length < MIN_DEALERS_CHOICE_GAMES || games.length > MAX_DEALERS_CHOICE_GAMES)
        fail(
          "games",
          `must list ${MIN_DEALERS_CHOICE_GAMES} to ${MAX_DEALERS_CHOICE_GAMES} games for dealer's choice`,
          "games_count",
          { min: MIN_DEALERS_CHOICE_GAMES, max: MAX_DEALERS_CHOICE_GAMES },
        );
      if (new Set(games).size !== games.length)
        fail("games", "must not list a game twice", "games_repeated");
      if (s.deck !== "52")
        fail(
          "deck",
          "must be 52 at dealer's choice: each game has its own deck",
          "dealers_choice_deck",
        );
      if (s.wild !== "none")
        fail(
          "wild",
          "must be none at dealer's choice: each game has its own",
          "dealers_choice_wild",
        );
    } else if (s.games !== null && s.games.length > 0) {
      fail("games", "is only for dealer's choice: leave it empty", "only_dealers_choice");
    }
    if (s.rakePercent > 0 && s.rakeCap === 0)
      fail(
        "rakeCap",
        "must be above 0 when there is a rake (or set rakePercent to 0)",
        "rake_cap_required",
      );
    // The rest is the engine's to say (C-1, W-1 … W-5: the deck and wild cards are for draw):
    // a stake is saved only if a table could deal it. Asked only of an otherwise valid stake.
    if (ctx.issues.length === 0) {
      const unplayable = unplayableReason(stakeColumns(s));
      if (unplayable)
        fail(
          s.game === "dealers-choice"
            ? "games"
            : s.game === "russian"
              ? "russian"
              : s.deck !== "52"
                ? "deck"
                : "wild",
          unplayable,
          "unplayable",
          { detail: unplayable },
        );
    }
  });

export type StakeInput = z.infer<typeof stakeInput>;
type StakeRow = typeof stakes.$inferSelect;

/** The columns to write for a validated stake. */
export function stakeColumns(input: StakeInput) {
  const { rakePercent, games, russian: rules, ...rest } = input;
  return {
    ...rest,
    // A Russian stake always stores its rules, the defaults filled in; other games none.
    russian: input.game === "russian" ? { ...DEFAULT_RUSSIAN_RULES, ...(rules ?? {}) } : null,
    // Only a dealer's choice stake has games ([] from another game is stored as none).
    games: input.game === "dealers-choice" ? games : null,
    rakeBasisPoints: percentToBasisPoints(rakePercent),
  };
}

/** A stake as the API shows it: rake as a percentage, buy-ins also in chips. */
export function stakeView(row: StakeRow) {
  const { rakeBasisPoints, archivedAt, createdAt, ...rest } = row;
  return {
    ...rest,
    // A Russian stake stored before its rules were editable plays the engine's defaults.
    russian: row.game === "russian" ? (row.russian ?? DEFAULT_RUSSIAN_RULES) : null,
    rakePercent: rakeBasisPoints / 100,
    minBuyIn: row.minBuyInBb * row.bigBlind,
    maxBuyIn: row.maxBuyInBb * row.bigBlind,
    archived: archivedAt !== null,
    createdAt: createdAt.getTime(),
  };
}
