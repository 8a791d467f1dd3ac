import type { BettingStructure } from "./structure";

/** B-4: any bet or raise from the minimum (B-2) up to the whole stack. */
export const noLimit: BettingStructure = {
  kind: "no-limit",
  openingSize: (bigBlind) => bigBlind,
  // B-2: raise by at least the largest bet or raise increment of the round (never less than the big blind).
  minRaiseTo: (s) => s.highestBet + s.fullRaise,
  maxRaiseTo: () => Number.MAX_SAFE_INTEGER,
  capReached: () => false,
  countsAsFullRaise: (increment, s) => increment >= s.fullRaise,
  betsCounted: (to, s) => (to - s.highestBet >= s.fullRaise ? 1 : 0),
};
