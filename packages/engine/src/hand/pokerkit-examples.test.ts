/**
 * The worked examples of docs/hand-history.md (generated and checked with
 * PokerKit), replayed through the API the PHH importer drives: seats 1…n are
 * p1…pn and the button is pn, so p1 is the small blind (heads-up: the big
 * blind).
 */
import { describe, expect, it } from "vitest";
import { checkDown, eventsOfType, play, stacksOf, table } from "./test-support";

describe("PokerKit worked examples (docs/hand-history.md)", () => {
  it("NT side pot: main 36 to p2, side 28 to p1 (SP-0, SP-3)", () => {
    const { state } = table({
      ante: 1,
      stacks: [50, 12, 26],
      hole: ["7sKs", "6h9s", "5h8s"],
      board: "AhQd3d6sQs",
    });
    const { state: end, events } = play(state, ["3 raise 25", "1 call", "2 call"]);
    expect(eventsOfType(events, "handShown").map((e) => e.seat)).toEqual([3, 1, 2]);
    expect(
      eventsOfType(events, "potAwarded").map((e) => [e.amount, e.winners.map((w) => w.seat)]),
    ).toEqual([
      [36, [2]],
      [28, [1]],
    ]);
    expect(stacksOf(end)).toEqual([52, 36, 0]);
  });

  it("FT heads-up split: p1 calls all-in for 2 of 4, 2 go back, 10 split 5/5 (B-6, SP-2)", () => {
    const { state } = table({
      betting: "fixed-limit",
      ante: 1,
      smallBet: 2,
      bigBet: 4,
      stacks: [5, 53],
      hole: ["Jc7d", "Jd7h"],
      board: "8c5s9d8s2h",
    });
    const { state: end, events } = play(state, [
      "2 call",
      "1 check",
      "1 check",
      "2 check",
      "1 check",
      "2 bet 4",
      "1 call",
    ]);
    expect(eventsOfType(events, "uncalledBetReturned")).toEqual([
      { type: "uncalledBetReturned", seat: 2, amount: 2 },
    ]);
    expect(eventsOfType(events, "handShown").map((e) => e.seat)).toEqual([2, 1]);
    expect(eventsOfType(events, "potAwarded")[0]?.winners.map((w) => [w.seat, w.amount])).toEqual([
      [1, 5],
      [2, 5],
    ]);
    expect(stacksOf(end)).toEqual([5, 53]);
  });

  it("PO heads-up pot raises: pot to 70, re-pot to 220, call all-in for 193, 27 back (B-5)", () => {
    const { state } = table({
      game: "omaha",
      betting: "pot-limit",
      smallBlind: 10,
      bigBlind: 20,
      ante: 5,
      stacks: [234, 198],
      hole: ["Jh7d6d2d", "As9c7h5s"],
      board: "Tc5h6h4s5c",
    });
    const { state: end, events } = play(state, ["2 raise 70", "1 raise 220", "2 call"]);
    expect(eventsOfType(events, "called")).toEqual([
      { type: "called", seat: 2, amount: 123, allIn: true },
    ]);
    expect(eventsOfType(events, "uncalledBetReturned")).toEqual([
      { type: "uncalledBetReturned", seat: 1, amount: 27 },
    ]);
    expect(
      eventsOfType(events, "potAwarded").map((e) => [e.amount, e.winners[0]?.hand?.category]),
    ).toEqual([[396, "three-of-a-kind"]]);
    expect(stacksOf(end)).toEqual([36, 396]);
  });

  it("the same hands end the same way under the PokerKit odd-chip option", () => {
    const { state } = table({
      betting: "fixed-limit",
      ante: 1,
      smallBet: 2,
      bigBet: 4,
      oddChips: "pokerkit",
      stacks: [5, 53],
      hole: ["Jc7d", "Jd7h"],
      board: "8c5s9d8s2h",
    });
    const { state: end } = checkDown(
      play(state, ["2 call", "1 check", "1 check", "2 check", "1 check", "2 bet 4", "1 call"])
        .state,
    );
    expect(stacksOf(end)).toEqual([5, 53]);
  });
});
