import { apply, createTournament, drawBounds, type TournamentState } from "@felt/tournament";
import { describe, expect, it } from "vitest";
import { defaultConfig } from "./definition";
import { CHUNK, fromPieces, piecesToWrite, type Writes } from "./pieces";
import type { Stored } from "./room";

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
    minEntrants: 2,
    status: "running",
    state,
    names,
    dealt: {},
    opened: [],
    rebuyOffers: {},
    intents: {},
    finishes: [],
    owed: [],
    cancelledReason: null,
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
});
