import { describe, expect, it } from "vitest";
import { formatCards } from "../cards";
import {
  bestHand,
  betMultiplier,
  bonusCategory,
  boxCombinations,
  compareHands,
  evaluateFive,
  hasGame,
} from "./combinations";
import { DEFAULT_PAY_TABLE } from "./pay-tables";
import { cards } from "./test-support";

const evaluate = (text: string) => evaluateFive(cards(text));
const combos = (text: string) => {
  const found = boxCombinations(cards(text), DEFAULT_PAY_TABLE);
  return {
    first: found.first.category,
    second: found.second?.category ?? null,
    multiplier: betMultiplier(found, DEFAULT_PAY_TABLE),
  };
};

describe("Russian poker combinations", () => {
  it("RP-5 ranks the categories, ace-king above high card and below one pair", () => {
    const ladder = [
      "AcQd9h5s3c", // high card
      "AcKd9h5s3c", // ace-king
      "2c2d9h5s3c", // one pair
      "2c2d3h3s9c", // two pair
      "2c2d2h5s9c", // three of a kind
      "As2d3h4s5c", // straight (wheel)
      "2c5c7c9cJc", // flush
      "2c2d2h3s3c", // full house
      "2c2d2h2s3c", // four of a kind
      "9sTsJsQsKs", // straight flush
      "TsJsQsKsAs", // royal flush
    ].map(evaluate);
    expect(ladder.map((hand) => hand.category)).toEqual([
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
    ]);
    for (let i = 1; i < ladder.length; i++) {
      expect(compareHands(ladder[i] as never, ladder[i - 1] as never)).toBe(1);
    }
  });

  it("RP-5 ace-king needs both an ace and a king and no pair", () => {
    expect(evaluate("AcKd9h5s3c").category).toBe("aceKing");
    expect(evaluate("AcKdKh5s3c").category).toBe("onePair");
    expect(evaluate("AcQdJh5s3c").category).toBe("highCard");
    expect(evaluate("TcJdQhKsAc").category).toBe("straight");
  });

  it("C-4 comparisons from the text, with ace-king compared by its kickers", () => {
    const higher = (a: string, b: string) => compareHands(evaluate(a), evaluate(b));
    expect(higher("5c5d4h3s2c", "4c4dAhKsQc")).toBe(1);
    expect(higher("5c5dQh3s2c", "5h5sJhTs9c")).toBe(1);
    expect(higher("AcAd2h2s3c", "KcKdQhQsAc")).toBe(1);
    expect(higher("3c3d3h2s2c", "2c2d2hAsAc")).toBe(1);
    expect(higher("TcJdQhKsAc", "As2d3h4s5c")).toBe(1);
    expect(higher("AcKdQh5s3c", "AhKsJh9s8c")).toBe(1);
    expect(higher("AcKdQh5s3c", "AhKsQd5h3d")).toBe(0);
  });

  it("C-3 the wheel is the lowest straight and reads 5-high", () => {
    const wheel = evaluate("As2d3h4s5c");
    expect(formatCards(wheel.cards)).toBe("5c4s3h2dAs");
    expect(compareHands(wheel, evaluate("2c3d4h5s6c"))).toBe(-1);
    expect(evaluate("QcKdAh2s3c").category).toBe("aceKing");
  });

  it("RP-7 the dealer has a game with ace-king or better, not with ace-queen", () => {
    expect(hasGame(evaluate("AcKd9h5s3c"))).toBe(true);
    expect(hasGame(evaluate("2c2d9h5s3c"))).toBe(true);
    expect(hasGame(evaluate("AcQd9h5s3c"))).toBe(false);
    expect(hasGame(evaluate("KcQd9h5s3c"))).toBe(false);
  });

  it("C-5 six cards play their best five", () => {
    expect(bestHand(cards("AcAdAhAs7c7d")).category).toBe("fourOfAKind");
    expect(bestHand(cards("2c5c7c9cJc2d")).category).toBe("flush");
  });
});

