/**
 * The one clock the rooms (tables, Russian tables, tournaments) read.
 *
 * In production it is the wall clock. Tests move it forward with
 * `advanceClock` instead of sleeping: the Durable Objects of the worker under
 * test run in the same isolate and module graph as the test file, so they see
 * the same offset (src/clock.test.ts checks that), and the test then fires the
 * room's alarm with `runDurableObjectAlarm`.
 */

let offset = 0;

/** Epoch milliseconds, as every room reads them. */
export const now = (): number => Date.now() + offset;

/** A known instant as a Date, for D1 columns: a conversion, not a clock read. */
export const dateOf = (ms: number): Date => new Date(ms);

/**
 * Storage alarms fire by the wall clock: the wall-clock instant to set an
 * alarm for so that it fires at `at` on this clock (the same in production).
 */
export const alarmTimeOf = (at: number): number => at - offset;

/** A stored alarm's wall-clock instant, on this clock. */
export const clockTimeOf = (alarm: number | null): number | null =>
  alarm === null ? null : alarm + offset;

/** Tests only: move the rooms' clock forward by `ms` (never back). */
export function advanceClock(ms: number): number {
  if (!(ms >= 0)) throw new Error("the clock only moves forward");
  offset += ms;
  return now();
}
