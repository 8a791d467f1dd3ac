/**
 * The Worker's tRPC errors by reason, for the operator's page. Each isolate
 * counts in memory and writes one `room_metrics` row at most once a minute,
 * after a response and off its path (`waitUntil`); admin.health writes its
 * own isolate's at once. An isolate that stops loses at most a minute of
 * counts: these are for spotting trends, the ledger is for money.
 */
import type { Database } from "../db/client";
import { roomMetrics } from "../db/schema";
import { logError } from "../log";

const FLUSH_EVERY_MS = 60_000;

class ApiErrors {
  private counts: Record<string, number> = {};
  private flushedAt = 0;
  private serial = 0;
  /** Random values may not be made at start-up on workerd: named on the first row. */
  private isolate: string | null = null;

  count(reason: string): void {
    this.counts[reason] = (this.counts[reason] ?? 0) + 1;
  }

  /** Write what was counted if a minute has passed since the last row (or `now`, for admin.health). */
  flush(db: Database, now: number, force = false): Promise<void> | null {
    if (Object.keys(this.counts).length === 0) return null;
    if (!force && now - this.flushedAt < FLUSH_EVERY_MS) return null;
    const errors = this.counts;
    this.counts = {};
    this.flushedAt = now;
    this.isolate ??= crypto.randomUUID();
    const row = {
      roomId: `api:${this.isolate}`,
      key: `${now}:${this.serial++}`,
      source: "api" as const,
      at: now,
      latency: [],
      errors,
    };
    return db
      .insert(roomMetrics)
      .values(row)
      .then(() => undefined)
      .catch((error: unknown) => {
        // Counted again with the next row.
        for (const [reason, n] of Object.entries(errors))
          this.counts[reason] = (this.counts[reason] ?? 0) + n;
        logError("api errors not written", error);
      });
  }
}

/** This isolate's counts. */
export const apiErrors = new ApiErrors();
