import type { Card } from "../cards";
import {
  CARD_KEY,
  CARD_SUIT,
  FLUSH_BITS,
  FLUSH_VALUE,
  HIGH_OFFSET,
  LOW_OFFSET,
  RANK_VALUES,
  SUIT_COUNTERS_START,
} from "./tables";

/** The value of a non-flush hand of 5–7 cards from the sum of its cards' keys (see ./tables). */
export const valueOfRankKey = (key: number): number =>
  RANK_VALUES[(LOW_OFFSET[key & 0xffff] as number) + (HIGH_OFFSET[key >>> 16] as number)] as number;

/** The suit (0–3) whose counter reached 5; only one can with at most 7 cards. */
export const flushSuitOf = (suitCounters: number): number =>
  (31 - Math.clz32(suitCounters & FLUSH_BITS)) >> 2;

function checkCards(cards: readonly Card[]): void {
  if (cards.length < 5 || cards.length > 7)
    throw new RangeError(`evaluate needs 5 to 7 cards, got ${cards.length}`);
  let seenLow = 0;
  let seenHigh = 0;
  for (const card of cards) {
    if (!Number.isInteger(card) || card < 0 || card > 51)
      throw new RangeError(`not a standard card: ${card}`);
    const bit = 1 << (card & 31);
    const seen = card < 32 ? seenLow : seenHigh;
    if (seen & bit) throw new RangeError(`card ${card} appears twice`);
    if (card < 32) seenLow |= bit;
    else seenHigh |= bit;
  }
}

/**
 * Value of the best five of 5, 6 or 7 cards (C-5): higher is better, equal
 * splits (C-4). Throws RangeError on malformed input (a programming error).
 */
export function evaluate(cards: readonly Card[]): number {
  checkCards(cards);
  let suits = SUIT_COUNTERS_START;
  let key = 0;
  for (const card of cards) {
    suits += CARD_SUIT[card] as number;
    key += CARD_KEY[card] as number;
  }
  // With at most 7 cards a flush rules out quads and full houses (they need
  // 3+ other suits), so the flush suit alone decides the hand.
  return (suits & FLUSH_BITS) === 0 ? valueOfRankKey(key) : flushValueOfCards(suits, cards);
}

/** The flush (or straight flush) in `cards`, whose suit counters have reached 5 in one suit. */
export function flushValueOfCards(suits: number, cards: ArrayLike<Card>): number {
  const suit = flushSuitOf(suits);
  let mask = 0;
  for (let i = 0; i < cards.length; i++) {
    const card = cards[i] as Card;
    if ((card & 3) === suit) mask |= 1 << (card >> 2);
  }
  return FLUSH_VALUE[mask] as number;
}

function flushValue7(
  suits: number,
  a: Card,
  b: Card,
  c: Card,
  d: Card,
  e: Card,
  f: Card,
  g: Card,
): number {
  const suit = flushSuitOf(suits);
  let mask = 0;
  if ((a & 3) === suit) mask |= 1 << (a >> 2);
  if ((b & 3) === suit) mask |= 1 << (b >> 2);
  if ((c & 3) === suit) mask |= 1 << (c >> 2);
  if ((d & 3) === suit) mask |= 1 << (d >> 2);
  if ((e & 3) === suit) mask |= 1 << (e >> 2);
  if ((f & 3) === suit) mask |= 1 << (f >> 2);
  if ((g & 3) === suit) mask |= 1 << (g >> 2);
  return FLUSH_VALUE[mask] as number;
}

/**
 * Seven distinct standard cards, unchecked: the showdown and simulation hot
 * path. No allocation: two additions per card, then three table loads.
 */
export function evaluate7(a: Card, b: Card, c: Card, d: Card, e: Card, f: Card, g: Card): number {
  const suits =
    SUIT_COUNTERS_START +
    (CARD_SUIT[a] as number) +
    (CARD_SUIT[b] as number) +
    (CARD_SUIT[c] as number) +
    (CARD_SUIT[d] as number) +
    (CARD_SUIT[e] as number) +
    (CARD_SUIT[f] as number) +
    (CARD_SUIT[g] as number);
  if ((suits & FLUSH_BITS) !== 0) return flushValue7(suits, a, b, c, d, e, f, g);
  const key =
    (CARD_KEY[a] as number) +
    (CARD_KEY[b] as number) +
    (CARD_KEY[c] as number) +
    (CARD_KEY[d] as number) +
    (CARD_KEY[e] as number) +
    (CARD_KEY[f] as number) +
    (CARD_KEY[g] as number);
  return RANK_VALUES[
    (LOW_OFFSET[key & 0xffff] as number) + (HIGH_OFFSET[key >>> 16] as number)
  ] as number;
}
