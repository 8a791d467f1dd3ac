import { describe, expect, it } from "vitest";
import { STANDARD_DECK } from "../cards";
import { startHand } from "./start";
import { checkDown, eventsOfType, play, stacksOf, table } from "./test-support";
import type { HandEvent, HandState, RakeRule } from "./types";
import { viewFor } from "./view";

const rake = (basisPoints: number, cap: number, noFlopNoDrop = true): RakeRule => ({
  basisPoints,
  cap,
  noFlopNoDrop,
});

const total = (state: HandState) =>
  state.players.reduce((sum, p) => sum + p.stack, 0) + state.rakeTaken;

/** Plays `lines`, then checks and shows down to the end. */
function finish(state: HandState, lines: string[]): { state: HandState; events: HandEvent[] } {
  const played = play(state, lines);
  const rest = checkDown(played.state);
  return { state: rest.state, events: [...played.events, ...rest.events] };
}

describe("rake (T-10)", () => {
  it("T-10 a percentage of the pot, rounded down, before the winner is paid", () => {
    const { state } = table({
      stacks: [100, 100, 100],
      rake: rake(500, 100),
      hole: ["AcAd", "7c2d", "8h3s"],
      board: "KsQh9d5c4h",
    });
    const { state: end, events } = finish(state, ["3 raise 10", "1 call", "2 call"]);
    expect(eventsOfType(events, "rakeTaken")).toEqual([{ type: "rakeTaken", amount: 1 }]);
    expect(eventsOfType(events, "potAwarded")[0]).toMatchObject({
      amount: 29,
      rake: 1,
      winners: [{ seat: 1, amount: 29 }],
    });
    expect(end.rakeTaken).toBe(1);
    expect(viewFor(end, null).rakeTaken).toBe(1);
    expect(stacksOf(end)).toEqual([119, 90, 90]);
    expect(total(end)).toBe(300);
  });

  it("T-10 never more than the cap", () => {
    const { state } = table({
      stacks: [100, 100, 100],
      rake: rake(1000, 5),
      hole: ["AcAd", "7c2d", "8h3s"],
      board: "KsQh9d5c4h",
    });
    const { state: end } = finish(state, ["3 raise 40", "1 call", "2 call"]);
    expect(end.rakeTaken).toBe(5);
    expect(stacksOf(end)).toEqual([175, 60, 60]);
  });

  it("T-10 no flop, no drop: nothing when the hand ends before the flop", () => {
    const { state } = table({ stacks: [100, 100, 100], rake: rake(2000, 100) });
    const { state: end, events } = play(state, ["3 raise 10", "1 fold", "2 fold"]);
    expect(end.rakeTaken).toBe(0);
    expect(eventsOfType(events, "rakeTaken")).toEqual([]);
    expect(eventsOfType(events, "potAwarded")[0]).toMatchObject({ amount: 5, rake: 0 });
    expect(stacksOf(end)).toEqual([99, 98, 103]);
  });

  it("T-10 without no-flop-no-drop a pre-flop pot is raked too, but only the chips that were called", () => {
    const { state } = table({ stacks: [100, 100, 100], rake: rake(2000, 100, false) });
    const { state: end, events } = play(state, ["3 raise 10", "1 fold", "2 fold"]);
    // 8 of the 10 come back uncalled; the pot is 1 + 2 + 2 = 5, and 20 % of it is 1.
    expect(eventsOfType(events, "uncalledBetReturned")).toMatchObject([{ seat: 3, amount: 8 }]);
    expect(end.rakeTaken).toBe(1);
    expect(stacksOf(end)).toEqual([99, 98, 102]);
  });

  it("T-10 an all-in before the flop is raked: the flop is dealt", () => {
    const { state } = table({
      stacks: [100, 100],
      rake: rake(500, 3),
      hole: ["AcAd", "7c2d"],
      board: "KsQh9d5c4h",
    });
    const { state: end } = play(state, ["2 raise 100", "1 call"]);
    expect(end.phase).toBe("complete");
    expect(end.rakeTaken).toBe(3);
    expect(stacksOf(end)).toEqual([197, 0]);
  });

  it("T-10 SP-2 a split pot is split after the rake, odd chip clockwise from the button", () => {
    const { state } = table({
      stacks: [100, 100],
      rake: rake(2500, 100),
      hole: ["2c3d", "4c5d"],
      board: "AhKdQcJsTh",
    });
    const { state: end, events } = finish(state, ["2 raise 10", "1 call"]);
    // Pot 20, rake 5, 15 split 8/7: seat 1 is first left of the button (seat 2).
    expect(eventsOfType(events, "potAwarded")[0]).toMatchObject({
      amount: 15,
      rake: 5,
      winners: [
        { seat: 1, amount: 8 },
        { seat: 2, amount: 7 },
      ],
    });
    expect(stacksOf(end)).toEqual([98, 97]);
  });

  it("T-10 Decision SP-0 side pots: the rake is shared in proportion to the pots", () => {
    const { state } = table({
      stacks: [10, 100, 100],
      button: 3,
      rake: rake(1000, 100),
      hole: ["AcAd", "KcKd", "7c2d"],
      board: "QsJh9d5c4h",
    });
    const { state: end, events } = finish(state, ["3 raise 50", "1 call", "2 call"]);
    // Main pot 30 (everyone), side pot 80 (seats 2, 3); 10 % of 110 = 11: 3 from the main pot, 8 from the side pot.
    expect(eventsOfType(events, "potAwarded").map((e) => [e.amount, e.rake, e.eligible])).toEqual([
      [27, 3, [1, 2, 3]],
      [72, 8, [2, 3]],
    ]);
    // The short all-in seat 1 pays only his pot's share (3), not the side pot's rake.
    expect(stacksOf(end)).toEqual([27, 122, 50]);
    expect(total(end)).toBe(210);
  });

  it("T-10 a tiny main pot pays its share only, the rounding comes from the largest pot", () => {
    const { state } = table({
      stacks: [1, 100, 100],
      button: 3,
      rake: rake(1000, 100),
      hole: ["AcAd", "KcKd", "7c2d"],
      board: "QsJh9d5c4h",
    });
    const { state: end, events } = finish(state, ["3 raise 50", "2 call"]);
    // Seat 1's small blind of 1 is all-in: main pot 3, side pot 98; the rake of 10 is 0 + 9, plus 1 of rounding.
    expect(eventsOfType(events, "potAwarded").map((e) => [e.amount, e.rake])).toEqual([
      [3, 0],
      [88, 10],
    ]);
    expect(total(end)).toBe(201);
  });

  it("MT-7 no rake rule, no rake: awards carry no rake field", () => {
    const { state } = table({ stacks: [100, 100] });
    const { state: end, events } = play(state, ["2 fold"]);
    expect(end.rakeTaken).toBe(0);
    expect(eventsOfType(events, "potAwarded")[0]).not.toHaveProperty("rake");
  });

  it("refuses a malformed rake rule", () => {
    const result = startHand({
      type: "start",
      config: {
        game: "holdem",
        betting: "no-limit",
        smallBlind: 1,
        bigBlind: 2,
        rake: rake(10_001, 3),
      },
      players: [
        { seat: 1, stack: 100 },
        { seat: 2, stack: 100 },
      ],
      button: 1,
      deck: STANDARD_DECK.slice(),
    });
    expect(result.ok ? "ok" : result.error.code).toBe("invalid_config");
  });
});
