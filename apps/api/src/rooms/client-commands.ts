/**
 * What a parsed socket message asks the room to do, decided without side
 * effects: refusals carry the code the client gets back, and nothing is
 * applied unless the message is new (its `seq`) and, for hand actions, was
 * decided on the hand as it is now (its `expectedVersion`, a table version
 * no older than the hand's last change).
 */
import { duplicateOf, isStale, type TableCommand } from "@felt/engine";
import type { ClientMessage, ErrorParams } from "@felt/protocol";
import type { Viewer } from "./room-headers";
import type { RoomState, Snapshot } from "./room-state";

export type Decision =
  | { type: "snapshot" }
  /** Answer with the leaves of the cards the viewer sees (`proofs`); changes nothing. */
  | { type: "proofs" }
  | { type: "refuse"; code: string; message: string; seq: number | null; params?: ErrorParams }
  /** Apply to the engine; on success remember `seq` as the player's latest. */
  | { type: "table"; command: TableCommand; playerId: string; seq: number }
  /** Change the room alone; remember `seq` as the player's latest. */
  | { type: "room"; change: (room: RoomState) => RoomState; playerId: string; seq: number };

/** Every client message but chat, which the room's chat takes (table-chat.ts). */
export type PlayMessage = Exclude<ClientMessage, { type: "chat" }>;

export function decide(
  { table, room }: Snapshot,
  viewer: Viewer | null,
  message: PlayMessage,
): Decision {
  if (message.type === "sync") return { type: "snapshot" };
  if (message.type === "proofs") return { type: "proofs" };
  const seq = message.seq;
  const refuse = (code: string, text: string, params?: ErrorParams): Decision => ({
    type: "refuse",
    code,
    message: text,
    seq,
    ...(params ? { params } : {}),
  });
  if (!viewer) return refuse("sign_in_required", "Spectators watch; sign in and buy in to play.");
  const duplicate = duplicateOf(room.lastSeq, viewer.playerId, seq);
  if (duplicate) {
    const { last } = duplicate;
    return refuse("duplicate_message", `Message ${seq} was already handled (last was ${last}).`, {
      seq,
      last,
    });
  }
  const playerId = viewer.playerId;
  if (room.tournament && (message.type === "leave" || message.type === "autoRebuy")) {
    // MT-6: a tournament player who goes away is blinded off, never cashed out.
    return refuse(
      "tournament_table",
      "Tournament chips stay in the tournament: sit out instead, and you will be dealt in and folded.",
    );
  }
  switch (message.type) {
    case "act":
      // Decided on the hand as it is now, whatever else changed at the table since (handMovedAt).
      if (isStale(table, room.handMovedAt, message.expectedVersion)) {
        return refuse(
          "stale_version",
          `The table moved on (version ${table.version}, not ${message.expectedVersion}); decide again.`,
          { version: table.version, expected: message.expectedVersion },
        );
      }
      return {
        type: "table",
        command: { type: "act", playerId, action: message.action },
        playerId,
        seq,
      };
    case "sitOut":
    case "sitIn":
    case "leave":
      return { type: "table", command: { type: message.type, playerId }, playerId, seq };
    case "chooseGame": {
      // Dealer's choice: the engine says whether it is his choice, now, and of a game in the list.
      const command = { type: "chooseGame" as const, playerId, game: message.game };
      return { type: "table", command, playerId, seq };
    }
    case "show":
      return { type: "table", command: { type: "show", playerId }, playerId, seq };
    case "showMyHand": {
      // S-2: the seat keeps the choice; the hand takes it with its next action (no clock moves).
      const command = { type: "showMyHand" as const, playerId, show: message.show };
      return { type: "table", command, playerId, seq };
    }
    case "autoRebuy": {
      const command = { type: "setAutoRebuy" as const, playerId, upTo: message.upTo };
      return { type: "table", command, playerId, seq };
    }
    case "clientSeed": {
      // Only a seated player's seed goes into the deal (docs/fairness.md).
      if (!table.seats.some((o) => o?.playerId === playerId))
        return refuse("not_seated", "Only a player seated at the table adds a client seed.");
      const { seed } = message;
      const change = (r: RoomState): RoomState => ({
        ...r,
        clientSeeds: { ...r.clientSeeds, [playerId]: seed },
      });
      return { type: "room", change, playerId, seq };
    }
  }
}
