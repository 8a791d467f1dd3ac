import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Card, parseCards } from "../cards";
import {
  bestFiveCardHand,
  type Category,
  categoryOf,
  deckOf,
  describeHand,
  evaluateFive,
  type HandRanking,
  handRanking,
  strengthOf,
  type WildCards,
  wildnessOf,
} from ".";
import { referenceValue } from "./wild-reference";

const ranking = (options: {
  deckType?: "52" | "7A";
  wild?: WildCards;
  flushBeatsFullHouse?: boolean;
}) => {
  const result = handRanking(options);
  if (!result.ok) throw new Error(result.message);
  return result.ranking;
};
const PLAIN_7A = ranking({ deckType: "7A" });
const strength = (text: string, r: HandRanking) => strengthOf(evaluateFive(parseCards(text), r), r);
const category = (text: string, r: HandRanking): Category =>
  categoryOf(evaluateFive(parseCards(text), r));
const describe5 = (text: string, r: HandRanking) => {
  const { value, category: c, cards } = bestFiveCardHand(parseCards(text), r);
  return describeHand({ value, category: c, cards });
};

describe("C-3 C-6 the 7–A deck", () => {
  it("C-3 A-7-8-9-T is the lowest straight, T-J-Q-K-A the highest; no wrap-around", () => {
    expect(category("Ac7d8h9sTc", PLAIN_7A)).toBe("straight");
    expect(describe5("Ac7d8h9sTc", PLAIN_7A)).toBe("Straight, ten high");
    expect(strength("Ac7d8h9sTc", PLAIN_7A)).toBeLessThan(strength("7c8d9hTsJc", PLAIN_7A));
    expect(strength("TcJdQhKsAc", PLAIN_7A)).toBeGreaterThan(strength("9cTdJhQsKc", PLAIN_7A));
    // K-A-7-8-9 wraps round: high card.
    expect(category("Kc Ad 7h 8s 9c", PLAIN_7A)).toBe("high-card");
    expect(category("Ah7h8h9hTh", PLAIN_7A)).toBe("straight-flush");
  });

  it("C-6 a flush beats a full house, by default with the 7–A deck", () => {
    expect(PLAIN_7A.flushBeatsFullHouse).toBe(true);
    expect(strength("7h9hJhQhKh", PLAIN_7A)).toBeGreaterThan(strength("AcAdAhKsKc", PLAIN_7A));
    // Still below four of a kind, and a flush is still a flush.
    expect(strength("7h9hJhQhKh", PLAIN_7A)).toBeLessThan(strength("7c7d7h7s8c", PLAIN_7A));
    expect(category("7h9hJhQhKh", PLAIN_7A)).toBe("flush");
  });

  it("C-6 is a table option: turned off, the full house wins again", () => {
    const off = ranking({ deckType: "7A", flushBeatsFullHouse: false });
    expect(strength("7h9hJhQhKh", off)).toBeLessThan(strength("AcAdAhKsKc", off));
    expect(ranking({}).flushBeatsFullHouse).toBe(false);
  });

  it("C-1 the 7–A deck has no sixes: a card below seven is refused", () => {
    expect(() => evaluateFive(parseCards("6c7d8h9sTc"), PLAIN_7A)).toThrow(RangeError);
    expect(handRanking({ deckType: "7A", wild: "deuces" })).toMatchObject({ ok: false });
  });
});

