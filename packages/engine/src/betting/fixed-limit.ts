import type { BettingStructure } from "./structure";

/**
 * B-6: bets and raises of exactly one unit (all-in for less allowed), at
 * most `raiseCap` per round counting the opening bet. A raise is measured
 * from the highest bet, so after a short all-in the next raise goes one unit
 * above it (as PokerKit does).
 */
export const fixedLimit: BettingStructure = {
  kind: "fixed-limit",
  openingSize: (_bigBlind, unit) => unit,
  minRaiseTo: (s) => s.highestBet + s.unit,
  maxRaiseTo: (s) => s.highestBet + s.unit,
  capReached: (s) => s.raiseCap !== null && s.betCount >= s.raiseCap,
  // An all-in of at least half a unit counts as a raise; less does not.
  countsAsFullRaise: (increment, s) => 2 * increment >= s.unit,
};
