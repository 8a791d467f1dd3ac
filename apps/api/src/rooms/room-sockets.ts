/**
 * The room's sockets (hibernation API): who each one belongs to is kept in its
 * attachment, which survives the object being evicted; tags reach one
 * player's socket without looking at the others. While the object is awake,
 * attachments are also remembered per socket, so a broadcast or a message
 * does not deserialise them again each time.
 */
import type { ServerMessage } from "@felt/protocol";
import { now as clockNow } from "../clock";
import { errorMessage } from "./messages";
import type { Viewer, ViewerSession } from "./room-headers";

/**
 * One viewer's message for a change: `after` is his whole state now (kept
 * as the next change's starting point), `delta` what he is sent, built from
 * `last`, his state as the last change sent it (undefined when not kept).
 */
export type StateBuilder<M> = (
  viewer: Viewer | null,
  last: M | undefined,
) => { after: M; delta: unknown };

/** `sessionEndsAt`: when the viewer's session expires; `ended`: signed out (or expired) meanwhile. */
type Attachment = {
  viewer: Viewer | null;
  replaced?: boolean;
  sessionEndsAt?: number;
  ended?: boolean;
};

const SPECTATORS = "spectators";
const playerTag = (playerId: string) => `player:${playerId}`;
/** Tags a signed-in socket with its session, so signing out reaches exactly that session's sockets. */
const sessionTag = (sessionId: string) => `session:${sessionId}`;
export const CLOSE_REPLACED = 4001;
export const CLOSE_SESSION_ENDED = 4003;
export const CLOSE_UNAVAILABLE = 4004;
/** A home game's host removed or turned away this viewer: he may no longer see the table (H-1). */
export const CLOSE_NOT_ADMITTED = 4005;

export class RoomSockets {
  /** Each socket's attachment as last written or read; empty again after hibernation. */
  private readonly attachments = new WeakMap<WebSocket, Attachment>();
  /** What each viewer was sent at the last change (by tag), while awake. */
  private sent: { feed: number; states: Map<string, unknown> } | null = null;

  constructor(private readonly ctx: DurableObjectState) {}

  /** A second tab: the older socket is told why and closed; the newest one plays. */
  accept(socket: WebSocket, viewer: Viewer | null, session: ViewerSession | null = null): void {
    if (viewer) {
      for (const old of this.ctx.getWebSockets(playerTag(viewer.playerId))) {
        this.attach(old, { viewer, replaced: true });
        send(
          old,
          errorMessage("replaced", "You opened this table in another window; this one stopped."),
        );
        try {
          old.close(CLOSE_REPLACED, "replaced");
        } catch {
          // already closing
        }
      }
    }
    const tags = viewer ? [playerTag(viewer.playerId)] : [SPECTATORS];
    if (viewer && session) tags.push(sessionTag(session.id));
    this.ctx.acceptWebSocket(socket, tags);
    this.attach(socket, viewer && session ? { viewer, sessionEndsAt: session.endsAt } : { viewer });
  }

  /**
   * Who the socket belongs to; null when it was replaced by a newer one or
   * its session ended. A socket whose session has expired is closed here, so
   * it hears nothing more (the next broadcast or message finds it).
   */
  owner(socket: WebSocket): { viewer: Viewer | null } | null {
    let attachment = this.attachments.get(socket);
    if (!attachment) {
      attachment = socket.deserializeAttachment() as Attachment;
      this.attachments.set(socket, attachment);
    }
    if (attachment.replaced || attachment.ended) return null;
    if (attachment.sessionEndsAt !== undefined && clockNow() >= attachment.sessionEndsAt) {
      this.endSocket(socket, attachment, "Your session has expired; sign in again.");
      return null;
    }
    return { viewer: attachment.viewer };
  }

  /** The session signed out: its sockets are told and closed; other sessions' stay. */
  endSession(sessionId: string): number {
    const sockets = this.ctx.getWebSockets(sessionTag(sessionId));
    for (const socket of sockets) {
      const attachment = socket.deserializeAttachment() as Attachment;
      this.endSocket(socket, attachment, "You signed out.");
    }
    return sockets.length;
  }

  /** A home game's host turned this player away: his sockets are told and closed (H-1). */
  endPlayer(playerId: string): number {
    const sockets = this.ctx.getWebSockets(playerTag(playerId));
    for (const socket of sockets) {
      const attachment = socket.deserializeAttachment() as Attachment;
      this.endSocket(
        socket,
        attachment,
        "The host no longer admits you to this table.",
        "not_admitted",
        CLOSE_NOT_ADMITTED,
      );
    }
    return sockets.length;
  }

  private endSocket(
    socket: WebSocket,
    attachment: Attachment,
    why: string,
    code = "session_ended",
    closeCode = CLOSE_SESSION_ENDED,
  ): void {
    this.attach(socket, { ...attachment, ended: true });
    send(socket, errorMessage(code, why));
    try {
      socket.close(closeCode, code.replaceAll("_", " "));
    } catch {
      // already closing
    }
  }

  private attach(socket: WebSocket, attachment: Attachment): void {
    socket.serializeAttachment(attachment);
    this.attachments.set(socket, attachment);
  }

  /**
   * Each socket gets what changed of the state its own viewer may see. The
   * states sent are kept (while awake) as the next change's starting point,
   * so each change builds every viewer's state once, not twice; they count
   * only when they were sent at the feed this change starts from.
   */
  broadcast<M>(feedBefore: number | undefined, feedAfter: number, build: StateBuilder<M>): void {
    const fresh = this.sent?.feed === feedBefore;
    const sent = new Map<string, unknown>();
    const texts = new Map<string, string>();
    for (const socket of this.ctx.getWebSockets()) {
      const owner = this.owner(socket);
      if (!owner) continue;
      const { viewer } = owner;
      // Every spectator sees the same thing: built once.
      const key = viewer ? playerTag(viewer.playerId) : SPECTATORS;
      let text = texts.get(key);
      if (text === undefined) {
        const last = fresh ? (this.sent?.states.get(key) as M | undefined) : undefined;
        const built = build(viewer, last);
        sent.set(key, built.after);
        text = JSON.stringify(built.delta);
        texts.set(key, text);
      }
      sendRaw(socket, text);
    }
    this.sent = { feed: feedAfter, states: sent };
  }

  /** One message to every socket still playing or watching (chat lines, a new chat mode). */
  sendAll(message: ServerMessage): void {
    const text = JSON.stringify(message);
    for (const socket of this.ctx.getWebSockets()) if (this.owner(socket)) sendRaw(socket, text);
  }

  /** Signed-in viewers with a socket open here, each once (a second tab replaces the first). */
  viewers(): number {
    const players = new Set<string>();
    for (const socket of this.ctx.getWebSockets()) {
      const viewer = this.owner(socket)?.viewer;
      if (viewer) players.add(viewer.playerId);
    }
    return players.size;
  }

  notify(playerId: string, message: ServerMessage): void {
    for (const socket of this.ctx.getWebSockets(playerTag(playerId))) send(socket, message);
  }
}

export function send(socket: WebSocket, message: ServerMessage): void {
  sendRaw(socket, JSON.stringify(message));
}

/** Another game's message (a Russian room's state), which the table's `ServerMessage` does not list. */
export function sendJson(socket: WebSocket, message: object): void {
  sendRaw(socket, JSON.stringify(message));
}

function sendRaw(socket: WebSocket, text: string): void {
  try {
    socket.send(text);
  } catch {
    // The socket closed meanwhile; its player gets a snapshot when he reconnects.
  }
}
