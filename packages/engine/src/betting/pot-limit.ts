import { noLimit } from "./no-limit";
import type { BettingStructure } from "./structure";

/**
 * B-5: the largest raise is by the pot after calling, so raise-to = highest
 * bet + pot + amount to call, where the pot counts every chip committed so
 * far (antes and this round's bets included). The minimum is as in no-limit.
 */
export const potLimit: BettingStructure = {
  kind: "pot-limit",
  openingSize: noLimit.openingSize,
  minRaiseTo: noLimit.minRaiseTo,
  maxRaiseTo: (s) =>
    Math.max(noLimit.minRaiseTo(s), s.highestBet + s.pot + (s.highestBet - s.playerBet)),
  capReached: () => false,
  countsAsFullRaise: noLimit.countsAsFullRaise,
  betsCounted: noLimit.betsCounted,
};
