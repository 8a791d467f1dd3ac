import { describe, expect, it } from "vitest";
import { parseCards } from "../cards";
import { bestHand, bestOmahaHand, categoryOf, describeHand, evaluate, isRoyal } from ".";

const value = (text: string): number => evaluate(parseCards(text));

describe("hand evaluator: rules", () => {
  it("C-2 categories from royal flush down to high card", () => {
    expect(categoryOf(value("AsKsQsJsTs"))).toBe("straight-flush");
    expect(isRoyal(value("AsKsQsJsTs"))).toBe(true);
    expect(isRoyal(value("KsQsJsTs9s"))).toBe(false);
    expect(categoryOf(value("9c9d9h9s2c"))).toBe("four-of-a-kind");
    expect(categoryOf(value("9c9d9h2s2c"))).toBe("full-house");
    expect(categoryOf(value("Ah9h7h4h2h"))).toBe("flush");
    expect(categoryOf(value("9c8d7h6s5c"))).toBe("straight");
    expect(categoryOf(value("9c9d9h3s2c"))).toBe("three-of-a-kind");
    expect(categoryOf(value("9c9d3h3s2c"))).toBe("two-pair");
    expect(categoryOf(value("9c9d4h3s2c"))).toBe("one-pair");
    expect(categoryOf(value("Kc9d4h3s2c"))).toBe("high-card");
  });

  it("C-2 each category beats the next", () => {
    const ladder = [
      "AsKsQsJsTs",
      "KsQsJsTs9s",
      "2c2d2h2s3c",
      "2c2d2h3s3c",
      "Ah9h7h4h2h",
      "AcKdQhJsTc",
      "5c4d3h2sAc",
    ];
    ladder.push("AcAdAhKsQc", "AcAdKhKsQc", "AcAdKhQsJc", "AcKdQhJs9c");
    for (let i = 1; i < ladder.length; i++) {
      expect(value(ladder[i - 1] as string)).toBeGreaterThan(value(ladder[i] as string));
    }
  });

  it("C-3 the wheel A-2-3-4-5 is the lowest straight, T-J-Q-K-A the highest", () => {
    const wheel = value("Ac2d3h4s5c");
    expect(categoryOf(wheel)).toBe("straight");
    expect(value("2c3d4h5s6c")).toBeGreaterThan(wheel);
    expect(value("AcKdQhJsTc")).toBeGreaterThan(value("KcQdJhTs9c"));
    expect(wheel).toBeGreaterThan(value("AcAdAhKsQc")); // a straight still beats trips
    expect(categoryOf(value("Ah2h3h4h5h"))).toBe("straight-flush");
    expect(value("2h3h4h5h6h")).toBeGreaterThan(value("Ah2h3h4h5h"));
  });

  it("C-3 no wrap-around: Q-K-A-2-3 is not a straight", () => {
    expect(categoryOf(value("QcKdAh2s3c"))).toBe("high-card");
    expect(categoryOf(value("KcAd2h3s4c"))).toBe("high-card");
    expect(categoryOf(value("QhKhAh2h3h"))).toBe("flush");
    expect(categoryOf(value("QcKdAh2s3c8d6h"))).toBe("high-card");
    expect(categoryOf(value("JcQcKcAc2c3c4d"))).toBe("flush");
  });

  it("C-4 5-5-4-3-2 beats 4-4-A-K-Q", () => {
    expect(value("5c5d4h3s2c")).toBeGreaterThan(value("4c4dAhKsQc"));
  });

  it("C-4 5-5-Q-3-2 beats 5-5-J-T-9", () => {
    expect(value("5c5dQh3s2c")).toBeGreaterThan(value("5h5sJhTs9c"));
  });

  it("C-4 A-A-2-2-3 beats K-K-Q-Q-A", () => {
    expect(value("AcAd2h2s3c")).toBeGreaterThan(value("KcKdQhQsAc"));
  });

  it("C-4 3-3-3-2-2 beats 2-2-2-A-A", () => {
    expect(value("3c3d3h2s2c")).toBeGreaterThan(value("2d2h2sAcAd"));
  });

  it("C-4 kickers high to low, identical rank patterns split (no suit ranks above another, C-1)", () => {
    expect(value("AcKdQhJs9c")).toBeGreaterThan(value("AcKdQhJs8c"));
    expect(value("AcAdKhQs3c")).toBeGreaterThan(value("AhAsKcQd2c"));
    expect(value("KcKdKhKs3c")).toBeGreaterThan(value("KcKdKhKs2c"));
    expect(value("AcKdQhJs9c")).toBe(value("AdKhQsJc9d"));
    expect(value("Ah9h7h4h2h")).toBe(value("As9s7s4s2s"));
    expect(value("9c8d7h6s5c")).toBe(value("9d8h7s6c5d"));
  });

  it("C-5 a 7-card hand plays its best five", () => {
    // Trips plus a straight: the straight plays.
    expect(categoryOf(value("7c7d7h8s9cTdJh"))).toBe("straight");
    // Two trips make a full house with the higher trips on top.
    const twoTrips = bestHand(parseCards("7c7d7h9s9c9d2h"));
    expect(twoTrips.category).toBe("full-house");
    expect(twoTrips.cards.map((c) => c >> 2)).toEqual([7, 7, 7, 5, 5]);
    // Three pairs: the third pair's rank can be the kicker.
    expect(value("AcAdKhKsQcQd2h")).toBe(value("AcAdKhKsQc"));
    // A sixth and seventh card that do not help change nothing.
    expect(value("AhKhQhJhTh2c3d")).toBe(value("AhKhQhJhTh"));
    // Six suited cards: the best five of the suit.
    expect(value("Ah9h7h4h3h2hKc")).toBe(value("Ah9h7h4h3h"));
    // A straight flush hidden inside a longer flush.
    expect(categoryOf(value("2h3h4h5h6hAhKd"))).toBe("straight-flush");
    expect(value("2h3h4h5h6h7h8c")).toBe(value("3h4h5h6h7h"));
    expect(evaluate(parseCards("AcKd5h4s3c2d"))).toBe(value("5h4s3c2dAc"));
  });

  it("C-5 bestHand lists the cards that play by significance", () => {
    const trips = bestHand(parseCards("7c7d7h2sKcQd4h"));
    expect(trips.cards.map((c) => c >> 2)).toEqual([5, 5, 5, 11, 10]);
    const wheel = bestHand(parseCards("Ac2d3h4s5cKdKh"));
    expect(wheel.category).toBe("straight");
    expect(wheel.cards.map((c) => c >> 2)).toEqual([3, 2, 1, 0, 12]);
    const flush = bestHand(parseCards("Ah9h7h4h2hAs9s"));
    expect(flush.cards).toEqual(parseCards("Ah9h7h4h2h"));
  });

  it("C-5 Omaha plays exactly two hole cards and three board cards", () => {
    // Four hearts on the board and one in hand: no flush.
    const noFlush = bestOmahaHand(parseCards("Ah Kc 7d 2s"), parseCards("Qh Jh 9h 3h 8c"));
    expect(noFlush.category).not.toBe("flush");
    expect(noFlush.category).toBe("high-card");
    // Two hearts in hand and three on board: a flush.
    expect(bestOmahaHand(parseCards("Ah Kh 7d 2s"), parseCards("Qh Jh 9h 3c 8c")).category).toBe(
      "flush",
    );
    // Board pair plus hole pair: two pair, not a full house or quads.
    const twoPair = bestOmahaHand(parseCards("9c 9d 5h 4s"), parseCards("Kh Kd 2c 7s Jd"));
    expect(twoPair.category).toBe("two-pair");
    expect(twoPair.cards.map((c) => c >> 2)).toEqual([11, 11, 7, 7, 9]);
    // Four aces on the board: only three of them play, with a hole pair.
    const board4 = bestOmahaHand(parseCards("Kc Kd Qd Js"), parseCards("Ah Ad As Ac 2c"));
    expect(board4.category).toBe("full-house");
    expect(board4.cards.map((c) => c >> 2)).toEqual([12, 12, 12, 11, 11]);
    // Five board cards to a straight do not play by themselves.
    expect(bestOmahaHand(parseCards("2c 2d 3h 3s"), parseCards("Tc Jd Qh Ks Ac")).category).toBe(
      "one-pair",
    );
    const omaha6 = bestOmahaHand(parseCards("2c 2d 3h 3s Ac Kc"), parseCards("Qc Jc Tc 7d 8d"));
    expect(isRoyal(omaha6.value)).toBe(true);
  });

  it("describeHand names hands for the UI", () => {
    const name = (text: string): string => describeHand(bestHand(parseCards(text)));
    expect(name("KcKd7h7s2c")).toBe("Two pair, kings and sevens");
    expect(name("AsKsQsJsTs")).toBe("Royal flush");
    expect(name("5s4s3s2sAs")).toBe("Straight flush, five high");
    expect(name("6c6d6h6s2c")).toBe("Four of a kind, sixes");
    expect(name("KcKdKh7s7c")).toBe("Full house, kings full of sevens");
    expect(name("Ah9h7h4h2h")).toBe("Flush, ace high");
    expect(name("9c8d7h6s5c")).toBe("Straight, nine high");
    expect(name("QcQdQh3s2c")).toBe("Three of a kind, queens");
    expect(name("JcJd4h3s2c")).toBe("Pair of jacks");
    expect(name("Kc9d4h3s2c")).toBe("High card, king");
  });

  it("rejects malformed input as a programming error", () => {
    expect(() => evaluate(parseCards("AcKdQh"))).toThrow(RangeError);
    expect(() => evaluate(parseCards("AcAcQhJs9c"))).toThrow(RangeError);
    expect(() => evaluate([1, 2, 3, 4, 52])).toThrow(RangeError);
  });
});
