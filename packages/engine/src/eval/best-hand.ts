import type { Card } from "../cards";
import { evaluate } from "./evaluate";
import {
  type Category,
  categoryNumberOf,
  categoryOf,
  FLUSH,
  ranksOfValue,
  STRAIGHT_FLUSH,
} from "./value";

export interface HandResult {
  value: number;
  category: Category;
  /** The five cards that play, most significant first (trips then kickers; wheel 5-4-3-2-A). */
  cards: Card[];
}

/**
 * Picks the five cards that make `value` out of `cards`. The value lists the
 * five ranks in order, so we only need a card of each rank (of the flush suit
 * for flushes). Without a flush no five of the cards share a suit, so any
 * choice has the same value.
 */
function cardsForValue(cards: readonly Card[], value: number): Card[] {
  const category = categoryNumberOf(value);
  let suit = -1;
  if (category === FLUSH || category === STRAIGHT_FLUSH) {
    const counts = [0, 0, 0, 0];
    for (const card of cards) counts[card & 3] = (counts[card & 3] ?? 0) + 1;
    suit = counts.findIndex((n) => n >= 5);
  }
  const used = new Set<Card>();
  const chosen: Card[] = [];
  for (const rank of ranksOfValue(value)) {
    // Highest suit first so the choice is deterministic whatever the input order.
    let pick = -1;
    for (const card of cards) {
      if (card >> 2 !== rank || used.has(card) || (suit >= 0 && (card & 3) !== suit)) continue;
      if (card > pick) pick = card;
    }
    if (pick < 0) throw new Error(`broken invariant: no card of rank ${rank} for value ${value}`);
    used.add(pick);
    chosen.push(pick);
  }
  return chosen;
}

/** The best five of 5–7 cards (C-5), with the cards that play. */
export function bestHand(cards: readonly Card[]): HandResult {
  const value = evaluate(cards);
  return { value, category: categoryOf(value), cards: cardsForValue(cards, value) };
}

/**
 * Omaha: exactly two hole cards and exactly three board cards. Accepts 4–6
 * hole cards (Omaha, 5- and 6-card Omaha) and 3–5 board cards.
 */
export function bestOmahaHand(hole: readonly Card[], board: readonly Card[]): HandResult {
  if (hole.length < 4 || hole.length > 6)
    throw new RangeError(`Omaha needs 4 to 6 hole cards, got ${hole.length}`);
  if (board.length < 3 || board.length > 5)
    throw new RangeError(`Omaha needs 3 to 5 board cards, got ${board.length}`);
  let best = -1;
  let bestCards: Card[] = [];
  const five: Card[] = [0, 0, 0, 0, 0];
  for (let i = 0; i < hole.length; i++) {
    for (let j = i + 1; j < hole.length; j++) {
      five[0] = hole[i] as Card;
      five[1] = hole[j] as Card;
      for (let k = 0; k < board.length; k++) {
        for (let l = k + 1; l < board.length; l++) {
          for (let m = l + 1; m < board.length; m++) {
            five[2] = board[k] as Card;
            five[3] = board[l] as Card;
            five[4] = board[m] as Card;
            const value = evaluate(five);
            if (value > best) {
              best = value;
              bestCards = five.slice();
            }
          }
        }
      }
    }
  }
  return { value: best, category: categoryOf(best), cards: cardsForValue(bestCards, best) };
}
