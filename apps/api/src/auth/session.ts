import { and, eq, exists, gt, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { type Plan, Template } from "../db/plans";
import { sessionSockets, sessions, stakes, tables, tournamentTables, users } from "../db/schema";
import { type Env, webOrigins } from "../env";
import { roomKindOf, tableRoomOf } from "../rooms/room-of";

/** Who is calling, as far as the session says. */
export type SessionUser = {
  id: string;
  email: string;
  displayName: string;
  role: "player" | "admin";
  /** The built-in avatar chosen (@felt/protocol/avatars), if any. */
  avatar: string | null;
  /** The session's token hash, so sign-out can end exactly this session. */
  tokenHash: string;
  /** When the session expires (ms since the epoch). */
  sessionEndsAt: number;
};

export const SESSION_COOKIE = "felt_session";
const SESSION_MS = 30 * 24 * 60 * 60 * 1000;
const TOKEN_BYTES = 32;

const toHex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

/** Sessions are looked up by the token's SHA-256: the token itself is never stored. */
export async function hashToken(token: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
}

/** A fresh session for `userId`: the row to insert and the token to hand out (once). */
export async function newSession(userId: string, now: number) {
  const token = toBase64Url(crypto.getRandomValues(new Uint8Array(TOKEN_BYTES)));
  const expiresAt = now + SESSION_MS;
  return {
    token,
    expiresAt,
    row: { tokenHash: await hashToken(token), userId, expiresAt: new Date(expiresAt) },
  };
}

/**
 * HttpOnly so page scripts cannot read it, Secure (browsers accept it on
 * http://127.0.0.1 and localhost during development), SameSite=Lax so other
 * sites cannot make the browser send it with their requests.
 */
export function sessionCookie(token: string, expiresAt: number, now: number): string {
  const maxAge = Math.max(0, Math.floor((expiresAt - now) / 1000));
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${maxAge}`;
}

export const clearedSessionCookie = () =>
  `${SESSION_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/** The session token from `Authorization: Bearer …` (bots, scripts) or the cookie (browsers). */
export function readToken(request: Request): { token: string; via: "bearer" | "cookie" } | null {
  const authorization = request.headers.get("Authorization");
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return TOKEN_SHAPE.test(bearer) ? { token: bearer, via: "bearer" } : null;
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    const value = rest.join("=");
    if (name === SESSION_COOKIE && TOKEN_SHAPE.test(value)) return { token: value, via: "cookie" };
  }
  return null;
}

/**
 * The signed-in user, or null. A cookie only counts on requests from the web
 * app's own origins (or with no Origin, as same-origin GETs may be): defence
 * in depth against cross-site request forgery on top of SameSite.
 */
export async function sessionUser(
  db: Database,
  env: Env,
  request: Request,
  now: number,
): Promise<SessionUser | null> {
  const tokenHash = await requestTokenHash(env, request);
  if (tokenHash === null) return null;
  const [row] = await userQuery(db, liveSession(tokenHash, new Date(now)));
  return row ? signedIn(row, tokenHash) : null;
}

/** A session's user, as a raw D1 row (a template's answer). */
type UserRow = {
  id: string;
  email: string;
  display_name: string;
  role: SessionUser["role"];
  avatar: string | null;
  expires_at: number;
};

/**
 * What a table socket's session check runs: the user of a live session, and
 * the table noted against the session (signing out closes the sockets of
 * every table noted). Nothing is noted for a session that is not live, nor
 * for an id that is no table, so sign-out never wakes a room that is none.
 * Built once: a burst of sockets (a tournament's start, an evening's
 * regulars) would otherwise spend more CPU building this SQL than D1 takes
 * to run it.
 */
const SOCKET_USER = new Template<"tokenHash" | "now" | "tableId">((db) => {
  const live = liveSession(sql.placeholder("tokenHash"), sql.placeholder("now"));
  const tableId = sql.placeholder("tableId");
  const isTable = or(
    exists(db.select({ one: sql`1` }).from(tables).where(eq(tables.id, tableId))),
    exists(
      db.select({ one: sql`1` }).from(tournamentTables).where(eq(tournamentTables.id, tableId)),
    ),
  );
  return [
    userQuery(db, live),
    db
      .insert(sessionSockets)
      .select(
        db
          .select({ tokenHash: sessions.tokenHash, tableId: sql`${tableId}`.as("table_id") })
          .from(sessions)
          .where(and(live, isTable)),
      )
      .onConflictDoNothing(),
  ];
});

/**
 * `sessionUser` for a table socket, as a plan, so that the socket's other
 * reads share its round trip to D1 (see `SOCKET_USER`). `tokenHash` is the
 * request's (`requestTokenHash`).
 */
export function socketUserPlan(
  db: Database,
  tokenHash: string,
  tableId: string,
  now: number,
): Plan<SessionUser | null> {
  return {
    // Bound as the stored number: a placeholder compared to a column is not encoded by it.
    statements: SOCKET_USER.bind(db, { tokenHash, tableId, now }),
    read: ([found]) => {
      const row = found?.results[0] as UserRow | undefined;
      if (!row) return null;
      const { display_name: displayName, expires_at: expiresAt, ...user } = row;
      return { ...user, displayName, tokenHash, sessionEndsAt: expiresAt };
    },
  };
}

/** The hash of the request's token, when it carries one that may count here. */
export async function requestTokenHash(env: Env, request: Request): Promise<string | null> {
  const found = readToken(request);
  if (!found) return null;
  const origin = request.headers.get("Origin");
  if (found.via === "cookie" && origin !== null && !webOrigins(env).includes(origin)) return null;
  return hashToken(found.token);
}

const liveSession = (tokenHash: string | Placeholder, now: Date | Placeholder) =>
  and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now));

const userQuery = (db: Database, live: SQL | undefined) =>
  db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      role: users.role,
      avatar: users.avatar,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(live)
    .limit(1);

function signedIn(
  { expiresAt, ...user }: Awaited<ReturnType<typeof userQuery>>[number],
  tokenHash: string,
): SessionUser {
  return { ...user, tokenHash, sessionEndsAt: expiresAt.getTime() };
}

/**
 * End a session: its row goes (and with it the list of tables it opened
 * sockets at), and each of those tables closes the session's sockets, so a
 * socket opened before signing out cannot go on playing or leave the table.
 */
export async function endSession(db: Database, env: Env, tokenHash: string): Promise<void> {
  const [opened] = await db.batch([
    db
      .select({ tableId: sessionSockets.tableId, game: stakes.game })
      .from(sessionSockets)
      .leftJoin(tables, eq(tables.id, sessionSockets.tableId))
      .leftJoin(stakes, eq(stakes.id, tables.stakeId))
      .where(eq(sessionSockets.tokenHash, tokenHash)),
    db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)),
  ]);
  await Promise.all(
    opened.map(({ tableId, game }) =>
      tableRoomOf(env, roomKindOf(game), tableId).endSession(tokenHash),
    ),
  );
}
