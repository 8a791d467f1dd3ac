/**
 * A room's outbox table (outbox.ts), shared by the table and Russian poker
 * rooms. A delivered row is not deleted at once: its delete rides with the
 * room's next commit. On workerd's local storage every commit is an fsync on
 * the one thread that runs every room, so a delete of its own after each
 * delivery (a hand's end, a cash-out) was one more fsync per hand for every
 * table. A crash before the next commit only brings the row back for another
 * delivery, which its key makes a no-op (outbox-delivery.ts).
 */
import { outboxItemSchema, parseStored } from "./core/stored";
import { type OutboxItem, outboxRowKey } from "./outbox";

export class OutboxRows {
  /** Rows delivered whose delete waits for the next commit; `list` no longer shows them. */
  private readonly delivered = new Set<string>();

  /** `order`: the ORDER BY of `list`, the order rows go out in. */
  constructor(
    private readonly sql: SqlStorage,
    private readonly order: string,
  ) {}

  /** The rows waiting for delivery, oldest first. */
  list(): OutboxItem[] {
    return this.sql
      .exec<{ body: string }>(`SELECT body FROM outbox ORDER BY ${this.order}`)
      .toArray()
      .map((row) => parseStored(outboxItemSchema, row.body, "outbox row"))
      .filter((item) => !this.delivered.has(outboxRowKey(item)));
  }

  /** Delivered (or, for the lobby row, taken for delivery): gone from `list`, deleted with the next commit. */
  done(item: OutboxItem): void {
    this.delivered.add(outboxRowKey(item));
  }

  /**
   * Inside the room's commit transaction: the delivered rows are deleted, then
   * `items` written (a lobby row written again after it was taken stays, to
   * go out again). Returns what to call once the transaction has committed.
   */
  write(items: readonly OutboxItem[], now: number): () => void {
    const deleted = [...this.delivered];
    for (const key of deleted) this.sql.exec("DELETE FROM outbox WHERE key = ?", key);
    for (const item of items) {
      // The lobby row is replaced, not duplicated: it always publishes the latest counts.
      this.sql.exec(
        "INSERT INTO outbox (key, body, created_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET body = excluded.body",
        outboxRowKey(item),
        JSON.stringify(item),
        now,
      );
    }
    return () => {
      for (const key of deleted) this.delivered.delete(key);
    };
  }
}
