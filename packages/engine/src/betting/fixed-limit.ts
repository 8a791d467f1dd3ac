import type { BettingSituation, BettingStructure } from "./structure";

/** A short all-in (less than half a unit above the last full bet) stands above the bet to complete. */
const shortAllInStands = (s: BettingSituation): boolean => s.highestBet > s.fullBetTo;

/**
 * B-6: bets and raises of exactly one unit (all-in for less allowed), at
 * most `raiseCap` per round counting the opening bet. The Decision (Robert's
 * Rules for limit): facing an all-in of less than half a unit above the last
 * full bet, the next player may call it, *complete* to the full bet (last
 * full bet + one unit, counted as the bet the all-in did not make), or raise
 * to the full bet plus one unit (counted as bet and raise). Big bet 4: A bets
 * 1 all-in → complete to 4 or raise to 8; A bets 4, B all-in 5 → complete to
 * 8 or raise to 12. PokerKit instead sizes from the all-in (5, 9).
 */
export const fixedLimit: BettingStructure = {
  kind: "fixed-limit",
  openingSize: (_bigBlind, unit) => unit,
  minRaiseTo: (s) => (shortAllInStands(s) ? s.fullBetTo : s.highestBet) + s.unit,
  maxRaiseTo: (s) => {
    if (!shortAllInStands(s)) return s.highestBet + (s.largerUnit ?? s.unit);
    // Raising over the completion spends two bets of the cap; with one left, only the completion.
    const twoLeft = s.raiseCap === null || s.betCount + 2 <= s.raiseCap;
    return s.fullBetTo + (twoLeft ? 2 : 1) * s.unit;
  },
  capReached: (s) => s.raiseCap !== null && s.betCount >= s.raiseCap,
  // An all-in of at least half a unit counts as a raise; less does not.
  countsAsFullRaise: (increment, s) => 2 * increment >= s.unit,
  // Whole units above the last full bet, and half a unit or more left over counts as one more.
  betsCounted: (to, s) => {
    const above = to - s.fullBetTo;
    // Open pair (ST-4): a bet or raise by either unit is one bet.
    if (s.largerUnit !== undefined && !shortAllInStands(s) && above >= s.unit) return 1;
    const units = Math.floor(above / s.unit);
    return units + (2 * (above - units * s.unit) >= s.unit ? 1 : 0);
  },
};
