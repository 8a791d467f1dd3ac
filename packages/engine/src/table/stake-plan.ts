/**
 * A stake as the engine's table takes it (the room reads the stake's row
 * from D1 and hands its terms here): the game or the dealer's choice list,
 * buy-in limits in chips, the rake, and the room's timers; the pause before
 * the next hand and the sit-out expiry are the room's defaults.
 */
import type { DeckType, WildCards } from "../eval/ranking";
import type { HandConfig } from "../hand";
import type { TableTiming } from "./room-timers";
import type { TableSetup } from "./table";
import type { TableGame } from "./types";

/** Pause after a hand (and before the first one) so everyone sees the result. */
export const NEXT_HAND_DELAY_MS = 3_000;
/** A player sitting out this long is cashed out and leaves the seat to someone else. */
export const SIT_OUT_EXPIRY_MS = 10 * 60_000;

/** The dealer's choice games a stake may list, by id. */
export const DEALERS_CHOICE_IDS = [
  "holdem-nl",
  "holdem-fl",
  "omaha-pl",
  "draw-fl",
  "draw-7a",
  "draw-joker",
  "stud7",
  "stud5",
] as const;
export type DealersChoiceId = (typeof DEALERS_CHOICE_IDS)[number];

/** A stake's columns the table's plan is made of (the API's `stakes` row). */
export type StakeTerms = {
  game: string;
  betting: HandConfig["betting"];
  smallBlind: number;
  bigBlind: number;
  ante: number;
  minBuyInBb: number;
  maxBuyInBb: number;
  seats: number;
  deck: "52" | "32";
  wild: string;
  games: readonly string[] | null;
  smallBet: number | null;
  bigBet: number | null;
  rakeBasisPoints: number;
  rakeCap: number;
  noFlopNoDrop: boolean;
  actionSeconds: number;
  timeBankSeconds: number;
  timeBankRefillSeconds: number;
  timeBankRefillHands: number;
};

export type TablePlan =
  | { ok: true; setup: TableSetup; timing: TableTiming }
  | { ok: false; reason: string };

/** The stake's deck column as the engine names it: "32" is the 7–A deck (C-1). */
const DECK_TYPES: Record<StakeTerms["deck"], DeckType> = { "52": "52", "32": "7A" };

/** The stake's wild-card column as the engine names it (W-1 … W-5). */
const WILD_NAMES: Record<string, WildCards> = {
  none: "none",
  joker: "joker",
  "two-jokers": "two-jokers",
  bug: "bug",
  deuces: "deuces",
  "deuces-and-joker": "deuces-joker",
  "one-eyed-jacks": "one-eyed-jacks",
  "lowest-in-hand": "lowest-card",
  "low-hole-card": "low-hole-card",
};

/**
 * Stud (ST-1 … ST-7): fixed limit, antes from every player, the bring-in from
 * the stake's small blind column and the small and big bet from its bet
 * columns (or the big blind and twice it); the big blind is the unit the
 * buy-ins count in. Its one wild option (ST-7) is the stake's `wild`.
 */
function studConfigOf(stake: StakeTerms, game: "stud7" | "stud5"): HandConfig {
  const wild = WILD_NAMES[stake.wild];
  return {
    game,
    betting: stake.betting,
    smallBlind: stake.smallBlind,
    bigBlind: stake.bigBlind,
    bringIn: stake.smallBlind,
    ...(stake.ante > 0 ? { ante: stake.ante, anteKind: "each" as const } : {}),
    smallBet: stake.smallBet ?? stake.bigBlind,
    bigBet: stake.bigBet ?? 2 * stake.bigBlind,
    // The engine refuses a deck or wild card stud cannot play (only its ST-7 option).
    ...(stake.deck === "52" ? {} : { deckType: DECK_TYPES[stake.deck] }),
    ...(stake.wild === "none" || wild === undefined ? {} : { wild }),
  };
}

