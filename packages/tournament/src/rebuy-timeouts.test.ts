import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TournamentConfig } from "./config";
import type { TournamentState } from "./state";
import { bustOne, run, running } from "./test-play";
import { config } from "./test-support";
import { apply, createTournament } from "./tournament";

function registered(entrants: number) {
  const created = createTournament(config(), 0);
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  for (let i = 0; i < entrants; i++)
    state = run(state, { type: "register", playerId: `p${i}`, now: 0 }).state;
  return state;
}

describe("rebuy offers time out (tick)", () => {
  const rebuyConfig: Partial<TournamentConfig> = {
    rebuy: { untilLevel: 1, prize: 100, fee: 10, chips: 1_000, stackAtMost: 1_000, maxPerEntry: 1 },
    rebuyDecisionMs: 20_000,
  };

  it("MT-1 an offer carries its time; a tick declines it once the decision time is up, not before", () => {
    let state = running(3, rebuyConfig);
    state = bustOne(state, 1, 1_000);
    const [pending] = state.pendingRebuys;
    expect(pending).toMatchObject({ declined: false, offeredAt: 1_000 });
    const early = run(state, { type: "tick", now: 20_999 });
    expect(early.events).toEqual([]);
    expect(early.state.pendingRebuys).toHaveLength(1);
    const late = run(early.state, { type: "tick", now: 21_000 });
    expect(late.events[0]).toEqual({ type: "rebuyDeclined", playerId: pending?.playerId });
    expect(late.events.some((e) => e.type === "playerEliminated")).toBe(true);
    expect(late.state.pendingRebuys).toEqual([]);
    // The place carries nothing of the offer.
    expect(Object.keys(late.state.eliminations[0]?.busts[0] ?? {})).not.toContain("offeredAt");
  });

  it("a tick before the start or with nothing pending changes nothing", () => {
    const before = registered(3);
    expect(run(before, { type: "tick", now: 10 }).events).toEqual([]);
    expect(run(running(3), { type: "tick", now: 10 ** 9 }).events).toEqual([]);
  });

  it("MT-1 the last decision a tick declines can end the tournament", () => {
    let state = running(2, rebuyConfig);
    state = bustOne(state, 1, 1);
    expect(state.phase).toBe("running");
    const ended = run(state, { type: "tick", now: 30_000 });
    expect(ended.state.phase).toBe("finished");
    expect(ended.events.some((e) => e.type === "tournamentFinished")).toBe(true);
  });
});

describe("rebuy time-outs over random busts and ticks (property)", () => {
  it("MT-1 a tick declines exactly the offers older than the decision time; the others stay open", () => {
    let declinedInAll = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 30 }),
        fc.integer({ min: 1_000, max: 60_000 }),
        fc.array(fc.integer({ min: 0, max: 40_000 }), { minLength: 1, maxLength: 12 }),
        (entrants, rebuyDecisionMs, gaps) => {
          let state: TournamentState = running(entrants, {
            seatsPerTable: 10,
            rebuyDecisionMs,
            rebuy: {
              untilLevel: 4,
              prize: 100,
              fee: 10,
              chips: 1_000,
              stackAtMost: 1_000,
              maxPerEntry: null,
            },
          });
          let now = 1;
          for (const gap of gaps) {
            now += gap;
            const before = state.pendingRebuys;
            const ticked = run(state, { type: "tick", now });
            state = ticked.state;
            const declined = ticked.events.flatMap((e) =>
              e.type === "rebuyDeclined" ? [e.playerId] : [],
            );
            const stale = before
              .filter((p) => !p.declined && now - p.offeredAt >= rebuyDecisionMs)
              .map((p) => p.playerId);
            expect(declined.sort()).toEqual(stale.sort());
            declinedInAll += declined.length;
            for (const p of state.pendingRebuys)
              expect(p.declined || now - p.offeredAt < rebuyDecisionMs).toBe(true);
            if (state.phase !== "running") return;
            // The next bust (at a table with no decision pending) makes a new offer.
            const table = state.tables.find(
              (t) =>
                !state.pendingRebuys.some((p) => p.table === t.number) &&
                apply(state, { type: "startHand", table: t.number, now }).ok,
            );
            if (table) state = bustOne(state, table.number, now);
          }
        },
      ),
      { numRuns: 100 },
    );
    expect(declinedInAll).toBeGreaterThan(0);
  });
});
