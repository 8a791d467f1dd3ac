/**
 * Test helper (not exported): a slow, obviously-correct reference for hands
 * with wild cards, written apart from ./five-card and sharing none of its
 * code. It replaces every wild card by every card of the deck in turn, values
 * each concrete hand by the textbook rules and keeps the strongest:
 *
 * - a substitute may not repeat a card of the hand, unless the five cards
 *   end up of one rank (five of a kind, W-6);
 * - the bug (W-2) may be an ace, or any card if the hand is then a
 *   straight, flush or straight flush;
 * - the 7–A deck's lowest straight is A-7-8-9-T (C-3); under C-6 a flush
 *   outranks a full house.
 */
import type { Card } from "../cards";
import type { HandRanking } from "./ranking";

/** Category numbers of ./value, five of a kind on top; restated here on purpose. */
export const REF = {
  highCard: 0,
  onePair: 1,
  twoPair: 2,
  trips: 3,
  straight: 4,
  flush: 5,
  fullHouse: 6,
  quads: 7,
  straightFlush: 8,
  fiveOfAKind: 9,
} as const;

const rank = (card: Card): number => Math.floor(card / 4);
const suit = (card: Card): number => card % 4;

/** The standard cards a wild card may become: 2c … As, or 7c … As. */
export function substitutes(deck: HandRanking["deckType"]): Card[] {
  const lowest = deck === "7A" ? 5 : 0;
  const cards: Card[] = [];
  for (let card = lowest * 4; card < 52; card++) cards.push(card);
  return cards;
}

/**
 * A concrete hand of five standard cards as one number, category × 16⁵ plus
 * its ranks in the order they compare (C-4), or −1 when it repeats a card
 * without being five of a kind. Written for speed (the census calls it
 * millions of times) but by the textbook: count ranks, look for a flush and a
 * straight, name the pattern.
 */
export function concreteValue(cards: readonly Card[], deck: HandRanking["deckType"]): number {
  const counts = COUNTS;
  counts.fill(0);
  let mask = 0;
  let seen = 0;
  let seenHigh = 0;
  let duplicate = false;
  let flush = true;
  const firstSuit = suit(cards[0] as Card);
  for (let i = 0; i < 5; i++) {
    const card = cards[i] as Card;
    const r = rank(card);
    counts[r] = (counts[r] as number) + 1;
    mask |= 1 << r;
    if (suit(card) !== firstSuit) flush = false;
    const bit = 1 << (card % 26);
    if (card < 26) {
      if (seen & bit) duplicate = true;
      seen |= bit;
    } else {
      if (seenHigh & bit) duplicate = true;
      seenHigh |= bit;
    }
  }
  if (counts[rank(cards[0] as Card)] === 5) {
    const r = rank(cards[0] as Card);
    return REF.fiveOfAKind * CATEGORY_UNIT + r * 0x11111;
  }
  if (duplicate) return -1;
  // Ranks by how often they appear, then by rank, high first; note the two largest counts.
  let ordered = 0;
  let top = 0;
  let second = 0;
  for (let n = 4; n >= 1; n--) {
    for (let r = 12; r >= 0; r--) {
      if (counts[r] !== n) continue;
      if (top === 0) top = n;
      else if (second === 0) second = n;
      for (let k = 0; k < n; k++) ordered = ordered * 16 + r;
    }
  }
  const high = top === 1 ? straightHigh(mask, deck) : -1;
  if (high >= 0 && flush) return REF.straightFlush * CATEGORY_UNIT + high;
  if (top === 4) return REF.quads * CATEGORY_UNIT + ordered;
  if (top === 3 && second === 2) return REF.fullHouse * CATEGORY_UNIT + ordered;
  if (flush) return REF.flush * CATEGORY_UNIT + ordered;
  if (high >= 0) return REF.straight * CATEGORY_UNIT + high;
  if (top === 3) return REF.trips * CATEGORY_UNIT + ordered;
  if (top === 2 && second === 2) return REF.twoPair * CATEGORY_UNIT + ordered;
  if (top === 2) return REF.onePair * CATEGORY_UNIT + ordered;
  return REF.highCard * CATEGORY_UNIT + ordered;
}
const CATEGORY_UNIT = 16 ** 5;
const COUNTS = new Int8Array(13);

/** Five consecutive ranks (packed, highest first), or the ace below the deck's four lowest ranks (C-3); −1 if none. */
function straightHigh(mask: number, deck: HandRanking["deckType"]): number {
  for (let top = 12; top >= 4; top--) {
    // Ranks top … top − 4 as five hex digits: top·0x11111 − 0x01234.
    if (mask === 0b11111 << (top - 4)) return top * 0x11111 - 0x01234;
  }
  const lowest = deck === "7A" ? 5 : 0;
  if (mask === ((1 << 12) | (0b1111 << lowest))) return (lowest * 0x11110 + 0x32100) | 12;
  return -1;
}

