/**
 * Where every card of a hand comes from in the deck. The deck is dealt from
 * index 0 (T-1): hole cards one at a time round the table, starting with the
 * first player left of the button (heads-up: the big blind) and ending with
 * the button; then burn + flop, burn + turn, burn + river.
 *
 * With n players in that dealing order (PHH p1 … pN) and h hole cards each
 * (2 hold'em, 4 Omaha):
 *
 *   deck[r·n + k]           hole card r (0-based) of dealing position k
 *   deck[h·n]               burn
 *   deck[h·n + 1 … h·n + 3] flop
 *   deck[h·n + 4]           burn
 *   deck[h·n + 5]           turn
 *   deck[h·n + 6]           burn
 *   deck[h·n + 7]           river
 *
 * so a deck needs at least h·n + 8 distinct cards. `stackDeck` builds one
 * that reproduces given hole and board cards (e.g. from a hand history).
 */
import { type Card, STANDARD_DECK } from "../cards";
import { failure } from "./errors";
import { cardsDealt, GAMES } from "./games";
import type { GameKind, HandError } from "./types";

export const HOLE_CARD_COUNT: Readonly<Record<GameKind, number>> = Object.freeze({
  holdem: GAMES.holdem.holeCards,
  omaha: GAMES.omaha.holeCards,
  "five-card-draw": GAMES["five-card-draw"].holeCards,
  stud7: GAMES.stud7.holeCards,
  stud5: GAMES.stud5.holeCards,
});

export interface DeckLayout {
  /** `hole[k][r]` = deck index of hole card r of dealing position k (0 = first left of the button). */
  hole: number[][];
  burns: [number, number, number];
  flop: [number, number, number];
  turn: number;
  river: number;
  /** Cards the hand can use: the deck must be at least this long. */
  size: number;
}

/**
 * Cards a hand of `playerCount` players uses before any draw: hole cards,
 * three burns, five board cards (draw: the hole cards; see draw-deck.ts).
 */
export const deckSize = (game: GameKind, playerCount: number): number =>
  cardsDealt(game, playerCount);

export function deckLayout(game: GameKind, playerCount: number): DeckLayout {
  const h = HOLE_CARD_COUNT[game];
  const n = playerCount;
  const hole = Array.from({ length: n }, (_, k) => Array.from({ length: h }, (_, r) => r * n + k));
  const b = h * n;
  return {
    hole,
    burns: [b, b + 4, b + 6],
    flop: [b + 1, b + 2, b + 3],
    turn: b + 5,
    river: b + 7,
    size: b + 8,
  };
}

/** The deck must be long enough and hold distinct standard cards. */
export function checkDeck(deck: unknown, size: number): HandError | null {
  if (!Array.isArray(deck)) return { code: "bad_deck", message: "deck must be an array of cards" };
  if (deck.length < size)
    return { code: "bad_deck", message: `deck has ${deck.length} cards, the hand needs ${size}` };
  const seen = new Uint8Array(52);
  for (const card of deck) {
    if (typeof card !== "number" || !Number.isInteger(card) || card < 0 || card > 51) {
      return { code: "bad_deck", message: `not a card: ${String(card)}` };
    }
    if (seen[card]) return { code: "bad_deck", message: `card ${card} appears twice` };
    seen[card] = 1;
  }
  return null;
}

/**
 * A full 52-card deck that deals `holeCards` (by dealing position, see the
 * layout above) and `board` (up to 5 cards). `null` stands for an unknown
 * card; unknown cards and burns are filled with the unused cards in deck
 * order, so the result is deterministic.
 */
export function stackDeck(
  game: GameKind,
  holeCards: readonly (readonly (Card | null)[])[],
  board: readonly (Card | null)[] = [],
): { ok: true; deck: Card[] } | { ok: false; error: HandError } {
  const layout = deckLayout(game, holeCards.length);
  const h = HOLE_CARD_COUNT[game];
  const placed: (Card | null)[] = new Array(layout.size).fill(null);
  for (const [k, cards] of holeCards.entries()) {
    if (cards.length > h)
      return failure("bad_deck", `dealing position ${k} has more than ${h} hole cards`);
    for (const [r, card] of cards.entries()) placed[r * holeCards.length + k] = card;
  }
  if (board.length > 5) return failure("bad_deck", "a board has at most 5 cards");
  const boardPositions = [...layout.flop, layout.turn, layout.river];
  for (const [i, card] of board.entries()) placed[boardPositions[i] as number] = card;

  const used = new Set<Card>();
  for (const card of placed) {
    if (card === null) continue;
    if (!Number.isInteger(card) || card < 0 || card > 51)
      return failure("bad_deck", `not a card: ${card}`);
    if (used.has(card)) return failure("bad_deck", `card ${card} appears twice`);
    used.add(card);
  }
  const spare = STANDARD_DECK.filter((card) => !used.has(card));
  let next = 0;
  const deck = placed.map((card) => card ?? (spare[next++] as Card));
  return { ok: true, deck: deck.concat(spare.slice(next)) };
}
