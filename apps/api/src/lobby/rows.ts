import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { tables } from "../db/schema";

/** What the lobby shows about a table that only its room knows. */
export type LobbyCounts = {
  playersSeated: number;
  averagePot: number | null;
  /** T-12: players on the waiting list; left out by rooms that keep none (Russian poker). */
  waiting?: number;
};

/**
 * The statement that writes a table's counts, run in its room's outbox batch
 * whenever its seats or its average pot change: the lobby reads current rows
 * from D1, and nothing polls the rooms.
 */
export const lobbyCountsStatement = (db: Database, tableId: string, counts: LobbyCounts) =>
  db
    .update(tables)
    .set({
      playersSeated: counts.playersSeated,
      averagePot: counts.averagePot,
      ...(counts.waiting === undefined ? {} : { waiting: counts.waiting }),
    })
    .where(eq(tables.id, tableId));
