import { seededInts } from "@felt/fairness/testing";
import { describe, expect, it } from "vitest";
import { drawBounds } from "./draw";
import type { TournamentState } from "./state";
import { config } from "./test-support";
import { apply, createTournament } from "./tournament";
import { tableNumberOf, viewOf } from "./view";

const tableIdOf = (n: number) => `mtt-t${n}`;

function running(entrants: number, seatsPerTable: number): TournamentState {
  const created = createTournament(config({ seatsPerTable }), 0);
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  for (let i = 0; i < entrants; i++) {
    const done = apply(state, { type: "register", playerId: `p${i}`, now: 0 });
    if (!done.ok) throw new Error(done.error.message);
    state = done.state;
  }
  const started = apply(state, {
    type: "start",
    now: 0,
    randomInts: seededInts(7, drawBounds(entrants)),
  });
  if (!started.ok) throw new Error(started.error.message);
  return started.state;
}

describe("the player's tournament view", () => {
  it("MT-4 shows every entrant seated, by stack, with the table ids the room gives", () => {
    const state = running(5, 3);
    const view = viewOf({ state, finishes: [], names: { p0: "Ann" } }, "p0", 1, tableIdOf);
    expect(view.status).toBe("running");
    expect(view.players).toHaveLength(5);
    expect(view.players.find((p) => p.playerId === "p0")?.name).toBe("Ann");
    expect(view.tables.map((t) => t.tableId)).toEqual(["mtt-t1", "mtt-t2"]);
    expect(view.you?.tableId).toBe(tableIdOf(tableNumberOf(state, "p0") ?? 0));
    expect(view.you?.canRegister).toBe(false);
    expect(viewOf({ state, finishes: [], names: {} }, null, 1, tableIdOf).you).toBeNull();
  });

  it("MT-5 no hand-for-hand badge at a single table, even from a state stored with it on (issue 48)", () => {
    const state = running(3, 2);
    expect(state.tables).toHaveLength(1);
    const stale = { ...state, handForHand: { playedInRound: [], busts: [] } };
    expect(viewOf({ state: stale, finishes: [], names: {} }, null, 1, tableIdOf).handForHand).toBe(
      false,
    );
  });

  it("MT-5 the badge shows while more than one table plays hand-for-hand", () => {
    const state = running(6, 3);
    const on = { ...state, handForHand: { playedInRound: [], busts: [] } };
    expect(viewOf({ state: on, finishes: [], names: {} }, null, 1, tableIdOf).handForHand).toBe(
      true,
    );
  });
});
