/**
 * Russian poker hand ranking (RP-5, RP-6, RP-7) over the shared card encoding.
 *
 * It differs from the shared evaluator in three ways, which is why it lives here:
 * ace-king is a category between high card and one pair; a royal flush is its own
 * paying category; and a box is paid for a second combination (RP-6), which needs to
 * know which cards *form* each combination, not only the best five.
 *
 * RP-6 read literally, as its Decision says: the second combination only needs one card
 * outside the first's forming cards, and may share the rest (its own example A-A-K-8-9 pays
 * pair + ace-king with the same ace). So A-A-A-A-K pays four aces + ace-king (20+1), and
 * 7-7-8-9-T-J pays two straights, one with each seven (4+4).
 */
import { type Card, rankOf, suitOf } from "../cards";

/** Ascending: the index is the category's strength. */
export const CATEGORIES = [
  "highCard",
  "aceKing",
  "onePair",
  "twoPair",
  "threeOfAKind",
  "straight",
  "flush",
  "fullHouse",
  "fourOfAKind",
  "straightFlush",
  "royalFlush",
] as const;

export type Category = (typeof CATEGORIES)[number];
/** Every category the pay table pays: all but high card, which never beats a dealer with a game. */
export type PayingCategory = Exclude<Category, "highCard">;
export const PAYING_CATEGORIES: readonly PayingCategory[] = CATEGORIES.filter(
  (category): category is PayingCategory => category !== "highCard",
);

export const BONUS_CATEGORIES = [
  "royalFlush",
  "straightFlush",
  "fourOfAKind",
  "fullHouse",
  "flush",
  "straight",
  "threeSevens",
  "sevensAndAnotherPair",
] as const;
export type BonusCategory = (typeof BONUS_CATEGORIES)[number];

export type PayTable = Record<PayingCategory, number>;
export type BonusPayTable = Record<BonusCategory, number>;

const ACE = 12;
const KING = 11;
const FIVE = 3;
const SEVEN = 5;

export const categoryStrength = (category: Category): number => CATEGORIES.indexOf(category);

export interface RussianHand {
  category: Category;
  /** Larger is better; equal values are a "stay" (C-4 with ace-king as a category). */
  value: number;
  /** The five cards, combination first then kickers high to low. */
  cards: Card[];
  /** The cards that form the combination (RP-6 Decision); empty for high card. */
  forming: Card[];
}

/** A combination found among a box's cards, for the RP-6 second combination. */
export interface Combination {
  category: PayingCategory;
  cards: Card[];
}

const byRankDescending = (a: Card, b: Card): number => rankOf(b) - rankOf(a) || b - a;

/** Top rank of a straight among five distinct ranks, or null; the wheel A-2-3-4-5 is 5-high (C-3). */
function straightTop(ranksDescending: readonly number[]): number | null {
  if (new Set(ranksDescending).size !== 5) return null;
  const [high, second, , , low] = ranksDescending as [number, number, number, number, number];
  if (high - low === 4) return high;
  if (high === ACE && second === FIVE && low === 0) return FIVE;
  return null;
}

function encodeValue(category: Category, tiebreak: readonly number[]): number {
  let value = categoryStrength(category);
  for (let i = 0; i < 5; i++) value = value * 13 + (tiebreak[i] ?? 0);
  return value;
}

/** Evaluates exactly five cards. */
export function evaluateFive(five: readonly Card[]): RussianHand {
  if (five.length !== 5) throw new Error(`evaluateFive needs 5 cards, got ${five.length}`);
  const byRank = new Map<number, Card[]>();
  for (const card of [...five].sort(byRankDescending)) {
    const group = byRank.get(rankOf(card)) ?? [];
    group.push(card);
    byRank.set(rankOf(card), group);
  }
  // Groups by size, then rank: the order C-4 compares them in.
  const groups = [...byRank.values()].sort(
    (a, b) => b.length - a.length || rankOf(b[0] as Card) - rankOf(a[0] as Card),
  );
  const ordered = groups.flat();
  const tiebreak = groups.map((group) => rankOf(group[0] as Card));
  const ranksDescending = [...five].map(rankOf).sort((a, b) => b - a);
  const isFlush = five.every((card) => suitOf(card) === suitOf(five[0] as Card));
  const top = straightTop(ranksDescending);
  const sizes = groups.map((group) => group.length).join("");

  const hand = (category: Category, forming: Card[], breaks = tiebreak): RussianHand => ({
    category,
    value: encodeValue(category, breaks),
    cards: ordered,
    forming,
  });

  if (top !== null) {
    // A wheel lists its ace last so the cards read 5-4-3-2-A.
    const straightCards = top === FIVE ? [...ordered.slice(1), ordered[0] as Card] : [...ordered];
    const category = isFlush ? (top === ACE ? "royalFlush" : "straightFlush") : "straight";
    return { ...hand(category, straightCards, [top]), cards: straightCards };
  }
  if (sizes === "41") return hand("fourOfAKind", groups[0] as Card[]);
  if (sizes === "32") return hand("fullHouse", ordered);
  if (isFlush) return hand("flush", ordered);
  if (sizes === "311") return hand("threeOfAKind", groups[0] as Card[]);
  if (sizes === "221") return hand("twoPair", [...(groups[0] as Card[]), ...(groups[1] as Card[])]);
  if (sizes === "2111") return hand("onePair", groups[0] as Card[]);
  const ace = ordered.find((card) => rankOf(card) === ACE);
  const king = ordered.find((card) => rankOf(card) === KING);
  if (ace !== undefined && king !== undefined) return hand("aceKing", [ace, king]);
  return hand("highCard", []);
}