/** The category of a packed reference value. */
export const categoryOfReference = (value: number): number => Math.floor(value / CATEGORY_UNIT);

/** Compare two reference values under the ranking: C-6 swaps flush and full house. */
export function compareValues(a: number, b: number, flushBeatsFullHouse: boolean): number {
  const order = (value: number): number => {
    const category = categoryOfReference(value);
    if (!flushBeatsFullHouse || (category !== REF.flush && category !== REF.fullHouse))
      return value;
    const swapped = category === REF.flush ? REF.fullHouse : REF.flush;
    return value + (swapped - category) * CATEGORY_UNIT;
  };
  return order(a) - order(b);
}

/** Which cards of the hand are wild (restated from W-1 … W-5). */
export function wildCardsIn(cards: readonly Card[], wild: HandRanking["wild"]): boolean[] {
  const joker = (card: Card) => card >= 52;
  switch (wild) {
    case "none":
      return cards.map(() => false);
    case "joker":
    case "two-jokers":
    case "bug":
      return cards.map(joker);
    case "deuces":
    case "deuces-joker":
      return cards.map((card) => joker(card) || rank(card) === 0);
    case "one-eyed-jacks":
      // K♦, J♠, J♥ (suits c d h s = 0 1 2 3).
      return cards.map((card) => card === 11 * 4 + 1 || card === 9 * 4 + 3 || card === 9 * 4 + 2);
    case "lowest-card": {
      const lowest = Math.min(...cards.filter((card) => !joker(card)).map(rank));
      return cards.map((card) => joker(card) || rank(card) === lowest);
    }
    case "low-hole-card":
      throw new RangeError("low-hole-card needs the down cards (stud)");
  }
}

/** The strongest concrete hand reachable by substituting every wild card (a packed reference value). */
export function referenceValue(cards: readonly Card[], ranking: HandRanking): number {
  const wild = wildCardsIn(cards, ranking.wild);
  const naturals = cards.filter((_, i) => !wild[i]);
  const wildCount = cards.length - naturals.length;
  const options = substitutes(ranking.deckType);
  let best = -1;
  const hand = naturals.slice();
  const visit = (depth: number, from: number): void => {
    if (depth === wildCount) {
      const value = concreteValue(hand, ranking.deckType);
      if (value < 0) return;
      if (ranking.wild === "bug" && wildCount > 0) {
        const substitute = hand[hand.length - 1] as Card;
        const category = categoryOfReference(value);
        const completes =
          category === REF.straight || category === REF.flush || category === REF.straightFlush;
        if (rank(substitute) !== 12 && !completes) return;
      }
      if (best < 0 || compareValues(value, best, ranking.flushBeatsFullHouse) > 0) best = value;
      return;
    }
    // Wild cards are interchangeable: substitutes in non-decreasing order cover every choice.
    for (let i = from; i < options.length; i++) {
      hand.push(options[i] as Card);
      visit(depth + 1, i);
      hand.pop();
    }
  };
  visit(0, 0);
  if (best < 0) throw new Error(`no substitution works for ${cards.join(",")}`);
  return best;
}

/**
 * The best value natural cards can reach with `wilds` fully wild cards: the
 * same exhaustive search as `referenceValue`, one substitute at a time, but
 * remembering each partial hand by what the rules can see of it (its ranks,
 * whether all its cards share a suit, whether it repeats a card). Two hands
 * alike in those reach the same values: suits matter only to flushes and to
 * keeping cards distinct, and a rank held fewer than four times always has a
 * free suit. A test checks this against the plain search on random hands.
 */
export function classValue(
  naturals: readonly Card[],
  wilds: number,
  ranking: HandRanking,
  memo: Map<number, number> = new Map(),
): number {
  if (wilds === 0) return concreteValue(naturals, ranking.deckType);
  const key = partialKey(naturals, wilds);
  const known = memo.get(key);
  if (known !== undefined) return known;
  let best = -1;
  for (const substitute of substitutes(ranking.deckType)) {
    const value = classValue([...naturals, substitute], wilds - 1, ranking, memo);
    if (value >= 0 && (best < 0 || compareValues(value, best, ranking.flushBeatsFullHouse) > 0))
      best = value;
  }
  memo.set(key, best);
  return best;
}

function partialKey(cards: readonly Card[], wilds: number): number {
  const sorted = cards.map(rank).sort((a, b) => a - b);
  const suited = cards.every((card) => suit(card) === suit(cards[0] as Card)) ? 1 : 0;
  const repeats = new Set(cards).size !== cards.length ? 1 : 0;
  // Wilds and flags first, as a prefix of at least 24: keys of different lengths never meet.
  return sorted.reduce((key, r) => key * 13 + r, ((6 + wilds) * 2 + suited) * 2 + repeats);
}

