import { describe, expect, it } from "vitest";
import { STANDARD_DECK } from "../cards";
import { legalActions } from "./legal";
import { startHand } from "./start";
import { attempt, eventsOfType, play, potsOf, table } from "./test-support";
import type { BlindPositions, HandConfig, StartHand } from "./types";
import { viewFor } from "./view";

const NL: HandConfig = { game: "holdem", betting: "no-limit", smallBlind: 1, bigBlind: 2 };

/** A hand at seats `seats` (stacks 100) with the given button and blinds. */
function start(seats: number[], button: number, blinds?: BlindPositions) {
  const command: StartHand = {
    type: "start",
    config: NL,
    players: seats.map((seat) => ({ seat, stack: 100 })),
    button,
    deck: STANDARD_DECK.slice(),
  };
  const result = startHand(blinds ? { ...command, blinds } : command);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result;
}

describe("blinds named by the table layer", () => {
  it("T-9 a dead small blind: only the big blind posts; pre-flop starts left of it, later rounds left of the button", () => {
    // Seat 2 would have been the small blind but its player left: nobody posts it.
    const { state, events } = start([1, 3, 4, 5], 1, { smallBlind: null, bigBlind: 3 });
    expect(eventsOfType(events, "blindPosted")).toEqual([
      { type: "blindPosted", seat: 3, blind: "big", amount: 2, allIn: false },
    ]);
    expect(state.toAct).toBe(4);
    const { state: flop } = play(state, ["4 call", "5 call", "1 call", "3 check"]);
    expect(flop.street).toBe("flop");
    expect(flop.toAct).toBe(3);
    expect(viewFor(flop, null).totalPot).toBe(8);
  });

  it("T-9 a dead button on an empty seat: the first player after it acts first after the flop", () => {
    const { state, events } = start([1, 3, 4], 2, { smallBlind: 3, bigBlind: 4 });
    expect(eventsOfType(events, "holeCardsDealt").map((e) => e.seat)).toEqual([3, 4, 1]);
    expect(state.toAct).toBe(1);
    const { state: flop } = play(state, ["1 call", "3 call", "4 check"]);
    expect(flop.toAct).toBe(3);
  });

  it("T-7 an extra live big blind plays as a bet: the poster has the option when nobody raised", () => {
    const { state, events } = table({
      stacks: [100, 100, 100, 100, 100],
      button: 1,
      blinds: { smallBlind: 2, bigBlind: 3, extraBigBlinds: [5] },
    });
    expect(eventsOfType(events, "blindPosted").map((e) => [e.seat, e.blind, e.extra])).toEqual([
      [2, "small", undefined],
      [3, "big", undefined],
      [5, "big", true],
    ]);
    expect(state.toAct).toBe(4);
    const { state: option } = play(state, ["4 call"]);
    expect(option.toAct).toBe(5);
    expect(legalActions(option, 5)).toMatchObject({ check: true, fold: false, call: null });
    const { state: flop } = play(option, ["5 check", "1 call", "2 call", "3 check"]);
    expect(flop.street).toBe("flop");
    expect(potsOf(flop)).toEqual([{ amount: 10, eligible: [1, 2, 3, 4, 5] }]);
  });

  it("T-7 after a raise the extra big blind calls only the difference (B-1)", () => {
    const { state } = table({
      stacks: [100, 100, 100, 100, 100],
      button: 1,
      blinds: { smallBlind: 2, bigBlind: 3, extraBigBlinds: [4] },
    });
    // Seat 4 posted right after the big blind, so he is first to act and may check his own blind.
    expect(state.toAct).toBe(4);
    expect(attempt(state, "4 check")).toBe("ok");
    const { state: raised } = play(state, ["4 check", "5 raise 8", "1 fold", "2 fold", "3 fold"]);
    expect(legalActions(raised, 4).call).toEqual({ amount: 6, allIn: false });
  });

  it("T-8 a missed big blind: a live big blind plus a dead small blind; the dead chip is the pot's, not his bet", () => {
    const { state, events } = table({
      stacks: [100, 100, 100, 100],
      button: 1,
      blinds: { smallBlind: 2, bigBlind: 3, extraBigBlinds: [4], deadSmallBlinds: [4] },
    });
    expect(eventsOfType(events, "deadBlindPosted")).toEqual([
      { type: "deadBlindPosted", seat: 4, amount: 1, allIn: false },
    ]);
    const p4 = state.players[3];
    expect(p4).toMatchObject({ stack: 97, bet: 2, committed: 2, ante: 1 });
    expect(viewFor(state, null).totalPot).toBe(6);
    // He may check his live blind; folding later leaves the dead chip in the pot (SP-3).
    const { state: flop } = play(state, ["4 check", "1 call", "2 call", "3 check"]);
    expect(potsOf(flop)).toEqual([{ amount: 9, eligible: [1, 2, 3, 4] }]);
  });

  it("T-8 a missed small blind alone: a dead small blind, and the full big blind to call", () => {
    const { state } = table({
      stacks: [100, 100, 100, 100],
      button: 1,
      blinds: { smallBlind: 2, bigBlind: 3, deadSmallBlinds: [4] },
    });
    expect(state.toAct).toBe(4);
    expect(legalActions(state, 4).call).toEqual({ amount: 2, allIn: false });
    const { state: end, events } = play(state, ["4 fold", "1 fold", "2 fold"]);
    // The big blind wins the small blind and the dead chip; the unmatched part of his blind comes back.
    expect(eventsOfType(events, "uncalledBetReturned")).toMatchObject([{ seat: 3, amount: 1 }]);
    expect(eventsOfType(events, "potAwarded")[0]).toMatchObject({
      amount: 3,
      winners: [{ seat: 3 }],
    });
    expect(end.players.map((p) => p.stack)).toEqual([100, 99, 102, 99]);
  });

  it("SP-3 a dead small blind sets no side-pot level", () => {
    const { state } = table({
      stacks: [100, 100, 100, 3],
      button: 1,
      blinds: { smallBlind: 2, bigBlind: 3, extraBigBlinds: [4], deadSmallBlinds: [4] },
    });
    // Seat 4 is all-in with 2 live + 1 dead: the main pot is 2 from each caller plus the dead chip.
    expect(state.players[3]).toMatchObject({ stack: 0, allIn: true, bet: 2, ante: 1 });
    const { state: flop } = play(state, ["1 raise 10", "2 call", "3 call"]);
    expect(potsOf(flop)).toEqual([
      { amount: 9, eligible: [1, 2, 3, 4] },
      { amount: 24, eligible: [1, 2, 3] },
    ]);
  });

  it("T-2 heads-up named the usual way plays as the default", () => {
    const named = start([1, 2], 1, { smallBlind: 1, bigBlind: 2 });
    const plain = start([1, 2], 1);
    expect(named.state).toEqual(plain.state);
    expect(named.events).toEqual(plain.events);
  });

  it.each([
    ["a big blind nobody holds", { smallBlind: 1, bigBlind: 9 }],
    ["small and big blind on one seat", { smallBlind: 2, bigBlind: 2 }],
    ["an extra blind for the big blind", { smallBlind: 1, bigBlind: 2, extraBigBlinds: [2] }],
    ["a dead blind for the small blind", { smallBlind: 1, bigBlind: 2, deadSmallBlinds: [1] }],
    ["a repeated extra blind", { smallBlind: 1, bigBlind: 2, extraBigBlinds: [3, 3] }],
    ["extra blinds that are not a list", { smallBlind: 1, bigBlind: 2, extraBigBlinds: 3 }],
    ["no positions at all", "button"],
  ])("refuses %s (invalid_blinds)", (_name, blinds) => {
    const result = startHand({
      type: "start",
      config: NL,
      players: [1, 2, 3].map((seat) => ({ seat, stack: 100 })),
      button: 3,
      deck: STANDARD_DECK.slice(),
      blinds: blinds as unknown as BlindPositions,
    });
    expect(result.ok ? "ok" : result.error.code).toBe("invalid_blinds");
  });
});
