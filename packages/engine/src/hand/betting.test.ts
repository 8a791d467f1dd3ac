import { describe, expect, it } from "vitest";
import { legalActions } from "./legal";
import { attempt, eventsOfType, play, potsOf, table } from "./test-support";
import { viewFor } from "./view";

describe("no-limit and the betting rules", () => {
  it("B-1 a call adds only the difference: we bet 20, raises to 40 and 70 → we add 50", () => {
    const { state } = table({ stacks: [500, 500, 500, 500], hole: [], board: "" });
    const { state: flop } = play(state, ["3 call", "4 call", "1 call", "2 check"]);
    const { state: called, events } = play(flop, [
      "1 bet 20",
      "2 raise 40",
      "3 raise 70",
      "4 fold",
      "1 call",
    ]);
    expect(eventsOfType(events, "called")).toEqual([
      { type: "called", seat: 1, amount: 50, allIn: false },
    ]);
    const view = viewFor(called, null);
    expect(view.pots).toEqual([{ amount: 8, eligible: [1, 2, 3] }]);
    expect(view.players.map((p) => p.bet)).toEqual([70, 40, 70, 0]);
    expect(view.totalPot).toBe(188);
    expect(legalActions(called, 2).call).toEqual({ amount: 30, allIn: false });
  });

  it("B-1 check only with nothing to call; call only with something to call", () => {
    const { state } = table({ stacks: [100, 100, 100] });
    expect(attempt(state, "3 check")).toBe("cannot_check");
    const { state: option } = play(state, ["3 call", "1 call"]);
    expect(attempt(option, "2 call")).toBe("nothing_to_call");
    expect(attempt(option, "2 fold")).toBe("cannot_fold");
    expect(legalActions(option, 2)).toMatchObject({ fold: false, check: true, call: null });
  });

  it("B-2 blinds 1/2, first to act: the minimum raise is to 4", () => {
    const { state } = table({ stacks: [100, 100, 100] });
    expect(viewFor(state, null)).toMatchObject({ pots: [], totalPot: 3 });
    expect(legalActions(state, 3).betOrRaise).toEqual({ kind: "raise", min: 4, max: 100 });
    expect(attempt(state, "3 raise 3")).toBe("below_min_raise");
    expect(attempt(state, "3 raise 4")).toBe("ok");
  });

  it("B-2 a raise is by at least the largest bet or raise increment of the round", () => {
    const { state } = table({ stacks: [100, 100, 100, 100] });
    const { state: raised } = play(state, ["3 raise 10"]); // by 8
    expect(legalActions(raised, 4).betOrRaise?.min).toBe(18);
    const { state: reraised } = play(raised, ["4 raise 30"]); // by 20
    expect(legalActions(reraised, 1).betOrRaise?.min).toBe(50);
    expect(attempt(reraised, "1 raise 49")).toBe("below_min_raise");
  });

  it("B-2 the minimum bet is the big blind", () => {
    const { state } = table({ stacks: [100, 100, 100] });
    const { state: flop } = play(state, ["3 call", "1 call", "2 check"]);
    expect(legalActions(flop, 1).betOrRaise).toEqual({ kind: "bet", min: 2, max: 98 });
    expect(attempt(flop, "1 bet 1")).toBe("below_min_bet");
    expect(attempt(flop, "1 bet 99")).toBe("above_max");
  });

  it("B-4 NL, blinds 1/2, pot 15, stack 300, no bet yet → bet 2…300", () => {
    const { state } = table({ stacks: [305, 100, 100] });
    const { state: flop } = play(state, ["3 raise 5", "1 call", "2 call"]);
    expect(potsOf(flop)).toEqual([{ amount: 15, eligible: [1, 2, 3] }]);
    expect(flop.players[0]?.stack).toBe(300);
    expect(legalActions(flop, 1).betOrRaise).toEqual({ kind: "bet", min: 2, max: 300 });
    expect(attempt(flop, "1 bet 300")).toBe("ok");
  });

  it("B-3 an all-in for less than a full raise does not reopen the betting", () => {
    // Flop, pot 6: seat 1 bets 100, seat 2 calls, seat 3 goes all-in for 150 (a raise of 50 < 100).
    const { state } = table({ stacks: [1000, 1000, 152, 1000] });
    const { state: flop } = play(state, ["3 call", "4 call", "1 call", "2 check"]);
    const { state: short } = play(flop, ["1 bet 100", "2 call", "3 raise 150"]);
    // Seat 4 has not acted: he may raise, by a full raise above the all-in (to 250).
    expect(legalActions(short, 4).betOrRaise).toEqual({ kind: "raise", min: 250, max: 998 });
    const { state: back } = play(short, ["4 call"]);
    expect(legalActions(back, 1)).toMatchObject({
      fold: true,
      call: { amount: 50, allIn: false },
      betOrRaise: null,
    });
    expect(attempt(back, "1 raise 250")).toBe("raise_not_reopened");
    const { state: turn } = play(back, ["1 call", "2 call"]);
    expect(turn.street).toBe("turn");
  });

  it("B-3 several short all-ins that add up to a full raise reopen it", () => {
    const { state } = table({ stacks: [1000, 1000, 152, 222, 1000] });
    const { state: flop } = play(state, ["3 call", "4 call", "5 call", "1 call", "2 check"]);
    // 100, then all-in 150 (+50), then all-in 220 (+70): seat 1 faces 120 ≥ 100 above his bet.
    const { state: back } = play(flop, [
      "1 bet 100",
      "2 call",
      "3 raise 150",
      "4 raise 220",
      "5 call",
    ]);
    expect(legalActions(back, 1).betOrRaise).toEqual({ kind: "raise", min: 320, max: 998 });
    // Seat 2 faced the same 120 when seat 1 just called instead.
    const { state: second } = play(back, ["1 call"]);
    expect(legalActions(second, 2).betOrRaise?.min).toBe(320);
  });

  it("B-3 a full raise above the player's own bet reopens even after short all-ins", () => {
    const { state } = table({ stacks: [1000, 1000, 152, 1000] });
    const { state: flop } = play(state, ["3 call", "4 call", "1 call", "2 check"]);
    const { state: back } = play(flop, ["1 bet 100", "2 call", "3 raise 150", "4 raise 250"]);
    expect(legalActions(back, 1).betOrRaise).toEqual({ kind: "raise", min: 350, max: 998 });
  });

  it("B-3 a player may always go all-in for less than a call or a minimum bet", () => {
    const { state } = table({ stacks: [100, 100, 3] });
    const { state: flop } = play(state, ["3 call", "1 call", "2 check"]);
    const { state: shortBet } = play(flop, ["1 check", "2 check"]);
    expect(legalActions(shortBet, 3).betOrRaise).toEqual({ kind: "bet", min: 1, max: 1 });
    const { events } = play(shortBet, ["3 bet 1"]);
    expect(events[0]).toEqual({ type: "betPlaced", seat: 3, amount: 1, allIn: true });
    const { state: bigBet } = play(flop, ["1 bet 50", "2 fold"]);
    expect(legalActions(bigBet, 3)).toMatchObject({
      call: { amount: 1, allIn: true },
      betOrRaise: null,
    });
    expect(attempt(bigBet, "3 raise 51")).toBe("cannot_raise");
  });

  it("B-3 a short all-in opening bet does not let players who checked raise", () => {
    const { state } = table({ stacks: [100, 100, 3] });
    const { state: flop } = play(state, [
      "3 call",
      "1 call",
      "2 check",
      "1 check",
      "2 check",
      "3 bet 1",
    ]);
    expect(legalActions(flop, 1)).toMatchObject({
      call: { amount: 1, allIn: false },
      betOrRaise: null,
    });
  });

  it("B-7 the round ends when all have matched the highest bet and acted since the last full raise", () => {
    const { state } = table({ stacks: [100, 100, 100] });
    const { state: raised } = play(state, ["3 raise 6", "1 call"]);
    expect(raised.toAct).toBe(2);
    const { state: reraised } = play(raised, ["2 raise 20"]);
    expect(reraised.toAct).toBe(3);
    const { state: flop } = play(reraised, ["3 call", "1 call"]);
    expect(flop.street).toBe("flop");
    expect(potsOf(flop)).toEqual([{ amount: 60, eligible: [1, 2, 3] }]);
  });

  it("no raise that nobody can call: the last player with chips only calls an all-in", () => {
    const { state } = table({ stacks: [100, 100, 30] });
    const { state: shove } = play(state, ["3 raise 30", "1 fold"]);
    expect(legalActions(shove, 2)).toMatchObject({ call: { amount: 28 }, betOrRaise: null });
  });
});

