/** T-10: how much the house takes from each pot when the hand is settled. */
import { type Pot, rakeOf, shareRake } from "../pots";
import { firstStreetOf } from "./games";
import type { HandState } from "./types";

/**
 * The opening betting round is the only one played: the hand ended before
 * the flop (hold'em, Omaha) or before the draw. Every game starts its hand
 * on its opening street and leaves it when the next one is reached, so this
 * holds for any variant whose opening street is named here.
 */
export const openingRoundOnly = (state: Pick<HandState, "street" | "rules">): boolean =>
  state.street === firstStreetOf(state.rules.game).name;

/**
 * Rake per pot (shared in proportion to their sizes), or null when the hand has no rake rule.
 * `pots` are built after uncalled bets went back, so only contested chips
 * are raked; nothing when the hand ended in its opening round and the rule
 * says no flop, no drop.
 */
export function rakeByPot(state: HandState, pots: readonly Pot[]): number[] | null {
  const rule = state.rules.rake;
  if (rule === null) return null;
  if (rule.noFlopNoDrop && openingRoundOnly(state)) return pots.map(() => 0);
  let total = 0;
  for (const pot of pots) total += pot.amount;
  return shareRake(
    pots.map((pot) => pot.amount),
    rakeOf(total, rule),
  );
}
