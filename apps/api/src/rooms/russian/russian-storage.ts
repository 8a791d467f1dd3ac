/**
 * A Russian poker room's SQLite storage, laid out like the TableRoom's
 * (`room-storage.ts`): the snapshot, the event log, the outbox, answered
 * cashier requests and buy-ins whose money may be on its way, all written
 * in one transaction per change. A Russian table is small (six boxes, one
 * deck), so the snapshot is written whole each time, with no journal.
 */
import type { russian } from "@felt/engine";
import {
  parseStored,
  russianEventSchema,
  russianIntentSchema,
  russianResultSchema,
  russianSnapshotSchema,
} from "../core/stored";
import type { OutboxItem } from "../outbox";
import { OutboxRows } from "../outbox-rows";
import type { RussianSnapshot } from "./russian-state";

/** A buy-in whose money is moving wallet → escrow: finished (or refunded) after a crash. */
export type RussianIntent = {
  ledgerKey: string;
  userId: string;
  name: string;
  amount: number;
  /** Where the cashier's answer is kept, for retries with the same key. */
  requestKey: string;
};

export type RussianStoredResult = { ok: boolean } & Record<string, unknown>;

export type RussianWrites = {
  snapshot?: RussianSnapshot;
  events?: { version: number; roundNumber: number; event: russian.RussianTableEvent }[];
  outbox?: OutboxItem[];
  results?: [key: string, result: RussianStoredResult][];
  intent?: RussianIntent;
  intentDone?: string;
};

/** Rounds whose events are kept in the log after they end. */
const KEEP_ROUNDS = 20;
const KEEP_RESULTS_MS = 7 * 24 * 60 * 60 * 1000;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  version INTEGER NOT NULL,
  round_number INTEGER NOT NULL,
  body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS events_round ON events (round_number, id);
CREATE TABLE IF NOT EXISTS outbox (key TEXT PRIMARY KEY, body TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS results (key TEXT PRIMARY KEY, body TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS intents (key TEXT PRIMARY KEY, body TEXT NOT NULL);
`;

export const russianIntentKey = (intent: RussianIntent) => intent.requestKey;

export class RussianStorage {
  /** In the order written: a box's stakes reach the house before its payout leaves it. */
  private readonly outboxRows: OutboxRows;
  /** Transactions committed since the room started (its metrics' costs). */
  commits = 0;

  constructor(private readonly storage: DurableObjectStorage) {
    this.outboxRows = new OutboxRows(storage.sql, "rowid");
  }

  private get sql() {
    return this.storage.sql;
  }

  migrate(): void {
    this.sql.exec(SCHEMA);
  }

  snapshot(): RussianSnapshot | null {
    const [row] = this.sql
      .exec<{ body: string }>("SELECT body FROM snapshot WHERE id = 1")
      .toArray();
    return row ? parseStored(russianSnapshotSchema, row.body, "snapshot") : null;
  }

  events(): { version: number; roundNumber: number; event: russian.RussianTableEvent }[] {
    return this.sql
      .exec<{ version: number; round_number: number; body: string }>(
        "SELECT version, round_number, body FROM events ORDER BY id",
      )
      .toArray()
      .map((row) => ({
        version: row.version,
        roundNumber: row.round_number,
        event: parseStored(russianEventSchema, row.body, "event"),
      }));
  }

  outbox(): OutboxItem[] {
    return this.outboxRows.list();
  }

  /** Deleted with the next commit (outbox-rows.ts): no commit of its own. */
  outboxDone(item: OutboxItem): void {
    this.outboxRows.done(item);
  }

  result(key: string): RussianStoredResult | null {
    const [row] = this.sql
      .exec<{ body: string }>("SELECT body FROM results WHERE key = ?", key)
      .toArray();
    return row ? parseStored(russianResultSchema, row.body, "result") : null;
  }

  intents(): RussianIntent[] {
    return this.sql
      .exec<{ body: string }>("SELECT body FROM intents ORDER BY key")
      .toArray()
      .map((row) => parseStored(russianIntentSchema, row.body, "intent"));
  }

  commit(writes: RussianWrites, now: number): void {
    const committed = this.storage.transactionSync(() => {
      if (writes.snapshot) {
        this.sql.exec(
          "INSERT INTO snapshot (id, body) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET body = excluded.body",
          JSON.stringify(writes.snapshot),
        );
      }
      for (const row of writes.events ?? []) {
        this.sql.exec(
          "INSERT INTO events (version, round_number, body) VALUES (?, ?, ?)",
          row.version,
          row.roundNumber,
          JSON.stringify(row.event),
        );
      }
      const settled = writes.events?.find(
        (row) => row.event.type === "roundEvent" && row.event.event.type === "roundSettled",
      );
      if (settled) {
        this.sql.exec(
          "DELETE FROM events WHERE round_number < ?",
          settled.roundNumber - KEEP_ROUNDS,
        );
      }
      const outboxWritten = this.outboxRows.write(writes.outbox ?? [], now);
      if (writes.results?.length) {
        this.sql.exec("DELETE FROM results WHERE created_at < ?", now - KEEP_RESULTS_MS);
      }
      for (const [key, result] of writes.results ?? []) {
        this.sql.exec(
          "INSERT INTO results (key, body, created_at) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING",
          key,
          JSON.stringify(result),
          now,
        );
      }
      if (writes.intent) {
        this.sql.exec(
          "INSERT INTO intents (key, body) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET body = excluded.body",
          russianIntentKey(writes.intent),
          JSON.stringify(writes.intent),
        );
      }
      if (writes.intentDone) this.sql.exec("DELETE FROM intents WHERE key = ?", writes.intentDone);
      return outboxWritten;
    });
    this.commits += 1;
    committed();
  }
}
