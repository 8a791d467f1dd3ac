import { describe, expect, it } from "vitest";
import { type Card, STANDARD_DECK } from "../cards";
import { seededRandom, shuffleInPlace } from "../seeded-random";
import {
  betMultiplier,
  boxCombinations,
  CATEGORIES,
  evaluateFive,
  PAYING_CATEGORIES,
  type PayTable,
} from "./combinations";
import { bestValue, boxPay, categoryName, handValue, payByStrength } from "./fast-eval";
import { DEFAULT_PAY_TABLE } from "./pay-tables";
import { cards } from "./test-support";

const DEFAULT_PAYS = payByStrength(DEFAULT_PAY_TABLE);

/** Random hands of `size` cards drawn from `deck` (a subset makes dense hands: quads, boats). */
function* randomHands(seed: number, count: number, size: number, deck = STANDARD_DECK) {
  const random = seededRandom(seed);
  const pool = [...deck];
  for (let i = 0; i < count; i++) yield shuffleInPlace(pool, random, size).slice(0, size);
}

/** Few ranks, or one or two suits: hands full of the rare combinations RP-6 is about. */
const DENSE_DECKS: Card[][] = [
  STANDARD_DECK.filter((card) => card >> 2 >= 8), // tens to aces: straights, royals, quads
  STANDARD_DECK.filter((card) => (card & 3) < 2), // two suits: flushes, straight flushes
  STANDARD_DECK.filter((card) => [0, 1, 2, 3, 12].includes(card >> 2)), // wheels
  STANDARD_DECK.filter((card) => [5, 9, 11].includes(card >> 2)), // three ranks: boats, quads
];

/** How the fast path and the reference differ on a hand (empty when they agree). */
function differences(hand: Card[], payTable: PayTable): string[] {
  const reference = boxCombinations(hand, payTable);
  const fast = boxPay(hand, payByStrength(payTable));
  // Value, category, multiplier, and the value again as bestValue (strategies use it) sees it.
  const expected = [
    reference.first.value,
    reference.first.category,
    betMultiplier(reference, payTable),
    reference.first.value,
  ];
  const actual = [fast.value, categoryName(fast.category), fast.multiplier, bestValue(hand)];
  return JSON.stringify(actual) === JSON.stringify(expected)
    ? []
    : [`${hand.join(",")}: fast ${actual} ≠ reference ${expected}`];
}

describe("fast evaluation agrees with combinations.ts", () => {
  it("C-4 five-card values are evaluateFive's, on every category and random hands", () => {
    const examples = [
      "AsKsQsJsTs", // royal flush
      "5d4d3d2dAd", // wheel straight flush
      "9c9d9h9s2c",
      "3c3d3hKsKd",
      "Ah9h7h4h2h",
      "5c4d3h2sAc", // wheel
      "7c7d7hAsKd",
      "AcAdKsKh2c",
      "AcAdKs8h9c", // RP-6's pair + ace-king
      "AcKd8s7h2c", // ace-king
      "QcJd8s7h2c",
    ];
    for (const hand of examples)
      expect(handValue(cards(hand))).toBe(evaluateFive(cards(hand)).value);
    const found: string[] = [];
    for (const hand of randomHands(1, 50_000, 5)) {
      if (handValue(hand) !== evaluateFive(hand).value) found.push(hand.join(","));
    }
    expect(found).toEqual([]);
  }, 60_000);

  it("RP-5/RP-6 pay multipliers are betMultiplier's on five and six cards", () => {
    const found: string[] = [];
    for (const size of [5, 6]) {
      for (const hand of randomHands(2 + size, 4_000, size)) {
        found.push(...differences(hand, DEFAULT_PAY_TABLE));
      }
      for (const [index, deck] of DENSE_DECKS.entries()) {
        for (const hand of randomHands(10 * index + size, 1_000, size, deck)) {
          found.push(...differences(hand, DEFAULT_PAY_TABLE));
        }
      }
    }
    expect(found).toEqual([]);
  }, 60_000);

  it("RP-5 edited pay tables: the second combination is the best-paying one, not the strongest", () => {
    const random = seededRandom(99);
    const found: string[] = [];
    for (let table = 0; table < 12; table++) {
      const payTable = Object.fromEntries(
        PAYING_CATEGORIES.map((category) => [category, random.nextInt(60)]),
      ) as PayTable;
      for (const [index, deck] of [STANDARD_DECK, ...DENSE_DECKS].entries()) {
        for (const hand of randomHands(1000 * table + index, 200, 6, deck)) {
          found.push(
            ...differences(hand, payTable).map((text) => `${text} ${JSON.stringify(payTable)}`),
          );
        }
      }
    }
    expect(found).toEqual([]);
  }, 60_000);

  it("RP-6 worked examples", () => {
    const multiplier = (hand: string) => boxPay(cards(hand), DEFAULT_PAYS).multiplier;
    expect(multiplier("AcAdKs8h9c")).toBe(1 + 1); // pair + ace-king
    expect(multiplier("2c2dAsKh9c")).toBe(1 + 1);
    expect(multiplier("AcAdAhAs7c7d")).toBe(20 + 7); // four aces + full house
    expect(multiplier("AcKdQhJsTc9d")).toBe(4 + 4); // two straights
    expect(multiplier("AsKsQsJsTs9s")).toBe(100 + 50); // royal + straight flush
    expect(multiplier("AcAdAhAs9c")).toBe(20); // quads only
    expect(multiplier("JcJdJh8s8cJs")).toBe(20 + 7); // J-J-J-8-8 + J: 27 bets
    expect(multiplier("QcJd8s7h2c")).toBe(0); // high card never wins
    expect(CATEGORIES[boxPay(cards("QcJd8s7h2c"), DEFAULT_PAYS).category]).toBe("highCard");
  });
});
