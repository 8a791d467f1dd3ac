/**
 * Sit-and-go (H-7): a tournament with no start time that starts when its
 * seats are full. Everything else (registration, unregistering with a full
 * refund, the seat draw, levels, places, payouts) is the scheduled
 * tournament's; only the moment of the start differs, and the room asks
 * this module when that moment has come.
 */
import type { TournamentRules } from "./config";
import type { TournamentState } from "./state";

/** True for a tournament that starts when full rather than at a time. */
export const startsWhenFull = (rules: Pick<TournamentRules, "startWhenFull">): boolean =>
  rules.startWhenFull === true;

/** The seats a sit-and-go fills before it starts; null for a scheduled tournament. */
export function seatsToFill(rules: TournamentRules): number | null {
  return startsWhenFull(rules) ? rules.maxEntries : null;
}

/** H-7: a sit-and-go still registering whose every seat is taken is due to start now. */
export function isDueToStart(state: Pick<TournamentState, "rules" | "phase" | "totals">): boolean {
  const seats = seatsToFill(state.rules);
  return state.phase === "registering" && seats !== null && state.totals.entries >= seats;
}