/** The game a stake deals, as the engine's hand rules, or why it cannot be played. */
function handConfigOf(
  stake: StakeTerms,
): { ok: true; hand: HandConfig } | { ok: false; reason: string } {
  const plain = stake.deck === "52" && stake.wild === "none";
  let game: HandConfig["game"];
  if (stake.game === "holdem" || stake.game === "omaha") {
    game = stake.game;
  } else if (stake.game === "draw") {
    game = "five-card-draw";
  } else if (stake.game === "stud7" || stake.game === "stud5") {
    if (WILD_NAMES[stake.wild] === undefined || DECK_TYPES[stake.deck] === undefined)
      return {
        ok: false,
        reason: `the ${stake.deck} deck with wild ${stake.wild} cannot be played`,
      };
    return { ok: true, hand: studConfigOf(stake, stake.game) };
  } else {
    return { ok: false, reason: `${stake.game} tables cannot be played yet` };
  }
  const deckType = DECK_TYPES[stake.deck] as DeckType | undefined;
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
 * each built from the stake's blinds and ante (the room names them).
 * Fixed-limit games bet the stake's small and big bet when it has them, else
 * the big blind and twice the big blind (B-6); draw games are fixed-limit
 * (text 004), with the 52-card deck, the 7–A deck (C-1) or a joker wild (W-1).
 */
export const DEALERS_CHOICE_HANDS: Record<
  DealersChoiceId,
  Pick<HandConfig, "game" | "betting" | "deckType" | "wild">
> = {
  "holdem-nl": { game: "holdem", betting: "no-limit" },
  "holdem-fl": { game: "holdem", betting: "fixed-limit" },
  "omaha-pl": { game: "omaha", betting: "pot-limit" },
  "draw-fl": { game: "five-card-draw", betting: "fixed-limit" },
  "draw-7a": { game: "five-card-draw", betting: "fixed-limit", deckType: "7A" },
  "draw-joker": { game: "five-card-draw", betting: "fixed-limit", wild: "joker" },
  // ST-1, ST-5: stud is fixed limit; the bring-in is the stake's small blind (the engine's default, ST-2).
  stud7: { game: "stud7", betting: "fixed-limit" },
  stud5: { game: "stud5", betting: "fixed-limit" },
};

/** Each dealer's choice game's name, as the players see it (the protocol's list). */
export type DealersChoiceNames = Readonly<Record<DealersChoiceId, string>>;

const isDealersChoiceId = (id: string): id is DealersChoiceId =>
  Object.hasOwn(DEALERS_CHOICE_HANDS, id);

/** The games of a dealer's-choice stake as the engine's table takes them (`TableSetup.games`). */
export function dealersChoiceGamesOf(
  stake: StakeTerms,
  names: DealersChoiceNames,
): { ok: true; games: TableGame[] } | { ok: false; reason: string } {
  const ids = stake.games ?? [];
  if (ids.length === 0) return { ok: false, reason: "a dealer's choice table lists no games" };
  const games: TableGame[] = [];
  for (const id of ids) {
    if (!isDealersChoiceId(id)) return { ok: false, reason: `${id} is not a dealer's choice game` };
    const hand = DEALERS_CHOICE_HANDS[id];
    const fixed = hand.betting === "fixed-limit";
    games.push({
      name: names[id],
      hand: {
        ...hand,
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
 * 52-card deck, five-card draw with either deck and any wild cards, seven-
 * and five-card stud, and dealer's choice among those. Other games cannot be played here: Russian
 * poker has its own room (russian/).
 */
export function tablePlan(
  stake: StakeTerms,
  names: DealersChoiceNames,
  nextHandDelayMs = NEXT_HAND_DELAY_MS,
): TablePlan {
  let game: { hand?: HandConfig; games?: TableGame[] };
  if (stake.game === "dealers-choice") {
    const games = dealersChoiceGamesOf(stake, names);
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
