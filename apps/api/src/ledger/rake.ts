/** A stake's rake settings (T-10), as stored. */
export type RakeRule = { rakeBasisPoints: number; rakeCap: number; noFlopNoDrop: boolean };

/**
 * T-10: the house's cut of one pot, in whole chips, rounded down: a
 * percentage (in basis points) capped per pot, and nothing at all when the
 * hand ended before the flop (or the draw) if "no flop, no drop" is on.
 * Tournaments have no rake: they never call this.
 */
export function rakeFor(pot: number, rule: RakeRule, reachedFlop: boolean): number {
  if (!Number.isSafeInteger(pot) || pot < 0) throw new RangeError("pot must be whole chips");
  if (rule.noFlopNoDrop && !reachedFlop) return 0;
  return Math.min(rule.rakeCap, Math.floor((pot * rule.rakeBasisPoints) / 10_000));
}
