/**
 * Headers the Worker sets on a table socket's upgrade request after it has
 * checked the session. The room trusts them because only the Worker holds the
 * Durable Object binding, and the Worker strips any `X-Felt-*` header a
 * client sent before setting its own (see index.ts).
 */
export const TABLE_HEADER = "X-Felt-Table-Id";
export const USER_ID_HEADER = "X-Felt-User-Id";
/** URI-encoded: display names may hold letters outside Latin-1, which headers cannot carry. */
export const USER_NAME_HEADER = "X-Felt-User-Name";

/** The viewer's session (token hash) and when it ends, so the room can close its sockets then. */
export const SESSION_HEADER = "X-Felt-Session";
export const SESSION_ENDS_HEADER = "X-Felt-Session-Ends";

export type Viewer = { playerId: string; name: string };
export type ViewerSession = { id: string; endsAt: number };

/** Drop every `X-Felt-*` header a client may have sent, so it cannot pose as someone else. */
export function withoutRoomHeaders(headers: Headers): Headers {
  const clean = new Headers(headers);
  for (const name of [...clean.keys()]) {
    if (name.toLowerCase().startsWith("x-felt-")) clean.delete(name);
  }
  return clean;
}

export function setViewer(headers: Headers, viewer: Viewer | null): void {
  if (!viewer) return;
  headers.set(USER_ID_HEADER, viewer.playerId);
  headers.set(USER_NAME_HEADER, encodeURIComponent(viewer.name));
}

/** The signed-in viewer the Worker vouched for, or null for a spectator. */
export function viewerFrom(headers: Headers): Viewer | null {
  const playerId = headers.get(USER_ID_HEADER);
  const name = headers.get(USER_NAME_HEADER);
  if (!playerId || name === null) return null;
  try {
    return { playerId, name: decodeURIComponent(name) };
  } catch {
    return null;
  }
}

export function setSession(headers: Headers, session: ViewerSession | null): void {
  if (!session) return;
  headers.set(SESSION_HEADER, session.id);
  headers.set(SESSION_ENDS_HEADER, String(session.endsAt));
}

export function sessionFrom(headers: Headers): ViewerSession | null {
  const id = headers.get(SESSION_HEADER);
  const endsAt = Number(headers.get(SESSION_ENDS_HEADER));
  return id && Number.isSafeInteger(endsAt) ? { id, endsAt } : null;
}
