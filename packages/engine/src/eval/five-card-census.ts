/**
 * Counts every five-card hand of a home-game deck (7–A, jokers, wild cards)
 * by category of its best hand: `felt census 5 --deck 7A --wild …`.
 *
 * Which cards are wild does not depend on the hand (except lowest-card, W-5),
 * so hands are counted by their natural cards: each set of 5 − w natural
 * cards stands for C(W, w) hands, one per choice of w of the W wild cards.
 */
import type { Card } from "../cards";
import { emptySplit, groupNaturals, valueOfSplit, wildnessOf } from "./five-card";
import { deckOf, type HandRanking } from "./ranking";
import { ALL_CATEGORIES, CATEGORIES, type Category, FIVE_OF_A_KIND } from "./value";

export interface FiveCardCensus {
  total: number;
  /** High to low; five of a kind only when there are wild cards (W-6). */
  categories: Partial<Record<Category, number>>;
}

export function countFiveCardHands(ranking: HandRanking): FiveCardCensus {
  const byCategory = new Float64Array(FIVE_OF_A_KIND + 1);
  const deck = deckOf(ranking);
  if (ranking.wild === "lowest-card") countLowestCardWild(deck, ranking, byCategory);
  else countFixedWildCards(deck, ranking, byCategory);

  const names: readonly Category[] = ranking.wild === "none" ? CATEGORIES : ALL_CATEGORIES;
  const categories: Partial<Record<Category, number>> = {};
  let total = 0;
  for (const name of names) {
    const count = byCategory[FIVE_OF_A_KIND - ALL_CATEGORIES.indexOf(name)] as number;
    categories[name] = count;
    total += count;
  }
  return { total, categories };
}

function countFixedWildCards(deck: Card[], ranking: HandRanking, byCategory: Float64Array): void {
  const wildness = wildnessOf(deck, ranking.wild);
  const naturals = deck.filter((_, i) => !wildness[i]);
  const wildCount = deck.length - naturals.length;
  const split = emptySplit();
  const chosen = new Int32Array(5);
  for (let wilds = 0; wilds <= Math.min(5, wildCount); wilds++) {
    const ways = binomial(wildCount, wilds);
    const size = 5 - wilds;
    // The bug (W-2) is the only wild card that is not fully wild.
    split.wilds = ranking.wild === "bug" ? 0 : wilds;
    split.bugs = ranking.wild === "bug" ? wilds : 0;
    const visit = (depth: number, from: number): void => {
      if (depth === size) {
        groupNaturals(chosen, size, split);
        const category = valueOfSplit(split, ranking.deckType, ranking.flushBeatsFullHouse) >>> 20;
        byCategory[category] = (byCategory[category] as number) + ways;
        return;
      }
      for (let i = from; i <= naturals.length - (size - depth); i++) {
        chosen[depth] = naturals[i] as Card;
        visit(depth + 1, i + 1);
      }
    };
    visit(0, 0);
  }
}

/** W-5: the deck is in rank order, so a hand's first card has its lowest rank; every card of that rank is wild. */
function countLowestCardWild(deck: Card[], ranking: HandRanking, byCategory: Float64Array): void {
  const split = emptySplit();
  const hand = new Int32Array(5);
  const naturals = new Int32Array(5);
  const visit = (depth: number, from: number): void => {
    if (depth === 5) {
      const lowest = (hand[0] as number) >> 2;
      let n = 0;
      for (let i = 0; i < 5; i++)
        if ((hand[i] as number) >> 2 !== lowest) naturals[n++] = hand[i] as number;
      groupNaturals(naturals, n, split);
      split.wilds = 5 - n;
      split.bugs = 0;
      const category = valueOfSplit(split, ranking.deckType, ranking.flushBeatsFullHouse) >>> 20;
      byCategory[category] = (byCategory[category] as number) + 1;
      return;
    }
    for (let i = from; i <= deck.length - (5 - depth); i++) {
      hand[depth] = deck[i] as Card;
      visit(depth + 1, i + 1);
    }
  };
  visit(0, 0);
}

function binomial(n: number, k: number): number {
  let result = 1;
  for (let i = 0; i < k; i++) result = (result * (n - i)) / (i + 1);
  return result;
}
