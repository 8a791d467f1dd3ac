import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { tables } from "../db/schema";

/** What the lobby shows about a table that only its room knows. */
export type LobbyCounts = { playersSeated: number; averagePot: number | null };

/**
 * Called by a table's room whenever its seats (or, later, its average pot)
 * change, so the lobby reads current rows from D1 and nothing polls the rooms.
 */
export async function publishLobbyCounts(
  db: Database,
  tableId: string,
  counts: LobbyCounts,
): Promise<void> {
  await db
    .update(tables)
    .set({ playersSeated: counts.playersSeated, averagePot: counts.averagePot })
    .where(eq(tables.id, tableId));
}
