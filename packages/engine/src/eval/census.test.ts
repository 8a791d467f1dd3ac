import { describe, expect, it } from "vitest";
import type { Card } from "../cards";
import {
  CATEGORIES,
  type StandardCategory as Category,
  categoryOf,
  countHandsByCategory,
  evaluate,
} from ".";

/** The textbook counts of the 2,598,960 five-card hands (C-2). */
const FIVE_CARD_COUNTS: Record<Category, number> = {
  "straight-flush": 40,
  "four-of-a-kind": 624,
  "full-house": 3744,
  flush: 5108,
  straight: 10200,
  "three-of-a-kind": 54912,
  "two-pair": 123552,
  "one-pair": 1098240,
  "high-card": 1302540,
};

describe("hand evaluator: exhaustive five-card census", () => {
  it("C-2 C-4 every 5-card hand: exact category counts and 7,462 distinct values", () => {
    const counts = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
    const values = new Set<number>();
    const five: Card[] = [0, 0, 0, 0, 0];
    let total = 0;
    for (let a = 0; a < 52; a++) {
      five[0] = a;
      for (let b = a + 1; b < 52; b++) {
        five[1] = b;
        for (let c = b + 1; c < 52; c++) {
          five[2] = c;
          for (let d = c + 1; d < 52; d++) {
            five[3] = d;
            for (let e = d + 1; e < 52; e++) {
              five[4] = e;
              const value = evaluate(five);
              counts[categoryOf(value) as Category]++;
              values.add(value);
              total++;
            }
          }
        }
      }
    }
    expect(total).toBe(2598960);
    expect(counts).toEqual(FIVE_CARD_COUNTS);
    // Identical rank patterns split, different ones never do (C-4): the known number of classes.
    expect(values.size).toBe(7462);
  });

  it("C-2 countHandsByCategory(5) gives the same counts", () => {
    expect(countHandsByCategory(5)).toEqual(FIVE_CARD_COUNTS);
  });

  it("rejects a census of a size it cannot count", () => {
    expect(() => countHandsByCategory(4)).toThrow(RangeError);
    expect(() => countHandsByCategory(8)).toThrow(RangeError);
  });
});
