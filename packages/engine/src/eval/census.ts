import { flushValueOfCards } from "./evaluate";
import {
  CARD_KEY,
  CARD_SUIT,
  FLUSH_BITS,
  HIGH_OFFSET,
  LOW_OFFSET,
  RANK_VALUES,
  SUIT_COUNTERS_START,
} from "./tables";
import { CATEGORIES, STRAIGHT_FLUSH, type StandardCategory } from "./value";

export type CategoryCounts = Record<StandardCategory, number>;

/**
 * Counts every hand of `cardCount` (5–7) distinct cards of the standard deck
 * by category of its best five (C-5): the census behind `felt census`.
 * Nested loops carry the key and suit-counter sums of the cards dealt so
 * far, so the last card costs an addition and a lookup (see ./tables).
 */
export function countHandsByCategory(cardCount: number): CategoryCounts {
  if (!Number.isInteger(cardCount) || cardCount < 5 || cardCount > 7) {
    throw new RangeError(`a census needs 5 to 7 cards, got ${cardCount}`);
  }
  const byCategory = new Int32Array(STRAIGHT_FLUSH + 1); // at most C(52,7) < 2^31 each
  const cards = new Int32Array(cardCount);
  const last = cardCount - 1;

  /**
   * The last card, given the key and suit sums of all the others. The four
   * cards of a rank share one non-flush value, so it is looked up once per
   * rank; card by card only when the others hold four of a suit.
   */
  const dealLast = (from: number, key: number, suits: number): void => {
    const flushPossible = ((suits + 0x1111) & FLUSH_BITS) !== 0;
    for (let card = from; card < 52; ) {
      const end = (card | 3) + 1; // past the last card of this rank
      const k = key + (CARD_KEY[card] as number);
      const value = RANK_VALUES[
        (LOW_OFFSET[k & 0xffff] as number) + (HIGH_OFFSET[k >>> 16] as number)
      ] as number;
      if (!flushPossible) {
        byCategory[value >>> 20] = (byCategory[value >>> 20] as number) + end - card;
        card = end;
        continue;
      }
      for (; card < end; card++) {
        const s = suits + (CARD_SUIT[card] as number);
        if ((s & FLUSH_BITS) === 0) {
          byCategory[value >>> 20] = (byCategory[value >>> 20] as number) + 1;
        } else {
          cards[last] = card;
          const flush = flushValueOfCards(s, cards) >>> 20;
          byCategory[flush] = (byCategory[flush] as number) + 1;
        }
      }
    }
  };
  const deal = (depth: number, from: number, key: number, suits: number): void => {
    for (let card = from; card <= 52 - cardCount + depth; card++) {
      cards[depth] = card;
      const k = key + (CARD_KEY[card] as number);
      const s = suits + (CARD_SUIT[card] as number);
      if (depth + 1 < last) deal(depth + 1, card + 1, k, s);
      else dealLast(card + 1, k, s);
    }
  };
  deal(0, 0, 0, SUIT_COUNTERS_START);

  const counts = {} as CategoryCounts;
  CATEGORIES.forEach((category, i) => {
    counts[category] = byCategory[STRAIGHT_FLUSH - i] as number;
  });
  return counts;
}
