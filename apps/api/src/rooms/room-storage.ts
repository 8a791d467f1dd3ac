/**
 * The room's SQLite storage. The snapshot (engine table + room state) is one
 * row written between hands, and the log holds one row per change since:
 * the change's events, and a patch of the snapshot (what changed). Beside
 * them the outbox, answered cashier requests and buy-ins whose money may be
 * on its way. `commit` writes any of them in one transaction, so a change and
 * its consequences are stored together or not at all.
 */
import type { HandEvent, RebuySkipped, TableEvent } from "@felt/engine";
import { applyPatch, diff } from "@felt/protocol";
import {
  answeredSchema,
  eventsSchema,
  fundingIntentSchema,
  parseStored,
  snapshotSchema,
  storedPatchSchema,
} from "./core/stored";
import type { OutboxItem } from "./outbox";
import { OutboxRows } from "./outbox-rows";
import type { Snapshot } from "./room-state";
import { type BuyInResult, type CashOutResult, type FundingIntent, intentKey } from "./table-bank";

export type StoredResult = BuyInResult | CashOutResult;
/** An answered request: its result and the terms it was asked on (null for rows from before terms were kept). */
export type Answered = { result: StoredResult; terms: string | null };

/** Anything the room logs beside the engine's events: a skipped auto-rebuy (the engine's `skipRebuy`). */
export type RoomEvent = RebuySkipped;

export type EventRow = { version: number; handNumber: number; event: TableEvent | RoomEvent };

export type Writes = {
  snapshot?: Snapshot;
  /** Write the snapshot whole and start the journal again (a hand just ended). */
  rebase?: boolean;
  events?: EventRow[];
  outbox?: OutboxItem[];
  /** `terms`: what was asked (see `buyInTerms`), so the same key asking otherwise is a conflict. */
  results?: [key: string, result: StoredResult, terms?: string][];
  /** Fundings whose money is about to move (stored before the ledger is asked). */
  intents?: FundingIntent[];
  /** Fundings finished: seated, refunded or refused. */
  intentsDone?: string[];
};

/** Patches after which the snapshot is written whole even in a hand, so recovery stays short. */
const MAX_JOURNAL = 100;
/** Hands whose events are kept in the log after they end (their history is in D1 by then). */
const KEEP_HANDS = 5;
/** How long a cashier request's answer is kept for retries with the same key. */
const KEEP_RESULTS_MS = 7 * 24 * 60 * 60 * 1000;

