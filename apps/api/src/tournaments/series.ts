/**
 * Repeating tournaments: when one starts, the next of its series is written
 * to D1 and its room opened (which sets its start alarm). A public
 * sit-and-go that refills (H-7) is a series too: the next opens at once.
 */
import { eq } from "drizzle-orm";
import { dateOf } from "../clock";
import { database } from "../db/client";
import { tournaments } from "../db/schema";
import type { Env } from "../env";
import { tournamentRoomOf } from "./room-of";

type TournamentRow = typeof tournaments.$inferSelect;

/**
 * The row of the next tournament of a repeating series, or null for a one-off:
 * the same definition at the first start of the rhythm after `now`.
 */
export function nextOfSeries(row: TournamentRow, now: number): TournamentRow | null {
  if (row.kind === "sit-and-go") return nextSitAndGo(row, now);
  const every = row.repeatEveryMinutes;
  if (every === null) return null;
  const step = every * 60_000;
  const first = row.startsAt.getTime() + step;
  const startsAt = first > now ? first : first + Math.ceil((now - first + 1) / step) * step;
  const seriesId = row.seriesId ?? row.id;
  return {
    ...row,
    id: `${seriesId.slice(0, 50)}-${startsAt.toString(36)}`,
    seriesId,
    startsAt: dateOf(startsAt),
    status: "registering",
    entries: 0,
    prizePool: 0,
    createdAt: dateOf(now),
  };
}

/**
 * H-7: the sit-and-go that replaces one that started, open from `now`, or
 * null when it does not refill (a private one never does). Its id counts up
 * from the started one's (`<series>-n<k>` in base 36), so the same start
 * opens the same next one, however often asked.
 */
export function nextSitAndGo(row: TournamentRow, now: number): TournamentRow | null {
  if (!row.refill || row.inviteHash !== null) return null;
  const seriesId = row.seriesId ?? row.id;
  const prefix = `${seriesId.slice(0, 50)}-n`;
  const count = row.id.startsWith(prefix) ? Number.parseInt(row.id.slice(prefix.length), 36) : 0;
  return {
    ...row,
    id: `${prefix}${((Number.isNaN(count) ? 0 : count) + 1).toString(36)}`,
    seriesId,
    startsAt: dateOf(now),
    status: "registering",
    entries: 0,
    prizePool: 0,
    createdAt: dateOf(now),
  };
}

/**
 * Schedules the next tournament of `tournamentId`'s series, if it repeats.
 * Its id comes from the series and the start, so doing this twice (a
 * restart) schedules it once. Failures are logged, never thrown: the
 * tournament that started goes on either way.
 */
export async function scheduleNext(
  env: Pick<Env, "DB" | "TOURNAMENT_ROOM">,
  tournamentId: string,
  now: number,
): Promise<void> {
  try {
    const db = database(env.DB);
    const [row] = await db
      .select()
      .from(tournaments)
      .where(eq(tournaments.id, tournamentId))
      .limit(1);
    const next = row && nextOfSeries(row, now);
    if (!next) return;
    await db.insert(tournaments).values(next).onConflictDoNothing();
    await tournamentRoomOf(env, next.id).view(next.id, null);
  } catch (error) {
    console.error(`tournament ${tournamentId}: the next of its series was not scheduled:`, error);
  }
}
