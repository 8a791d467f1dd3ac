/**
 * The hand values and pay multipliers of combinations.ts, computed with rank bit masks
 * instead of sorted arrays and subsets: about fifty times faster, for the simulator's fast
 * path (10^7 rounds). combinations.ts stays the reference; fast-eval.test.ts checks that
 * both agree on every value and multiplier, and simulate.test.ts on whole rounds.
 */
import type { Card } from "../cards";
import { CATEGORIES, type Category, type PayTable } from "./combinations";

/** Category strengths, the index in CATEGORIES. */
export const HIGH_CARD = 0;
export const ACE_KING = 1;
export const ONE_PAIR = 2;
export const TWO_PAIR = 3;
export const THREE_OF_A_KIND = 4;
export const STRAIGHT = 5;
export const FLUSH = 6;
export const FULL_HOUSE = 7;
export const FOUR_OF_A_KIND = 8;
export const STRAIGHT_FLUSH = 9;
export const ROYAL_FLUSH = 10;

/** A value's category is value / CATEGORY_UNIT, as encodeValue in combinations.ts builds it. */
const CATEGORY_UNIT = 13 ** 5;
const ACE = 12;
const KING = 11;
const FIVE = 3;
const ACE_BIT = 1 << ACE;
const KING_BIT = 1 << KING;
const WHEEL = ACE_BIT | 0b1111;
/** Straight, flush, full house, straight flush, royal flush: they use all five cards. */
const FIVE_CARD_CATEGORIES =
  (1 << STRAIGHT) | (1 << FLUSH) | (1 << FULL_HOUSE) | (1 << STRAIGHT_FLUSH) | (1 << ROYAL_FLUSH);

export const categoryOfValue = (value: number): number => Math.floor(value / CATEGORY_UNIT);
export const categoryName = (strength: number): Category => CATEGORIES[strength] as Category;

const highBit = (mask: number): number => 31 - Math.clz32(mask);

/** Appends the ranks of `mask`, high to low, to a base-13 tiebreak (encodeValue's digits). */
function appendRanks(value: number, mask: number): number {
  let result = value;
  let rest = mask;
  while (rest !== 0) {
    const rank = highBit(rest);
    result = result * 13 + rank;
    rest ^= 1 << rank;
  }
  return result;
}

/** Scratch for the last evaluation: the ranks that form its combination (RP-6 Decision). */
let lastFormingRanks = 0;
/** Scratch rank counts: seenN holds the ranks met at least N times (bit = rank). */
let seen1 = 0;
let seen2 = 0;
let seen3 = 0;
let seen4 = 0;

function countRank(card: Card): void {
  const bit = 1 << (card >> 2);
  if ((seen3 & bit) !== 0) seen4 |= bit;
  else if ((seen2 & bit) !== 0) seen3 |= bit;
  else if ((seen1 & bit) !== 0) seen2 |= bit;
  else seen1 |= bit;
}

/**
 * The value evaluateFive gives these five cards: equal values are a stay, larger wins.
 * Also leaves in `lastFormingRanks` the ranks whose cards form a pair-type combination.
 */
export function value5(c0: Card, c1: Card, c2: Card, c3: Card, c4: Card): number {
  seen1 = 0;
  seen2 = 0;
  seen3 = 0;
  seen4 = 0;
  countRank(c0);
  countRank(c1);
  countRank(c2);
  countRank(c3);
  countRank(c4);
  const singles = seen1 & ~seen2;
  lastFormingRanks = 0;
  if (seen2 === 0) {
    const suitsDiffer = ((c0 ^ c1) | (c0 ^ c2) | (c0 ^ c3) | (c0 ^ c4)) & 3;
    const lowest = seen1 & -seen1;
    const top = seen1 === WHEEL ? FIVE : seen1 / lowest === 0b11111 ? highBit(seen1) : -1;
    if (top >= 0) {
      const category = suitsDiffer !== 0 ? STRAIGHT : top === ACE ? ROYAL_FLUSH : STRAIGHT_FLUSH;
      return (category * 13 + top) * 13 ** 4;
    }
    const aceKing = (seen1 & (ACE_BIT | KING_BIT)) === (ACE_BIT | KING_BIT);
    const category = suitsDiffer === 0 ? FLUSH : aceKing ? ACE_KING : HIGH_CARD;
    return appendRanks(category, seen1);
  }
  // The tiebreak digits are the groups' ranks, larger groups first; missing digits are zeros.
  if (seen4 !== 0) {
    lastFormingRanks = seen4;
    return appendRanks(appendRanks(FOUR_OF_A_KIND, seen4), singles) * 13 ** 3;
  }
  const pairs = seen2 & ~seen3;
  if (seen3 !== 0) {
    if (pairs !== 0) return appendRanks(appendRanks(FULL_HOUSE, seen3), pairs) * 13 ** 3;
    lastFormingRanks = seen3;
    return appendRanks(appendRanks(THREE_OF_A_KIND, seen3), singles) * 13 ** 2;
  }
  lastFormingRanks = pairs;
  if ((pairs & (pairs - 1)) === 0) return appendRanks(appendRanks(ONE_PAIR, pairs), singles) * 13;
  return appendRanks(appendRanks(TWO_PAIR, pairs), singles) * 13 ** 2;
}

