/**
 * `felt census 5 --deck … --wild …`: the counts must match figures derived
 * without the fast evaluator: closed-form combinatorics for the plain decks,
 * and for wild cards the brute-force reference (./wild-reference), which
 * substitutes every card for every wild card.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Card } from "../cards";
import {
  ALL_CATEGORIES,
  CATEGORIES,
  countFiveCardHands,
  deckOf,
  type HandRanking,
  handRanking,
  type WildCards,
} from ".";
import {
  categoryOfReference,
  classValue,
  referenceCensus,
  referenceValue,
  wildCardsIn,
} from "./wild-reference";

const ranking = (deck: "52" | "7A", wild: WildCards = "none"): HandRanking => {
  const result = handRanking({ deckType: deck, wild });
  if (!result.ok) throw new Error(result.message);
  return result.ranking;
};

const choose = (n: number, k: number): number => {
  let result = 1;
  for (let i = 0; i < k; i++) result = (result * (n - i)) / (i + 1);
  return result;
};

/**
 * Textbook combinatorics for a deck of `ranks` ranks in 4 suits where the
 * ace also plays low (C-3), so there are ranks − 3 straights.
 */
function plainCounts(ranks: number) {
  const straights = ranks - 3;
  const rankSets = choose(ranks, 5);
  return {
    "straight-flush": straights * 4,
    "four-of-a-kind": ranks * (ranks - 1) * 4,
    "full-house": ranks * choose(4, 3) * (ranks - 1) * choose(4, 2),
    flush: 4 * (rankSets - straights),
    straight: straights * (4 ** 5 - 4),
    "three-of-a-kind": ranks * choose(4, 3) * choose(ranks - 1, 2) * 16,
    "two-pair": choose(ranks, 2) * 36 * (ranks - 2) * 4,
    "one-pair": ranks * 6 * choose(ranks - 1, 3) * 64,
    "high-card": (rankSets - straights) * (4 ** 5 - 4),
  };
}

describe("census of five-card hands by deck and wild cards", () => {
  it("C-1 C-3 the 7–A deck: exact counts of all 201,376 hands", () => {
    const census = countFiveCardHands(ranking("7A"));
    expect(census.total).toBe(201376);
    expect(census.total).toBe(choose(32, 5));
    expect(census.categories).toEqual(plainCounts(8));
    // A-7-8-9-T counts among the 5 straights of each suit pattern (C-3).
    expect(census.categories.straight).toBe(5 * (1024 - 4));
  });

  it("C-2 the 52-card deck gives the textbook figures here too", () => {
    expect(countFiveCardHands(ranking("52")).categories).toEqual(plainCounts(13));
  });

  const CASES: [deck: "52" | "7A", wild: WildCards][] = [
    ["52", "joker"],
    ["52", "two-jokers"],
    ["52", "bug"],
    ["52", "deuces"],
    ["52", "deuces-joker"],
    ["52", "one-eyed-jacks"],
    ["52", "lowest-card"],
    ["7A", "joker"],
    ["7A", "two-jokers"],
    ["7A", "bug"],
    ["7A", "one-eyed-jacks"],
    ["7A", "lowest-card"],
  ];
  for (const [deck, wild] of CASES) {
    it(`W-1…W-6 ${deck} --wild ${wild}: the same counts as the brute-force reference`, () => {
      const r = ranking(deck, wild);
      const reference = referenceCensus(r);
      const expected = Object.fromEntries(
        ALL_CATEGORIES.map((category, i) => [category, reference[9 - i] as number]),
      );
      const census = countFiveCardHands(r);
      expect(census.categories).toEqual(expected);
      expect(census.total).toBe(choose(deckOf(r).length, 5));
    }, 60_000);
  }

  it("W-3 deuces wild: the published video-poker figures (five of a kind 624 + four deuces 48, …)", () => {
    // Natural royal 4 + wild royal 480 + straight flush 2,068 are all straight flushes here.
    expect(countFiveCardHands(ranking("52", "deuces")).categories).toEqual({
      "five-of-a-kind": 672,
      "straight-flush": 2552,
      "four-of-a-kind": 31552,
      "full-house": 12672,
      flush: 14472,
      straight: 62232,
      "three-of-a-kind": 355080,
      "two-pair": 95040,
      "one-pair": 1225008,
      "high-card": 799680,
    });
  });

  it("W-1 one joker: the published figures (five of a kind 13, straight flush 204, …)", () => {
    // Hand-counted in every table of joker poker odds: 2,869,685 hands.
    expect(countFiveCardHands(ranking("52", "joker")).categories).toMatchObject({
      "five-of-a-kind": 13,
      "straight-flush": 204,
      "four-of-a-kind": 3120,
      "high-card": 1302540,
    });
  });

  it("the reference's combinatorics: the textbook counts without wild cards", () => {
    const fromReference = (deck: "52" | "7A") => {
      const counts = referenceCensus(ranking(deck));
      return Object.fromEntries(CATEGORIES.map((category, i) => [category, counts[8 - i]]));
    };
    expect(fromReference("52")).toEqual(plainCounts(13));
    expect(fromReference("7A")).toEqual(plainCounts(8));
  });

  it("the reference's combinatorics: the same counts as valuing all 237,336 hands of 7–A + joker one by one", () => {
    const r = ranking("7A", "joker");
    const deck = deckOf(r);
    const counts = Array<number>(10).fill(0);
    const hand: Card[] = [];
    const visit = (from: number): void => {
      if (hand.length === 5) {
        const category = categoryOfReference(referenceValue(hand, r));
        counts[category] = (counts[category] as number) + 1;
        return;
      }
      for (let i = from; i < deck.length; i++) {
        hand.push(deck[i] as Card);
        visit(i + 1);
        hand.pop();
      }
    };
    visit(0);
    expect(referenceCensus(r)).toEqual(counts);
  }, 60_000);

  for (const [deck, wild] of [
    ["52", "deuces-joker"],
    ["52", "one-eyed-jacks"],
    ["52", "lowest-card"],
    ["7A", "two-jokers"],
  ] as const) {
    it(`the reference's shortcut (one search per class of partial hands, ${deck} ${wild}) agrees with the plain search`, () => {
      const r = ranking(deck, wild);
      const cards = deckOf(r);
      fc.assert(
        fc.property(fc.shuffledSubarray(cards, { minLength: 5, maxLength: 5 }), (hand: Card[]) => {
          const flags = wildCardsIn(hand, r.wild);
          const naturals = hand.filter((_, i) => !flags[i]);
          // Up to three wild cards: the plain search over four takes seconds a hand.
          if (naturals.length < 2) return;
          expect(classValue(naturals, 5 - naturals.length, r)).toBe(referenceValue(hand, r));
        }),
        { numRuns: 200 },
      );
    }, 60_000);
  }
});
