/**
 * Variants are data (docs/architecture.md#conventions, after PokerKit): a game
 * is its hole-card count, how a hand is valued, and a list of street records
 * saying what each betting round begins with (board cards, the draw, or stud's
 * cards dealt down and up to each player), its fixed-limit unit and who opens
 * it. The one state machine (flow.ts) walks these records.
 */
import type { GameKind, Street } from "./types";

export interface StreetSpec {
  readonly name: Street;
  /** Board cards dealt face up as the street begins, after a burn (0: none). */
  readonly boardCards: number;
  /** The street begins with the draw: each active player in turn discards 0–5 and is dealt as many. */
  readonly draw: boolean;
  /** B-6: the fixed-limit unit of its betting round. */
  readonly unit: "small" | "big";
  /**
   * Cards dealt to each player still in as the street begins, in order, down
   * (seen by their owner) or up (seen by everyone): stud (ST-1, ST-5). Empty
   * in the other games, whose hole cards are all dealt at the start.
   */
  readonly dealt: readonly ("down" | "up")[];
  /**
   * Who opens its betting: T-3 left of the big blind (the first round, blinds
   * in) or left of the button; stud's lowest up card, who posts the bring-in
   * (ST-2), or the best hand showing (ST-3).
   */
  readonly opener: "left-of-big-blind" | "left-of-button" | "bring-in" | "best-showing";
  /**
   * ST-4, ST-5 open pair: when a pair shows, either unit may be bet or raised
   * on this (small-bet) street, with the table's option on.
   */
  readonly openPair: boolean;
}

export interface GameSpec {
  readonly holeCards: number;
  readonly streets: readonly StreetSpec[];
  /**
   * S-1: best five of hole and board cards, Omaha's two plus three, the five
   * cards held (draw), or the best five of a stud player's own cards (and a
   * common card, ST-6).
   */
  readonly valuation: "hole-and-board" | "omaha" | "five-cards" | "stud";
  /** C-1, W-1 … W-6: the 7–A deck and wild cards are options of this game (home games). */
  readonly homeOptions: boolean;
  /** Most players the deck serves (ST-1: 8 in seven-card stud, ST-5: 10 in five-card stud); null: the deck decides. */
  readonly maxPlayers: number | null;
}

const FIRST_ROUND = {
  boardCards: 0,
  draw: false,
  dealt: [],
  unit: "small",
  opener: "left-of-big-blind",
  openPair: false,
} as const;
const later = (name: Street, boardCards: number, unit: "small" | "big"): StreetSpec => ({
  name,
  boardCards,
  draw: false,
  dealt: [],
  unit,
  opener: "left-of-button",
  openPair: false,
});
/** A stud street: its cards, its unit, and whether the open-pair option may apply (ST-4, ST-5). */
const stud = (
  name: Street,
  dealt: readonly ("down" | "up")[],
  unit: "small" | "big",
  openPair = false,
): StreetSpec => ({
  name,
  boardCards: 0,
  draw: false,
  dealt,
  unit,
  // The first street deals several cards and is opened by the bring-in (ST-2); the later ones deal one.
  opener: dealt.length > 1 ? "bring-in" : "best-showing",
  openPair,
});

/** Hold'em and Omaha: blinds, then flop, turn and river; small bet twice, big bet twice (B-6). */
const BOARD_STREETS: readonly StreetSpec[] = Object.freeze([
  { name: "preflop", ...FIRST_ROUND },
  later("flop", 3, "small"),
  later("turn", 1, "big"),
  later("river", 1, "big"),
]);

