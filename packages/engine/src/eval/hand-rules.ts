/**
 * The ranking rules of section 1, written once over 13-bit rank masks. The
 * lookup tables are built from these functions at load (~80,000 calls), so
 * they lean on two small tables of their own instead of loops.
 */
import {
  FLUSH,
  FOUR_OF_A_KIND,
  FULL_HOUSE,
  HIGH_CARD,
  ONE_PAIR,
  STRAIGHT,
  STRAIGHT_FLUSH,
  THREE_OF_A_KIND,
  TWO_PAIR,
} from "./value";

const ACE = 12;
const WHEEL_MASK = 0b1_0000_0000_1111; // A, 5, 4, 3, 2
const MASKS = 1 << 13;

/**
 * STRAIGHT_HIGH[mask]: the top rank of the best straight in the mask, or -1.
 * The ace also plays low (C-3: A-2-3-4-5 is a 5-high straight); no wrap-around.
 */
const STRAIGHT_HIGH = new Int8Array(MASKS).fill(-1);
/** TOP_RANKS[mask]: its five highest ranks, one nibble each, highest first (fewer: zero-padded at the end). */
const TOP_RANKS = new Int32Array(MASKS);
for (let mask = 1; mask < MASKS; mask++) {
  const top = 31 - Math.clz32(mask);
  // The top rank leads, the rest of the mask follows one nibble lower.
  TOP_RANKS[mask] = (top << 16) | ((TOP_RANKS[mask & ~(1 << top)] as number) >>> 4);
  for (let high = top; high >= 4 && STRAIGHT_HIGH[mask] === -1; high--) {
    const run = 0b11111 << (high - 4);
    if ((mask & run) === run) STRAIGHT_HIGH[mask] = high;
  }
  if (STRAIGHT_HIGH[mask] === -1 && (mask & WHEEL_MASK) === WHEEL_MASK) STRAIGHT_HIGH[mask] = 3;
}

export const straightHigh = (rankMask: number): number => STRAIGHT_HIGH[rankMask] as number;

const topRank = (mask: number): number => 31 - Math.clz32(mask);

/** The `count` highest ranks of `mask` (kickers), packed high to low into the low nibbles. */
const kickers = (mask: number, count: number): number =>
  (TOP_RANKS[mask] as number) >>> (4 * (5 - count));

/** Appends `rank`, `times` over, to a partly packed value (see ./value). */
function lead(value: number, rank: number, times: number): number {
  let v = value;
  for (let i = 0; i < times; i++) v = (v << 4) | rank;
  return v;
}

/** A straight (flush) with the five ranks high to low, the wheel as 5-4-3-2-A. */
function straightValue(category: number, high: number): number {
  if (high === 3) return (category << 20) | 0x32100 | ACE;
  return (category << 20) | (TOP_RANKS[0b11111 << (high - 4)] as number);
}

/**
 * Value of the best five of 5–7 cards that hold no flush, from the masks of
 * ranks held at least once, twice, three and four times. Categories are tried
 * from the top down (C-2) and ranks listed in C-4 order.
 */
export function valueOfRankMasks(
  ranks: number,
  pairs: number,
  trips: number,
  quads: number,
): number {
  if (quads !== 0) {
    const q = topRank(quads);
    return (lead(FOUR_OF_A_KIND, q, 4) << 4) | kickers(ranks & ~(1 << q), 1);
  }
  if (trips !== 0) {
    const t = topRank(trips);
    const rest = pairs & ~(1 << t); // a second trips or a pair fills the house
    if (rest !== 0) return (lead(FULL_HOUSE, t, 3) << 8) | lead(0, topRank(rest), 2);
  }
  const high = straightHigh(ranks);
  if (high >= 0) return straightValue(STRAIGHT, high);
  if (trips !== 0) {
    const t = topRank(trips);
    return (lead(THREE_OF_A_KIND, t, 3) << 8) | kickers(ranks & ~(1 << t), 2);
  }
  if (pairs !== 0) {
    const p1 = topRank(pairs);
    const lower = pairs & ~(1 << p1);
    if (lower === 0) return (lead(ONE_PAIR, p1, 2) << 12) | kickers(ranks & ~(1 << p1), 3);
    const p2 = topRank(lower);
    // With three pairs the third one's rank can be the kicker.
    return (lead(lead(TWO_PAIR, p1, 2), p2, 2) << 4) | kickers(ranks & ~(1 << p1) & ~(1 << p2), 1);
  }
  return (HIGH_CARD << 20) | kickers(ranks, 5);
}

/** Value of the best five cards of one suit, from their 13-bit rank mask (≥ 5 bits). */
export function valueOfFlushMask(mask: number): number {
  const high = straightHigh(mask);
  return high >= 0 ? straightValue(STRAIGHT_FLUSH, high) : (FLUSH << 20) | kickers(mask, 5);
}
