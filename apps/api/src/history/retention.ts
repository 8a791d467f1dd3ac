/**
 * How long finished hands are kept: `HISTORY_RETENTION_DAYS` (unset or 0:
 * for ever). The cron (index.ts's `scheduled`, every 5 minutes) deletes the
 * index rows of older hands and their PHH objects in R2, a slice per run.
 */
import { countFrom, type Env } from "../env";

const DAY_MS = 86_400_000;
/** Hands looked at per run: 288 runs a day clear about 57,000 hands a day, beyond any backlog we expect. */
export const HANDS_PER_SWEEP = 200;

/** The time before which a hand is deleted, or null when every hand is kept. */
export function retentionCutoff(env: Pick<Env, "HISTORY_RETENTION_DAYS">, now: number) {
  const days = countFrom(env.HISTORY_RETENTION_DAYS, 0, 0);
  return days === 0 ? null : now - days * DAY_MS;
}

/** Deletes up to HANDS_PER_SWEEP hands older than the retention; returns how many. */
export async function sweepHistories(
  env: Pick<Env, "DB" | "HISTORIES" | "HISTORY_RETENTION_DAYS">,
  now: number,
): Promise<number> {
  const cutoff = retentionCutoff(env, now);
  if (cutoff === null) return 0;
  // The oldest rows first, in the order they were written (rowid), which is near enough
  // the hands' order: an index on the time would cost every hand one more row written.
  const { results } = await env.DB.prepare(
    "SELECT id, phh_object, created_at FROM hand_histories ORDER BY rowid LIMIT ?",
  )
    .bind(HANDS_PER_SWEEP)
    .all<{ id: string; phh_object: string | null; created_at: number }>();
  const old = results.filter((row) => row.created_at < cutoff);
  if (old.length === 0) return 0;
  // The objects go first: a crash before the rows' delete leaves rows whose next sweep
  // finishes them (deleting a missing object is no error), never an object nobody names.
  const objects = old.flatMap((row) => (row.phh_object === null ? [] : [row.phh_object]));
  if (objects.length > 0) await env.HISTORIES.delete(objects);
  const ids = JSON.stringify(old.map((row) => row.id));
  await env.DB.batch([
    env.DB.prepare(
      "DELETE FROM hand_history_players WHERE hand_id IN (SELECT value FROM json_each(?))",
    ).bind(ids),
    env.DB.prepare("DELETE FROM hand_histories WHERE id IN (SELECT value FROM json_each(?))").bind(
      ids,
    ),
  ]);
  return old.length;
}
