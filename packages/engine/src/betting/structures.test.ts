import { describe, expect, it } from "vitest";
import { runBettingConformance } from "./conformance";
import { fixedLimit, noLimit, potLimit } from "./index";
import type { BettingSituation } from "./structure";

runBettingConformance(noLimit);
runBettingConformance(potLimit);
runBettingConformance(fixedLimit);

const preflop: BettingSituation = {
  bigBlind: 2,
  unit: 2,
  raiseCap: 4,
  highestBet: 2,
  fullBetTo: 2,
  fullRaise: 2,
  betCount: 1,
  pot: 3,
  playerBet: 0,
};

describe("what sets the structures apart", () => {
  it("B-4 no limit: up to the whole stack (no ceiling of its own)", () => {
    expect(noLimit.minRaiseTo(preflop)).toBe(4);
    expect(noLimit.maxRaiseTo(preflop)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("B-5 pot limit: raise-to = highest bet + pot + amount to call", () => {
    expect(potLimit.maxRaiseTo(preflop)).toBe(7);
    // P1 calls 2, P2 raises to 4: pot 9, P3 to act with nothing in → 4 + 9 + 4 = 17.
    expect(potLimit.maxRaiseTo({ ...preflop, highestBet: 4, pot: 9 })).toBe(17);
    expect(potLimit.maxRaiseTo({ ...preflop, highestBet: 0, pot: 15, betCount: 0 })).toBe(15);
  });

  it("B-6 fixed limit: exactly one unit, capped, half a unit counts as a raise", () => {
    expect(fixedLimit.minRaiseTo(preflop)).toBe(4);
    expect(fixedLimit.maxRaiseTo(preflop)).toBe(4);
    expect(fixedLimit.capReached({ ...preflop, betCount: 4 })).toBe(true);
    expect(fixedLimit.capReached({ ...preflop, betCount: 9, raiseCap: null })).toBe(false);
    expect(fixedLimit.countsAsFullRaise(5, { ...preflop, unit: 10 })).toBe(true);
    expect(fixedLimit.countsAsFullRaise(4, { ...preflop, unit: 10 })).toBe(false);
  });

  it("B-6 Decision: after an all-in of less than half a unit, complete to the full bet or raise a unit above it", () => {
    // Big bet 4. A bets 1 all-in: complete to 4 (one bet) or raise to 8 (bet and raise).
    const afterShortBet = { ...preflop, unit: 4, highestBet: 1, fullBetTo: 0, betCount: 0 };
    expect(fixedLimit.minRaiseTo(afterShortBet)).toBe(4);
    expect(fixedLimit.maxRaiseTo(afterShortBet)).toBe(8);
    expect(fixedLimit.betsCounted(1, { ...afterShortBet, highestBet: 0 })).toBe(0);
    expect(fixedLimit.betsCounted(4, afterShortBet)).toBe(1);
    expect(fixedLimit.betsCounted(8, afterShortBet)).toBe(2);
    // A bets 4, B all-in for 5: complete to 8 or raise to 12; with one bet left under the cap, only 8.
    const afterShortRaise = { ...afterShortBet, highestBet: 5, fullBetTo: 4, betCount: 1 };
    expect(fixedLimit.minRaiseTo(afterShortRaise)).toBe(8);
    expect(fixedLimit.maxRaiseTo(afterShortRaise)).toBe(12);
    expect(fixedLimit.maxRaiseTo({ ...afterShortRaise, betCount: 3 })).toBe(8);
  });
});
