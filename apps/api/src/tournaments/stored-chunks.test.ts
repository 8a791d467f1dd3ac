import {
  apply,
  cancelReasonOf,
  createTournament,
  drawBounds,
  type TournamentState,
} from "@felt/tournament";
import { describe, expect, it } from "vitest";
import { defaultConfig } from "./definition";
import { type Stored, statusOf } from "./stored";
import { CHUNK, fromPieces, legacyKeys, piecesToWrite, type Writes } from "./stored-chunks";

function must(state: TournamentState, command: Parameters<typeof apply>[1]): TournamentState {
  const result = apply(state, command);
  if (!result.ok) throw new Error(result.error.message);
  return result.state;
}

/** A started tournament of `entrants` players, as the room stores it. */
function stored(entrants: number): Stored {
  const created = createTournament(
    defaultConfig({ buyIn: 100, fee: 10, startingStack: 10_000 }),
    0,
  );
  if (!created.ok) throw new Error(created.error.message);
  let state = created.state;
  const names: Record<string, string> = {};
  for (let i = 0; i < entrants; i++) {
    const playerId = `player-${String(i).padStart(6, "0")}`;
    state = must(state, { type: "register", playerId, now: 0 });
    names[playerId] = `Player ${i}`;
  }
  state = must(state, { type: "start", randomInts: drawBounds(entrants).map(() => 0), now: 1 });
  return {
    id: "big",
    name: "Big",
    startsAt: 1,
    state,
    names,
    dealt: {},
    opened: [],
    intents: {},
    finishes: [],
    owed: [],
  };
}

/** Apply writes to a key-value map, as storage would. */
function written(into: Map<string, unknown>, writes: Writes): Map<string, unknown> {
  for (const [key, value] of Object.entries(writes.put))
    into.set(key, JSON.parse(JSON.stringify(value)));
  for (const key of writes.delete) into.delete(key);
  return into;
}

describe("a tournament stored in pieces", () => {
  it("a 10,000-entrant field: every piece far below the 2 MB value limit, and it reads back whole", () => {
    const t = stored(10_000);
    const writes = piecesToWrite(null, t);
    const sizes = Object.values(writes.put).map((v) => JSON.stringify(v).length);
    expect(Math.max(...sizes)).toBeLessThan(100_000);
    expect(fromPieces(written(new Map(), writes))).toEqual(JSON.parse(JSON.stringify(t)));
  });

  it("a hand at one table rewrites that table's chunk and the head, not the field", () => {
    const before = stored(3 * CHUNK.tables * 9);
    const table = before.state.tables[0]?.number as number;
    const started = apply(before.state, { type: "startHand", table, now: 2 });
    if (!started.ok) throw new Error(started.error.message);
    const after: Stored = { ...before, state: started.state };
    const writes = piecesToWrite(before, after);
    expect(Object.keys(writes.put).sort()).toEqual(["head", "tables:0"]);
    expect(writes.delete).toEqual([]);
  });

  it("lists that shrink drop their last chunks; map entries that go are deleted", () => {
    const before = { ...stored(20), dealt: { "1": { type: "closed" } as never } };
    const storage = written(new Map(), piecesToWrite(null, before));
    const fewer: Stored = {
      ...before,
      dealt: {},
      finishes: [],
      state: { ...before.state, tables: before.state.tables.slice(0, 1) },
    };
    const writes = piecesToWrite(before, fewer);
    expect(writes.delete).toContain("dealt=1");
    expect(fromPieces(written(storage, writes))).toEqual(JSON.parse(JSON.stringify(fewer)));
  });

  it("a room stored before the state machine kept its status loads upgraded: status, reason, minimum field, rebuy offer times", () => {
    const t = stored(3);
    const { minEntrants: _m, rebuyDecisionMs: _r, ...oldRules } = t.state.rules;
    const pending = { playerId: "player-000001", entry: 1, startingStack: 10_000, table: 1 };
    const old = {
      ...t,
      status: "running",
      minEntrants: 3,
      cancelledReason: null,
      rebuyOffers: { "player-000001": 1_234 },
      state: {
        ...t.state,
        rules: oldRules,
        pendingRebuys: [{ ...pending, positionFromButton: 1, hand: 1, declined: false }],
      },
    };
    const storage = written(new Map(), piecesToWrite(null, old as unknown as Stored));
    storage.set("rebuyOffers=player-000001", 1_234);
    const loaded = fromPieces(storage) as Stored;
    expect(statusOf(loaded)).toBe("running");
    expect(loaded.state.rules).toMatchObject({ minEntrants: 3, rebuyDecisionMs: 30_000 });
    expect(loaded.state.pendingRebuys[0]?.offeredAt).toBe(1_234);
    expect(legacyKeys(storage)).toEqual(["rebuyOffers=player-000001"]);
    // Written back, the head has none of the old fields.
    const head = piecesToWrite(null, loaded).put.head as Record<string, unknown>;
    for (const field of ["status", "minEntrants", "cancelledReason", "rebuyOffers"])
      expect(head).not.toHaveProperty(field);
  });

  it("an old room cancelled by the room itself reads as cancelled, with the reason as a code", () => {
    const created = createTournament(defaultConfig({ buyIn: 1, fee: 0, startingStack: 100 }), 0);
    if (!created.ok) throw new Error(created.error.message);
    const { minEntrants: _m, ...oldRules } = created.state.rules;
    const base = stored(2);
    const cancelledBefore = {
      ...base,
      status: "cancelled",
      cancelledReason: "Fewer than 3 players registered.",
      minEntrants: 3,
      state: { ...created.state, rules: oldRules },
    };
    const before = fromPieces(
      written(new Map(), piecesToWrite(null, cancelledBefore as unknown as Stored)),
    ) as Stored;
    expect(statusOf(before)).toBe("cancelled");
    expect(cancelReasonOf(before.state)).toBe("min_field");
    expect(apply(before.state, { type: "register", playerId: "x", now: 5 })).toMatchObject({
      ok: false,
      error: { code: "tournament_cancelled" },
    });
    // Cancelled after the start by the director: its phase was "finished".
    const cancelledAfter = {
      ...base,
      status: "cancelled",
      cancelledReason: "Cancelled by the organiser after the start.",
      minEntrants: 2,
      state: { ...base.state, phase: "finished" },
    };
    const after = fromPieces(
      written(new Map(), piecesToWrite(null, cancelledAfter as unknown as Stored)),
    ) as Stored;
    expect(statusOf(after)).toBe("cancelled");
    expect(cancelReasonOf(after.state)).toBe("director");
    // A room in today's shape loads as it was written.
    const today = stored(2);
    expect(fromPieces(written(new Map(), piecesToWrite(null, today)))).toEqual(
      JSON.parse(JSON.stringify(today)),
    );
  });
});
