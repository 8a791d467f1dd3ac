import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BASIS_POINTS_TOTAL,
  bracketFor,
  paidPlaces,
  payoutAmounts,
  prizePool,
  validatePayoutTable,
} from "./payouts";
import { payouts } from "./test-support";

describe("payout tables", () => {
  it("MT-2 a table covers every field size from 2 up", () => {
    expect(validatePayoutTable(payouts).ok).toBe(true);
    expect(paidPlaces(payouts, 2)).toBe(1);
    expect(paidPlaces(payouts, 12)).toBe(2);
    expect(paidPlaces(payouts, 13)).toBe(3);
    expect(paidPlaces(payouts, 100_000)).toBe(7);
  });

  const bracket = (minEntries: number, maxEntries: number | null, basisPoints: number[]) => ({
    minEntries,
    maxEntries,
    basisPoints,
  });
  it.each([
    ["no brackets", []],
    ["a gap", [bracket(2, 5, [10_000]), bracket(7, null, [10_000])]],
    ["an overlap", [bracket(2, 5, [10_000]), bracket(5, null, [10_000])]],
    ["a closed last bracket", [bracket(2, 5, [10_000])]],
    ["a first bracket starting at 3", [bracket(3, null, [10_000])]],
    ["percentages not summing to 100", [bracket(2, null, [6_000, 3_000])]],
    ["a place paying more than the one above", [bracket(2, null, [4_000, 6_000])]],
    ["a zero share", [bracket(2, null, [10_000, 0])]],
    ["fractional basis points", [bracket(2, null, [5_000.5, 4_999.5])]],
    ["more places than players", [bracket(2, null, [5_000, 3_000, 2_000])]],
  ])("MT-2 rejects %s", (_name, brackets) => {
    expect(validatePayoutTable({ brackets })).toMatchObject({
      ok: false,
      error: { code: "invalid_payout_table" },
    });
  });

  it("MT-2 bracketFor says when a field is not covered", () => {
    expect(bracketFor(payouts, 1)).toMatchObject({
      ok: false,
      error: { code: "no_payout_bracket" },
    });
  });
});

describe("the prize pool", () => {
  it("MT-2 entries × prize part plus rebuys and add-ons", () => {
    const pool = prizePool({
      entries: 50,
      prizePerEntry: 100,
      rebuys: 7,
      prizePerRebuy: 100,
      addOns: 20,
      prizePerAddOn: 50,
      guarantee: 0,
    });
    expect(pool).toEqual({ collected: 6_700, pool: 6_700, overlay: 0 });
  });

  it("MT-2 the guarantee is a floor: the overlay makes up the difference", () => {
    const pool = prizePool({
      entries: 20,
      prizePerEntry: 100,
      rebuys: 0,
      prizePerRebuy: 0,
      addOns: 0,
      prizePerAddOn: 0,
      guarantee: 5_000,
    });
    expect(pool).toEqual({ collected: 2_000, pool: 5_000, overlay: 3_000 });
  });
});

describe("payouts by place", () => {
  it("MT-2 rounds each place down and gives the odd units to first place", () => {
    expect(payoutAmounts(1_001, [5_000, 3_000, 2_000])).toEqual([501, 300, 200]);
    expect(payoutAmounts(7, [3_334, 3_333, 3_333])).toEqual([3, 2, 2]);
    expect(payoutAmounts(0, [6_500, 3_500])).toEqual([0, 0]);
  });

  it("MT-2 stays exact for pools beyond 2^53 / 10 000", () => {
    const pool = Number.MAX_SAFE_INTEGER;
    const amounts = payoutAmounts(pool, [6_000, 4_000]);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(pool);
  });

  it("MT-2 MT-7 payouts sum exactly to the pool and never increase by place (property)", () => {
    const shares = fc
      .array(fc.integer({ min: 1, max: 1_000 }), { minLength: 1, maxLength: 50 })
      .map((weights) => {
        // Turn weights into non-increasing basis points summing to 10 000.
        const sorted = weights.slice().sort((a, b) => b - a);
        const total = sorted.reduce((a, b) => a + b, 0);
        const bp = sorted.map((w) => Math.max(1, Math.floor((w * BASIS_POINTS_TOTAL) / total)));
        let excess = bp.reduce((a, b) => a + b, 0) - BASIS_POINTS_TOTAL;
        for (let i = bp.length - 1; excess > 0 && i >= 0; i--) {
          const cut = Math.min(excess, (bp[i] as number) - 1);
          bp[i] = (bp[i] as number) - cut;
          excess -= cut;
        }
        bp[0] = (bp[0] as number) + BASIS_POINTS_TOTAL - bp.reduce((a, b) => a + b, 0);
        return bp.sort((a, b) => b - a);
      });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), shares, (pool, bp) => {
        const amounts = payoutAmounts(pool, bp);
        expect(amounts.reduce((a, b) => a + b, 0)).toBe(pool);
        for (let i = 1; i < amounts.length; i++) {
          expect(amounts[i] as number).toBeLessThanOrEqual(amounts[i - 1] as number);
        }
        expect(amounts.every((a) => Number.isSafeInteger(a) && a >= 0)).toBe(true);
      }),
    );
  });
});
