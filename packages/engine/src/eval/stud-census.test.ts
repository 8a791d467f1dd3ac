import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Card, parseCards } from "../cards";
import { bestStudHand } from "./stud";
import { countLowHoleCardHands, wildCategory } from "./stud-census";
import { categoryNumberOf, FIVE_OF_A_KIND, FLUSH, FULL_HOUSE, STRAIGHT_FLUSH } from "./value";

/** wildCategory's inputs read off seven cards, with every card of `wildRank` wild. */
function categoryFromMasks(cards: readonly Card[], wildRank: number): number {
  const counts = new Array<number>(13).fill(0);
  const suits = [0, 0, 0, 0];
  let ranks = 0;
  let wilds = 0;
  for (const card of cards) {
    if (card >> 2 === wildRank) {
      wilds++;
      continue;
    }
    counts[card >> 2] = (counts[card >> 2] as number) + 1;
    suits[card & 3] = (suits[card & 3] as number) | (1 << (card >> 2));
    ranks |= 1 << (card >> 2);
  }
  const [most = 0, second = 0] = counts.sort((a, b) => b - a);
  return wildCategory(wilds, most, second, ranks, suits);
}

/**
 * The census the slow way: every set of seven, every choice of its three
 * down cards, valued by bestStudHand (21 fives) with the lowest down card's
 * rank wild.
 */
function countByBestStudHand(rankCount: number): number[] {
  const byCategory = new Array<number>(FIVE_OF_A_KIND + 1).fill(0);
  const deck = Array.from({ length: rankCount * 4 }, (_, card) => card);
  const hand: Card[] = [];
  const visit = (from: number): void => {
    if (hand.length === 7) {
      const byWildRank = new Map<number, number>();
      for (let a = 0; a < 7; a++)
        for (let b = a + 1; b < 7; b++)
          for (let c = b + 1; c < 7; c++) {
            // Sorted cards: the first down card is the lowest.
            const wildRank = (hand[a] as Card) >> 2;
            let category = byWildRank.get(wildRank);
            if (category === undefined) {
              category = categoryNumberOf(bestStudHand(hand, wildRank).value);
              byWildRank.set(wildRank, category);
            }
            byCategory[category] = (byCategory[category] as number) + 1;
          }
      return;
    }
    for (let i = from; i < deck.length; i++) {
      hand.push(deck[i] as Card);
      visit(i + 1);
      hand.pop();
    }
  };
  visit(0);
  return byCategory;
}

describe("ST-7 census: seven-card stud, the lowest down card wild", () => {
  it("ST-7 W-6 counts every deal of a 20-card deck (deuces to sixes) as bestStudHand does", () => {
    const fast = Array.from(countLowHoleCardHands(5));
    expect(fast).toEqual(countByBestStudHand(5));
    // 35 ways to choose the down cards of each of the C(20, 7) = 77,520 sets.
    expect(fast.reduce((a, b) => a + b, 0)).toBe(35 * 77_520);
  });

  it("ST-7 W-6 wildCategory agrees with bestStudHand on random seven-card hands of the full deck", () => {
    const sevenCards = fc.uniqueArray(fc.integer({ min: 0, max: 51 }), {
      minLength: 7,
      maxLength: 7,
    });
    fc.assert(
      fc.property(sevenCards, fc.nat(6), (cards, pick) => {
        const wildRank = (cards[pick] as Card) >> 2;
        expect(categoryFromMasks(cards, wildRank)).toBe(
          categoryNumberOf(bestStudHand(cards, wildRank).value),
        );
      }),
      { numRuns: 3000, seed: 45 },
    );
  });

  it("ST-7 W-6 wildCategory on hands where the wild cards decide", () => {
    // The first card's rank is the wild one.
    const cases: [string, number][] = [
      ["2c2dKhKsKd9c4h", FIVE_OF_A_KIND],
      ["3c5s6s7s8sJdQh", STRAIGHT_FLUSH], // the three is the four or nine of spades
      ["4cAhKh9h2hJdQc", FLUSH], // not a straight flush: that would take two wild cards
      ["5cThTc9d9s2h3c", FULL_HOUSE], // two pair and a wild card
    ];
    for (const [text, category] of cases) {
      const cards = parseCards(text);
      const wildRank = (cards[0] as Card) >> 2;
      expect(categoryFromMasks(cards, wildRank)).toBe(category);
      expect(categoryNumberOf(bestStudHand(cards, wildRank).value)).toBe(category);
    }
  });
});
