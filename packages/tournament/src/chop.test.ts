import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ChopMethod, type ChopSeat, icmEquities, MAX_CHOP_PLAYERS, proposeChop } from "./chop";

const seatsOf = (...chips: number[]): ChopSeat[] =>
  chips.map((c, i) => ({ playerId: `p${i}`, entry: 1, chips: c }));

const amountsOf = (method: ChopMethod, chips: number[], prizes: number[]) => {
  const chop = proposeChop(method, seatsOf(...chips), prizes);
  if (!chop.ok) throw new Error(chop.error.message);
  return chop.shares.map((s) => s.amount);
};

/** ICM the slow way, independent of the subset walk: every order of finish, weighted. */
function icmByPermutations(chips: number[], prizes: number[]): number[] {
  const equity = chips.map(() => 0);
  const walk = (left: number[], p: number, place: number) => {
    if (left.length === 0) return;
    const total = left.reduce((sum, i) => sum + (chips[i] as number), 0);
    for (const i of left) {
      const q = (p * (chips[i] as number)) / total;
      equity[i] = (equity[i] as number) + q * (prizes[place] ?? 0);
      walk(
        left.filter((j) => j !== i),
        q,
        place + 1,
      );
    }
  };
  walk(
    chips.map((_, i) => i),
    1,
    0,
  );
  return equity;
}

const finalTable = fc.integer({ min: 2, max: 7 }).chain((n) =>
  fc.record({
    chips: fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: n, maxLength: n }),
    prizes: fc
      .array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: n })
      .map((p) => [...p].sort((a, b) => b - a))
      .filter((p) => p.some((x) => x > 0)),
  }),
);

describe("a deal at the final table", () => {
  it("ICM of two stacks: the second prize each, and the difference by chips", () => {
    expect(icmEquities([3000, 1000], [100, 50])).toEqual([87.5, 62.5]);
    // Equal remainders: the bigger stack takes the odd unit.
    expect(amountsOf("icm", [3000, 1000], [101, 50])).toEqual([88, 63]);
  });

  it("ICM of three stacks matches the expected finish over every order", () => {
    const equity = icmEquities([5000, 3000, 2000], [50, 30, 20]);
    const slow = icmByPermutations([5000, 3000, 2000], [50, 30, 20]);
    for (const [i, e] of equity.entries()) expect(e).toBeCloseTo(slow[i] as number, 9);
    expect(amountsOf("icm", [5000, 3000, 2000], [50, 30, 20])).toEqual([38, 33, 29]);
  });

  it("chip chop: the smallest prize to each, the rest by chips", () => {
    expect(amountsOf("chips", [6000, 3000, 1000], [500, 300, 200])).toEqual([440, 320, 240]);
    // Places beyond the prizes pay nothing, so nothing is guaranteed.
    expect(amountsOf("chips", [3000, 1000], [100])).toEqual([75, 25]);
    // Its known flaw: a big enough lead is offered more than first prize; ICM never is.
    expect(amountsOf("chips", [1000, 1, 1], [100, 50, 10])[0]).toBeGreaterThan(100);
    expect(amountsOf("icm", [1000, 1, 1], [100, 50, 10])[0]).toBeLessThanOrEqual(100);
  });

  it("the subset walk equals the permutation sum", () => {
    fc.assert(
      fc.property(
        finalTable.filter((t) => t.chips.length <= 6),
        ({ chips, prizes }) => {
          const fast = icmEquities(chips, prizes);
          const slow = icmByPermutations(chips, prizes);
          for (const [i, e] of fast.entries())
            expect(Math.abs(e - (slow[i] as number))).toBeLessThan(1e-6);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("every share is whole, nothing is created or lost, and more chips never get less", () => {
    fc.assert(
      fc.property(finalTable, fc.constantFrom<ChopMethod>("icm", "chips"), (t, method) => {
        const amounts = amountsOf(method, t.chips, t.prizes);
        const money = t.prizes.reduce((s, p) => s + p, 0);
        expect(amounts.reduce((s, a) => s + a, 0)).toBe(money);
        const lowest = t.prizes.length === t.chips.length ? (t.prizes.at(-1) as number) : 0;
        for (const [i, a] of amounts.entries()) {
          expect(Number.isSafeInteger(a)).toBe(true);
          expect(a).toBeGreaterThanOrEqual(lowest);
          if (method === "icm") expect(a).toBeLessThanOrEqual(t.prizes[0] as number);
          for (const [j, b] of amounts.entries()) {
            if ((t.chips[i] as number) > (t.chips[j] as number))
              expect(a).toBeGreaterThanOrEqual(b);
            if (t.chips[i] === t.chips[j]) expect(Math.abs(a - b)).toBeLessThanOrEqual(1);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a final table of ten is worked out", () => {
    const chips = [9, 8, 7, 6, 5, 4, 3, 2, 1, 1].map((c) => c * 100_000);
    const prizes = [30_000, 20_000, 14_000, 10_000, 8_000, 6_000, 5_000, 4_000, 3_000];
    const amounts = amountsOf("icm", chips, prizes);
    expect(amounts.reduce((s, a) => s + a, 0)).toBe(100_000);
    expect(amounts[9]).toBe(amounts[8]);
  });

  it.each([
    ["an unknown method", "split" as ChopMethod, seatsOf(10, 10), [100]],
    ["one player", "icm" as const, seatsOf(10), [100]],
    ["too many players", "icm" as const, seatsOf(...Array(MAX_CHOP_PLAYERS + 1).fill(1)), [100]],
    ["a stack of no chips", "icm" as const, seatsOf(10, 0), [100]],
    ["fractional chips", "chips" as const, seatsOf(10, 1.5), [100]],
    ["NaN chips", "chips" as const, seatsOf(10, Number.NaN), [100]],
    ["a negative prize", "icm" as const, seatsOf(10, 10), [100, -1]],
    ["a fractional prize", "icm" as const, seatsOf(10, 10), [99.5]],
    ["prizes going up", "icm" as const, seatsOf(10, 10), [50, 100]],
    ["more prizes than players", "icm" as const, seatsOf(10, 10), [100, 50, 10]],
    ["nothing to share", "chips" as const, seatsOf(10, 10), [0, 0]],
  ])("refuses %s", (_name, method, seats, prizes) => {
    expect(proposeChop(method, seats, prizes)).toMatchObject({
      ok: false,
      error: { code: "invalid_chop" },
    });
  });
});
