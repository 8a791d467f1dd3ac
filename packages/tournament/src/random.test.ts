import { seededInts } from "@felt/fairness/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shuffle, shuffleBounds } from "./random";

describe("shuffling with the caller's integers", () => {
  it("MT-4 asks for one bounded integer per Fisher–Yates step", () => {
    expect(shuffleBounds(4)).toEqual([4, 3, 2]);
    expect(shuffleBounds(1)).toEqual([]);
  });

  it("MT-4 all zeros keep the order; the integers decide the permutation", () => {
    expect(shuffle(["a", "b", "c"], [0, 0])).toEqual({ ok: true, items: ["a", "b", "c"] });
    expect(shuffle(["a", "b", "c"], [2, 0])).toEqual({ ok: true, items: ["c", "b", "a"] });
  });

  it.each([
    ["too few", [0]],
    ["too many", [0, 0, 0]],
    ["out of range", [3, 0]],
    ["negative", [-1, 0]],
    ["fractional", [0.5, 0]],
  ])("MT-4 refuses %s integers", (_name, ints) => {
    expect(shuffle(["a", "b", "c"], ints)).toMatchObject({
      ok: false,
      error: { code: "bad_randomness" },
    });
  });

  it("MT-4 every list of valid integers gives a permutation", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer(), (n, seed) => {
        const items = Array.from({ length: n }, (_, i) => i);
        const result = shuffle(items, seededInts(seed, shuffleBounds(n)));
        expect(result.ok).toBe(true);
        if (result.ok) expect(result.items.slice().sort((a, b) => a - b)).toEqual(items);
      }),
    );
  });
});