/**
 * Counts every five-card hand of the game by category, by combinatorics over
 * classes of hands (natural rank multiset, wild count, naturals suited or
 * not), each valued once by exhaustive substitution (`classValue`; the bug by
 * `referenceValue`). Returns counts indexed by category number.
 *
 * Fixed wild cards (jokers, deuces, one-eyed jacks): a class of w wild cards
 * and natural ranks M is dealt C(W, w) · (ways to pick M's cards from the
 * non-wild ones) ways; "suited" ways need one suit every rank of M still has.
 * Lowest card wild (W-5): the wild cards are the c cards of the hand's lowest
 * rank, C(4, c) ways, and M uses only higher ranks.
 */
export function referenceCensus(ranking: HandRanking): number[] {
  const counts = Array<number>(10).fill(0);
  const memo = new Map<number, number>();
  const ranks = ranking.deckType === "7A" ? [5, 6, 7, 8, 9, 10, 11, 12] : [...Array(13).keys()];
  // Natural suits left per rank once the wild cards are taken out of the deck.
  const standard = substitutes(ranking.deckType);
  const jokers =
    ranking.wild === "two-jokers"
      ? 2
      : ["joker", "bug", "deuces-joker"].includes(ranking.wild)
        ? 1
        : 0;

  const add = (
    naturalRanks: number[],
    wilds: number,
    suitsOf: (r: number) => number[],
    ways: number,
  ) => {
    const total = naturalRanks.reduce(
      (n, r, i) =>
        i > 0 && naturalRanks[i - 1] === r
          ? n
          : n * choose(suitsOf(r).length, multiplicity(naturalRanks, r)),
      1,
    );
    if (total === 0) return;
    const distinct = new Set(naturalRanks).size === naturalRanks.length;
    const suited = !distinct
      ? 0
      : naturalRanks.length === 0
        ? 1
        : [0, 1, 2, 3].filter((s) => naturalRanks.every((r) => suitsOf(r).includes(s))).length;
    for (const [howMany, isSuited] of [
      [suited, true],
      [total - suited, false],
    ] as const) {
      if (howMany === 0) continue;
      const hand = representative(naturalRanks, isSuited);
      const value =
        ranking.wild === "bug"
          ? referenceValue([...hand, ...Array<Card>(wilds).fill(52)], ranking)
          : classValue(hand, wilds, ranking, memo);
      const category = categoryOfReference(value);
      counts[category] = (counts[category] as number) + howMany * ways;
    }
  };

  if (ranking.wild === "lowest-card") {
    for (const lowest of ranks) {
      const higher = ranks.filter((r) => r > lowest);
      for (let wilds = 1; wilds <= 4; wilds++) {
        for (const naturalRanks of multisets(higher, 5 - wilds)) {
          add(naturalRanks, wilds, () => [0, 1, 2, 3], choose(4, wilds));
        }
      }
    }
    return counts;
  }
  const isWild = (card: Card) => wildCardsIn([card], ranking.wild)[0] === true;
  const wildStandard = standard.filter(isWild).length;
  const wildCount = wildStandard + jokers;
  const suitsOf = (r: number) => [0, 1, 2, 3].filter((s) => !isWild(r * 4 + s));
  for (let wilds = 0; wilds <= Math.min(5, wildCount); wilds++) {
    for (const naturalRanks of multisets(ranks, 5 - wilds)) {
      add(naturalRanks, wilds, suitsOf, choose(wildCount, wilds));
    }
  }
  return counts;
}

/** Natural cards with these ranks, all of one suit or (when there are two or more) not. */
function representative(naturalRanks: readonly number[], suited: boolean): Card[] {
  if (suited) return naturalRanks.map((r) => r * 4 + 3);
  const cards: Card[] = [];
  // Suits 0, 1, 2 … within each rank, so that no card repeats.
  for (const [i, r] of naturalRanks.entries()) {
    cards.push(r * 4 + multiplicity(naturalRanks.slice(0, i), r));
  }
  // Distinct ranks would all be clubs: move the last one to diamonds.
  if (cards.length >= 2 && cards.every((card) => suit(card) === 0))
    cards[cards.length - 1] = (cards[cards.length - 1] as number) + 1;
  return cards;
}

/** Every multiset of `size` ranks from `ranks`, at most four of each, ranks ascending. */
function multisets(ranks: readonly number[], size: number): number[][] {
  const out: number[][] = [];
  const visit = (from: number, chosen: number[]): void => {
    if (chosen.length === size) {
      out.push(chosen.slice());
      return;
    }
    for (let i = from; i < ranks.length; i++) {
      const r = ranks[i] as number;
      if (multiplicity(chosen, r) === 4) continue;
      chosen.push(r);
      visit(i, chosen);
      chosen.pop();
    }
  };
  visit(0, []);
  return out;
}

const multiplicity = (ranks: readonly number[], r: number): number =>
  ranks.filter((x) => x === r).length;

export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 0; i < k; i++) result = (result * (n - i)) / (i + 1);
  return result;
}
