/**
 * Lookup tables for the fast evaluator, built once at module load from the
 * rules in ./hand-rules: deterministic, no I/O, no search, about 0.6 MB.
 *
 * Flushes: suit counters find the suit with five or more cards, and a table
 * indexed by that suit's 13-bit rank mask gives the value.
 *
 * Everything else depends only on the multiset of ranks. The ranks are split
 * into a low half (2–8) and a high half (9–A). In each half every rank has a
 * key such that every multiset of at most 7 cards (at most 4 of a rank) has
 * its own sum, so a hand's key is just the sum of its cards' keys, the high
 * half shifted 16 bits up, and it splits back into the two halves' sums. Each
 * half's sum maps to an offset, and the two offsets add up to the hand's row
 * in a dense value table:
 *
 *   value = VALUES[LOW_OFFSET[key & 0xffff] + HIGH_OFFSET[key >>> 16]]
 *
 * High-half multisets are numbered by size, smallest first, so those of at
 * most m cards are a prefix of length P(m). Each low-half multiset of j cards
 * gets its own block of P(7 - j) rows: every high half it can meet fits in it.
 */
import { valueOfFlushMask, valueOfRankMasks } from "./hand-rules";

/**
 * Greedy: each key is the smallest above the previous one that keeps the sums
 * of all multisets of up to 7 keys (up to 4 of each) distinct, whatever their
 * sizes. Uniqueness is checked again
 * while the tables are built, so a wrong edit cannot go unnoticed.
 */
const HALF_KEYS: readonly number[] = [1, 5, 24, 112, 521, 2247, 9244];
const LOW_RANKS = 7; // 2 … 8
const HIGH_RANKS = 6; // 9 … A
const HIGH_SHIFT = 16; // low-half sums stay below 4·9244 + 3·2247 < 2^16

/**
 * Suit counters, one nibble per suit, each starting at 3: a nibble reaches 8
 * (its top bit) exactly when its suit has 5 cards; 3 + 7 still fits.
 */
export const SUIT_COUNTERS_START = 0x3333;
export const FLUSH_BITS = 0x8888;

/** Per card (0–51): rank key, suit counter increment. */
export const CARD_KEY = new Int32Array(52);
export const CARD_SUIT = new Int32Array(52);
for (let card = 0; card < 52; card++) {
  const rank = card >> 2;
  CARD_KEY[card] =
    rank < LOW_RANKS
      ? (HALF_KEYS[rank] as number)
      : (HALF_KEYS[rank - LOW_RANKS] as number) << HIGH_SHIFT;
  CARD_SUIT[card] = 1 << (4 * (card & 3));
}

/** Value of the best five cards of a suit, by that suit's rank mask (≥ 5 bits set; else 0). */
export const FLUSH_VALUE = new Int32Array(1 << 13);
for (let mask = 0; mask < 1 << 13; mask++) {
  let bits = 0;
  for (let m = mask; m !== 0; m &= m - 1) bits++;
  if (bits >= 5) FLUSH_VALUE[mask] = valueOfFlushMask(mask);
}

/** Every multiset of at most 7 cards over `rankCount` ranks, ordered by size. */
interface HalfMultisets {
  count: number;
  key: Int32Array;
  size: Int32Array;
  /** Masks of the ranks held at least once, twice, three and four times. */
  atLeast1: Int32Array;
  atLeast2: Int32Array;
  atLeast3: Int32Array;
  atLeast4: Int32Array;
  /** prefix[m]: how many have at most m cards. */
  prefix: Int32Array;
}

