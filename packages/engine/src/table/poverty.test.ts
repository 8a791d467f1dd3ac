import { describe, expect, it } from "vitest";
import { legalActions } from "../hand";
import { deckFor } from "./home-test-support";
import { rebuysDue } from "./ready";
import { applyTable, chipsOnTable } from "./table";
import { ok, player, run, sit, table } from "./test-support";
import type { PlayerAction, TableCommand, TableEvent, TableState } from "./types";
import { tableViewFor } from "./view";

/** Deals seat 1 aces and seat 2 seven-deuce, on a board that helps neither. */
const startRigged = (t: TableState): TableCommand => ({
  type: "startHand",
  deck: deckFor(t, { 1: "AsAh", 2: "7c2d" }, "AdKs9h5c3d"),
});

/**
 * Plays the hand out: `allIn` moves all in at his first turn, everyone else
 * calls; with `leave`, he asks to leave once all in. Every command's events.
 */
function finishWithEvents(
  state: TableState,
  allIn: number,
  leave = false,
): { state: TableState; events: TableEvent[] } {
  let t = state;
  const events: TableEvent[] = [];
  let asked = false;
  while (t.hand && t.hand.phase !== "complete") {
    if (leave && !asked && t.hand.players.find((p) => p.seat === allIn)?.allIn) {
      const left = ok(applyTable(t, { type: "leave", playerId: player(allIn) }));
      events.push(...left.events);
      t = left.state;
      asked = true;
      continue;
    }
    const seat = t.hand.toAct as number;
    const legal = legalActions(t.hand, seat);
    const action: PlayerAction =
      seat === allIn && legal.betOrRaise
        ? { type: "betOrRaiseTo", amount: legal.betOrRaise.max }
        : legal.call
          ? { type: "call" }
          : { type: "check" };
    const acted = ok(applyTable(t, { type: "act", playerId: player(seat), action }));
    events.push(...acted.events);
    t = acted.state;
  }
  return { state: t, events };
}

const poverty = (freeSets?: number, setChips?: number) =>
  table({
    home: {
      poverty: {
        ...(freeSets !== undefined && { freeSets }),
        ...(setChips !== undefined && { setChips }),
      },
    },
  });

describe("H-4 poverty poker", () => {
  it("H-4 a player who loses his chips gets a free set at once, and plays on", () => {
    let t = run(poverty(), sit(1, 100), sit(2, 100));
    const before = chipsOnTable(t);
    t = run(t, startRigged(t));
    const { state: after, events } = finishWithEvents(t, 2);
    expect(events).toContainEqual({
      type: "freeSetGranted",
      seat: 2,
      playerId: player(2),
      chips: 200,
      index: 1,
    });
    expect(events.some((e) => e.type === "playerSatOut")).toBe(false);
    expect(after.seats[1]).toMatchObject({ stack: 200, status: "active" });
    // Chips on the table: the buy-ins plus the grant.
    expect(chipsOnTable(after)).toBe(before + 200);
    expect(tableViewFor(after, null).homeGame?.freeSets).toEqual({
      perPlayer: 2,
      setChips: 200,
      used: [
        { seat: 1, used: 0 },
        { seat: 2, used: 1 },
      ],
    });
    // He is dealt into the next hand.
    const next = run(after, { type: "startHand", deck: deckFor(after, {}) });
    expect(next.hand?.players.map((p) => p.seat)).toEqual([1, 2]);
  });

  it("H-4 at most N free sets a game; then busting is as at any table", () => {
    let t = run(poverty(2, 100), sit(1, 200), sit(2, 100));
    const granted: number[] = [];
    for (let round = 0; round < 3; round++) {
      const settled = finishWithEvents(run(t, startRigged(t)), 2);
      t = settled.state;
      for (const e of settled.events) if (e.type === "freeSetGranted") granted.push(e.index);
    }
    expect(granted).toEqual([1, 2]);
    expect(t.seats[1]).toMatchObject({ stack: 0, status: "sittingOut" });
    expect(t.homeGame?.freeSets).toEqual({ [player(2)]: 2 });
  });

  it("H-4 leaving and sitting down again does not start the count again", () => {
    let t = run(poverty(1, 100), sit(1, 200), sit(2, 100));
    t = finishWithEvents(run(t, startRigged(t)), 2).state;
    expect(t.homeGame?.freeSets).toEqual({ [player(2)]: 1 });
    t = run(t, { type: "leave", playerId: player(2) }, sit(2, 100));
    t = finishWithEvents(run(t, startRigged(t)), 2).state;
    expect(t.seats[1]).toMatchObject({ stack: 0, status: "sittingOut" });
    expect(t.homeGame?.freeSets).toEqual({ [player(2)]: 1 });
  });

  it("H-4 a player leaving after the hand gets no free set", () => {
    let t = run(poverty(), sit(1, 200), sit(2, 100));
    t = run(t, startRigged(t));
    // Seat 2 moves all in, asks to leave, and loses.
    const { events } = finishWithEvents(t, 2, true);
    expect(events.some((e) => e.type === "freeSetGranted")).toBe(false);
    expect(events).toContainEqual({ type: "playerLeft", seat: 2, playerId: player(2), cashOut: 0 });
  });

  it("H-4 a player who sat out during the hand gets his set and keeps sitting out", () => {
    let t = run(poverty(2, 100), sit(1, 200), sit(2, 100));
    t = run(t, startRigged(t), { type: "sitOut", playerId: player(2) });
    const { state, events } = finishWithEvents(t, 2);
    expect(events.filter((e) => e.type === "freeSetGranted")).toHaveLength(1);
    expect(state.seats[1]).toMatchObject({ stack: 100, status: "sittingOut" });
  });

  it("H-4 with auto-rebuy (T-6): the free set comes first, the wallet tops up the rest", () => {
    let t = run(poverty(2, 60), sit(1, 200), sit(2, 100), {
      type: "setAutoRebuy",
      playerId: player(2),
      upTo: 150,
    });
    t = finishWithEvents(run(t, startRigged(t)), 2).state;
    expect(t.seats[1]).toMatchObject({ stack: 60, status: "active" });
    expect(rebuysDue(t)).toEqual([{ playerId: player(2), seat: 2, amount: 90, sitIn: false }]);
  });

  it("H-4 a player who still has chips waiting (T-5) has not lost his chips", () => {
    let t = run(poverty(), sit(1, 200), sit(2, 100));
    t = run(t, startRigged(t), { type: "addChips", playerId: player(2), amount: 50 });
    const { state, events } = finishWithEvents(t, 2);
    expect(events.some((e) => e.type === "freeSetGranted")).toBe(false);
    expect(state.seats[1]).toMatchObject({ stack: 50, status: "active" });
  });

  it("H-4 off: a busted player is sat out as before", () => {
    let t = run(table(), sit(1, 200), sit(2, 100));
    const { state, events } = finishWithEvents(run(t, startRigged(t)), 2);
    t = state;
    expect(events).toContainEqual({ type: "playerSatOut", seat: 2, reason: "busted" });
    expect(t.homeGame).toBeUndefined();
  });
});
