/**
 * The census of seven-card stud's wild option (ST-7, "low hole card"):
 * `felt census 7 --wild low-hole-card`. A stud hand is seven cards, three of
 * them face down; the lowest face-down card's rank is wild for its owner
 * (W-6: five of a kind above the straight flush). Every deal of 3 down and
 * 4 up cards is counted once: 35 × C(52, 7) = 4,682,459,600 hands.
 *
 * Which three of the seven are down changes only the wild rank, so each set
 * of seven is valued once per rank r it holds, weighted by how many choices
 * of three down cards have r as their lowest rank:
 * C(cards ranked ≥ r, 3) − C(cards ranked > r, 3).
 *
 * Valuing 21 fives per rank would take minutes, so the category is read
 * from counts and bit masks instead (`wildCategory`); the tests hold it to
 * `bestStudHand` on every seven-card set of a 20-card deck and on random
 * sets of the full one.
 */
import {
  ALL_CATEGORIES,
  type Category,
  FIVE_OF_A_KIND,
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

/** Ranks 0 (deuce) … 12 (ace) as bits; the ten straights' windows, the wheel's ace low. */
const WINDOWS: readonly number[] = [
  0b1_0000_0000_1111,
  ...Array.from({ length: 9 }, (_, low) => 0b11111 << low),
];
const POPCOUNT = new Uint8Array(1 << 13);
/** For a set of ranks: the most of them that one straight's five ranks hold. */
const STRAIGHT_FILL = new Uint8Array(1 << 13);
for (let mask = 1; mask < 1 << 13; mask++) {
  POPCOUNT[mask] = (POPCOUNT[mask >> 1] as number) + (mask & 1);
}
for (let mask = 0; mask < 1 << 13; mask++) {
  let most = 0;
  for (const window of WINDOWS) most = Math.max(most, POPCOUNT[mask & window] as number);
  STRAIGHT_FILL[mask] = most;
}

/**
 * The category (./value's numbers) of the best five of a hand's natural
 * cards and `wilds` wild cards, each standing for any card (W-6). The
 * naturals are given by their two largest rank counts, their ranks as a bit
 * set, and each suit's ranks as a bit set.
 */
export function wildCategory(
  wilds: number,
  most: number,
  second: number,
  ranks: number,
  suits: ArrayLike<number>,
): number {
  if (most + wilds >= 5) return FIVE_OF_A_KIND;
  let flushFill = 0;
  let straightFlushFill = 0;
  for (let s = 0; s < 4; s++) {
    const suit = suits[s] as number;
    flushFill = Math.max(flushFill, POPCOUNT[suit] as number);
    straightFlushFill = Math.max(straightFlushFill, STRAIGHT_FILL[suit] as number);
  }
  if (straightFlushFill + wilds >= 5) return STRAIGHT_FLUSH;
  if (most + wilds >= 4) return FOUR_OF_A_KIND;
  if (Math.max(0, 3 - most) + Math.max(0, 2 - second) <= wilds) return FULL_HOUSE;
  if (flushFill + wilds >= 5) return FLUSH;
  if ((STRAIGHT_FILL[ranks] as number) + wilds >= 5) return STRAIGHT;
  if (most + wilds >= 3) return THREE_OF_A_KIND;
  if (Math.max(0, 2 - most) + Math.max(0, 2 - second) <= wilds) return TWO_PAIR;
  if (most + wilds >= 2) return ONE_PAIR;
  return HIGH_CARD;
}

/** C(n, 3) for n = 0 … 7. */
const CHOOSE_3 = [0, 0, 0, 1, 4, 10, 20, 35];

/**
 * Every deal of three down and four up cards from a deck of the lowest
 * `rankCount` ranks (13: the standard deck; fewer only for the tests),
 * counted by category (./value's numbers as indices) with the lowest down
 * card's rank wild.
 */
export function countLowHoleCardHands(rankCount = 13): Float64Array {
  const byCategory = new Float64Array(FIVE_OF_A_KIND + 1);
  const cardCount = rankCount * 4;
  const hand = new Int32Array(7);
  const suits = new Int32Array(4);
  const naturalSuits = new Int32Array(4);
  // The hand's ranks in ascending order, as runs: rank, first position, count.
  const runRank = new Int32Array(7);
  const runStart = new Int32Array(7);
  const runCount = new Int32Array(7);

  const valueHand = (): void => {
    let runs = 0;
    let ranks = 0;
    for (let i = 0; i < 7; i++) {
      const rank = (hand[i] as number) >> 2;
      if (i > 0 && runRank[runs - 1] === rank) {
        runCount[runs - 1] = (runCount[runs - 1] as number) + 1;
      } else {
        runRank[runs] = rank;
        runStart[runs] = i;
        runCount[runs] = 1;
        runs++;
        ranks |= 1 << rank;
      }
    }
    for (let j = 0; j < runs; j++) {
      const above = 7 - (runStart[j] as number); // cards ranked ≥ this run's rank
      if (above < 3) break; // three down cards cannot all rank this high
      const wilds = runCount[j] as number;
      const weight = (CHOOSE_3[above] as number) - (CHOOSE_3[above - wilds] as number);
      let most = 0;
      let second = 0;
      for (let k = 0; k < runs; k++) {
        if (k === j) continue;
        const count = runCount[k] as number;
        if (count > most) {
          second = most;
          most = count;
        } else if (count > second) second = count;
      }
      const bit = 1 << (runRank[j] as number);
      for (let s = 0; s < 4; s++) naturalSuits[s] = (suits[s] as number) & ~bit;
      const category = wildCategory(wilds, most, second, ranks & ~bit, naturalSuits);
      byCategory[category] = (byCategory[category] as number) + weight;
    }
  };

  const deal = (depth: number, from: number): void => {
    for (let card = from; card <= cardCount - 7 + depth; card++) {
      hand[depth] = card;
      const suit = card & 3;
      const before = suits[suit] as number;
      suits[suit] = before | (1 << (card >> 2));
      if (depth === 6) valueHand();
      else deal(depth + 1, card + 1);
      suits[suit] = before;
    }
  };
  deal(0, 0);
  return byCategory;
}

/** `felt census 7 --wild low-hole-card`: the counts by category name, five of a kind first. */
export function lowHoleCardCensus(): { total: number; categories: Record<Category, number> } {
  const byCategory = countLowHoleCardHands();
  const categories = {} as Record<Category, number>;
  let total = 0;
  ALL_CATEGORIES.forEach((category, i) => {
    const count = byCategory[FIVE_OF_A_KIND - i] as number;
    categories[category] = count;
    total += count;
  });
  return { total, categories };
}