// Every change is one commit, and on workerd's local storage each commit
// writes and fsyncs every page it touched (on Cloudflare, each row is a row
// written, and billed): so a change adds one row to `log`, holding both its
// events (of one hand) and its patch of the snapshot, with no AUTOINCREMENT
// (its counters are one more page) and no index (one more page per row; the
// log only ever holds a few hands, read whole). The snapshot row says which
// log row it was written at (`through`): recovery applies the patches after it.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS snapshot (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  body TEXT NOT NULL,
  through INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS log (
  id INTEGER PRIMARY KEY,
  version INTEGER NOT NULL,
  hand_number INTEGER NOT NULL,
  body TEXT NOT NULL,
  patch TEXT
);
CREATE TABLE IF NOT EXISTS outbox (key TEXT PRIMARY KEY, body TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS results (key TEXT PRIMARY KEY, body TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS intents (key TEXT PRIMARY KEY, body TEXT NOT NULL);
`;

/**
 * The layouts of before, brought up to this one in order: `journal` and
 * `events` (a row per event) became `patches` and `log` (a row per change);
 * `patches` is then folded into the snapshot, and the log and the snapshot
 * gain their `patch` and `through` columns.
 */
const MOVE_OLD_TABLES = {
  journal:
    "CREATE TABLE IF NOT EXISTS patches (id INTEGER PRIMARY KEY, body TEXT NOT NULL); INSERT INTO patches (body) SELECT body FROM journal ORDER BY id; DROP TABLE journal;",
  events:
    "INSERT INTO log (version, hand_number, body) SELECT version, hand_number, '[' || body || ']' FROM events ORDER BY id; DROP TABLE events;",
};
const ADD_COLUMNS = [
  { table: "log", column: "patch", alter: "ALTER TABLE log ADD COLUMN patch TEXT" },
  {
    table: "snapshot",
    column: "through",
    alter: "ALTER TABLE snapshot ADD COLUMN through INTEGER NOT NULL DEFAULT 0",
  },
];
/** A log row of a change that had no events, only a patch. */
const NO_EVENTS = "[]";

export class RoomStorage {
  /** The snapshot as stored (whole row plus journal): what the next patch is taken against. */
  private stored: Snapshot | null = null;
  private journalLength = 0;
  /**
   * The last `limit` events from hand `from` on, as `recentEvents` read them
   * and every commit since appended: a socket that connects (a page opened,
   * a whole table sitting down at once) costs no read of the log.
   */
  private recent: { from: number; limit: number; rows: EventRow[] } | null = null;

  private readonly outboxRows: OutboxRows;
  /** Transactions committed since the room started (its metrics' costs). */
  commits = 0;

  constructor(private readonly storage: DurableObjectStorage) {
    this.outboxRows = new OutboxRows(storage.sql, "created_at, key");
  }

  private get sql() {
    return this.storage.sql;
  }

  migrate(): void {
    this.sql.exec(SCHEMA);
    const tables = new Map(
      this.sql
        .exec<{ name: string; sql: string }>(
          "SELECT name, sql FROM sqlite_master WHERE type = 'table'",
        )
        .toArray()
        .map((t) => [t.name, t.sql]),
    );
    const missing = ADD_COLUMNS.filter(
      ({ table, column }) => !new RegExp(`\\b${column}\\b`).test(tables.get(table) ?? ""),
    );
    const old = ["journal", "events"].filter((name) => tables.has(name));
    const journaled = tables.has("patches") || tables.has("journal");
    if (old.length === 0 && missing.length === 0 && !journaled) return;
    this.storage.transactionSync(() => {
      for (const { alter } of missing) this.sql.exec(alter);
      for (const name of old) this.sql.exec(MOVE_OLD_TABLES[name as keyof typeof MOVE_OLD_TABLES]);
      if (!journaled) return;
      // The journal of before, folded into the snapshot once: the log's patches start after it.
      const journal = this.sql
        .exec<{ body: string }>("SELECT body FROM patches ORDER BY id")
        .toArray();
      const snapshot = replayed(
        this.storedRow()?.snapshot ?? null,
        journal.map((row) => row.body),
      );
      if (snapshot) this.writeWhole(snapshot);
      this.sql.exec("DROP TABLE patches");
    });
  }

  private storedRow(): { snapshot: Snapshot; through: number } | null {
    const [row] = this.sql
      .exec<{ body: string; through: number }>("SELECT body, through FROM snapshot WHERE id = 1")
      .toArray();
    return row
      ? { snapshot: parseStored(snapshotSchema, row.body, "snapshot"), through: row.through }
      : null;
  }

  /** The log's rows, oldest first, each row's events in order. */
  private logRows(query: string, ...bindings: (string | number)[]): EventRow[] {
    const rows: EventRow[] = [];
    for (const row of this.sql
      .exec<{ version: number; hand_number: number; body: string }>(query, ...bindings)
      .toArray()) {
      for (const event of parseStored(eventsSchema, row.body, "events"))
        rows.push({ version: row.version, handNumber: row.hand_number, event });
    }
    return rows;
  }

  /** The snapshot written last: the whole row with the log's patches since applied in order. */
  snapshot(): Snapshot | null {
    const row = this.storedRow();
    const patches = this.sql
      .exec<{ patch: string }>(
        "SELECT patch FROM log WHERE id > ? AND patch IS NOT NULL ORDER BY id",
        row?.through ?? 0,
      )
      .toArray();
    const snapshot = replayed(
      row?.snapshot ?? null,
      patches.map((p) => p.patch),
    );
    this.stored = snapshot;
    this.journalLength = patches.length;
    return snapshot;
  }

  /** The engine events of one hand, in order (for its hand history). */
  handEvents(handNumber: number): HandEvent[] {
    const events: HandEvent[] = [];
    const query = "SELECT version, hand_number, body FROM log WHERE hand_number = ? ORDER BY id";
    for (const { event } of this.logRows(query, handNumber)) {
      if (event.type === "handEvent" && event.handNumber === handNumber) events.push(event.event);
    }
    return events;
  }

  /**
   * The table's events from hand `handNumber` on (that hand's and whatever
   * followed it), oldest first, the last `limit` of them: what a client that
   * connects mid-hand needs for its hand log.
   */
  recentEvents(handNumber: number, limit: number): TableEvent[] {
    if (this.recent?.from !== handNumber || this.recent.limit !== limit) {
      // A row with events holds at least one: the last `limit` of them hold the last `limit` events.
      const query = `SELECT version, hand_number, body FROM (SELECT * FROM log WHERE hand_number >= ? AND body <> '${NO_EVENTS}' ORDER BY id DESC LIMIT ?) ORDER BY id`;
      const rows = this.logRows(query, handNumber, limit).slice(-limit);
      this.recent = { from: handNumber, limit, rows };
    }
    return this.recent.rows
      .map((row) => row.event)
      .filter((event): event is TableEvent => event.type !== "autoRebuySkipped");
  }

  /** Rows just stored join the recent events kept, which stay the last `limit`. */
  private keepRecent(rows: EventRow[]): void {
    const recent = this.recent;
    if (!recent) return;
    const added = rows.filter((row) => row.handNumber >= recent.from);
    if (added.length === 0) return;
    recent.rows = [...recent.rows, ...added].slice(-recent.limit);
  }

  /** Every event stored, oldest first (tests and debugging). */
  events(): EventRow[] {
    return this.logRows("SELECT version, hand_number, body FROM log ORDER BY id");
  }

  outbox(): OutboxItem[] {
    return this.outboxRows.list();
  }

  /** Deleted with the next commit (outbox-rows.ts): no commit of its own. */
  outboxDone(item: OutboxItem): void {
    this.outboxRows.done(item);
  }

  result(key: string): Answered | null {
    const [row] = this.sql
      .exec<{ body: string }>("SELECT body FROM results WHERE key = ?", key)
      .toArray();
    if (!row) return null;
    return parseStored(answeredSchema, row.body, "result");
  }

  intents(): FundingIntent[] {
    return this.sql
      .exec<{ body: string }>("SELECT body FROM intents ORDER BY key")
      .toArray()
      .map((row) => parseStored(fundingIntentSchema, row.body, "intent"));
  }

  /** Everything in `writes`, in one transaction. */
  commit(writes: Writes, now: number): void {
    const { stored, journalLength } = this;
    try {
      const committed = this.transaction(writes, now);
      committed();
      this.commits += 1;
      if (writes.events) this.keepRecent(writes.events);
    } catch (error) {
      // Rolled back: the next patch is taken against what is really stored.
      this.stored = stored;
      this.journalLength = journalLength;
      throw error;
    }
  }

  /** Returns what to call once it has committed. */
  private transaction(writes: Writes, now: number): () => void {
    return this.storage.transactionSync(() => {
      const { snapshot } = writes;
      const patch = snapshot ? this.patchOf(snapshot, writes.rebase ?? false) : undefined;
      const groups = byHand(writes.events ?? []);
      // A change with a patch and no events still needs its row, to carry the patch.
      if (patch && groups.length === 0 && snapshot)
        groups.push({
          version: snapshot.table.version,
          handNumber: snapshot.table.handNumber,
          events: [],
        });
      groups.forEach((group, i) => {
        this.sql.exec(
          "INSERT INTO log (version, hand_number, body, patch) VALUES (?, ?, ?, ?)",
          group.version,
          group.handNumber,
          group.events.length > 0 ? JSON.stringify(group.events) : NO_EVENTS,
          i === 0 && patch ? patch : null,
        );
      });
      // Written whole after its change's rows: recovery starts after them.
      if (snapshot && patch === null) this.writeWhole(snapshot);
      const outboxWritten = this.outboxRows.write(writes.outbox ?? [], now);
      for (const item of writes.outbox ?? []) {
        if (item.kind === "history") {
          // Its hand is safely in the outbox: older hands' events are no longer needed.
          const keptFrom = item.record.handNumber - KEEP_HANDS;
          // Never a patch recovery still needs: those come after the snapshot.
          this.sql.exec(
            "DELETE FROM log WHERE hand_number < ? AND id <= coalesce((SELECT through FROM snapshot WHERE id = 1), id)",
            keptFrom,
          );
          if (this.recent && this.recent.from < keptFrom) this.recent = null;
        }
      }
      if (writes.results?.length) {
        this.sql.exec("DELETE FROM results WHERE created_at < ?", now - KEEP_RESULTS_MS);
      }
      for (const [key, result, terms] of writes.results ?? []) {
        const answered: Answered = { result, terms: terms ?? null };
        this.sql.exec(
          "INSERT INTO results (key, body, created_at) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING",
          key,
          JSON.stringify(answered),
          now,
        );
      }
      for (const intent of writes.intents ?? []) {
        this.sql.exec(
          "INSERT INTO intents (key, body) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET body = excluded.body",
          intentKey(intent),
          JSON.stringify(intent),
        );
      }
      for (const key of writes.intentsDone ?? []) {
        this.sql.exec("DELETE FROM intents WHERE key = ?", key);
      }
      return outboxWritten;
    });
  }

  /**
   * The patch of what changed since the snapshot stored, as its log row holds
   * it; null when the snapshot is to be written whole instead: when asked,
   * when there is none yet, or when the log holds many patches since it.
   * Undefined when nothing changed.
   */
  private patchOf(snapshot: Snapshot, rebase: boolean): string | null | undefined {
    const { stored } = this;
    this.stored = snapshot;
    if (!stored || rebase || this.journalLength >= MAX_JOURNAL) return null;
    const patch = diff(stored, snapshot);
    if (!patch) return undefined;
    this.journalLength++;
    return JSON.stringify(patch);
  }

  /** The snapshot whole, as of the log's last row: its patches so far are in it. */
  private writeWhole(snapshot: Snapshot): void {
    this.sql.exec(
      "INSERT INTO snapshot (id, body, through) VALUES (1, ?, (SELECT coalesce(max(id), 0) FROM log)) ON CONFLICT (id) DO UPDATE SET body = excluded.body, through = excluded.through",
      JSON.stringify(snapshot),
    );
    this.stored = snapshot;
    this.journalLength = 0;
  }
}

/** `snapshot` with stored patches (JSON) applied in order, checked once they are. */
function replayed(snapshot: Snapshot | null, patches: string[]): Snapshot | null {
  if (patches.length === 0) return snapshot;
  const patched = patches.reduce(
    (s, patch) => applyPatch(s, parseStored(storedPatchSchema, patch, "patch")),
    snapshot,
  );
  return patched && snapshotSchema.parse(patched);
}

/** A change's events as log rows: one per run of events of the same version and hand. */
function byHand(rows: EventRow[]) {
  const groups: { version: number; handNumber: number; events: EventRow["event"][] }[] = [];
  for (const { version, handNumber, event } of rows) {
    const last = groups.at(-1);
    if (last && last.version === version && last.handNumber === handNumber) last.events.push(event);
    else groups.push({ version, handNumber, events: [event] });
  }
  return groups;
}
