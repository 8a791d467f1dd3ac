import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { TableEvent } from "@felt/engine";
import { describe, expect, it } from "vitest";
import { snapshotOf, tableWith } from "../../test/engine-tables";
import { roomOf } from "../../test/table-client";
import type { HandRecord } from "./hand-history";
import type { Snapshot } from "./room-state";
import { type EventRow, RoomStorage } from "./room-storage";
import type { BuyInResult } from "./table-bank";
import type { TableRoom } from "./table-room";

const folded = (handNumber: number, seat: number): TableEvent => ({
  type: "handEvent",
  handNumber,
  event: { type: "folded", seat },
});

/** A snapshot as a room stores it (each row is checked against its schema when it loads). */
const base = snapshotOf(tableWith([100, 100]));

const tableNames = (sql: SqlStorage) =>
  sql
    .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
    .toArray()
    .map((t) => t.name);

/** A room's storage, emptied and laid out as the test says, inside a fresh object. */
const inRoom = <T>(work: (storage: DurableObjectStorage) => T) =>
  runInDurableObject(roomOf(env, `storage-${crypto.randomUUID()}`), (_: TableRoom, state) =>
    work(state.storage),
  );

describe("the room's storage", () => {
  it("keeps a change's events in one row, and gives them back one by one, in order", async () => {
    const got = await inRoom((storage) => {
      const store = new RoomStorage(storage);
      store.migrate();
      const rows: EventRow[] = [
        { version: 7, handNumber: 2, event: folded(2, 1) },
        { version: 7, handNumber: 2, event: folded(2, 2) },
        { version: 7, handNumber: 3, event: folded(3, 4) },
      ];
      store.commit({ events: rows }, 0);
      store.commit({ events: [{ version: 8, handNumber: 3, event: folded(3, 5) }] }, 0);
      const [count] = storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM log").toArray();
      return {
        rows: count?.n,
        all: store.events(),
        hand2: store.handEvents(2),
        recent: store.recentEvents(3, 1),
      };
    });
    // One row per run of events of the same change and hand: the deal's nine events are one row.
    expect(got.rows).toBe(3);
    expect(got.all.map((r) => [r.version, r.handNumber, r.event])).toEqual([
      [7, 2, folded(2, 1)],
      [7, 2, folded(2, 2)],
      [7, 3, folded(3, 4)],
      [8, 3, folded(3, 5)],
    ]);
    expect(got.hand2).toEqual([
      { type: "folded", seat: 1 },
      { type: "folded", seat: 2 },
    ]);
    expect(got.recent).toEqual([folded(3, 5)]);
  });

  it("stores a change as one log row, its events with its patch; a restart applies the patches after the snapshot", async () => {
    const at = (x: number, handNumber = 1) =>
      ({ table: { ...base.table, x, version: x, handNumber }, room: base.room }) as Snapshot;
    const got = await inRoom((storage) => {
      const store = new RoomStorage(storage);
      store.migrate();
      const rows = () =>
        storage.sql
          .exec<{ body: string; patch: string | null }>("SELECT body, patch FROM log ORDER BY id")
          .toArray()
          .map((row) => [JSON.parse(row.body).length, row.patch !== null]);
      const restarted = () => new RoomStorage(storage).snapshot();
      store.commit({ snapshot: at(0) }, 0);
      store.commit(
        { snapshot: at(1), events: [{ version: 1, handNumber: 1, event: folded(1, 1) }] },
        0,
      );
      // A change with no events still has its row, for its patch.
      store.commit({ snapshot: at(2) }, 0);
      const inHand = { rows: rows(), restarted: restarted() };
      // A hand's end writes the snapshot whole: the patches before it are no longer read.
      const settled = { version: 3, handNumber: 1, event: folded(1, 2) };
      store.commit({ snapshot: at(3), rebase: true, events: [settled] }, 0);
      store.commit({ snapshot: at(4, 2) }, 0);
      return {
        inHand,
        rows: rows(),
        restarted: restarted(),
        through: storage.sql.exec("SELECT through FROM snapshot").one().through,
        recent: store.recentEvents(1, 2),
      };
    });
    expect(got.inHand).toEqual({
      rows: [
        [1, true],
        [0, true],
      ],
      restarted: at(2),
    });
    expect(got.rows).toEqual([
      [1, true],
      [0, true],
      [1, false],
      [0, true],
    ]);
    expect(got.through).toBe(3);
    expect(got.restarted).toEqual(at(4, 2));
    // A row with no events takes none of the recent events' places.
    expect(got.recent).toEqual([folded(1, 1), folded(1, 2)]);
  });

  it("checks what it loads against its schema: a malformed row fails where it is read, not later", async () => {
    const got = await inRoom((storage) => {
      const store = new RoomStorage(storage);
      store.migrate();
      store.commit({ snapshot: base }, 0);
      const fine = new RoomStorage(storage).snapshot();
      const { table, room } = base;
      const broken = { table, room: { ...room, timeBanks: { a: "lots" } } };
      storage.sql.exec("UPDATE snapshot SET body = ?", JSON.stringify(broken));
      const error = (read: () => unknown) => {
        try {
          read();
          return null;
        } catch (e) {
          return String(e);
        }
      };
      storage.sql.exec(
        "INSERT INTO intents (key, body) VALUES ('k', ?)",
        JSON.stringify({ userId: 1 }),
      );
      return {
        fine,
        snapshot: error(() => new RoomStorage(storage).snapshot()),
        intents: error(() => store.intents()),
      };
    });
    expect(got.fine).toEqual(base);
    expect(got.snapshot).toMatch(/stored snapshot is malformed/);
    expect(got.intents).toMatch(/stored intent is malformed/);
  });

  it("folds a room stored with a journal of patches into its snapshot, and patches on in the log", async () => {
    const got = await inRoom((storage) => {
      const { sql } = storage;
      sql.exec(`
        DROP TABLE log; DROP TABLE snapshot;
        CREATE TABLE snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), body TEXT NOT NULL);
        CREATE TABLE patches (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
        CREATE TABLE log (
          id INTEGER PRIMARY KEY,
          version INTEGER NOT NULL,
          hand_number INTEGER NOT NULL,
          body TEXT NOT NULL
        );`);
      const table = { ...base.table, a: 1, version: 5, handNumber: 9 };
      sql.exec(
        "INSERT INTO snapshot (id, body) VALUES (1, ?)",
        JSON.stringify({ table, room: base.room }),
      );
      sql.exec("INSERT INTO patches (body) VALUES (?)", JSON.stringify({ table: { a: [2] } }));
      sql.exec(
        "INSERT INTO log (version, hand_number, body) VALUES (5, 9, ?)",
        JSON.stringify([folded(9, 1)]),
      );
      const store = new RoomStorage(storage);
      store.migrate();
      const tables = tableNames(sql);
      const snapshot = store.snapshot() as unknown as Snapshot;
      store.commit(
        {
          snapshot: { ...snapshot, room: { ...base.room, b: 4 } } as Snapshot,
          events: [{ version: 6, handNumber: 9, event: folded(9, 2) }],
        },
        0,
      );
      // A second start finds nothing more to move.
      new RoomStorage(storage).migrate();
      return {
        tables,
        snapshot,
        again: new RoomStorage(storage).snapshot(),
        hand: store.handEvents(9),
      };
    });
    expect(got.tables).not.toContain("patches");
    const table = { ...base.table, a: 2, version: 5, handNumber: 9 };
    expect(got.snapshot).toEqual({ table, room: base.room });
    expect(got.again).toEqual({ table, room: { ...base.room, b: 4 } });
    expect(got.hand).toEqual([
      { type: "folded", seat: 1 },
      { type: "folded", seat: 2 },
    ]);
  });

  it("gives the same recent events from what it keeps as a fresh read of the log, as hands come and go", async () => {
    const got = await inRoom((storage) => {
      const store = new RoomStorage(storage);
      store.migrate();
      // From hand 1 on, at most 25 events: the events kept are trimmed as hands are
      // added, and dropped when the log loses a hand they hold.
      const read = () => [store.recentEvents(1, 25), new RoomStorage(storage).recentEvents(1, 25)];
      const pairs = [];
      let version = 0;
      for (let hand = 1; hand <= 9; hand++) {
        pairs.push(read());
        for (const seat of [1, 2, 3]) {
          version++;
          const events: EventRow[] = [{ version, handNumber: hand, event: folded(hand, seat) }];
          if (seat === 2) {
            events.push({
              version,
              handNumber: hand,
              event: { type: "autoRebuySkipped", seat, playerId: "p", amount: 5 },
            });
          }
          store.commit({ events }, 0);
          pairs.push(read());
        }
        // The hand's history is in the outbox: the log drops hands older than the last five.
        const record = { handNumber: hand } as HandRecord;
        store.commit({ outbox: [{ kind: "history", key: `history:${hand}`, record }] }, 0);
        pairs.push(read());
      }
      return { pairs, oldest: store.events()[0]?.handNumber };
    });
    expect(got.oldest).toBe(4);
    for (const [kept, read] of got.pairs) expect(kept).toEqual(read);
    // The last read holds the last 25 of the events kept in the log, from hand 4 on: hands 4 to 9 hold 24.
    const last = got.pairs.at(-1)?.[0];
    expect(last?.length).toBe(18);
    expect(last?.[0]).toEqual(folded(4, 1));
  });

  it("moves a room stored with the old tables (journal, events) into the log, losing nothing", async () => {
    const got = await inRoom((storage) => {
      const { sql } = storage;
      sql.exec("DROP TABLE IF EXISTS patches; DROP TABLE IF EXISTS log; DELETE FROM snapshot;");
      sql.exec(`
        CREATE TABLE IF NOT EXISTS journal (id INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS events (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          version INTEGER NOT NULL,
          hand_number INTEGER NOT NULL,
          body TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS events_hand ON events (hand_number, id);`);
      sql.exec(
        "INSERT INTO snapshot (id, body) VALUES (1, ?)",
        JSON.stringify({
          table: { ...base.table, a: 1, version: 5, handNumber: 9 },
          room: base.room,
        }),
      );
      sql.exec("INSERT INTO journal (body) VALUES (?)", JSON.stringify({ table: { a: [2] } }));
      sql.exec("INSERT INTO journal (body) VALUES (?)", JSON.stringify({ room: { b: [3] } }));
      for (const [version, seat] of [
        [4, 1],
        [5, 2],
      ] as const)
        sql.exec(
          "INSERT INTO events (version, hand_number, body) VALUES (?, 9, ?)",
          version,
          JSON.stringify(folded(9, seat)),
        );
      const store = new RoomStorage(storage);
      store.migrate();
      const tables = tableNames(sql);
      const snapshot = store.snapshot() as unknown as Snapshot;
      // Patched on from what was moved: the journal goes on where it stopped.
      store.commit({ snapshot: { ...snapshot, room: { ...base.room, b: 4 } } as Snapshot }, 0);
      store.commit({ events: [{ version: 6, handNumber: 9, event: folded(9, 3) }] }, 0);
      return {
        tables,
        snapshot,
        again: new RoomStorage(storage).snapshot(),
        hand: store.handEvents(9),
      };
    });
    expect(got.tables).not.toContain("journal");
    expect(got.tables).not.toContain("events");
    expect(got.tables).not.toContain("patches");
    const table = { ...base.table, a: 2, version: 5, handNumber: 9 };
    expect(got.snapshot).toEqual({ table, room: { ...base.room, b: 3 } });
    expect(got.again).toEqual({ table, room: { ...base.room, b: 4 } });
    expect(got.hand).toEqual([
      { type: "folded", seat: 1 },
      { type: "folded", seat: 2 },
      { type: "folded", seat: 3 },
    ]);
  });

  it("deletes a delivered outbox row with the next commit, not one of its own; a restart before it delivers the row again", async () => {
    const got = await inRoom((storage) => {
      const store = new RoomStorage(storage);
      store.migrate();
      const cashOut = { kind: "cashOut", key: "c1", userId: "u", amount: 5 } as const;
      const lobby = { kind: "lobby", key: "lobby" } as const;
      const stored = () =>
        storage.sql
          .exec<{ key: string }>("SELECT key FROM outbox ORDER BY key")
          .toArray()
          .map((row) => row.key);
      const listed = (s: RoomStorage) => s.outbox().map((item) => item.kind);
      store.commit({ outbox: [cashOut, lobby] }, 0);
      store.outboxDone(cashOut);
      // The courier takes the lobby row before it delivers it.
      store.outboxDone(lobby);
      const afterDone = { listed: listed(store), stored: stored() };
      // A room that starts again from storage sees both rows, and delivers them again.
      const restarted = listed(new RoomStorage(storage));
      // A commit that fails leaves them stored and still delivered.
      const bad = { ok: true, n: 1n } as unknown as BuyInResult;
      let failed = false;
      try {
        store.commit({ results: [["k", bad]] }, 0);
      } catch {
        failed = true;
      }
      const afterFailure = { failed, listed: listed(store), stored: stored() };
      // The next change writes the lobby row again: it stays, to go out again; the cash-out goes.
      store.commit({ outbox: [lobby] }, 0);
      const afterCommit = { listed: listed(store), stored: stored() };
      return { afterDone, restarted, afterFailure, afterCommit };
    });
    expect(got.afterDone).toEqual({ listed: [], stored: ["cashOut:c1", "lobby:lobby"] });
    expect(got.restarted).toEqual(["cashOut", "lobby"]);
    expect(got.afterFailure).toEqual({
      failed: true,
      listed: [],
      stored: ["cashOut:c1", "lobby:lobby"],
    });
    expect(got.afterCommit).toEqual({ listed: ["lobby"], stored: ["lobby:lobby"] });
  });
});
