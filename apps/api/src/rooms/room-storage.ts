/**
 * The room's SQLite storage. The snapshot (engine table + room state) is one
 * row written between hands, and a journal of what changed since, one small
 * patch per change; beside them the event log, the outbox, answered cashier
 * requests and buy-ins whose money may be on its way. `commit` writes any of
 * them in one transaction, so a change and its consequences are stored
 * together or not at all.
 */
import type { HandEvent, TableEvent } from "@felt/engine";
import { applyPatch, diff } from "@felt/protocol";
import { type OutboxItem, outboxRowKey } from "./outbox";
import type { Snapshot } from "./room-state";
import { type BuyInResult, type CashOutResult, type FundingIntent, intentKey } from "./table-bank";

export type StoredResult = BuyInResult | CashOutResult;
/** An answered request: its result and the terms it was asked on (null for rows from before terms were kept). */
export type Answered = { result: StoredResult; terms: string | null };

/** Anything the room logs beside the engine's events. */
export type RoomEvent = {
  type: "autoRebuySkipped";
  seat: number;
  playerId: string;
  amount: number;
};

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

const SCHEMA = `
CREATE TABLE IF NOT EXISTS snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS journal (id INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  version INTEGER NOT NULL,
  hand_number INTEGER NOT NULL,
  body TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS events_hand ON events (hand_number, id);
CREATE TABLE IF NOT EXISTS outbox (key TEXT PRIMARY KEY, body TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS results (key TEXT PRIMARY KEY, body TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS intents (key TEXT PRIMARY KEY, body TEXT NOT NULL);
`;

// Rows are written only by this class, from typed values in the same code
// version, so reading them back parses without a schema.
const parse = <T>(row: { body: string }): T => JSON.parse(row.body) as T;

export class RoomStorage {
  /** The snapshot as stored (whole row plus journal): what the next patch is taken against. */
  private stored: Snapshot | null = null;
  private journalLength = 0;

  constructor(private readonly storage: DurableObjectStorage) {}

  private get sql() {
    return this.storage.sql;
  }

  migrate(): void {
    this.sql.exec(SCHEMA);
  }

  /** The snapshot written last: the whole row with the journal's patches applied in order. */
  snapshot(): Snapshot | null {
    const [row] = this.sql
      .exec<{ body: string }>("SELECT body FROM snapshot WHERE id = 1")
      .toArray();
    let snapshot = row ? parse<Snapshot>(row) : null;
    const patches = this.sql
      .exec<{ body: string }>("SELECT body FROM journal ORDER BY id")
      .toArray();
    for (const patch of patches) snapshot = applyPatch(snapshot, parse(patch));
    this.stored = snapshot;
    this.journalLength = patches.length;
    return snapshot;
  }

  /** The engine events of one hand, in order (for its hand history). */
  handEvents(handNumber: number): HandEvent[] {
    const events: HandEvent[] = [];
    for (const row of this.sql
      .exec<{ body: string }>(
        "SELECT body FROM events WHERE hand_number = ? ORDER BY id",
        handNumber,
      )
      .toArray()) {
      const event = parse<TableEvent | RoomEvent>(row);
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
    return this.sql
      .exec<{ body: string }>(
        "SELECT body FROM (SELECT id, body FROM events WHERE hand_number >= ? ORDER BY id DESC LIMIT ?) ORDER BY id",
        handNumber,
        limit,
      )
      .toArray()
      .map((row) => parse<TableEvent | RoomEvent>(row))
      .filter((event): event is TableEvent => event.type !== "autoRebuySkipped");
  }

  /** Every event stored, oldest first (tests and debugging). */
  events(): EventRow[] {
    return this.sql
      .exec<{ version: number; hand_number: number; body: string }>(
        "SELECT version, hand_number, body FROM events ORDER BY id",
      )
      .toArray()
      .map((row) => ({ version: row.version, handNumber: row.hand_number, event: parse(row) }));
  }

  outbox(): OutboxItem[] {
    return this.sql
      .exec<{ body: string }>("SELECT body FROM outbox ORDER BY created_at, key")
      .toArray()
      .map((row) => parse<OutboxItem>(row));
  }

  outboxDone(item: OutboxItem): void {
    this.sql.exec("DELETE FROM outbox WHERE key = ?", outboxRowKey(item));
  }

  result(key: string): Answered | null {
    const [row] = this.sql
      .exec<{ body: string }>("SELECT body FROM results WHERE key = ?", key)
      .toArray();
    if (!row) return null;
    const body = parse<StoredResult | Answered>(row);
    return "result" in body ? body : { result: body, terms: null };
  }

  intents(): FundingIntent[] {
    return this.sql
      .exec<{ body: string }>("SELECT body FROM intents ORDER BY key")
      .toArray()
      .map((row) => parse<FundingIntent>(row));
  }

  /** Everything in `writes`, in one transaction. */
  commit(writes: Writes, now: number): void {
    const { stored, journalLength } = this;
    try {
      this.transaction(writes, now);
    } catch (error) {
      // Rolled back: the next patch is taken against what is really stored.
      this.stored = stored;
      this.journalLength = journalLength;
      throw error;
    }
  }

  private transaction(writes: Writes, now: number): void {
    this.storage.transactionSync(() => {
      if (writes.snapshot) this.writeSnapshot(writes.snapshot, writes.rebase ?? false);
      for (const row of writes.events ?? []) {
        this.sql.exec(
          "INSERT INTO events (version, hand_number, body) VALUES (?, ?, ?)",
          row.version,
          row.handNumber,
          JSON.stringify(row.event),
        );
      }
      for (const item of writes.outbox ?? []) {
        // The lobby row is replaced, not duplicated: it always publishes the latest counts.
        this.sql.exec(
          "INSERT INTO outbox (key, body, created_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET body = excluded.body",
          outboxRowKey(item),
          JSON.stringify(item),
          now,
        );
        if (item.kind === "history") {
          // Its hand is safely in the outbox: older hands' events are no longer needed.
          this.sql.exec(
            "DELETE FROM events WHERE hand_number < ?",
            item.record.handNumber - KEEP_HANDS,
          );
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
    });
  }

  /** A patch of what changed, or the whole snapshot when asked, when there is none yet, or when the journal is long. */
  private writeSnapshot(snapshot: Snapshot, rebase: boolean): void {
    if (this.stored && !rebase && this.journalLength < MAX_JOURNAL) {
      const patch = diff(this.stored, snapshot);
      if (patch) {
        this.sql.exec("INSERT INTO journal (body) VALUES (?)", JSON.stringify(patch));
        this.journalLength++;
      }
    } else {
      this.sql.exec(
        "INSERT INTO snapshot (id, body) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET body = excluded.body",
        JSON.stringify(snapshot),
      );
      if (this.journalLength > 0) this.sql.exec("DELETE FROM journal");
      this.journalLength = 0;
    }
    this.stored = snapshot;
  }
}
