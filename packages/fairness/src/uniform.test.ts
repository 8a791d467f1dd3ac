import { describe, expect, it } from "vitest";
import { uniformInt, uniformInts } from "./uniform";

describe("uniformInts: bounded integers from the CSPRNG", () => {
  it("gives one integer per bound, each in [0, bound)", () => {
    const bounds = [1, 2, 3, 52, 2 ** 32, 7];
    const ints = uniformInts(bounds);
    expect(ints).toHaveLength(bounds.length);
    ints.forEach((n, k) => {
      expect(Number.isInteger(n)).toBe(true);
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThan(bounds[k] as number);
    });
    expect(uniformInts([])).toEqual([]);
  });

  it("refuses a bound that is not an integer in [1, 2^32]", () => {
    for (const bad of [0, -1, 1.5, 2 ** 32 + 1, Number.NaN]) {
      expect(() => uniformInts([bad])).toThrow(RangeError);
    }
  });

  it("is unbiased: a bound of 3 (which 2^32 is not a multiple of) lands evenly", () => {
    const counts = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) {
      const n = uniformInt(3);
      counts[n] = (counts[n] ?? 0) + 1;
    }
    // Chi-square with 2 degrees of freedom; 13.8 is the 0.1% critical value.
    const chi2 = counts.reduce((sum, n) => sum + (n - 10_000) ** 2 / 10_000, 0);
    expect(chi2).toBeLessThan(13.8);
  });
});