function halfMultisets(rankCount: number): HalfMultisets {
  const found: number[][] = [[], [], [], [], [], [], [], []]; // by size: key, m1, m2, m3, m4 in a row
  const visit = (
    rank: number,
    cards: number,
    key: number,
    m1: number,
    m2: number,
    m3: number,
    m4: number,
  ): void => {
    if (rank === rankCount) {
      found[cards]?.push(key, m1, m2, m3, m4);
      return;
    }
    const rankKey = HALF_KEYS[rank] as number;
    const bit = 1 << rank;
    visit(rank + 1, cards, key, m1, m2, m3, m4);
    if (cards < 7) visit(rank + 1, cards + 1, key + rankKey, m1 | bit, m2, m3, m4);
    if (cards < 6) visit(rank + 1, cards + 2, key + 2 * rankKey, m1 | bit, m2 | bit, m3, m4);
    if (cards < 5) visit(rank + 1, cards + 3, key + 3 * rankKey, m1 | bit, m2 | bit, m3 | bit, m4);
    if (cards < 4)
      visit(rank + 1, cards + 4, key + 4 * rankKey, m1 | bit, m2 | bit, m3 | bit, m4 | bit);
  };
  visit(0, 0, 0, 0, 0, 0, 0);
  const count = found.reduce((n, list) => n + list.length / 5, 0);
  const half: HalfMultisets = {
    count,
    key: new Int32Array(count),
    size: new Int32Array(count),
    atLeast1: new Int32Array(count),
    atLeast2: new Int32Array(count),
    atLeast3: new Int32Array(count),
    atLeast4: new Int32Array(count),
    prefix: new Int32Array(8),
  };
  let i = 0;
  for (let cards = 0; cards <= 7; cards++) {
    const list = found[cards] ?? [];
    for (let f = 0; f < list.length; f += 5, i++) {
      half.key[i] = list[f] as number;
      half.size[i] = cards;
      half.atLeast1[i] = list[f + 1] as number;
      half.atLeast2[i] = list[f + 2] as number;
      half.atLeast3[i] = list[f + 3] as number;
      half.atLeast4[i] = list[f + 4] as number;
    }
    half.prefix[cards] = i;
  }
  return half;
}

function buildRankTables(): { lowOffset: Int32Array; highOffset: Int32Array; values: Int32Array } {
  const low = halfMultisets(LOW_RANKS);
  const high = halfMultisets(HIGH_RANKS);
  const maxKey = (half: HalfMultisets): number => half.key.reduce((a, b) => Math.max(a, b), 0);
  const lowOffset = new Int32Array(maxKey(low) + 1).fill(-1);
  const highOffset = new Int32Array(maxKey(high) + 1).fill(-1);
  // A second multiset on a key already taken means the keys are not unique.
  const claim = (table: Int32Array, key: number, offset: number): void => {
    if (table[key] !== -1) throw new Error("broken invariant: two rank multisets share a key");
    table[key] = offset;
  };
  for (let h = 0; h < high.count; h++) claim(highOffset, high.key[h] as number, h);
  let rows = 0;
  for (let l = 0; l < low.count; l++) {
    claim(lowOffset, low.key[l] as number, rows);
    rows += high.prefix[7 - (low.size[l] as number)] as number;
  }

  const values = new Int32Array(rows);
  for (let l = 0; l < low.count; l++) {
    const lowCards = low.size[l] as number;
    const base = lowOffset[low.key[l] as number] as number;
    const l1 = low.atLeast1[l] as number;
    const l2 = low.atLeast2[l] as number;
    const l3 = low.atLeast3[l] as number;
    const l4 = low.atLeast4[l] as number;
    // Only hands of 5 to 7 cards are ever looked up; the other rows stay 0.
    const from = lowCards >= 5 ? 0 : (high.prefix[4 - lowCards] as number);
    const to = high.prefix[7 - lowCards] as number;
    for (let h = from; h < to; h++) {
      values[base + h] = valueOfRankMasks(
        l1 | ((high.atLeast1[h] as number) << LOW_RANKS),
        l2 | ((high.atLeast2[h] as number) << LOW_RANKS),
        l3 | ((high.atLeast3[h] as number) << LOW_RANKS),
        l4 | ((high.atLeast4[h] as number) << LOW_RANKS),
      );
    }
  }
  // Slots no valid key reaches stay -1 in the offset tables; 0 keeps any stray lookup in bounds.
  for (const table of [lowOffset, highOffset]) {
    for (let key = 0; key < table.length; key++) if (table[key] === -1) table[key] = 0;
  }
  return { lowOffset, highOffset, values };
}

const rankTables = buildRankTables();
/** Row offset of each low-half key sum (key & 0xffff). */
export const LOW_OFFSET = rankTables.lowOffset;
/** Row offset of each high-half key sum (key >>> 16). */
export const HIGH_OFFSET = rankTables.highOffset;
/** Value of every non-flush rank multiset of 5–7 cards, by row. */
export const RANK_VALUES = rankTables.values;
