/**
 * One suite, three betting structures, run through whole hands (the hand
 * level twin of betting/conformance.ts): whatever the structure, the bounds
 * legalActions offers are exactly the bounds apply enforces.
 */
import { describe, expect, it } from "vitest";
import type { BettingKind } from "../betting";
import { legalActions } from "./legal";
import { attempt, play, table } from "./test-support";
import type { HandState } from "./types";

function runHandConformance({ betting, capped }: { betting: BettingKind; capped: boolean }): void {
  const deal = (stacks: number[]) => table({ betting, smallBlind: 10, bigBlind: 20, stacks }).state;
  const bounds = (state: HandState, seat: number) => {
    const option = legalActions(state, seat).betOrRaise;
    if (!option) throw new Error(`seat ${seat} cannot bet or raise`);
    return option;
  };

  describe(`${betting} through a hand`, () => {
    it("B-2 accepts the smallest and largest legal raise and refuses one chip beyond either", () => {
      const state = deal([1000, 1000, 1000]);
      const { min, max } = bounds(state, 3);
      expect(min).toBe(40);
      expect(attempt(state, `3 raise ${min}`)).toBe("ok");
      expect(attempt(state, `3 raise ${max}`)).toBe("ok");
      expect(attempt(state, `3 raise ${min - 1}`)).toBe("below_min_raise");
      expect(attempt(state, `3 raise ${max + 1}`)).toBe("above_max");
    });

    it("B-2 the first bet of a later round is at least the big blind", () => {
      const { state } = play(deal([1000, 1000, 1000]), ["3 call", "1 call", "2 check"]);
      expect(bounds(state, 1)).toMatchObject({ kind: "bet", min: 20 });
      expect(attempt(state, "1 bet 19")).toBe("below_min_bet");
    });

    it("B-3 a short stack may go all-in for less than the minimum raise", () => {
      const state = deal([1000, 1000, 25]);
      expect(bounds(state, 3)).toEqual({ kind: "raise", min: 25, max: 25 });
      const { events } = play(state, ["3 raise 25"]);
      expect(events[0]).toEqual({ type: "raisedTo", seat: 3, amount: 25, allIn: true });
    });

    it("B-3 an all-in for less than a full raise does not reopen the betting", () => {
      const { state } = play(deal([1000, 1000, 45]), ["3 call", "1 call", "2 check"]);
      const { state: back } = play(state, ["1 bet 20", "2 call", "3 raise 25"]);
      expect(legalActions(back, 1)).toMatchObject({ call: { amount: 5 }, betOrRaise: null });
      expect(attempt(back, "1 raise 45")).toBe("raise_not_reopened");
    });

    it(`B-6 ${capped ? "caps the betting at 4 bets a round" : "has no cap"}`, () => {
      let state = deal([1000, 1000, 1000]);
      for (const seat of [3, 1, 2])
        state = play(state, [`${seat} raise ${bounds(state, seat).min}`]).state;
      const fifth = legalActions(state, 3).betOrRaise;
      expect(fifth === null).toBe(capped);
      expect(attempt(state, `3 raise ${state.round.highestBet + 20}`)).toBe(
        capped ? "raise_cap_reached" : "ok",
      );
    });

    it("never offers a raise beyond the stack", () => {
      const { state } = play(deal([1000, 1000, 150]), ["3 raise 40", "1 raise 60"]);
      const option = legalActions(state, 2).betOrRaise;
      const three = play(state, ["2 call"]).state;
      expect(option?.max).toBeLessThanOrEqual(1000);
      expect(legalActions(three, 3).betOrRaise?.max ?? 0).toBeLessThanOrEqual(150);
    });
  });
}

runHandConformance({ betting: "no-limit", capped: false });
runHandConformance({ betting: "pot-limit", capped: false });
runHandConformance({ betting: "fixed-limit", capped: true });