describe("pot limit", () => {
  it("B-5 blinds 1/2, P1 calls 2, P2 raises to 4, P3 pots → raise to 17", () => {
    const { state } = table({ betting: "pot-limit", stacks: [100, 100, 100, 100, 100] });
    const { state: facing } = play(state, ["3 call", "4 raise 4"]);
    expect(viewFor(facing, null).totalPot).toBe(9);
    expect(legalActions(facing, 5).betOrRaise).toEqual({ kind: "raise", min: 6, max: 17 });
    expect(attempt(facing, "5 raise 18")).toBe("above_max");
    expect(attempt(facing, "5 raise 17")).toBe("ok");
  });

  it("B-5 blinds 1/2, first to act → the pot raise is to 7", () => {
    const { state } = table({ betting: "pot-limit", stacks: [100, 100, 100] });
    expect(viewFor(state, null).totalPot).toBe(3);
    expect(legalActions(state, 3).betOrRaise).toEqual({ kind: "raise", min: 4, max: 7 });
  });

  it("B-5 PL, pot 15, no bet → bet 2…15", () => {
    const { state } = table({ betting: "pot-limit", stacks: [305, 100, 100] });
    const { state: flop } = play(state, ["3 raise 5", "1 call", "2 call"]);
    expect(potsOf(flop)).toEqual([{ amount: 15, eligible: [1, 2, 3] }]);
    expect(legalActions(flop, 1).betOrRaise).toEqual({ kind: "bet", min: 2, max: 15 });
  });

  it("B-5 antes count in the pot", () => {
    const { state } = table({ betting: "pot-limit", ante: 1, stacks: [100, 100, 100] });
    // pot 3 antes + 1 + 2 = 6, call 2 → 2 + 6 + 2 = 10
    expect(legalActions(state, 3).betOrRaise?.max).toBe(10);
  });
});
