/**
 * Who may see and join a private sit-and-go (H-7): its host, anyone who
 * brings its link's token, and (to see it) those already registered. A
 * public tournament is open to all. The token is compared by its SHA-256,
 * as home games keep theirs, so the stored value opens nothing.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { tournaments, tournamentTables } from "../db/schema";
import type { Env } from "../env";
import { inviteHash } from "../home/rules";
import { tournamentRoomOf } from "./room-of";
import type { Stored } from "./stored";

/** The token's shape (home/rules.ts INVITE_TOKEN): anything else is never hashed. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

async function bringsLink(t: Stored, invite: string | null | undefined): Promise<boolean> {
  if (!t.access || typeof invite !== "string" || !TOKEN.test(invite)) return false;
  return (await inviteHash(invite)) === t.access.inviteHash;
}

/** May `userId` register? The host and those with the link; anyone for a public one. */
export async function mayJoin(
  t: Stored,
  userId: string,
  invite: string | null | undefined,
): Promise<boolean> {
  if (!t.access || t.access.hostId === userId) return true;
  return bringsLink(t, invite);
}

/** May `viewerId` (null: a guest) see the page? As `mayJoin`, and every entrant. */
export async function maySee(
  t: Stored,
  viewerId: string | null,
  invite: string | null | undefined,
): Promise<boolean> {
  if (!t.access) return true;
  if (viewerId !== null && t.state.players.some((p) => p.playerId === viewerId)) return true;
  if (viewerId !== null && viewerId === t.access.hostId) return true;
  return bringsLink(t, invite);
}

/**
 * May `userId` (null: a guest) open a socket to tournament table `tableId`?
 * "public" for every table of a public tournament (the caller remembers
 * it); for a private sit-and-go's, only its host and entrants (the room
 * says, as for its page), never by the link alone: the link is for
 * registering.
 */
export async function mayWatchTournamentTable(
  env: Pick<Env, "TOURNAMENT_ROOM">,
  db: Database,
  tableId: string,
  userId: string | null,
): Promise<"public" | boolean> {
  const [row] = await db
    .select({ id: tournaments.id, hostId: tournaments.hostId, invite: tournaments.inviteHash })
    .from(tournamentTables)
    .innerJoin(tournaments, eq(tournaments.id, tournamentTables.tournamentId))
    .where(eq(tournamentTables.id, tableId))
    .limit(1);
  if (!row || row.invite === null) return "public";
  if (userId === null) return false;
  if (userId === row.hostId) return true;
  return (await tournamentRoomOf(env, row.id).view(row.id, userId, null)) !== null;
}
