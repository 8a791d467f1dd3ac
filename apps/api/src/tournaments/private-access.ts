/**
 * Who may see and join a private sit-and-go (H-7): its host, anyone who
 * brings its link's token, and (to see it) those already registered. A
 * public tournament is open to all. The token is compared by its SHA-256,
 * as home games keep theirs, so the stored value opens nothing.
 */
import { inviteHash } from "../home/rules";
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
