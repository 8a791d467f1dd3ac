/**
 * The room's sockets (hibernation API): who each one belongs to is kept in its
 * attachment, which survives the object being evicted; tags reach one
 * player's socket without looking at the others.
 */
import type { TableEvent, TableState } from "@felt/engine";
import type { ServerMessage } from "@felt/protocol";
import { errorMessage, seatOf, stateMessage } from "./messages";
import type { Viewer } from "./room-headers";
import type { Snapshot } from "./room-state";

type Attachment = { viewer: Viewer | null; replaced?: boolean };

const SPECTATORS = "spectators";
const playerTag = (playerId: string) => `player:${playerId}`;
export const CLOSE_REPLACED = 4001;
export const CLOSE_UNAVAILABLE = 4004;

export class RoomSockets {
  constructor(private readonly ctx: DurableObjectState) {}

  /** A second tab: the older socket is told why and closed; the newest one plays. */
  accept(socket: WebSocket, viewer: Viewer | null): void {
    if (viewer) {
      for (const old of this.ctx.getWebSockets(playerTag(viewer.playerId))) {
        old.serializeAttachment({ viewer, replaced: true } satisfies Attachment);
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
    this.ctx.acceptWebSocket(socket, [viewer ? playerTag(viewer.playerId) : SPECTATORS]);
    socket.serializeAttachment({ viewer } satisfies Attachment);
  }

  /** Who the socket belongs to; null when it was replaced by a newer one. */
  owner(socket: WebSocket): { viewer: Viewer | null } | null {
    const attachment = socket.deserializeAttachment() as Attachment;
    return attachment.replaced ? null : { viewer: attachment.viewer };
  }

  /** Each socket gets the new state as its own viewer may see it. */
  broadcast(snapshot: Snapshot, before: TableState, events: readonly TableEvent[]): void {
    let spectators: string | null = null;
    for (const socket of this.ctx.getWebSockets()) {
      const owner = this.owner(socket);
      if (!owner) continue;
      const { viewer } = owner;
      if (!viewer) {
        // Every spectator sees the same thing: built once.
        spectators ??= JSON.stringify(stateMessage(snapshot, null, events));
        sendRaw(socket, spectators);
      } else {
        const seatBefore = seatOf(before, viewer.playerId);
        sendRaw(socket, JSON.stringify(stateMessage(snapshot, viewer, events, seatBefore)));
      }
    }
  }

  notify(playerId: string, message: ServerMessage): void {
    for (const socket of this.ctx.getWebSockets(playerTag(playerId))) send(socket, message);
  }
}

export function send(socket: WebSocket, message: ServerMessage): void {
  sendRaw(socket, JSON.stringify(message));
}

function sendRaw(socket: WebSocket, text: string): void {
  try {
    socket.send(text);
  } catch {
    // The socket closed meanwhile; its player gets a snapshot when he reconnects.
  }
}
