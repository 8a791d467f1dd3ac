import { describe, expect, it } from "vitest";
import { formatCards } from "../cards";
import { legalActions } from "./legal";
import { attempt, checkDown, eventsOfType, play, stacksOf, table } from "./test-support";

describe("showdown", () => {
  it("S-1 cards speak: the best hand wins, with its category and five cards", () => {
    const { state } = table({
      stacks: [100, 100, 100],
      hole: ["9h8h", "AcAd", "KcKd"],
      board: "AhKh7h2c3d",
    });
    const { state: end, events } = checkDown(play(state, ["3 call", "1 call"]).state);
    const [award] = eventsOfType(events, "potAwarded");
    expect(award?.winners.map((w) => [w.seat, w.amount, w.hand?.category])).toEqual([
      [1, 6, "flush"],
    ]);
    expect(formatCards(award?.winners[0]?.hand?.cards ?? [])).toBe(
      "Ah Kh 9h 8h 7h".replaceAll(" ", ""),
    );
    expect(stacksOf(end)).toEqual([104, 98, 98]);
    expect(eventsOfType(events, "handEnded")[0]?.stacks).toEqual([
      { seat: 1, stack: 104 },
      { seat: 2, stack: 98 },
      { seat: 3, stack: 98 },
    ]);
  });

  it("S-2 the last player to bet or raise on the final round shows first, then clockwise", () => {
    const { state } = table({
      stacks: [100, 100, 100],
      hole: ["9h8h", "AcAd", "KcKd"],
      board: "AhKh7h2c3d",
    });
    const { state: river } = play(state, [
      "3 call",
      "1 call",
      "2 check",
      "1 check",
      "2 check",
      "3 check",
    ]);
    const { state: turnDone } = play(river, ["1 check", "2 check", "3 check"]);
    const { state: showdown } = play(turnDone, ["1 check", "2 bet 10", "3 call", "1 call"]);
    expect(showdown.phase).toBe("showdown");
    expect(showdown.toAct).toBe(2);
    expect(legalActions(showdown, 2)).toMatchObject({
      show: true,
      muck: true,
      call: null,
      betOrRaise: null,
    });
    expect(attempt(showdown, "2 check")).toBe("not_betting");
    expect(attempt(showdown, "3 show")).toBe("not_your_turn");
    const { state: next } = play(showdown, ["2 show"]);
    expect(next.toAct).toBe(3);
  });

  it("S-2 nobody bet on the final round: the first active player left of the button shows first", () => {
    const { state } = table({ stacks: [100, 100, 100, 100] });
    const { state: flop } = play(state, ["3 call", "4 call", "1 fold", "2 check"]);
    const { state: showdown } = checkDownBetting(flop);
    expect(showdown.toAct).toBe(2);
  });

  it("S-2 a player may muck instead of showing; the last one left wins without showing", () => {
    const { state } = table({
      stacks: [100, 100, 100],
      hole: ["9h8h", "AcAd", "KcKd"],
      board: "AhKh7h2c3d",
    });
    const { state: showdown } = checkDownBetting(play(state, ["3 call", "1 call"]).state);
    expect(showdown.toAct).toBe(1);
    // Nobody has shown yet, so each hand may still win: the mucks are confirmed.
    const { state: end, events } = play(showdown, ["1 muck!", "2 muck!"]);
    expect(eventsOfType(events, "handShown")).toEqual([]);
    expect(eventsOfType(events, "handMucked").map((e) => e.seat)).toEqual([1, 2]);
    const [award] = eventsOfType(events, "potAwarded");
    expect(award?.winners).toEqual([{ seat: 3, amount: 6, hand: null }]);
    expect(end.phase).toBe("complete");
    expect(attempt(end, "3 show")).toBe("hand_over");
  });

  it("S-2 a mucked hand gives up the pot even if it was best", () => {
    const { state } = table({
      stacks: [100, 100, 100],
      hole: ["9h8h", "AcAd", "KcKd"],
      board: "AhKh7h2c3d",
    });
    const { state: showdown } = checkDownBetting(play(state, ["3 call", "1 call"]).state);
    const { events } = play(showdown, ["1 muck!", "2 show", "3 show"]);
    expect(eventsOfType(events, "potAwarded")[0]?.winners.map((w) => w.seat)).toEqual([2]);
  });

  it("S-2 a winner is shown by default: mucking a hand that beats every hand shown needs a confirmation", () => {
    // Seat 1 (a flush) shows first; then seat 2's set of aces is beaten and may muck freely.
    const { state } = table({
      stacks: [100, 100, 100],
      hole: ["9h8h", "AcAd", "KcKd"],
      board: "AhKh7h2c3d",
    });
    const { state: showdown } = checkDownBetting(play(state, ["3 call", "1 call"]).state);
    // First to show: nothing is shown yet, so his hand may win.
    expect(legalActions(showdown, 1)).toMatchObject({ show: true, muck: true, muckMayWin: true });
    expect(attempt(showdown, "1 muck")).toBe("muck_would_win");
    const { state: shown } = play(showdown, ["1 show"]);
    // Seat 2's set of aces loses to the flush shown: a plain muck, no confirmation asked.
    expect(legalActions(shown, 2)).not.toHaveProperty("muckMayWin");
    expect(attempt(shown, "2 muck")).toBe("ok");
  });

  it("S-2 the hand that beats the shown hands is refused a plain muck, and wins when shown", () => {
    // Seat 1 shows a pair of nines; seat 2's aces beat it: muck refused, show wins.
    const { state } = table({
      stacks: [100, 100, 100],
      hole: ["9c9d", "AcAd", "5c4d"],
      board: "KhQh7s2c3d",
    });
    const { state: showdown } = checkDownBetting(play(state, ["3 call", "1 call"]).state);
    const { state: shown } = play(showdown, ["1 show"]);
    expect(legalActions(shown, 2).muckMayWin).toBe(true);
    expect(attempt(shown, "2 muck")).toBe("muck_would_win");
    // A refused muck changes nothing: still seat 2's decision.
    expect(shown.toAct).toBe(2);
    const { events } = play(shown, ["2 show", "3 muck"]);
    expect(eventsOfType(events, "potAwarded")[0]?.winners.map((w) => w.seat)).toEqual([2]);
  });

  it("S-2 an all-in showdown shows every hand, before the rest of the board", () => {
    const { state } = table({
      stacks: [50, 100, 100],
      hole: ["9h8h", "AcAd", "KcKd"],
      board: "AhKh7h2c3d",
    });
    const { state: end, events } = play(state, ["3 raise 100", "1 call", "2 call"]);
    expect(events.map((e) => e.type)).toEqual([
      "raisedTo",
      "called",
      "called",
      "handShown",
      "handShown",
      "handShown",
      "boardDealt",
      "boardDealt",
      "boardDealt",
      "potAwarded",
      "potAwarded",
      "handEnded",
    ]);
    expect(eventsOfType(events, "handShown").map((e) => e.seat)).toEqual([3, 1, 2]); // the raiser first
    expect(stacksOf(end)).toEqual([150, 100, 0]);
  });

  it("S-2 on a timeout a hand that can still win is shown and a beaten hand mucked", () => {
    const { state } = table({
      stacks: [100, 100, 100],
      hole: ["9h8h", "AcAd", "2d2h"],
      board: "AhKh7h2c3d",
    });
    const { state: showdown } = checkDownBetting(play(state, ["3 call", "1 call"]).state);
    const { events } = play(showdown, ["1 timeout", "2 timeout", "3 timeout"]);
    expect(events.slice(0, 3)).toEqual([
      { type: "handShown", seat: 1, cards: [30, 26], timedOut: true },
      { type: "handMucked", seat: 2, timedOut: true },
      { type: "handMucked", seat: 3, timedOut: true },
    ]);
  });

  it("a timeout checks when it can and folds when it must", () => {
    const { state } = table({ stacks: [100, 100, 100] });
    const { events } = play(state, ["3 timeout"]);
    expect(events[0]).toEqual({ type: "folded", seat: 3, timedOut: true });
    const { events: option } = play(state, ["3 call", "1 call", "2 timeout"]);
    expect(option[2]).toEqual({ type: "checked", seat: 2, timedOut: true });
  });
});

