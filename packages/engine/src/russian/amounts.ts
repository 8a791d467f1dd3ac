/**
 * Chip amounts are integers in the table's smallest unit. The ceiling keeps every
 * product the engine forms (ante × multiplier × two combinations) a safe integer.
 */
export const MAX_AMOUNT = 10 ** 12;
export const MAX_ANTE = 10 ** 9;
export const MAX_MULTIPLIER = 100_000;

/** A non-negative safe integer no larger than `max`: rejects NaN, fractions, strings, huge values. */
export function isAmount(value: unknown, max = MAX_AMOUNT): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 && value <= max;
}