/** Every k-card subset, in input order. */
export function subsets<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  const result: T[][] = [];
  items.forEach((item, index) => {
    for (const rest of subsets(items.slice(index + 1), size - 1)) result.push([item, ...rest]);
  });
  return result;
}

/** The best five of five or six cards (C-5). */
export function bestHand(cards: readonly Card[]): RussianHand {
  if (cards.length < 5) throw new Error(`a hand needs at least 5 cards, got ${cards.length}`);
  let best: RussianHand | null = null;
  for (const five of subsets(cards, 5)) {
    const hand = evaluateFive(five);
    if (best === null || hand.value > best.value) best = hand;
  }
  return best as RussianHand;
}

export const compareHands = (a: RussianHand, b: RussianHand): number =>
  Math.sign(a.value - b.value);

/** RP-7: the dealer has a game with ace-king or better. */
export const hasGame = (hand: RussianHand): boolean =>
  categoryStrength(hand.category) >= categoryStrength("aceKing");

const FIVE_CARD_CATEGORIES: ReadonlySet<Category> = new Set([
  "straight",
  "flush",
  "fullHouse",
  "straightFlush",
  "royalFlush",
]);

/** Every combination among the cards, each with the cards that form it (RP-6 Decision). */
export function combinationsAmong(cards: readonly Card[]): Combination[] {
  const found: Combination[] = [];
  const sameRank = new Map<number, Card[]>();
  for (const card of cards)
    sameRank.set(rankOf(card), [...(sameRank.get(rankOf(card)) ?? []), card]);
  const pairs: Card[][] = [];
  for (const group of sameRank.values()) {
    for (const pair of subsets(group, 2)) pairs.push(pair);
    for (const trips of subsets(group, 3)) found.push({ category: "threeOfAKind", cards: trips });
    for (const quads of subsets(group, 4)) found.push({ category: "fourOfAKind", cards: quads });
  }
  for (const pair of pairs) found.push({ category: "onePair", cards: pair });
  for (const [first, second] of subsets(pairs, 2) as [Card[], Card[]][]) {
    if (rankOf(first[0] as Card) !== rankOf(second[0] as Card)) {
      found.push({ category: "twoPair", cards: [...first, ...second] });
    }
  }
  for (const ace of sameRank.get(ACE) ?? []) {
    for (const king of sameRank.get(KING) ?? [])
      found.push({ category: "aceKing", cards: [ace, king] });
  }
  if (cards.length >= 5) {
    for (const five of subsets(cards, 5)) {
      const { category } = evaluateFive(five);
      if (FIVE_CARD_CATEGORIES.has(category)) {
        found.push({ category: category as PayingCategory, cards: five });
      }
    }
  }
  return found;
}

export interface BoxCombinations {
  /** The best five-card hand: compared with the dealer and paid first. */
  first: RussianHand;
  /** The RP-6 second combination, or null. */
  second: Combination | null;
}

/**
 * RP-6 Decision: the second combination is the highest-paying combination among the box's
 * cards that contains at least one card outside the cards forming the first. Ties in pay
 * go to the stronger category so the result does not depend on enumeration order.
 */
export function boxCombinations(cards: readonly Card[], payTable: PayTable): BoxCombinations {
  const first = bestHand(cards);
  if (first.category === "highCard") return { first, second: null };
  const forming = new Set(first.forming);
  let second: Combination | null = null;
  for (const candidate of combinationsAmong(cards)) {
    if (candidate.cards.every((card) => forming.has(card))) continue;
    if (
      second === null ||
      payTable[candidate.category] > payTable[second.category] ||
      (payTable[candidate.category] === payTable[second.category] &&
        categoryStrength(candidate.category) > categoryStrength(second.category))
    ) {
      second = candidate;
    }
  }
  return { first, second };
}

/** Multiplier the BET is paid at when the box beats the dealer (RP-6, RP-9). */
export function betMultiplier(combinations: BoxCombinations, payTable: PayTable): number {
  const { first, second } = combinations;
  if (first.category === "highCard") return 0;
  return payTable[first.category] + (second === null ? 0 : payTable[second.category]);
}

/** RP-2: the bonus combination of the five cards first dealt, or null. */
export function bonusCategory(firstFive: readonly Card[]): BonusCategory | null {
  const hand = evaluateFive(firstFive);
  const sevens = firstFive.filter((card) => rankOf(card) === SEVEN).length;
  switch (hand.category) {
    case "royalFlush":
    case "straightFlush":
    case "fourOfAKind":
    case "fullHouse":
    case "flush":
    case "straight":
      return hand.category;
    case "threeOfAKind":
      return sevens === 3 ? "threeSevens" : null;
    case "twoPair":
      return sevens === 2 ? "sevensAndAnotherPair" : null;
    default:
      return null;
  }
}