describe("the end of the betting", () => {
  it("B-8 everyone else folds: the last player wins at once, shows nothing, and gets his uncalled bet back", () => {
    const { state } = table({ stacks: [100, 100, 100] });
    const { state: end, events } = play(state, ["3 raise 10", "1 fold", "2 fold"]);
    expect(events.slice(3)).toEqual([
      { type: "uncalledBetReturned", seat: 3, amount: 8 },
      {
        type: "potAwarded",
        pot: 0,
        amount: 5,
        eligible: [3],
        winners: [{ seat: 3, amount: 5, hand: null }],
      },
      {
        type: "handEnded",
        stacks: [
          { seat: 1, stack: 99 },
          { seat: 2, stack: 98 },
          { seat: 3, stack: 103 },
        ],
      },
    ]);
    expect(end.board).toEqual([]);
  });

  it("B-8 the big blind wins the small blind's fold heads-up", () => {
    const { state } = table({ stacks: [100, 100] });
    const { state: end, events } = play(state, ["2 fold"]);
    expect(eventsOfType(events, "uncalledBetReturned")).toEqual([
      { type: "uncalledBetReturned", seat: 1, amount: 1 },
    ]);
    expect(stacksOf(end)).toEqual([101, 99]);
  });

  it("B-8 all but one all-in: the rest of the board is dealt with no more betting", () => {
    const { state } = table({
      stacks: [100, 20, 300],
      hole: ["2c7d", "AcAd", "KcKd"],
      board: "As9h5c4d3s",
    });
    const { state: flop } = play(state, ["3 call", "1 call", "2 check"]);
    const { state: end, events } = play(flop, ["1 check", "2 bet 18", "3 call", "1 fold"]);
    expect(eventsOfType(events, "boardDealt").map((e) => e.street)).toEqual(["turn", "river"]);
    expect(end.phase).toBe("complete");
    expect(stacksOf(end)).toEqual([98, 42, 280]);
  });

  it("B-8 everyone all-in from the blinds: the hand runs out at once", () => {
    const { state, events } = table({
      stacks: [2, 1],
      hole: ["AcAd", "KcKd"],
      board: "As9h5c4d3s",
    });
    expect(state.phase).toBe("complete");
    expect(eventsOfType(events, "boardDealt")).toHaveLength(3);
    expect(stacksOf(state)).toEqual([3, 0]);
  });

  it("a short big blind who covers nothing: the small blind's extra is returned before the run-out", () => {
    // Blinds 5/10; seat 2 posts 3 all-in; seat 1 (small blind) has nothing to decide once the button folds.
    const { state } = table({
      smallBlind: 5,
      bigBlind: 10,
      stacks: [100, 3, 100],
      hole: ["KhJd", "AcAd"],
      board: "As9h5c4d3s",
    });
    const { state: end, events } = play(state, ["3 fold"]);
    expect(eventsOfType(events, "uncalledBetReturned")).toEqual([
      { type: "uncalledBetReturned", seat: 1, amount: 2 },
    ]);
    expect(stacksOf(end)).toEqual([97, 6, 100]);
  });
});

describe("Omaha", () => {
  it("a hand uses exactly two hole cards and three board cards", () => {
    // Four hearts on board: one heart in hand is no flush in Omaha (hold'em would call it one); two hole kings and the board's king are trips.
    const { state } = table({
      game: "omaha",
      betting: "pot-limit",
      stacks: [100, 100],
      hole: ["Ah2c3d4s", "KcKd9s8c"],
      board: "JhTh5h2hKh",
    });
    const { events } = checkDown(play(state, ["2 call", "1 check"]).state);
    const [award] = eventsOfType(events, "potAwarded");
    expect(award?.winners.map((w) => [w.seat, w.hand?.category])).toEqual([[2, "three-of-a-kind"]]);
  });
});

/** Checks until the betting is over (stopping at a showdown decision). */
function checkDownBetting(state: Parameters<typeof legalActions>[0]) {
  let current = state;
  while (current.phase === "betting" && current.toAct !== null) {
    current = play(current, [`${current.toAct} check`]).state;
  }
  return { state: current };
}
