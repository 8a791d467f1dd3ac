/**
 * The prize pool and what each place gets (MT-2), in integer units of the
 * buy-in currency (play money by default). Nothing here touches tournament
 * chips: the fee is the house's part of the buy-in and never enters the
 * pool, and no chips are ever taken (MT-7).
 *
 * Percentages are basis points (1/100 of a percent, 10 000 = 100 %) so the
 * admin's table is exact. A place gets ⌊pool × bp / 10 000⌋; the few units
 * those floors leave over go to first place. So the places always add up to
 * exactly the pool (never more, never less), and they stay non-increasing
 * because the basis points are.
 */
import { failure, isAmount, isPositiveInteger, type Outcome } from "./result";

export const BASIS_POINTS_TOTAL = 10_000;

export interface PayoutBracket {
  /** Field sizes (entries, re-entries included) this bracket covers, both ends included; null = no upper end. */
  minEntries: number;
  maxEntries: number | null;
  /** Share of the pool for place 1, 2, …: positive, non-increasing, summing to 10 000. */
  basisPoints: number[];
}

export interface PayoutTable {
  brackets: PayoutBracket[];
}

/**
 * Valid when the brackets cover every field size from 2 up, in order, with
 * no gap or overlap, and each pays no more places than its smallest field.
 */
export function validatePayoutTable(table: unknown): Outcome<{ table: PayoutTable }> {
  const bad = (message: string) => failure("invalid_payout_table", message);
  if (typeof table !== "object" || table === null) return bad("a payout table is { brackets }");
  const { brackets } = table as Record<string, unknown>;
  if (!Array.isArray(brackets) || brackets.length === 0) {
    return bad("a payout table needs a bracket");
  }
  let expectedMin: number | null = null;
  for (const [i, raw] of (brackets as unknown[]).entries()) {
    if (typeof raw !== "object" || raw === null) return bad(`bracket ${i} is not an object`);
    const { minEntries, maxEntries, basisPoints } = raw as Record<string, unknown>;
    if (!isPositiveInteger(minEntries)) {
      return bad(`bracket ${i}: minEntries must be a positive integer`);
    }
    if (expectedMin === null ? minEntries > 2 : minEntries !== expectedMin) {
      return bad(
        expectedMin === null
          ? "the first bracket must start at 2 entries or fewer"
          : `bracket ${i} must start at ${expectedMin} entries (no gaps or overlaps)`,
      );
    }
    const isLast = i === brackets.length - 1;
    if (isLast ? maxEntries !== null : !isPositiveInteger(maxEntries) || maxEntries < minEntries) {
      return bad(
        isLast
          ? "the last bracket must be open-ended (maxEntries null)"
          : `bracket ${i}: maxEntries must be an integer ≥ minEntries`,
      );
    }
    if (!Array.isArray(basisPoints) || basisPoints.length === 0) {
      return bad(`bracket ${i}: no places paid`);
    }
    if (basisPoints.length > Math.max(1, minEntries)) {
      return bad(
        `bracket ${i}: pays ${basisPoints.length} places to as few as ${minEntries} entries`,
      );
    }
    let sum = 0;
    let previous = Number.POSITIVE_INFINITY;
    for (const bp of basisPoints as unknown[]) {
      if (!isPositiveInteger(bp)) {
        return bad(`bracket ${i}: basis points must be positive integers`);
      }
      if (bp > previous) return bad(`bracket ${i}: a place may not pay more than the one above it`);
      previous = bp;
      sum += bp;
    }
    if (sum !== BASIS_POINTS_TOTAL) {
      return bad(`bracket ${i}: basis points sum to ${sum}, not 10000`);
    }
    expectedMin = (maxEntries as number | null) === null ? null : (maxEntries as number) + 1;
  }
  return { ok: true, table: table as PayoutTable };
}

export function bracketFor(
  table: PayoutTable,
  entries: number,
): Outcome<{ bracket: PayoutBracket }> {
  const bracket = table.brackets.find(
    (b) => entries >= b.minEntries && (b.maxEntries === null || entries <= b.maxEntries),
  );
  if (!bracket) return failure("no_payout_bracket", `no payout bracket covers ${entries} entries`);
  return { ok: true, bracket };
}

export interface PoolInput {
  entries: number;
  /** Prize part of one buy-in (the fee is not in the pool). */
  prizePerEntry: number;
  rebuys: number;
  prizePerRebuy: number;
  addOns: number;
  prizePerAddOn: number;
  /** 0 for none. */
  guarantee: number;
}

export interface Pool {
  /** What the buy-ins, rebuys and add-ons put in. */
  collected: number;
  /** max(collected, guarantee). */
  pool: number;
  /** What the house adds to reach the guarantee. */
  overlay: number;
}

/** MT-2: pool = entries × prize part + rebuys + add-ons, or the guarantee if larger. */
export function prizePool(input: PoolInput): Pool {
  const collected =
    input.entries * input.prizePerEntry +
    input.rebuys * input.prizePerRebuy +
    input.addOns * input.prizePerAddOn;
  if (!isAmount(collected) || !isAmount(input.guarantee)) {
    throw new RangeError("prize pool inputs must be non-negative safe integers");
  }
  const pool = Math.max(collected, input.guarantee);
  return { collected, pool, overlay: pool - collected };
}

/**
 * What places 1, 2, … get: ⌊pool × bp / 10 000⌋ each, and the units left by
 * rounding down to first place. Sums to exactly `pool`.
 */
export function payoutAmounts(pool: number, basisPoints: readonly number[]): number[] {
  if (!isAmount(pool)) {
    throw new RangeError(`pool must be a non-negative safe integer, got ${pool}`);
  }
  const total = BigInt(BASIS_POINTS_TOTAL);
  const amounts = basisPoints.map((bp) => Number((BigInt(pool) * BigInt(bp)) / total));
  const paid = amounts.reduce((sum, a) => sum + a, 0);
  if (amounts.length > 0) amounts[0] = (amounts[0] as number) + (pool - paid);
  return amounts;
}

/** The number of places paid for this field size, or 0 when the table does not cover it. */
export function paidPlaces(table: PayoutTable, entries: number): number {
  const found = bracketFor(table, entries);
  return found.ok ? found.bracket.basisPoints.length : 0;
}
