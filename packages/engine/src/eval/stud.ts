/**
 * Stud hands (ST-1, ST-5, ST-7): the best five of a player's own cards, and
 * with the wild option the cards of one rank wild for him alone: seven-card
 * stud's lowest face-down card (`low-hole-card`), five-card stud's lowest
 * card in the hand (`lowest-card`). The wild cards play as in W-6 (five of a
 * kind above the straight flush), valued five cards at a time by ./five-card.
 */
import type { Card } from "../cards";
import { bestHand, type HandResult } from "./best-hand";
import { emptySplit, groupNaturals, valueOfSplit } from "./five-card";
import { categoryOf } from "./value";

/** The lowest rank among `cards` (0 = deuce). */
export function lowestRank(cards: readonly Card[]): number {
  let lowest = 12;
  for (const card of cards) if (card >> 2 < lowest) lowest = card >> 2;
  return lowest;
}

const SPLIT = emptySplit();
const NATURALS = new Int32Array(5);

/** Five cards with every card of `wildRank` wild (W-6). */
export function valueWithWildRank(five: readonly Card[], wildRank: number): number {
  let n = 0;
  let wilds = 0;
  for (const card of five) {
    if (card >> 2 === wildRank) wilds++;
    else NATURALS[n++] = card;
  }
  groupNaturals(NATURALS, n, SPLIT);
  SPLIT.wilds = wilds;
  SPLIT.bugs = 0;
  return valueOfSplit(SPLIT, "52", false);
}

/**
 * The best five of 5–7 cards; with `wildRank` (a rank, 0 = deuce) every card
 * of that rank is wild. Values are those of ./value (five of a kind highest).
 */
export function bestStudHand(cards: readonly Card[], wildRank: number | null): HandResult {
  if (wildRank === null) return bestHand(cards);
  if (cards.length < 5 || cards.length > 7)
    throw new RangeError(`a stud hand has 5 to 7 cards, got ${cards.length}`);
  let best = -1;
  let bestFive: Card[] = [];
  const five: Card[] = [0, 0, 0, 0, 0];
  const n = cards.length;
  // Every five of the n cards, as a bit mask of those kept.
  for (let kept = 0; kept < 1 << n; kept++) {
    if (popcount(kept) !== 5) continue;
    let k = 0;
    for (let i = 0; i < n; i++) if ((kept >> i) & 1) five[k++] = cards[i] as Card;
    const value = valueWithWildRank(five, wildRank);
    if (value > best) {
      best = value;
      bestFive = five.slice();
    }
  }
  return { value: best, category: categoryOf(best), cards: bestFive };
}

function popcount(bits: number): number {
  let count = 0;
  for (let b = bits; b !== 0; b &= b - 1) count++;
  return count;
}