/** The value of the five cards left when card `out` of six is dropped. */
function valueWithout(six: readonly Card[], out: number): number {
  const pick = (index: number) => six[index < out ? index : index + 1] as Card;
  return value5(pick(0), pick(1), pick(2), pick(3), pick(4));
}

/** The value of a five-card hand given as an array. */
export const handValue = (cards: readonly Card[]): number =>
  value5(cards[0] as Card, cards[1] as Card, cards[2] as Card, cards[3] as Card, cards[4] as Card);

export interface BoxPay {
  /** The first combination's value (compared with the dealer, RP-9). */
  value: number;
  category: number;
  /** What the BET is paid at on a win, both combinations together (RP-6); 0 for high card. */
  multiplier: number;
}

/** Pay of each category strength (high card pays nothing). */
export function payByStrength(payTable: PayTable): number[] {
  return CATEGORIES.map((category) => (category === "highCard" ? 0 : payTable[category]));
}

/**
 * RP-5/RP-6 for five or six cards, exactly as boxCombinations + betMultiplier decide it.
 * The best five are chosen as bestHand does (the first best subset in `subsets` order, which
 * fixes the forming cards when two subsets tie); the second combination is the best-paying
 * category with an instance that holds a card outside the first's forming cards.
 */
export function boxPay(cards: readonly Card[], pays: readonly number[]): BoxPay {
  const count = cards.length;
  let value: number;
  /** Positions (bits over `cards`) that form the first combination. */
  let forming: number;
  /** With six cards: the category of the five left when card e is left out, bit e. */
  let fiveCardSubsets = 0;
  const subsetCategories: number[] = [];
  if (count === 5) {
    value = handValue(cards);
    forming = formingPositions(cards, categoryOfValue(value), lastFormingRanks, -1);
  } else if (count === 6) {
    // subsets(cards, 5) lists the five-card subsets leaving out card 5, 4, …, 0 in turn.
    value = -1;
    forming = 0;
    for (let out = 5; out >= 0; out--) {
      const candidate = valueWithout(cards, out);
      const category = categoryOfValue(candidate);
      subsetCategories[out] = category;
      if (((FIVE_CARD_CATEGORIES >> category) & 1) !== 0) fiveCardSubsets |= 1 << out;
      if (candidate > value) {
        value = candidate;
        forming = formingPositions(cards, category, lastFormingRanks, out);
      }
    }
  } else {
    throw new Error(`a box holds 5 or 6 cards, got ${count}`);
  }
  const category = categoryOfValue(value);
  if (category === HIGH_CARD) return { value, category, multiplier: 0 };

  seen1 = 0;
  seen2 = 0;
  seen3 = 0;
  seen4 = 0;
  let outsideRanks = 0;
  for (let index = 0; index < count; index++) {
    const card = cards[index] as Card;
    countRank(card);
    if (((forming >> index) & 1) === 0) outsideRanks |= 1 << (card >> 2);
  }
  // An instance can always be chosen to hold an outside card of a rank it uses.
  let second = -1;
  const consider = (strength: number) => {
    const pay = pays[strength] as number;
    if (pay > second) second = pay;
  };
  if ((seen2 & outsideRanks) !== 0) consider(ONE_PAIR);
  if ((seen3 & outsideRanks) !== 0) consider(THREE_OF_A_KIND);
  if ((seen4 & outsideRanks) !== 0) consider(FOUR_OF_A_KIND);
  if ((seen2 & (seen2 - 1)) !== 0 && (seen2 & outsideRanks) !== 0) consider(TWO_PAIR);
  if ((seen1 & (ACE_BIT | KING_BIT)) === (ACE_BIT | KING_BIT)) {
    if ((outsideRanks & (ACE_BIT | KING_BIT)) !== 0) consider(ACE_KING);
  }
  const outsidePositions = ~forming & ((1 << count) - 1);
  for (let out = 0; out < count && fiveCardSubsets !== 0; out++) {
    // The subset leaving out card `out` holds an outside card unless that was the only one.
    if (((fiveCardSubsets >> out) & 1) !== 0 && (outsidePositions & ~(1 << out)) !== 0) {
      consider(subsetCategories[out] as number);
    }
  }
  return { value, category, multiplier: (pays[category] as number) + Math.max(0, second) };
}

/** Positions of `cards` forming the combination of the five left when `leftOut` is dropped. */
function formingPositions(
  cards: readonly Card[],
  category: number,
  formingRanks: number,
  leftOut: number,
): number {
  let positions = 0;
  for (let index = 0; index < cards.length; index++) {
    if (index === leftOut) continue;
    const rank = (cards[index] as Card) >> 2;
    const forms =
      ((FIVE_CARD_CATEGORIES >> category) & 1) !== 0 ||
      (category === ACE_KING && (rank === ACE || rank === KING)) ||
      ((formingRanks >> rank) & 1) !== 0;
    if (forms) positions |= 1 << index;
  }
  return positions;
}
