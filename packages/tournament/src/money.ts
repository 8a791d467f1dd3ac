/**
 * A tournament's money (MT-2): what the players paid in, how much of it is
 * the house's fee and how much goes to the prize pool. Every buy-in, rebuy
 * and add-on is a prize part plus a fee; an entry given back (unregistered)
 * is no longer counted. The guarantee's overlay is the house's money, not
 * paid in, so it is not here (see `payoutsOf`).
 */
import type { TournamentState } from "./state";

type Counted = Pick<TournamentState, "rules" | "totals">;

/** The house's fees: entries, rebuys and add-ons. */
export function feesOf({ rules, totals }: Counted): number {
  return (
    totals.entries * rules.buyIn.fee +
    totals.rebuys * (rules.rebuy?.fee ?? 0) +
    totals.addOns * (rules.addOn?.fee ?? 0)
  );
}

/** The prize parts paid in, before any guarantee. */
export function prizePoolOf({ rules, totals }: Counted): number {
  return (
    totals.entries * rules.buyIn.prize +
    totals.rebuys * (rules.rebuy?.prize ?? 0) +
    totals.addOns * (rules.addOn?.prize ?? 0)
  );
}

/** Everything the players paid in and still have in: prize parts and fees. */
export const paidIn = (state: Counted): number => prizePoolOf(state) + feesOf(state);