export const GAMES: Readonly<Record<GameKind, GameSpec>> = Object.freeze({
  holdem: {
    holeCards: 2,
    streets: BOARD_STREETS,
    valuation: "hole-and-board",
    homeOptions: false,
    maxPlayers: null,
  },
  omaha: {
    holeCards: 4,
    streets: BOARD_STREETS,
    valuation: "omaha",
    homeOptions: false,
    maxPlayers: null,
  },
  // Text 004: a round from the left of the big blind, the draw, a round from the left of the button.
  "five-card-draw": {
    holeCards: 5,
    streets: [
      { name: "predraw", ...FIRST_ROUND },
      {
        name: "postdraw",
        boardCards: 0,
        draw: true,
        dealt: [],
        unit: "big",
        opener: "left-of-button",
        openPair: false,
      },
    ],
    valuation: "five-cards",
    homeOptions: true,
    maxPlayers: null,
  },
  // ST-1, ST-4: two down and one up, three streets up, one down; small bet twice, big bet three times.
  // `holeCards` counts the down cards (what is private).
  stud7: {
    holeCards: 3,
    streets: [
      stud("third", ["down", "down", "up"], "small"),
      stud("fourth", ["up"], "small", true),
      stud("fifth", ["up"], "big"),
      stud("sixth", ["up"], "big"),
      stud("seventh", ["down"], "big"),
    ],
    valuation: "stud",
    homeOptions: true,
    maxPlayers: 8,
  },
  // ST-5: one down and one up, then three streets up; one unit three times, two units last.
  stud5: {
    holeCards: 1,
    streets: [
      stud("second", ["down", "up"], "small"),
      stud("third", ["up"], "small", true),
      stud("fourth", ["up"], "small", true),
      stud("fifth", ["up"], "big"),
    ],
    valuation: "stud",
    homeOptions: true,
    maxPlayers: 10,
  },
});

/**
 * What the state machine asks of the records between decisions, worked out
 * once per game (the stud games share street names: five-card stud ends on
 * fifth street, seven-card stud goes on), so a street's place, unit and what
 * follows it are lookups on the hot path (every hand passes here a few
 * times), not searches.
 */
interface StreetFacts {
  readonly index: number;
  readonly small: boolean;
  /** The next street, or null after the last one (then the showdown). */
  readonly next: StreetSpec | null;
  /** Some later street begins with a draw (so the hand is not simply run out when betting stops). */
  readonly drawAhead: boolean;
}

const STREET_FACTS: Readonly<Record<GameKind, Partial<Record<Street, StreetFacts>>>> = (() => {
  const all = {} as Record<GameKind, Partial<Record<Street, StreetFacts>>>;
  for (const [kind, game] of Object.entries(GAMES) as [GameKind, GameSpec][]) {
    const facts: Partial<Record<Street, StreetFacts>> = {};
    game.streets.forEach((street, index) => {
      facts[street.name] = {
        index,
        small: street.unit === "small",
        next: game.streets[index + 1] ?? null,
        drawAhead: game.streets.slice(index + 1).some((later) => later.draw),
      };
    });
    all[kind] = Object.freeze(facts);
  }
  return Object.freeze(all);
})();

export function streetFacts(game: GameKind, street: Street): StreetFacts {
  const facts = STREET_FACTS[game][street];
  if (facts === undefined) throw new Error(`broken invariant: ${game} has no street ${street}`);
  return facts;
}

const HAS_DRAW: Readonly<Record<GameKind, boolean>> = Object.freeze({
  holdem: false,
  omaha: false,
  "five-card-draw": true,
  stud7: false,
  stud5: false,
});

/** The game has a draw (players exchange cards; folded hands and discards are kept for a reshuffle). */
export const hasDraw = (game: GameKind): boolean => HAS_DRAW[game];

/** Stud: each player's own cards, down and up, dealt street by street (ST-1, ST-5). */
export const isStud = (game: GameKind): boolean => GAMES[game].valuation === "stud";

/**
 * The start command's deck is the whole game deck, dealt in order as the hand
 * goes (draw: the stub; stud: one card per player still in on each street),
 * rather than a fixed layout of hole and board cards.
 */
export const dealsWholeDeck = (game: GameKind): boolean => hasDraw(game) || isStud(game);

/** Where `street` is in its game's list (−1 if the game has no such street). */
export const streetIndexOf = (game: GameKind, street: Street): number =>
  GAMES[game].streets.findIndex((s) => s.name === street);

export const firstStreetOf = (game: GameKind): StreetSpec => GAMES[game].streets[0] as StreetSpec;

export function streetSpecOf(game: GameKind, street: Street): StreetSpec {
  const spec = GAMES[game].streets[streetIndexOf(game, street)];
  if (spec === undefined) throw new Error(`broken invariant: ${game} has no street ${street}`);
  return spec;
}

/** Cards a hand of `players` uses from the deck before any draw: hole cards, burns and board cards (not stud). */
export function cardsDealt(game: GameKind, players: number): number {
  let cards = GAMES[game].holeCards * players;
  for (const street of GAMES[game].streets)
    if (street.boardCards > 0) cards += 1 + street.boardCards;
  return cards;
}
