/**
 * T-10 rake: the house's share of the pots, pure arithmetic like the odd-chip
 * rules. The hand engine decides when a rake applies (no flop, no drop) and
 * calls these with the pots as built after uncalled bets went back.
 */

export interface RakeRule {
  /** Rake in basis points of the contested pots (500 = 5 %), 0–10000. */
  readonly basisPoints: number;
  /** The most raked from one hand, in chips. */
  readonly cap: number;
  /** No flop, no drop: no rake when the hand ends in its opening betting round (before the flop or the draw). */
  readonly noFlopNoDrop: boolean;
}

const BASIS = 10_000;

/**
 * `basisPoints` of `total`, rounded down to a whole chip (the players keep
 * the fraction), never more than the cap. Split as q·10000 + r so that the
 * product stays exact for any safe-integer total.
 */
export function rakeOf(total: number, rule: RakeRule): number {
  const whole = Math.floor(total / BASIS) * rule.basisPoints;
  const part = Math.floor(((total % BASIS) * rule.basisPoints) / BASIS);
  return Math.min(rule.cap, whole + part);
}

/**
 * How much of `rake` each pot gives up: the main pot first, then the side
 * pots in order, so the rake never exceeds what a pot holds.
 */
export function takeRake(amounts: readonly number[], rake: number): number[] {
  let left = rake;
  return amounts.map((amount) => {
    const taken = Math.min(amount, left);
    left -= taken;
    return taken;
  });
}

/** Whether a rule is well formed: whole basis points 0–10000 and a whole-chip cap. */
export function isRakeRule(value: unknown): value is RakeRule {
  if (typeof value !== "object" || value === null) return false;
  const { basisPoints, cap, noFlopNoDrop } = value as Record<string, unknown>;
  return (
    typeof basisPoints === "number" &&
    Number.isInteger(basisPoints) &&
    basisPoints >= 0 &&
    basisPoints <= BASIS &&
    typeof cap === "number" &&
    Number.isSafeInteger(cap) &&
    cap >= 0 &&
    typeof noFlopNoDrop === "boolean"
  );
}
