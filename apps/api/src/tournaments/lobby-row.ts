/**
 * A tournament's row in D1, the lobby's copy: the room reads its definition
 * there on first use and writes back the status and counts after each
 * change. The room's own state is the truth; the row is what lists show.
 */
import { createTournament, payoutsOf } from "@felt/tournament";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { tournaments } from "../db/schema";
import { committedSeed } from "../rooms/fairness";
import { defaultConfig } from "./definition";
import { type Stored, statusOf } from "./stored";

/**
 * The tournament from its row, as the state machine's fresh state, with the
 * draws' seeds committed now; null when there is no such row, it is over, or
 * its config is refused.
 */
export async function tournamentFromRow(
  db: Database,
  tournamentId: string,
  now: number,
): Promise<Stored | null> {
  const [row] = await db
    .select()
    .from(tournaments)
    .where(eq(tournaments.id, tournamentId))
    .limit(1);
  if (!row || row.status === "cancelled" || row.status === "finished") return null;
  // The minimum field (MT-1) is the row's column: configs stored before they carried it lack it.
  const config = { ...(row.config ?? defaultConfig(row)), minEntrants: row.minEntrants };
  const created = createTournament(config, now);
  if (!created.ok) {
    console.error(`tournament ${tournamentId}: bad config:`, created.error);
    return null;
  }
  return {
    id: row.id,
    name: row.name,
    texts: { nameRu: row.nameRu, description: row.description, descriptionRu: row.descriptionRu },
    structure: {
      game: row.game,
      actionSeconds: row.actionSeconds,
      timeBankSeconds: row.timeBankSeconds,
    },
    startsAt: row.startsAt.getTime(),
    state: created.state,
    names: {},
    dealt: {},
    opened: [],
    intents: {},
    finishes: [],
    owed: [],
    seatDraw: { ...(await committedSeed()), entrants: null },
    finalDraw: { ...(await committedSeed()), drawn: false },
    access:
      row.hostId && row.inviteHash ? { hostId: row.hostId, inviteHash: row.inviteHash } : null,
  };
}

/** Writes the status, entries and pool to the row; a failure is logged (the next change writes again). */
export async function mirrorToRow(db: Database, t: Stored): Promise<void> {
  try {
    await db
      .update(tournaments)
      .set({
        status: statusOf(t),
        entries: t.state.totals.entries,
        prizePool: payoutsOf(t.state).pool,
      })
      .where(eq(tournaments.id, t.id));
  } catch (error) {
    console.error(`tournament ${t.id}: lobby row not updated:`, error);
  }
}