describe("RP-6 two combinations", () => {
  it("RP-6 A-A-K-8-9 = pair + ace-king (1+1)", () => {
    expect(combos("AcAdKs8h9c")).toEqual({ first: "onePair", second: "aceKing", multiplier: 2 });
  });

  it("RP-6 2-2-A-K-9 = pair + ace-king (1+1)", () => {
    expect(combos("2c2dAsKh9c")).toEqual({ first: "onePair", second: "aceKing", multiplier: 2 });
  });

  it("RP-6 A-A-A-A-7-7 = four aces + full house A-A-A-7-7 (20+7)", () => {
    expect(combos("AcAdAhAs7c7d")).toEqual({
      first: "fourOfAKind",
      second: "fullHouse",
      multiplier: 27,
    });
  });

  it("RP-6 A-K-Q-J-T-9 = two straights (4+4)", () => {
    expect(combos("AcKdQhJsTc9d")).toEqual({
      first: "straight",
      second: "straight",
      multiplier: 8,
    });
  });

  it("RP-6 A-K-Q-J-T-9 all one suit = royal + straight flush (100+50)", () => {
    expect(combos("AsKsQsJsTs9s")).toEqual({
      first: "royalFlush",
      second: "straightFlush",
      multiplier: 150,
    });
  });

  it("RP-6 A-A-A-A-9 is only four of a kind (trips A-A-A use no new card)", () => {
    expect(combos("AcAdAhAs9c")).toEqual({ first: "fourOfAKind", second: null, multiplier: 20 });
  });

  it("RP-6 J-J-J-8-8 + sixth card J = four jacks + full house = 27 bets", () => {
    expect(combos("JcJdJh8s8cJs")).toEqual({
      first: "fourOfAKind",
      second: "fullHouse",
      multiplier: 27,
    });
  });

  it("RP-6 Decision: a five-card combination leaves no card for a second one", () => {
    expect(combos("KcKdKh8s8c").second).toBeNull();
    expect(combos("TcJdQhKsAc").second).toBeNull();
    expect(combos("AcKd9h5s3c")).toEqual({ first: "aceKing", second: null, multiplier: 1 });
  });

  it("RP-6 Decision: the second combination is the highest-paying one with a card outside the first", () => {
    // Two pair A-A-K-K (forming 4 cards) + two pair A-A-Q-Q using the queens.
    expect(combos("AcAdKhKsQcQd")).toEqual({ first: "twoPair", second: "twoPair", multiplier: 4 });
    // Two sets: full house K-K-K-Q-Q + full house Q-Q-Q-K-K (the third queen is new).
    expect(combos("KcKdKhQsQcQd")).toEqual({
      first: "fullHouse",
      second: "fullHouse",
      multiplier: 14,
    });
    // Ace-king may reuse the ace of the first combination, as in A-A-K-8-9.
    expect(combos("AcAdAhAsKc")).toEqual({
      first: "fourOfAKind",
      second: "aceKing",
      multiplier: 21,
    });
    // A straight with a paired card: the other seven makes a second straight.
    expect(combos("7c7d8h9sTcJd")).toEqual({
      first: "straight",
      second: "straight",
      multiplier: 8,
    });
  });

  it("RP-6 the second combination follows an edited pay table", () => {
    const table = { ...DEFAULT_PAY_TABLE, twoPair: 9 };
    const found = boxCombinations(cards("AcAdAhAs7c7d"), table);
    expect(found.second?.category).toBe("twoPair");
    expect(betMultiplier(found, table)).toBe(29);
  });
});

describe("RP-2 bonus combinations", () => {
  it("RP-2 names the bonus combination of the first five cards", () => {
    expect(bonusCategory(cards("TsJsQsKsAs"))).toBe("royalFlush");
    expect(bonusCategory(cards("9sTsJsQsKs"))).toBe("straightFlush");
    expect(bonusCategory(cards("2c2d2h2s3c"))).toBe("fourOfAKind");
    expect(bonusCategory(cards("2c2d2h3s3c"))).toBe("fullHouse");
    expect(bonusCategory(cards("2c5c7c9cJc"))).toBe("flush");
    expect(bonusCategory(cards("As2d3h4s5c"))).toBe("straight");
    expect(bonusCategory(cards("7c7d7hKs3c"))).toBe("threeSevens");
    expect(bonusCategory(cards("7c7dKhKs3c"))).toBe("sevensAndAnotherPair");
    expect(bonusCategory(cards("8c8d8hKs3c"))).toBeNull();
    expect(bonusCategory(cards("8c8dKhKs3c"))).toBeNull();
    expect(bonusCategory(cards("7c7dKhQs3c"))).toBeNull();
  });
});
