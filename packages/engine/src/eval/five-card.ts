/**
 * Five-card hands under home-game rankings (draw): the 7–A deck's straights
 * (C-3), a flush over a full house (C-6) and wild cards (W-1 … W-6). Values
 * use the format of ./value, five of a kind being category 9; comparisons go
 * through `strengthOf`, which puts the flush above the full house under C-6.
 *
 * No lookup tables and no search over substitutions: the natural (non-wild)
 * cards are grouped by rank, and each category is tried from the top down
 * (in strength order) with the wild cards filling it as well as they can.
 * A few hundred operations a hand: a census of the 3 million five-card hands
 * of a 54-card deck takes about a second.
 *
 * What a wild card may stand for (W-6, "the value that makes the best hand"):
 * any card of the game's deck that is not already in the hand, except that it
 * may repeat a rank four times held, which is how five of a kind exists. So a
 * wild card in a flush plays as the highest rank the flush lacks (no
 * "double-ace flush", a rare house rule), and in the 7–A deck it is never a
 * six. The bug (W-2) is an ace (a fifth one too) for pairs, trips, quads and
 * five of a kind, and any card for straights, flushes and straight flushes.
 */
import { type Card, isJoker } from "../cards";
import { evaluate } from "./evaluate";
import { type DeckType, type HandRanking, JOKERS_ADDED, ONE_EYED_JACKS } from "./ranking";
import {
  type Category,
  categoryOf,
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

const ACE = 12;
const DEUCE = 0;
const SEVEN = 5;

interface DeckShape {
  /** The deck's ranks, highest first. */
  ranksDesc: readonly number[];
  /** Straights highest first (C-3: the ace also plays below the deck's lowest rank): rank mask and packed ranks. */
  straights: readonly { mask: number; ranks: number }[];
}

function deckShape(lowest: number): DeckShape {
  const ranksDesc: number[] = [];
  for (let rank = ACE; rank >= lowest; rank--) ranksDesc.push(rank);
  const pack = (ranks: number[]) => ranks.reduce((value, rank) => (value << 4) | rank, 0);
  const straights: { mask: number; ranks: number }[] = [];
  for (let top = ACE; top >= lowest + 4; top--) {
    straights.push({
      mask: 0b11111 << (top - 4),
      ranks: pack([top, top - 1, top - 2, top - 3, top - 4]),
    });
  }
  // 5-4-3-2-A in the full deck, T-9-8-7-A in the 7–A deck: the ace plays low, ranked by the ten.
  straights.push({
    mask: (1 << ACE) | (0b1111 << lowest),
    ranks: pack([lowest + 3, lowest + 2, lowest + 1, lowest, ACE]),
  });
  return { ranksDesc, straights };
}

const DECK_SHAPES: Readonly<Record<DeckType, DeckShape>> = {
  "52": deckShape(0),
  "7A": deckShape(SEVEN),
};

/** Rank groups of each category that rests on ranks alone, largest group first. */
const SHAPES: Readonly<Record<number, readonly number[]>> = {
  [FIVE_OF_A_KIND]: [5],
  [FOUR_OF_A_KIND]: [4, 1],
  [FULL_HOUSE]: [3, 2],
  [THREE_OF_A_KIND]: [3, 1, 1],
  [TWO_PAIR]: [2, 2, 1],
  [ONE_PAIR]: [2, 1, 1, 1],
  [HIGH_CARD]: [1, 1, 1, 1, 1],
};

/** C-2 high to low, five of a kind on top (W-6); C-6 swaps flush and full house. */
const ORDER = [
  FIVE_OF_A_KIND,
  STRAIGHT_FLUSH,
  FOUR_OF_A_KIND,
  FULL_HOUSE,
  FLUSH,
  STRAIGHT,
  THREE_OF_A_KIND,
  TWO_PAIR,
  ONE_PAIR,
  HIGH_CARD,
];
const ORDER_FLUSH_OVER_FULL_HOUSE = [
  FIVE_OF_A_KIND,
  STRAIGHT_FLUSH,
  FOUR_OF_A_KIND,
  FLUSH,
  FULL_HOUSE,
  STRAIGHT,
  THREE_OF_A_KIND,
  TWO_PAIR,
  ONE_PAIR,
  HIGH_CARD,
];

/**
 * The natural cards of a hand, grouped by rank (highest rank first), and its
 * wild cards. Filled in place by `splitHand` so a census allocates nothing.
 */
export interface SplitHand {
  /** Distinct natural ranks, highest first, and how many of each. */
  ranks: Int8Array;
  counts: Int8Array;
  groups: number;
  /** Mask of the natural ranks. */
  mask: number;
  /** Natural cards; whether they all share one suit (true when there are fewer than two). */
  naturals: number;
  suited: boolean;
  /** Fully wild cards, and bugs (W-2). */
  wilds: number;
  bugs: number;
}

export const emptySplit = (): SplitHand => ({
  ranks: new Int8Array(5),
  counts: new Int8Array(5),
  groups: 0,
  mask: 0,
  naturals: 0,
  suited: true,
  wilds: 0,
  bugs: 0,
});

/** Which cards of `cards` are wild under `wild` (for `lowest-card`: those of the hand's lowest rank, W-5). */
export function wildnessOf(cards: readonly Card[], wild: HandRanking["wild"]): boolean[] {
  switch (wild) {
    case "none":
      return cards.map(() => false);
    case "joker":
    case "two-jokers":
    case "bug":
      return cards.map(isJoker);
    case "deuces":
    case "deuces-joker":
      return cards.map((card) => isJoker(card) || card >> 2 === DEUCE);
    case "one-eyed-jacks":
      return cards.map((card) => ONE_EYED_JACKS.includes(card));
    case "lowest-card": {
      let lowest = ACE;
      for (const card of cards) if (!isJoker(card) && card >> 2 < lowest) lowest = card >> 2;
      return cards.map((card) => isJoker(card) || card >> 2 === lowest);
    }
    case "low-hole-card":
      // Five cards do not say which were dealt down: stud values its hands with ./stud.ts.
      throw new RangeError("low-hole-card wild cards need the down cards: use bestStudHand");
  }
}

/** Groups natural cards by rank into `out`; `wilds` and `bugs` are set by the caller. */
export function groupNaturals(naturals: ArrayLike<Card>, count: number, out: SplitHand): void {
  let mask = 0;
  let suit = -1;
  let suited = true;
  const perRank = RANK_COUNTS;
  for (let i = 0; i < count; i++) {
    const card = naturals[i] as Card;
    const rank = card >> 2;
    if (suit === -1) suit = card & 3;
    else if ((card & 3) !== suit) suited = false;
    perRank[rank] = (perRank[rank] as number) + 1;
    mask |= 1 << rank;
  }
  let groups = 0;
  for (let rank = ACE; rank >= 0; rank--) {
    const n = perRank[rank] as number;
    if (n === 0) continue;
    out.ranks[groups] = rank;
    out.counts[groups] = n;
    groups++;
    perRank[rank] = 0;
  }
  out.groups = groups;
  out.mask = mask;
  out.naturals = count;
  out.suited = suited;
}
const RANK_COUNTS = new Int8Array(13);

/**
 * The value of the best hand (W-6) the split hand makes, trying categories in
 * strength order. Throws only on an impossible hand (a programming error).
 */
export function valueOfSplit(
  hand: SplitHand,
  deck: DeckType,
  flushBeatsFullHouse: boolean,
): number {
  const shape = DECK_SHAPES[deck];
  if (hand.wilds + hand.bugs === 0) return naturalValue(hand, shape);
  // Bugs join the aces for the categories of ranks alone.
  const rankGroups =
    hand.groups + (hand.bugs > 0 && (hand.groups === 0 || hand.ranks[0] !== ACE) ? 1 : 0);
  const order = flushBeatsFullHouse ? ORDER_FLUSH_OVER_FULL_HOUSE : ORDER;
  for (const category of order) {
    let ranks = -1;
    if (category === STRAIGHT_FLUSH || category === FLUSH || category === STRAIGHT) {
      ranks = suitedValue(hand, shape, category);
    } else {
      const groupSizes = SHAPES[category] as readonly number[];
      // Each natural rank needs a group of its own: a quick no for most categories.
      if (rankGroups <= groupSizes.length) ranks = rankShapeValue(hand, shape, groupSizes);
    }
    if (ranks >= 0) return (category << 20) | ranks;
  }
  throw new Error("broken invariant: a five-card hand fits no category");
}

/**
 * No wild card: the count pattern names the category and the ranks play in
 * order of count, then rank (C-4); five different ranks may be a straight or
 * a flush, which then cannot be a full house (so C-6 changes nothing here).
 */
function naturalValue(hand: SplitHand, shape: DeckShape): number {
  const k = hand.groups;
  const ranks = SHAPE_RANKS;
  const counts = SHAPE_COUNTS;
  for (let i = 0; i < k; i++) {
    // Insertion by count, largest first; equal counts keep the rank order.
    let j = i;
    const count = hand.counts[i] as number;
    while (j > 0 && (counts[j - 1] as number) < count) {
      counts[j] = counts[j - 1] as number;
      ranks[j] = ranks[j - 1] as number;
      j--;
    }
    counts[j] = count;
    ranks[j] = hand.ranks[i] as number;
  }
  let value = 0;
  for (let i = 0; i < k; i++) {
    const rank = ranks[i] as number;
    for (let c = counts[i] as number; c > 0; c--) value = (value << 4) | rank;
  }
  const top = counts[0] as number;
  if (k === 5) {
    const straight = suitedValue(hand, shape, STRAIGHT);
    if (hand.suited) {
      return straight >= 0 ? (STRAIGHT_FLUSH << 20) | straight : (FLUSH << 20) | value;
    }
    return straight >= 0 ? (STRAIGHT << 20) | straight : (HIGH_CARD << 20) | value;
  }
  if (k === 4) return (ONE_PAIR << 20) | value;
  if (k === 3) return ((top === 3 ? THREE_OF_A_KIND : TWO_PAIR) << 20) | value;
  return ((top === 4 ? FOUR_OF_A_KIND : FULL_HOUSE) << 20) | value;
}

/**
 * Straights, flushes and straight flushes: the bug is as wild as any wild card
 * here. Natural ranks must differ; a flush needs one suit; a straight needs a
 * window holding every natural rank, the wild cards filling the gaps.
 */
function suitedValue(hand: SplitHand, shape: DeckShape, category: number): number {
  if (hand.groups !== hand.naturals) return -1;
  if (category !== STRAIGHT && !hand.suited) return -1;
  if (category === FLUSH) {
    // The wild cards take the highest ranks the flush lacks (not a second ace).
    let missing = hand.wilds + hand.bugs;
    let value = 0;
    for (const rank of shape.ranksDesc) {
      if ((hand.mask >> rank) & 1) value = (value << 4) | rank;
      else if (missing > 0) {
        value = (value << 4) | rank;
        missing--;
      }
    }
    return value;
  }
  for (const straight of shape.straights) {
    if ((hand.mask & ~straight.mask) === 0) return straight.ranks;
  }
  return -1;
}

/**
 * Categories that rest on ranks alone. Groups are filled largest first, each
 * with the highest rank that still lets the remaining natural ranks fit the
 * remaining groups; since values compare the groups in that order, this
 * greedy choice is the best. A natural rank must sit in one group at least as
 * large as its count; any other group is made of wild cards alone and takes
 * the highest rank nobody holds. Bugs count as natural aces (W-2).
 */
function rankShapeValue(hand: SplitHand, shape: DeckShape, groupSizes: readonly number[]): number {
  const groups = hand.groups;
  const ranks = SHAPE_RANKS;
  const counts = SHAPE_COUNTS;
  let k = 0;
  if (hand.bugs > 0 && (groups === 0 || hand.ranks[0] !== ACE)) {
    ranks[k] = ACE;
    counts[k++] = hand.bugs;
  }
  for (let i = 0; i < groups; i++) {
    ranks[k] = hand.ranks[i] as number;
    counts[k++] = (hand.counts[i] as number) + (hand.ranks[i] === ACE ? hand.bugs : 0);
  }
  if (k > groupSizes.length) return -1;

  let placed = 0; // bit i: natural group i is placed
  let taken = 0; // rank mask of ranks used so far
  let value = 0;
  for (let g = 0; g < groupSizes.length; g++) {
    const size = groupSizes[g] as number;
    let chosen = -1;
    let chosenIndex = -1;
    // Candidates high to low: the natural ranks not yet placed, and the best free rank.
    let free = -1;
    for (const rank of shape.ranksDesc) {
      if (((taken | naturalMask(ranks, k)) >> rank) & 1) continue;
      free = rank;
      break;
    }
    let i = 0;
    for (;;) {
      while (i < k && ((placed >> i) & 1) === 1) i++;
      const natural = i < k ? (ranks[i] as number) : -1;
      if (free > natural) {
        // A group of wild cards alone: the wild cards left over once the naturals fit.
        if (size <= hand.wilds && fits(counts, k, placed, groupSizes, g + 1)) {
          chosen = free;
          break;
        }
        free = -1;
        continue;
      }
      if (natural < 0) break;
      if ((counts[i] as number) <= size && fits(counts, k, placed | (1 << i), groupSizes, g + 1)) {
        chosen = natural;
        chosenIndex = i;
        break;
      }
      i++;
    }
    if (chosen < 0) return -1;
    if (chosenIndex >= 0) placed |= 1 << chosenIndex;
    taken |= 1 << chosen;
    for (let c = 0; c < size; c++) value = (value << 4) | chosen;
  }
  return value;
}
const SHAPE_RANKS = new Int8Array(6);
const SHAPE_COUNTS = new Int8Array(6);

function naturalMask(ranks: Int8Array, k: number): number {
  let mask = 0;
  for (let i = 0; i < k; i++) mask |= 1 << (ranks[i] as number);
  return mask;
}

/** The unplaced natural counts fit the groups from `from` on: the j-th largest count ≤ the j-th largest group. */
function fits(
  counts: Int8Array,
  k: number,
  placed: number,
  groupSizes: readonly number[],
  from: number,
): boolean {
  const left = FIT_SCRATCH;
  let m = 0;
  for (let i = 0; i < k; i++) {
    if ((placed >> i) & 1) continue;
    // Insertion sort, largest first: at most five entries.
    let j = m++;
    const c = counts[i] as number;
    while (j > 0 && (left[j - 1] as number) < c) {
      left[j] = left[j - 1] as number;
      j--;
    }
    left[j] = c;
  }
  if (m > groupSizes.length - from) return false;
  for (let j = 0; j < m; j++)
    if ((left[j] as number) > (groupSizes[from + j] as number)) return false;
  return true;
}
const FIT_SCRATCH = new Int8Array(6);

const SPLIT = emptySplit();
const NATURALS = new Int32Array(5);

/**
 * The value of five cards under `ranking` (W-6: wild cards take the values
 * that make the best hand in strength order). Throws RangeError on malformed
 * input (not five distinct cards of the game's deck).
 */
export function evaluateFive(cards: readonly Card[], ranking: HandRanking): number {
  checkFive(cards, ranking);
  if (ranking.deckType === "52" && ranking.wild === "none" && !ranking.flushBeatsFullHouse) {
    return evaluate(cards);
  }
  const wild = wildnessOf(cards, ranking.wild);
  let n = 0;
  let wilds = 0;
  for (const [i, card] of cards.entries()) {
    if (wild[i]) wilds++;
    else NATURALS[n++] = card;
  }
  groupNaturals(NATURALS, n, SPLIT);
  SPLIT.wilds = ranking.wild === "bug" ? 0 : wilds;
  SPLIT.bugs = ranking.wild === "bug" ? wilds : 0;
  return valueOfSplit(SPLIT, ranking.deckType, ranking.flushBeatsFullHouse);
}

/**
 * A value as a comparable number: higher wins, equal splits. The plain value
 * except under C-6, where flushes and full houses trade places.
 */
export function strengthOf(
  value: number,
  ranking: Pick<HandRanking, "flushBeatsFullHouse">,
): number {
  if (!ranking.flushBeatsFullHouse) return value;
  const category = value >>> 20;
  if (category === FLUSH) return (FULL_HOUSE << 20) | (value & 0xfffff);
  if (category === FULL_HOUSE) return (FLUSH << 20) | (value & 0xfffff);
  return value;
}

function checkFive(cards: readonly Card[], ranking: HandRanking): void {
  if (cards.length !== 5) throw new RangeError(`a draw hand has 5 cards, got ${cards.length}`);
  const lowest = ranking.deckType === "7A" ? SEVEN : DEUCE;
  const jokers = JOKERS_ADDED[ranking.wild];
  const seen = new Set<Card>();
  for (const card of cards) {
    const ok =
      Number.isInteger(card) && card >= 0 && (card < 52 ? card >> 2 >= lowest : card - 52 < jokers);
    if (!ok) throw new RangeError(`not a card of this deck: ${card}`);
    if (seen.has(card)) throw new RangeError(`card ${card} appears twice`);
    seen.add(card);
  }
}

/** The best hand of five cards under `ranking`, with its strength for comparisons. */
export function bestFiveCardHand(cards: readonly Card[], ranking: HandRanking): FiveCardResult {
  const value = evaluateFive(cards, ranking);
  return {
    value,
    strength: strengthOf(value, ranking),
    category: categoryOf(value),
    cards: cards.slice(),
  };
}

export interface FiveCardResult {
  /** The value in the format of ./value (what the hand is). */
  value: number;
  /** What it is worth: compare strengths, not values (C-6). */
  strength: number;
  category: Category;
  /** The five cards as held: with wild cards every one of them plays. */
  cards: Card[];
}
