/**
 * A hand value is one integer: higher beats lower, equal splits (C-4).
 *
 *   bits 20..23  category, 0 = high card … 8 = straight flush (C-2), 9 = five of a kind (W-6)
 *   bits 0..19   the five ranks that play, most significant first, one nibble each
 *
 * Listing all five ranks (pairs repeated, kickers high to low, the wheel as
 * 5-4-3-2-A) makes plain integer comparison implement C-4, and lets the UI and
 * `bestHand` read the hand back from the value alone. Five of a kind takes the
 * first spare category number: it exists only with wild cards (W-6).
 */
export type Category = "five-of-a-kind" | StandardCategory;

/** The categories of a deck without wild cards (C-2). */
export type StandardCategory =
  | "straight-flush"
  | "four-of-a-kind"
  | "full-house"
  | "flush"
  | "straight"
  | "three-of-a-kind"
  | "two-pair"
  | "one-pair"
  | "high-card";

/** High to low (C-2; the royal flush is the ace-high straight flush); no five of a kind. */
export const CATEGORIES: readonly StandardCategory[] = Object.freeze([
  "straight-flush",
  "four-of-a-kind",
  "full-house",
  "flush",
  "straight",
  "three-of-a-kind",
  "two-pair",
  "one-pair",
  "high-card",
] as const);

/** Every category high to low, five of a kind above the royal flush (W-6). */
export const ALL_CATEGORIES: readonly Category[] = Object.freeze([
  "five-of-a-kind",
  ...CATEGORIES,
] as const);

/** Category numbers as stored in a value (bits 20..23). */
export const HIGH_CARD = 0;
export const ONE_PAIR = 1;
export const TWO_PAIR = 2;
export const THREE_OF_A_KIND = 3;
export const STRAIGHT = 4;
export const FLUSH = 5;
export const FULL_HOUSE = 6;
export const FOUR_OF_A_KIND = 7;
export const STRAIGHT_FLUSH = 8;
export const FIVE_OF_A_KIND = 9;

const CATEGORY_SHIFT = 20;
const ACE = 12;

export const categoryNumberOf = (value: number): number => value >>> CATEGORY_SHIFT;

export function categoryOf(value: number): Category {
  const category = ALL_CATEGORIES[FIVE_OF_A_KIND - categoryNumberOf(value)];
  if (category === undefined) throw new RangeError(`not a hand value: ${value}`);
  return category;
}

/** The five ranks that play, most significant first (wheel: 5, 4, 3, 2, A). */
export function ranksOfValue(value: number): number[] {
  return [(value >> 16) & 15, (value >> 12) & 15, (value >> 8) & 15, (value >> 4) & 15, value & 15];
}

/** C-2: the royal flush is only the name of the ace-high straight flush. */
export const isRoyal = (value: number): boolean =>
  categoryNumberOf(value) === STRAIGHT_FLUSH && ((value >> 16) & 15) === ACE;
