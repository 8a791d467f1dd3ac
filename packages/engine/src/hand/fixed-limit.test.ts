import { describe, expect, it } from "vitest";
import { legalActions } from "./legal";
import { attempt, play, potsOf, table } from "./test-support";

const FL = { betting: "fixed-limit" as const };

describe("fixed limit", () => {
  it("B-6 small bet pre-flop and on the flop, big bet on the turn and river", () => {
    const { state } = table({ ...FL, stacks: [100, 100, 100] });
    expect(legalActions(state, 3).betOrRaise).toEqual({ kind: "raise", min: 4, max: 4 });
    expect(attempt(state, "3 raise 5")).toBe("above_max");
    expect(attempt(state, "3 raise 3")).toBe("below_min_raise");
    const { state: flop } = play(state, ["3 call", "1 call", "2 check"]);
    expect(legalActions(flop, 1).betOrRaise).toEqual({ kind: "bet", min: 2, max: 2 });
    const { state: turn } = play(flop, ["1 bet 2", "2 raise 4", "3 call", "1 call"]);
    expect(turn.street).toBe("turn");
    expect(potsOf(turn)).toEqual([{ amount: 18, eligible: [1, 2, 3] }]);
    expect(legalActions(turn, 1).betOrRaise).toEqual({ kind: "bet", min: 4, max: 4 });
    const { state: river } = play(turn, ["1 check", "2 check", "3 check"]);
    expect(legalActions(river, 1).betOrRaise).toEqual({ kind: "bet", min: 4, max: 4 });
  });

  it("B-6 the cap: 4 bets a round counting the opening bet (pre-flop the big blind)", () => {
    const { state } = table({ ...FL, stacks: [100, 100, 100] });
    const { state: capped } = play(state, ["3 raise 4", "1 raise 6", "2 raise 8"]);
    expect(legalActions(capped, 3)).toMatchObject({ call: { amount: 4 }, betOrRaise: null });
    expect(attempt(capped, "3 raise 10")).toBe("raise_cap_reached");
    const { state: flop } = play(capped, ["3 call", "1 call"]);
    const { state: flopCapped } = play(flop, ["1 bet 2", "2 raise 4", "3 raise 6", "1 raise 8"]);
    expect(attempt(flopCapped, "2 raise 10")).toBe("raise_cap_reached");
  });

  it("B-6 option: a cap of 3 bets, or none", () => {
    const three = table({ ...FL, raiseCap: 3, stacks: [100, 100, 100] }).state;
    expect(attempt(play(three, ["3 raise 4", "1 raise 6"]).state, "2 raise 8")).toBe(
      "raise_cap_reached",
    );
    const none = table({ ...FL, raiseCap: null, stacks: [100, 100, 100] }).state;
    expect(
      attempt(
        play(none, ["3 raise 4", "1 raise 6", "2 raise 8", "3 raise 10"]).state,
        "1 raise 12",
      ),
    ).toBe("ok");
  });

  it("B-6 option: the cap is lifted heads-up", () => {
    const headsUp = table({ ...FL, capLiftedHeadsUp: true, stacks: [100, 100] }).state;
    const { state } = play(headsUp, ["2 raise 4", "1 raise 6", "2 raise 8"]);
    expect(attempt(state, "1 raise 10")).toBe("ok");
    // Three players: capped until only two are left in the hand.
    const three = table({ ...FL, capLiftedHeadsUp: true, stacks: [100, 100, 100] }).state;
    const { state: capped } = play(three, ["3 raise 4", "1 raise 6", "2 raise 8"]);
    expect(attempt(capped, "3 raise 10")).toBe("raise_cap_reached");
    const { state: twoLeft } = play(capped, ["3 fold"]);
    expect(attempt(twoLeft, "1 raise 10")).toBe("ok");
  });

  it("B-6 an all-in of at least half a unit counts as a raise and reopens the betting", () => {
    // Blinds 5/10, units 10/20. Flop: seat 1 bets 10, seat 2 all-in for 15 (+5 = half a unit).
    const { state } = table({ ...FL, smallBlind: 5, bigBlind: 10, stacks: [200, 25, 200] });
    const { state: flop } = play(state, ["3 call", "1 call", "2 check"]);
    const { state: back } = play(flop, ["1 bet 10", "2 raise 15", "3 call"]);
    expect(legalActions(back, 1).betOrRaise).toEqual({ kind: "raise", min: 25, max: 25 });
    expect(back.round.betCount).toBe(2);
  });

  it("B-6 an all-in of less than half a unit does not reopen the betting", () => {
    const { state } = table({ ...FL, smallBlind: 5, bigBlind: 10, stacks: [200, 24, 200] });
    const { state: flop } = play(state, ["3 call", "1 call", "2 check"]);
    const { state: short } = play(flop, ["1 bet 10", "2 raise 14", "3 call"]);
    expect(legalActions(short, 1)).toMatchObject({ call: { amount: 4 }, betOrRaise: null });
    expect(attempt(short, "1 raise 24")).toBe("raise_not_reopened");
    expect(short.round.betCount).toBe(1);
  });

  it("B-6 Decision: facing a short all-in, call it, complete to the full bet, or raise a unit above that", () => {
    // Blinds 5/10, small bet 10 on the flop. Seat 1 bets 10, seat 2 is all-in for 14.
    const { state } = table({ ...FL, smallBlind: 5, bigBlind: 10, stacks: [200, 24, 200, 200] });
    const { state: flop } = play(state, ["3 call", "4 call", "1 call", "2 check"]);
    const { state: short } = play(flop, ["1 bet 10", "2 raise 14"]);
    // Seat 3 has not acted: complete to 20 or raise to 30, never PokerKit's 24.
    expect(legalActions(short, 3).betOrRaise).toEqual({
      kind: "raise",
      min: 20,
      max: 30,
      onlyMinOrMax: true,
    });
    expect(attempt(short, "3 raise 24")).toBe("complete_or_raise");
    expect(attempt(short, "3 raise 31")).toBe("above_max");
    expect(attempt(short, "3 raise 19")).toBe("below_min_raise");
    // Completing counts as the raise the all-in did not make, and reopens the betting for seat 1.
    const { state: completed } = play(short, ["3 raise 20"]);
    expect(completed.round.betCount).toBe(2);
    expect(legalActions(completed, 4).betOrRaise).toEqual({ kind: "raise", min: 30, max: 30 });
    const { state: back } = play(completed, ["4 call"]);
    expect(legalActions(back, 1)).toMatchObject({ call: { amount: 10 } });
    expect(legalActions(back, 1).betOrRaise).toEqual({ kind: "raise", min: 30, max: 30 });
    // Raising over the completion counts as two bets: to 30 makes 3, one left under the cap of 4.
    const { state: raised } = play(short, ["3 raise 30"]);
    expect(raised.round.betCount).toBe(3);
    expect(legalActions(raised, 4).betOrRaise).toEqual({ kind: "raise", min: 40, max: 40 });
  });

  it("B-6 Decision: an opening bet all-in for less than half a unit can be completed to the full bet", () => {
    // RULES example, big bet 4: A bets 1 all-in on the turn → B may call 1, complete to 4 or raise to 8 (not 5).
    // Seat 2 has 3: the big blind, then his last chip on the turn.
    const fresh = table({ ...FL, stacks: [100, 3, 100] }).state;
    const { state: turn2 } = play(fresh, [
      "3 call",
      "1 call",
      "2 check",
      "1 check",
      "2 check",
      "3 check",
    ]);
    const { state: open } = play(turn2, ["1 check", "2 bet 1"]);
    expect(open.round).toMatchObject({ highestBet: 1, fullBetTo: 0, betCount: 0 });
    expect(legalActions(open, 3)).toMatchObject({
      call: { amount: 1 },
      betOrRaise: { kind: "raise", min: 4, max: 8, onlyMinOrMax: true },
    });
    expect(attempt(open, "3 raise 5")).toBe("complete_or_raise");
    expect(play(open, ["3 raise 8"]).state.round.betCount).toBe(2);
  });
});
