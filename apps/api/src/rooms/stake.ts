import {
  createTable,
  type DeckType,
  type HandConfig,
  russian,
  type TableGame,
  type TableSetup,
  type WildCards,
} from "@felt/engine";
import { DEALERS_CHOICE_NAMES } from "@felt/protocol/games";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { type DECKS, type DealersChoiceGame, stakes, tables, type WILD_CARDS } from "../db/schema";
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
  | "games"
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
  | "russian"
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
 * Dealer's choice (docs/rules.md#dealers-choice): the games a stake may list,
 * each named for the players and built from the stake's blinds and ante.
 * Fixed-limit games bet the stake's small and big bet when it has them, else
 * the big blind and twice the big blind (B-6); draw games are fixed-limit
 * (text 004), with the 52-card deck, the 7–A deck (C-1) or a joker wild (W-1).
 */
export const DEALERS_CHOICE_CATALOGUE: Record<
  DealersChoiceGame,
  { name: string; hand: Pick<HandConfig, "game" | "betting" | "deckType" | "wild"> }
> = {
  "holdem-nl": {
    name: DEALERS_CHOICE_NAMES["holdem-nl"],
    hand: { game: "holdem", betting: "no-limit" },
  },
  "holdem-fl": {
    name: DEALERS_CHOICE_NAMES["holdem-fl"],
    hand: { game: "holdem", betting: "fixed-limit" },
  },
  "omaha-pl": {
    name: DEALERS_CHOICE_NAMES["omaha-pl"],
    hand: { game: "omaha", betting: "pot-limit" },
  },
  "draw-fl": {
    name: DEALERS_CHOICE_NAMES["draw-fl"],
    hand: { game: "five-card-draw", betting: "fixed-limit" },
  },
  "draw-7a": {
    name: DEALERS_CHOICE_NAMES["draw-7a"],
    hand: { game: "five-card-draw", betting: "fixed-limit", deckType: "7A" },
  },
  "draw-joker": {
    name: DEALERS_CHOICE_NAMES["draw-joker"],
    hand: { game: "five-card-draw", betting: "fixed-limit", wild: "joker" },
  },
};

/** The games of a dealer's-choice stake as the engine's table takes them (`TableSetup.games`). */
export function dealersChoiceGamesOf(
  stake: StakeRow,
): { ok: true; games: TableGame[] } | { ok: false; reason: string } {
  const ids = stake.games ?? [];
  if (ids.length === 0) return { ok: false, reason: "a dealer's choice table lists no games" };
  const games: TableGame[] = [];
  for (const id of ids) {
    const entry = DEALERS_CHOICE_CATALOGUE[id];
    if (entry === undefined) return { ok: false, reason: `${id} is not a dealer's choice game` };
    const fixed = entry.hand.betting === "fixed-limit";
    games.push({
      name: entry.name,
      hand: {
        ...entry.hand,
        smallBlind: stake.smallBlind,
        bigBlind: stake.bigBlind,
        ...(stake.ante > 0 ? { ante: stake.ante, anteKind: "each" as const } : {}),
        ...(fixed
          ? {
              smallBet: stake.smallBet ?? stake.bigBlind,
              bigBet: stake.bigBet ?? 2 * stake.bigBlind,
            }
          : {}),
      },
    });
  }
  return { ok: true, games };
}

/**
 * A stake as the engine's table layer takes it: hold'em and Omaha with the
 * 52-card deck, five-card draw with either deck and any wild cards, and
 * dealer's choice among those. Other games cannot be played here: Russian
 * poker has its own room (russian/).
 */
export function tablePlanOf(stake: StakeRow, nextHandDelayMs = NEXT_HAND_DELAY_MS): TablePlan {
  let game: { hand?: HandConfig; games?: TableGame[] };
  if (stake.game === "dealers-choice") {
    const games = dealersChoiceGamesOf(stake);
    if (!games.ok) return games;
    game = { games: games.games };
  } else {
    const one = handConfigOf(stake);
    if (!one.ok) return one;
    game = { hand: one.hand };
  }
  return {
    ok: true,
    setup: {
      ...game,
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
