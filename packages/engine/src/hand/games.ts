/**
 * Variants are data (docs/architecture.md#conventions, after PokerKit): a game
 * is its hole-card count, how a hand is valued, and a list of street records
 * saying what each betting round begins with (board cards, or the draw), its
 * fixed-limit unit and who opens it. The one state machine (flow.ts) walks these records.
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
  /** T-3: its betting opens left of the big blind (the first round, blinds in) or left of the button. */
  readonly opener: "left-of-big-blind" | "left-of-button";
}

export interface GameSpec {
  readonly holeCards: number;
  readonly streets: readonly StreetSpec[];
  /** S-1: best five of hole and board cards, Omaha's two plus three, or the five cards held (draw). */
  readonly valuation: "hole-and-board" | "omaha" | "five-cards";
  /** C-1, W-1 … W-6: the 7–A deck and wild cards are options of this game (home games). */
  readonly homeOptions: boolean;
}

const FIRST_ROUND = {
  boardCards: 0,
  draw: false,
  unit: "small",
  opener: "left-of-big-blind",
} as const;
const later = (name: Street, boardCards: number, unit: "small" | "big"): StreetSpec => ({
  name,
  boardCards,
  draw: false,
  unit,
  opener: "left-of-button",
});

/** Hold'em and Omaha: blinds, then flop, turn and river; small bet twice, big bet twice (B-6). */
const BOARD_STREETS: readonly StreetSpec[] = Object.freeze([
  { name: "preflop", ...FIRST_ROUND },
  later("flop", 3, "small"),
  later("turn", 1, "big"),
  later("river", 1, "big"),
]);

export const GAMES: Readonly<Record<GameKind, GameSpec>> = Object.freeze({
  holdem: { holeCards: 2, streets: BOARD_STREETS, valuation: "hole-and-board", homeOptions: false },
  omaha: { holeCards: 4, streets: BOARD_STREETS, valuation: "omaha", homeOptions: false },
  // Text 004: a round from the left of the big blind, the draw, a round from the left of the button.
  "five-card-draw": {
    holeCards: 5,
    streets: [
      { name: "predraw", ...FIRST_ROUND },
      { name: "postdraw", boardCards: 0, draw: true, unit: "big", opener: "left-of-button" },
    ],
    valuation: "five-cards",
    homeOptions: true,
  },
});

/**
 * What the state machine asks of the records between decisions, worked out
 * once: street names are unique across games, so a street's place, unit and
 * what follows it are lookups on the hot path (every hand passes here a few
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

const STREET_FACTS: Readonly<Record<Street, StreetFacts>> = (() => {
  const facts = {} as Record<Street, StreetFacts>;
  for (const game of Object.values(GAMES)) {
    game.streets.forEach((street, index) => {
      facts[street.name] = {
        index,
        small: street.unit === "small",
        next: game.streets[index + 1] ?? null,
        drawAhead: game.streets.slice(index + 1).some((later) => later.draw),
      };
    });
  }
  return Object.freeze(facts);
})();

export const streetFacts = (street: Street): StreetFacts => STREET_FACTS[street];

const HAS_DRAW: Readonly<Record<GameKind, boolean>> = Object.freeze({
  holdem: false,
  omaha: false,
  "five-card-draw": true,
});

/** The game has a draw (players exchange cards; folded hands and discards are kept for a reshuffle). */
export const hasDraw = (game: GameKind): boolean => HAS_DRAW[game];

/** Where `street` is in its game's list (−1 if the game has no such street). */
export const streetIndexOf = (game: GameKind, street: Street): number =>
  GAMES[game].streets.findIndex((s) => s.name === street);

export const firstStreetOf = (game: GameKind): StreetSpec => GAMES[game].streets[0] as StreetSpec;

export function streetSpecOf(game: GameKind, street: Street): StreetSpec {
  const spec = GAMES[game].streets[streetIndexOf(game, street)];
  if (spec === undefined) throw new Error(`broken invariant: ${game} has no street ${street}`);
  return spec;
}

/** Cards a hand of `players` uses from the deck before any draw: hole cards, burns and board cards. */
export function cardsDealt(game: GameKind, players: number): number {
  let cards = GAMES[game].holeCards * players;
  for (const street of GAMES[game].streets)
    if (street.boardCards > 0) cards += 1 + street.boardCards;
  return cards;
}
