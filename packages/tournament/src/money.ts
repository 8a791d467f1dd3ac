/**
 * A tournament's money (MT-2): what the players paid in, how much of it is
 * the house's fee and how much goes to the prize pool. Every buy-in, rebuy
 * and add-on is a prize part plus a fee; an entry given back (unregistered)
 * is no longer counted. The guarantee's overlay is the house's money, not
 * paid in, so it is not here (see `payoutsOf`).
 */
import type { TournamentState } from "./state";

type Counted = Pick<TournamentState, "rules" | "totals">;

/** One part of every price paid: entries, rebuys and add-ons. */
function sumOf({ rules, totals }: Counted, part: "prize" | "fee"): number {
  return (
    totals.entries * rules.buyIn[part] +
    totals.rebuys * (rules.rebuy?.[part] ?? 0) +
    totals.addOns * (rules.addOn?.[part] ?? 0)
  );
}

/** The house's fees: entries, rebuys and add-ons. */
export const feesOf = (state: Counted): number => sumOf(state, "fee");

/** The prize parts paid in, before any guarantee (`payoutsOf`'s pool before its overlay). */
export const prizePoolOf = (state: Counted): number => sumOf(state, "prize");

/** Everything the players paid in and still have in: prize parts and fees. */
export const paidIn = (state: Counted): number => prizePoolOf(state) + feesOf(state);
