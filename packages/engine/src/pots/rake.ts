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
 * How much of `rake` each pot gives up (T-10 Decision): shares in proportion
 * to the pots' sizes, each rounded down, and the chips left by rounding from
 * the largest pot (the first of equals), so a short all-in player pays only
 * his pot's part. No pot gives up more than it holds.
 */
export function shareRake(amounts: readonly number[], rake: number): number[] {
  let total = 0;
  for (const amount of amounts) total += amount;
  if (rake === 0 || total === 0) return amounts.map(() => 0);
  // Exact integer shares: rake × amount can pass 2^53, so through BigInt.
  const shares = amounts.map((amount) => Number((BigInt(rake) * BigInt(amount)) / BigInt(total)));
  let left = rake;
  for (const share of shares) left -= share;
  const bySize = amounts
    .map((_, k) => k)
    .sort((a, b) => (amounts[b] as number) - (amounts[a] as number));
  for (const k of bySize) {
    if (left === 0) break;
    const more = Math.min(left, (amounts[k] as number) - (shares[k] as number));
    shares[k] = (shares[k] as number) + more;
    left -= more;
  }
  return shares;
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
