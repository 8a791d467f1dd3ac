import { describe, expect, it } from "vitest";
import { apply } from "./apply";
import { checkDown, play, table } from "./test-support";
import type { HandState } from "./types";
import { eventsFor, viewFor } from "./view";

describe("views", () => {
  const setup = { stacks: [100, 100, 100], hole: ["9h8h", "AcAd", "KcKd"], board: "AhKh7h2c3d" };

  it("a player sees his own hole cards, nobody else's, and never the deck", () => {
    const { state } = table(setup);
    const view = viewFor(state, 2);
    expect(view.players.map((p) => p.holeCards)).toEqual([null, [48, 49], null]);
    expect(view.players.map((p) => p.holeCardCount)).toEqual([2, 2, 2]);
    // No deck (nor the muck of a draw game); `deckType` only names the kind of deck.
    expect(JSON.stringify(view)).not.toMatch(/"deck":|"muck":\[|"nextCard":/);
    expect(view.board).toEqual([]);
    expect(viewFor(state, null).players.every((p) => p.holeCards === null)).toBe(true);
  });

  it("the player to act gets his legal actions; others and spectators get none", () => {
    const { state } = table(setup);
    expect(viewFor(state, 3).legalActions).toEqual({
      fold: true,
      check: false,
      call: { amount: 2, allIn: false },
      betOrRaise: { kind: "raise", min: 4, max: 100 },
      draw: null,
    });
    expect(viewFor(state, 1).legalActions).toBeNull();
    expect(viewFor(state, null)).toMatchObject({
      toAct: 3,
      legalActions: null,
      totalPot: 3,
      pots: [],
    });
  });

  it("pots with their eligible seats, and bets of the round apart", () => {
    const { state } = table({ ...setup, stacks: [100, 100, 30] });
    const { state: flop } = play(state, ["3 raise 30", "1 call", "2 call", "1 bet 20"]);
    const view = viewFor(flop, null);
    expect(view.pots).toEqual([{ amount: 90, eligible: [1, 2, 3] }]);
    expect(view.players.map((p) => p.bet)).toEqual([20, 0, 0]);
    expect(view.totalPot).toBe(110);
  });

  it("S-2 shown hands become public at showdown; mucked ones stay hidden but from their owner", () => {
    const { state } = table(setup);
    // Seat 2 chose to show his hand: shown though beaten; seat 3's beaten hand is mucked.
    const { state: end } = checkDown(
      play(state, ["3 call", "1 call", "2 show-my-hand", "2 check"]).state,
    );
    const view = viewFor(end, null);
    expect(view.players.map((p) => p.holeCards)).toEqual([[30, 26], [48, 49], null]);
    expect(viewFor(end, 3).players.map((p) => p.holeCards)).toEqual([
      [30, 26],
      [48, 49],
      [44, 45],
    ]);
    expect(view.awards[0]?.winners[0]).toMatchObject({
      seat: 1,
      amount: 6,
      hand: { category: "flush" },
    });
    expect(view).toMatchObject({ phase: "complete", pots: [], totalPot: 0, toAct: null });
  });

  it("eventsFor hides other players' hole cards", () => {
    const { events } = table(setup);
    const mine = eventsFor(events, 1).filter((e) => e.type === "holeCardsDealt");
    expect(
      mine.map((e) => (e.type === "holeCardsDealt" ? [e.seat, e.count, e.cards] : null)),
    ).toEqual([
      [1, 2, [30, 26]],
      [2, 2, null],
      [3, 2, null],
    ]);
    expect(
      eventsFor(events, null).some((e) => e.type === "holeCardsDealt" && e.cards !== null),
    ).toBe(false);
  });

  it("states are plain JSON: a stored and reloaded state plays on identically", () => {
    const { state } = table(setup);
    const reloaded = JSON.parse(JSON.stringify(state)) as HandState;
    expect(reloaded).toEqual(state);
    const a = apply(state, { type: "betOrRaiseTo", seat: 3, amount: 10 });
    const b = apply(reloaded, { type: "betOrRaiseTo", seat: 3, amount: 10 });
    expect(JSON.stringify(b)).toEqual(JSON.stringify(a));
  });
});