describe("W-1 … W-6 wild cards", () => {
  const JOKER = ranking({ wild: "joker" });
  const TWO_JOKERS = ranking({ wild: "two-jokers" });
  const BUG = ranking({ wild: "bug" });
  const DEUCES = ranking({ wild: "deuces" });
  const DEUCES_JOKER = ranking({ wild: "deuces-joker" });
  const ONE_EYED = ranking({ wild: "one-eyed-jacks" });
  const LOWEST = ranking({ wild: "lowest-card" });

  it("W-1 a joker is fully wild; two jokers are two wild cards", () => {
    expect(deckOf(JOKER)).toHaveLength(53);
    expect(deckOf(TWO_JOKERS)).toHaveLength(54);
    expect(describe5("JkKsQsJsTs", JOKER)).toBe("Royal flush");
    expect(describe5("Jk7c7d2h3s", JOKER)).toBe("Three of a kind, sevens");
    expect(describe5("JkJr9c9d4h", TWO_JOKERS)).toBe("Four of a kind, nines");
    expect(describe5("JkJr9c8d4h", TWO_JOKERS)).toBe("Three of a kind, nines");
    expect(describe5("JkJr9c8d7h", TWO_JOKERS)).toBe("Straight, jack high");
  });

  it("W-2 the bug is an ace, or completes a straight, flush or straight flush", () => {
    expect(describe5("JkKcKd7h3s", BUG)).toBe("Pair of kings"); // not three kings
    expect(evaluateFive(parseCards("JkKcKd7h3s"), BUG)).toBe(
      evaluateFive(parseCards("AcKcKd7h3s"), ranking({})),
    );
    expect(describe5("JkAcAd7h3s", BUG)).toBe("Three of a kind, aces");
    expect(describe5("Jk9cTdJhQs", BUG)).toBe("Straight, king high");
    expect(describe5("Jk2c3d4h5s", BUG)).toBe("Straight, six high");
    expect(describe5("Jk2h7h9hJh", BUG)).toBe("Flush, ace high");
    expect(describe5("JkAh7h9hJh", BUG)).toBe("Flush, ace high");
    expect(describe5("JkKsQsJsTs", BUG)).toBe("Royal flush");
    expect(describe5("JkAcAdAhAs", BUG)).toBe("Five of a kind, aces");
  });

  it("W-3 deuces are wild; a joker may be a fifth wild card", () => {
    expect(describe5("2c2d9h9s4c", DEUCES)).toBe("Four of a kind, nines");
    expect(describe5("2c3d4h5s7c", DEUCES)).toBe("Straight, seven high");
    expect(describe5("2c2d2h2sKc", DEUCES)).toBe("Five of a kind, kings");
    expect(describe5("2c2d2h2sJk", DEUCES_JOKER)).toBe("Five of a kind, aces");
    expect(() => evaluateFive(parseCards("2c2d2h2sJk"), DEUCES)).toThrow(RangeError);
  });

  it("W-4 one-eyed jacks: K♦, J♠ and J♥ are wild, the other kings and jacks are not", () => {
    expect(describe5("KdJsJh9c9d", ONE_EYED)).toBe("Five of a kind, nines");
    expect(describe5("KcJcJd9c9d", ONE_EYED)).toBe("Two pair, jacks and nines");
    expect(describe5("KdKsQsJcTs", ONE_EYED)).toBe("Straight, ace high");
  });

  it("W-5 lowest card wild: every card of a player's lowest rank is wild for him alone", () => {
    // 3-3 are this player's lowest: wild, so K-K-K-K-7.
    expect(describe5("3c3dKhKs7c", LOWEST)).toBe("Four of a kind, kings");
    // The same threes in a hand whose lowest card is a deuce are just threes.
    expect(describe5("2c3d3hKsKc", LOWEST)).toBe("Full house, kings full of threes");
    // The lowest card alone is wild too: 4-7-8-9 + wild = a straight.
    expect(describe5("4c7d8h9sTc", LOWEST)).toBe("Straight, jack high");
  });

  it("W-6 five of a kind ranks above the royal flush", () => {
    const five = strength("JkAcAdAhAs", JOKER);
    const royal = strength("AsKsQsJsTs", JOKER);
    expect(five).toBeGreaterThan(royal);
    expect(strength("Jk2c2d2h2s", JOKER)).toBeGreaterThan(royal);
    expect(category("Jk2c2d2h2s", JOKER)).toBe("five-of-a-kind");
  });

  it("W-6 a wild card takes the value that makes the best hand", () => {
    // Joker + K♠Q♠J♠T♠: four ways to use it (pair of kings, straight, flush), the royal flush is best.
    expect(describe5("JkKsQsJs9s", JOKER)).toBe("Straight flush, king high");
    // With C-6 (7–A deck) the same joker makes a flush rather than a full house.
    const sevenToAceJoker = ranking({ deckType: "7A", wild: "joker" });
    expect(category("JkKhKd9h9d", sevenToAceJoker)).toBe("full-house");
    expect(category("JkKh9h8hJh", sevenToAceJoker)).toBe("flush");
  });
});

// A reference value is category × 16⁵ + five rank digits: the same number as an evaluator value.
describe("the fast wild-card evaluator agrees with the brute-force reference", () => {
  const OPTIONS: [HandRanking["deckType"], WildCards][] = [
    ["52", "joker"],
    ["52", "two-jokers"],
    ["52", "bug"],
    ["52", "deuces"],
    ["52", "deuces-joker"],
    ["52", "one-eyed-jacks"],
    ["52", "lowest-card"],
    ["7A", "none"],
    ["7A", "joker"],
    ["7A", "two-jokers"],
    ["7A", "bug"],
    ["7A", "lowest-card"],
  ];
  for (const [deck, wild] of OPTIONS) {
    const r = ranking({ deckType: deck, wild });
    const cards = deckOf(r);
    it(`W-6 C-3 C-6 ${deck} ${wild}: the same value on random hands`, () => {
      fc.assert(
        fc.property(fc.shuffledSubarray(cards, { minLength: 5, maxLength: 5 }), (hand: Card[]) => {
          expect(evaluateFive(hand, r)).toBe(referenceValue(hand, r));
        }),
        { numRuns: 300 },
      );
    });
    const wildCards = cards.filter((_, i) => wildnessOf(cards, wild)[i]);
    if (wild === "lowest-card" || wildCards.length < 2) continue;
    // Up to 3 wild cards: a brute force over 4 or 5 takes seconds a hand (the census test covers them).
    it(`W-6 ${deck} ${wild}: the same value on hands holding 2 or 3 wild cards`, () => {
      const naturals = cards.filter((card) => !wildCards.includes(card));
      const handWithWilds = fc
        .integer({ min: 2, max: Math.min(3, wildCards.length) })
        .chain((k) =>
          fc.tuple(
            fc.shuffledSubarray(wildCards, { minLength: k, maxLength: k }),
            fc.shuffledSubarray(naturals, { minLength: 5 - k, maxLength: 5 - k }),
          ),
        );
      fc.assert(
        fc.property(handWithWilds, ([wilds, rest]) => {
          const hand = [...wilds, ...rest];
          expect(evaluateFive(hand, r)).toBe(referenceValue(hand, r));
        }),
        { numRuns: 40 },
      );
    });
  }
});
