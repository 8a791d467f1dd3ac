import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isRakeRule, rakeOf, shareRake } from "./rake";

const rule = (basisPoints: number, cap: number) => ({ basisPoints, cap, noFlopNoDrop: true });

describe("rake arithmetic", () => {
  it("T-10 a percentage of the pot, rounded down to a whole chip", () => {
    expect(rakeOf(100, rule(500, 1000))).toBe(5);
    expect(rakeOf(39, rule(500, 1000))).toBe(1);
    expect(rakeOf(19, rule(500, 1000))).toBe(0);
    expect(rakeOf(0, rule(500, 1000))).toBe(0);
  });

  it("T-10 never more than the cap", () => {
    expect(rakeOf(1000, rule(500, 3))).toBe(3);
    expect(rakeOf(1000, rule(10_000, 0))).toBe(0);
  });

  it("stays exact for the largest safe totals", () => {
    const total = Number.MAX_SAFE_INTEGER;
    expect(rakeOf(total, rule(10_000, total))).toBe(total);
    expect(rakeOf(total, rule(1, total))).toBe(Number((BigInt(total) * 1n) / 10_000n));
    expect(rakeOf(total, rule(9_999, total))).toBe(Number((BigInt(total) * 9_999n) / 10_000n));
  });

  it("T-10 Decision: shared between the pots in proportion to their size, the rounding from the largest", () => {
    // 11 of 110: 30/110 → 3, 80/110 → 8.
    expect(shareRake([30, 80], 11)).toEqual([3, 8]);
    // 5 of 103: 0, 3 (3.88 rounded down) and 0 (0.97); the 2 left by rounding come from the largest.
    expect(shareRake([3, 80, 20], 5)).toEqual([0, 5, 0]);
    expect(shareRake([3, 80], 0)).toEqual([0, 0]);
    expect(shareRake([50, 50], 7)).toEqual([4, 3]);
  });

  it("T-10 a share never takes more than its pot holds, and the shares add up to the rake", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 9 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (amounts, fraction) => {
          const total = amounts.reduce((a, b) => a + b, 0);
          const rake = Math.floor(total * fraction);
          const shares = shareRake(amounts, rake);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(rake);
          shares.forEach((share, k) => {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(amounts[k] as number);
          });
        },
      ),
    );
  });

  it("accepts only whole basis points 0–10000 and a whole-chip cap", () => {
    expect(isRakeRule(rule(500, 3))).toBe(true);
    for (const bad of [
      rule(-1, 3),
      rule(10_001, 3),
      rule(2.5, 3),
      rule(500, -1),
      rule(500, 1.5),
      { basisPoints: 500, cap: 3 },
      null,
      "5%",
    ]) {
      expect(isRakeRule(bad)).toBe(false);
    }
  });
});
