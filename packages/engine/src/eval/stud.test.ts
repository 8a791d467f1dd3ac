import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCards } from "../cards";
import { bestStudHand, lowestRank } from "./stud";
import { categoryNumberOf } from "./value";
import { categoryOfReference, classValue, compareValues } from "./wild-reference";

const STANDARD = { deckType: "52", wild: "none", flushBeatsFullHouse: false } as const;

/** The reference: every five of the cards, the wild rank's cards replaced by every card (wild-reference.ts). */
function referenceBest(cards: readonly number[], wildRank: number): number {
  let best = -1;
  const memo = new Map<number, number>();
  const n = cards.length;
  for (let kept = 0; kept < 1 << n; kept++) {
    const five = cards.filter((_, i) => (kept >> i) & 1);
    if (five.length !== 5) continue;
    const naturals = five.filter((c) => c >> 2 !== wildRank);
    const value = classValue(naturals, 5 - naturals.length, STANDARD, memo);
    if (best < 0 || compareValues(value, best, false) > 0) best = value;
  }
  return best;
}

describe("ST-7 stud hands with the low hole card wild", () => {
  it("ST-7 the lowest down card's rank, and every card of it in the hand, is wild: the reference search agrees on the category", () => {
    const hand = fc.shuffledSubarray(
      Array.from({ length: 52 }, (_, i) => i),
      { minLength: 7, maxLength: 7 },
    );
    fc.assert(
      fc.property(hand, (cards) => {
        const down = [cards[0], cards[1], cards[6]] as number[];
        const wildRank = lowestRank(down);
        const ours = bestStudHand(cards, wildRank);
        expect(categoryNumberOf(ours.value)).toBe(
          categoryOfReference(referenceBest(cards, wildRank)),
        );
        expect(ours.cards).toHaveLength(5);
        for (const card of ours.cards) expect(cards).toContain(card);
      }),
      { numRuns: 300 },
    );
  });

  it("ST-7 C-2 W-6 five of a kind beats a straight flush; the wild rank is the player's own", () => {
    // Down 3c 9d Qs: threes wild; up As Ah Ad 3h: three aces and two threes make five aces.
    const five = bestStudHand(parseCards("3c9dQsAsAhAd3h"), lowestRank(parseCards("3c9dQs")));
    expect(five.category).toBe("five-of-a-kind");
    const flush = bestStudHand(parseCards("9h8h7h6h5h2c2d"), null);
    expect(five.value).toBeGreaterThan(flush.value);
    expect(flush.category).toBe("straight-flush");
    // Without the option, the same cards are three aces and a pair of threes.
    expect(bestStudHand(parseCards("3c9dQsAsAhAd3h"), null).category).toBe("full-house");
  });
});
