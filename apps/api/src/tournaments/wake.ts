import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { dateOf } from "../clock";
import { database } from "../db/client";
import { tournaments } from "../db/schema";
import type { Env } from "../env";
import { tournamentRoomOf } from "./room-of";

/**
 * How far ahead the Cron Trigger looks. It runs every 5 minutes
 * (wrangler.jsonc `triggers.crons`); three runs of slack mean a late or
 * failed run still opens a room before its start.
 */
export const WAKE_AHEAD_MS = 15 * 60_000;
/** Rooms opened per run; more wait for the next run (a run is one Worker invocation). */
const WAKE_BATCH = 100;

/**
 * The Cron Trigger's work, what `scripts/wake-tournaments.mjs` does for
 * `npm run dev`: open the room of every tournament that starts soon (or
 * should have started) and is still waiting in D1. A room sets its start
 * alarm when it opens; a tournament written to D1 without its room being
 * opened (the seed, a restore, an admin insert by hand) would otherwise wait
 * for a visitor. Opening a room that is already open changes nothing, and one
 * whose start has passed starts (or is cancelled and refunded) at once.
 * Returns the ids it opened.
 */
export async function wakeTournaments(env: Env, now: number): Promise<string[]> {
  const due = await database(env.DB)
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(
      and(
        inArray(tournaments.status, ["scheduled", "registering"]),
        // H-7: a sit-and-go has no start time to wake for (its room opened with it).
        eq(tournaments.kind, "scheduled"),
        lte(tournaments.startsAt, dateOf(now + WAKE_AHEAD_MS)),
      ),
    )
    .orderBy(asc(tournaments.startsAt))
    .limit(WAKE_BATCH);
  const opened = await Promise.allSettled(
    due.map(({ id }) => tournamentRoomOf(env, id).view(id, null)),
  );
  opened.forEach((result, i) => {
    if (result.status === "rejected")
      console.error(`cron: tournament ${due[i]?.id} did not open:`, result.reason);
  });
  return due.filter((_, i) => opened[i]?.status === "fulfilled").map(({ id }) => id);
}
