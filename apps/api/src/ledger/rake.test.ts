import { describe, expect, it } from "vitest";
import { rakeFor } from "./rake";

const fivePercentCap30 = { rakeBasisPoints: 500, rakeCap: 30, noFlopNoDrop: true };

describe("rake (T-10)", () => {
  it("T-10 takes the percentage, rounded down to whole chips", () => {
    expect(rakeFor(100, fivePercentCap30, true)).toBe(5);
    expect(rakeFor(119, fivePercentCap30, true)).toBe(5);
    expect(rakeFor(19, fivePercentCap30, true)).toBe(0);
  });

  it("T-10 never takes more than the cap", () => {
    expect(rakeFor(10_000, fivePercentCap30, true)).toBe(30);
  });

  it("T-10 no flop, no drop", () => {
    expect(rakeFor(10_000, fivePercentCap30, false)).toBe(0);
    expect(rakeFor(10_000, { ...fivePercentCap30, noFlopNoDrop: false }, false)).toBe(30);
  });

  it("T-10 a zero cap or zero rate takes nothing", () => {
    expect(rakeFor(10_000, { ...fivePercentCap30, rakeCap: 0 }, true)).toBe(0);
    expect(rakeFor(10_000, { ...fivePercentCap30, rakeBasisPoints: 0 }, true)).toBe(0);
  });

  it("refuses pots that are not whole chips", () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => rakeFor(bad, fivePercentCap30, true)).toThrow(RangeError);
    }
  });
});
