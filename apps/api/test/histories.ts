/**
 * The hands a table stored, read as the auditor reads them: the index row in
 * D1 and the PHH wherever it is kept (R2, or D1 for older rows:
 * src/history/phh-store.ts). Every card and the server seed.
 */
import { env } from "cloudflare:workers";
import { readPhh } from "../src/history/phh-store";

export type StoredHandRow = { id: string; handNumber: number; phh: string };

/** Every hand of `tableId` stored so far, by hand number, with its full PHH. */
export async function storedHands(tableId: string): Promise<StoredHandRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT id, hand_number, phh, phh_object FROM hand_histories WHERE table_id = ? ORDER BY hand_number",
  )
    .bind(tableId)
    .all<{ id: string; hand_number: number; phh: string; phh_object: string | null }>();
  return Promise.all(
    results.map(async (row) => ({
      id: row.id,
      handNumber: row.hand_number,
      phh: await readPhh(env, { handId: row.id, phh: row.phh, phhObject: row.phh_object }),
    })),
  );
}
