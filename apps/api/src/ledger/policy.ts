/**
 * Play-money policy (docs/architecture.md#money; text 001's "poverty poker"):
 * every new account gets a starting grant, and a player who is broke may
 * reload a few times a day. Whole chips only.
 */
export const STARTING_GRANT = 10_000;
/** A wallet below this many chips counts as broke. */
export const BROKE_BELOW = 100;
export const RELOAD_AMOUNT = 5_000;
export const RELOADS_PER_DAY = 3;
/** The largest single movement we accept: far above any table, far below 2^53. */
export const MAX_TRANSFER = 1_000_000_000_000;

/** The UTC day a reload counts against, as `YYYY-MM-DD`, and when it started. */
export function utcDay(now: number): { day: string; start: number } {
  const date = new Date(now);
  const start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return { day: new Date(start).toISOString().slice(0, 10), start };
}
