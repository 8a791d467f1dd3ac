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
const ACE_KING_BITS = ACE_BIT | KING_BIT;
/** Per position of a six-card hand, the category of the five without it (boxPay's scratch). */
const subsetCategories = [0, 0, 0, 0, 0, 0];
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
/**
 * The value evaluateFive gives these five cards: equal values are a stay, larger wins.
 * Also leaves in `lastFormingRanks` the ranks whose cards form a pair-type combination.
 */
export function value5(c0: Card, c1: Card, c2: Card, c3: Card, c4: Card): number {
  // seenN: the ranks met at least N times. Updating the deepest set first from the old
  // shallower one counts a card without branches (the sets are nested: seen4 ⊆ … ⊆ seen1).
  let bit = 1 << (c0 >> 2);
  let seen1 = bit;
  bit = 1 << (c1 >> 2);
  let seen2 = seen1 & bit;
  seen1 |= bit;
  bit = 1 << (c2 >> 2);
  let seen3 = seen2 & bit;
  seen2 |= seen1 & bit;
  seen1 |= bit;
  bit = 1 << (c3 >> 2);
  let seen4 = seen3 & bit;
  seen3 |= seen2 & bit;
  seen2 |= seen1 & bit;
  seen1 |= bit;
  bit = 1 << (c4 >> 2);
  seen4 |= seen3 & bit;
  seen3 |= seen2 & bit;
  seen2 |= seen1 & bit;
  seen1 |= bit;
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
    const aceKing = (seen1 & ACE_KING_BITS) === ACE_KING_BITS;
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

/** The value of the five cards left when card `dropped` of six is left out. */
function valueWithout(six: readonly Card[], dropped: number): number {
  // Inline index arithmetic: a closure per call costs more than the evaluation here.
  return value5(
    six[dropped > 0 ? 0 : 1] as Card,
    six[dropped > 1 ? 1 : 2] as Card,
    six[dropped > 2 ? 2 : 3] as Card,
    six[dropped > 3 ? 3 : 4] as Card,
    six[dropped > 4 ? 4 : 5] as Card,
  );
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

const paysByTable = new WeakMap<PayTable, readonly number[]>();

/** payByStrength, one array per table object: the same array lets boxPay's memo hit. */
export function paysFor(payTable: PayTable): readonly number[] {
  let pays = paysByTable.get(payTable);
  if (pays === undefined) {
    pays = payByStrength(payTable);
    paysByTable.set(payTable, pays);
  }
  return pays;
}

/**
 * boxPay remembers its last hand: a strategy and then the settlement ask about the same hand
 * one after the other, and six cards cost a dozen evaluations. A pure function's memo, so
 * sharing it between callers cannot change any answer.
 */
const memoCards = new Int32Array(6);
let memoLength = 0;
let memoPays: readonly number[] | null = null;
let memoResult: Readonly<BoxPay> = { value: 0, category: HIGH_CARD, multiplier: 0 };

function memoHolds(cards: readonly Card[], pays: readonly number[]): boolean {
  if (pays !== memoPays || cards.length !== memoLength) return false;
  for (let index = 0; index < cards.length; index++) {
    if (cards[index] !== memoCards[index]) return false;
  }
  return true;
}

/**
 * RP-5/RP-6 for five or six cards, exactly as boxCombinations + betMultiplier decide it.
 * The best five are chosen as bestHand does (the first best subset in `subsets` order, which
 * fixes the forming cards when two subsets tie); the second combination is the best-paying
 * category with an instance that holds a card outside the first's forming cards.
 */
export function boxPay(cards: readonly Card[], pays: readonly number[]): Readonly<BoxPay> {
  if (memoHolds(cards, pays)) return memoResult;
  const result = computeBoxPay(cards, pays);
  memoLength = cards.length;
  for (let index = 0; index < cards.length; index++) memoCards[index] = cards[index] as Card;
  memoPays = pays;
  memoResult = result;
  return result;
}

function computeBoxPay(cards: readonly Card[], pays: readonly number[]): BoxPay {
  const count = cards.length;
  let value: number;
  /** Positions (bits over `cards`) that form the first combination. */
  let forming: number;
  /** With six cards: bit e is set when the five left without card e use all five cards. */
  let fiveCardSubsets = 0;
  if (count === 5) {
    value = handValue(cards);
    forming = formingPositions(cards, categoryOfValue(value), lastFormingRanks, -1);
  } else if (count === 6) {
    // subsets(cards, 5) lists the five-card subsets leaving out card 5, 4, …, 0 in turn.
    value = -1;
    let best = -1;
    let bestFormingRanks = 0;
    for (let dropped = 5; dropped >= 0; dropped--) {
      const candidate = valueWithout(cards, dropped);
      const category = categoryOfValue(candidate);
      subsetCategories[dropped] = category;
      if (((FIVE_CARD_CATEGORIES >> category) & 1) !== 0) fiveCardSubsets |= 1 << dropped;
      if (candidate > value) {
        value = candidate;
        best = dropped;
        bestFormingRanks = lastFormingRanks;
      }
    }
    forming = formingPositions(cards, categoryOfValue(value), bestFormingRanks, best);
  } else {
    throw new Error(`a box holds 5 or 6 cards, got ${count}`);
  }
  const category = categoryOfValue(value);
  if (category === HIGH_CARD) return { value, category, multiplier: 0 };

  let seen1 = 0;
  let seen2 = 0;
  let seen3 = 0;
  let seen4 = 0;
  let outsideRanks = 0;
  for (let index = 0; index < count; index++) {
    const bit = 1 << ((cards[index] as Card) >> 2);
    seen4 |= seen3 & bit;
    seen3 |= seen2 & bit;
    seen2 |= seen1 & bit;
    seen1 |= bit;
    if (((forming >> index) & 1) === 0) outsideRanks |= bit;
  }
  // Categories with an instance holding an outside card: an instance can always be chosen
  // to hold an outside card of a rank it uses.
  let candidates = 0;
  if ((seen2 & outsideRanks) !== 0) candidates |= 1 << ONE_PAIR;
  if ((seen3 & outsideRanks) !== 0) candidates |= 1 << THREE_OF_A_KIND;
  if ((seen4 & outsideRanks) !== 0) candidates |= 1 << FOUR_OF_A_KIND;
  if ((seen2 & (seen2 - 1)) !== 0 && (seen2 & outsideRanks) !== 0) candidates |= 1 << TWO_PAIR;
  if ((seen1 & ACE_KING_BITS) === ACE_KING_BITS && (outsideRanks & ACE_KING_BITS) !== 0) {
    candidates |= 1 << ACE_KING;
  }
  const outsidePositions = ~forming & ((1 << count) - 1);
  for (let dropped = 0; dropped < count && fiveCardSubsets !== 0; dropped++) {
    // The subset without card `dropped` holds an outside card unless that was the only one.
    if (((fiveCardSubsets >> dropped) & 1) !== 0 && (outsidePositions & ~(1 << dropped)) !== 0) {
      candidates |= 1 << (subsetCategories[dropped] as number);
    }
  }
  // RP-6 pays the best-paying of them (an edited table may rank pays unlike categories).
  let second = 0;
  for (let strength = ACE_KING; strength <= ROYAL_FLUSH; strength++) {
    if (((candidates >> strength) & 1) !== 0) second = Math.max(second, pays[strength] as number);
  }
  return { value, category, multiplier: (pays[category] as number) + second };
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

/** The best value among five or six cards (bestHand's value). */
export function bestValue(cards: readonly Card[]): number {
  if (cards.length === 5) return handValue(cards);
  if (cards.length !== 6) throw new Error(`a box holds 5 or 6 cards, got ${cards.length}`);
  let best = -1;
  for (let dropped = 0; dropped < cards.length; dropped++) {
    best = Math.max(best, valueWithout(cards, dropped));
  }
  return best;
}
