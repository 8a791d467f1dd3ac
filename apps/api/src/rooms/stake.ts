import {
  createTable,
  type DeckType,
  type HandConfig,
  russian,
  type TableSetup,
  type WildCards,
} from "@felt/engine";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { type DECKS, stakes, tables, type WILD_CARDS } from "../db/schema";
import { russianPlanOf } from "./russian/russian-plan";

/** The room's timers, in milliseconds. */
export type Timing = {
  /** Normal time to act (the stake's action seconds). */
  actionMs: number;
  /** Each player's time bank when he sits down, spent only beyond the action time; the cap of its refills. */
  timeBankMs: number;
  /** Added to a player's bank every `timeBankRefillHands` hands he is dealt into (absent in rooms stored before refills). */
  timeBankRefillMs?: number;
  timeBankRefillHands?: number;
  /** Pause after a hand (and before the first one) so everyone sees the result. */
  nextHandDelayMs: number;
  /** A player sitting out this long is cashed out and leaves the seat to someone else. */
  sitOutExpiryMs: number;
};

export const NEXT_HAND_DELAY_MS = 3_000;
export const SIT_OUT_EXPIRY_MS = 10 * 60_000;

export type StakeRow = Pick<
  typeof stakes.$inferSelect,
  | "game"
  | "betting"
  | "smallBlind"
  | "bigBlind"
  | "ante"
  | "minBuyInBb"
  | "maxBuyInBb"
  | "seats"
  | "deck"
  | "wild"
  | "smallBet"
  | "bigBet"
  | "rakeBasisPoints"
  | "rakeCap"
  | "noFlopNoDrop"
  | "actionSeconds"
  | "timeBankSeconds"
  | "timeBankRefillSeconds"
  | "timeBankRefillHands"
  | "chat"
>;

export type TablePlan =
  | { ok: true; setup: TableSetup; timing: Timing }
  | { ok: false; reason: string };

/** The stake's deck column as the engine names it: "32" is the 7–A deck (C-1). */
const DECK_TYPES: Record<(typeof DECKS)[number], DeckType> = { "52": "52", "32": "7A" };

/** The stake's wild-card column as the engine names it (W-1 … W-5). */
const WILD_NAMES: Record<(typeof WILD_CARDS)[number], WildCards> = {
  none: "none",
  joker: "joker",
  "two-jokers": "two-jokers",
  bug: "bug",
  deuces: "deuces",
  "deuces-and-joker": "deuces-joker",
  "one-eyed-jacks": "one-eyed-jacks",
  "lowest-in-hand": "lowest-card",
};

/** The game a stake deals, as the engine's hand rules, or why it cannot be played. */
function handConfigOf(
  stake: StakeRow,
): { ok: true; hand: HandConfig } | { ok: false; reason: string } {
  const plain = stake.deck === "52" && stake.wild === "none";
  let game: HandConfig["game"];
  if (stake.game === "holdem" || stake.game === "omaha") {
    game = stake.game;
  } else if (stake.game === "draw") {
    game = "five-card-draw";
  } else {
    return { ok: false, reason: `${stake.game} tables cannot be played yet` };
  }
  const deckType = DECK_TYPES[stake.deck];
  const wild = WILD_NAMES[stake.wild];
  if (deckType === undefined || wild === undefined)
    return { ok: false, reason: `the ${stake.deck} deck with wild ${stake.wild} cannot be played` };
  return {
    ok: true,
    hand: {
      game,
      betting: stake.betting,
      smallBlind: stake.smallBlind,
      bigBlind: stake.bigBlind,
      ...(stake.ante > 0 ? { ante: stake.ante, anteKind: "each" as const } : {}),
      ...(stake.betting === "fixed-limit" && stake.smallBet !== null && stake.bigBet !== null
        ? { smallBet: stake.smallBet, bigBet: stake.bigBet }
        : {}),
      // Home options as the stake has them: the engine refuses them where they cannot be played.
      ...(plain ? {} : { deckType, wild }),
    },
  };
}

/**
 * A stake as the engine's table layer takes it: hold'em and Omaha with the
 * 52-card deck, five-card draw with either deck and any wild cards. Other
 * games cannot be played here: Russian poker has its own room (russian/).
 */
export function tablePlanOf(stake: StakeRow, nextHandDelayMs = NEXT_HAND_DELAY_MS): TablePlan {
  const game = handConfigOf(stake);
  if (!game.ok) return game;
  const { hand } = game;
  return {
    ok: true,
    setup: {
      hand,
      seatCount: stake.seats,
      minBuyIn: stake.minBuyInBb * stake.bigBlind,
      maxBuyIn: stake.maxBuyInBb * stake.bigBlind,
      rake:
        stake.rakeBasisPoints > 0
          ? {
              basisPoints: stake.rakeBasisPoints,
              cap: stake.rakeCap,
              noFlopNoDrop: stake.noFlopNoDrop,
            }
          : null,
    },
    timing: {
      actionMs: stake.actionSeconds * 1000,
      timeBankMs: stake.timeBankSeconds * 1000,
      timeBankRefillMs: stake.timeBankRefillSeconds * 1000,
      timeBankRefillHands: stake.timeBankRefillHands,
      nextHandDelayMs,
      sitOutExpiryMs: SIT_OUT_EXPIRY_MS,
    },
  };
}

/** Why no table could deal this stake (the engine's own check), or null when one can. */
export function unplayableReason(stake: StakeRow): string | null {
  if (stake.game === "russian") {
    const plan = russianPlanOf(stake, NEXT_HAND_DELAY_MS);
    if (!plan.ok) return plan.reason;
    const created = russian.createRussianTable(plan.setup);
    return created.ok ? null : created.error.message;
  }
  const plan = tablePlanOf(stake);
  if (!plan.ok) return plan.reason;
  const created = createTable(plan.setup);
  return created.ok ? null : created.error.message;
}

/** The table's row and stake, or null when there is no such table. */
export async function loadTable(
  db: Database,
  tableId: string,
): Promise<{ status: "open" | "closed"; stake: StakeRow } | null> {
  const [row] = await db
    .select({ status: tables.status, stake: stakes })
    .from(tables)
    .innerJoin(stakes, eq(stakes.id, tables.stakeId))
    .where(eq(tables.id, tableId))
    .limit(1);
  return row ?? null;
}
