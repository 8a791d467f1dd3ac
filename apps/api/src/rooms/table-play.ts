/**
 * A player's socket message at a poker table: `decide` (client-commands.ts)
 * says what it asks, and this plays it through the pipeline, answering the
 * socket with a snapshot, the proofs, or a refusal with its numbers.
 */
import type { ServerMessage } from "@felt/protocol";
import { now as clockNow } from "../clock";
import { decide, type PlayMessage } from "./client-commands";
import { refusalParams } from "./error-params";
import { type ErrorMessage, errorMessage, proofsMessage } from "./messages";
import type { Viewer } from "./room-headers";
import type { RoomState } from "./room-state";
import type { TablePipeline } from "./table-pipeline";

/** The socket's side: the room object's welcome, a plain send, a counted refusal. */
export type Reply = {
  welcome(): void;
  send(message: ServerMessage): void;
  refuse(message: ErrorMessage): void;
};

export async function playMessage(
  pipeline: TablePipeline,
  viewer: Viewer | null,
  message: PlayMessage,
  receivedAt: number,
  reply: Reply,
): Promise<void> {
  const decision = decide(pipeline.current, viewer, message);
  switch (decision.type) {
    case "snapshot":
      return reply.welcome();
    case "proofs":
      return reply.send(proofsMessage(pipeline.current, viewer));
    case "refuse":
      return reply.refuse(
        errorMessage(decision.code, decision.message, decision.seq, decision.params),
      );
    case "table": {
      const result = await pipeline.play(decision.command);
      if (!result.ok) {
        const params = refusalParams(pipeline.current.table, decision.command, result.error.code);
        return reply.refuse(
          errorMessage(result.error.code, result.error.message, decision.seq, params),
        );
      }
      const seen = seenSeq(decision.playerId, decision.seq);
      pipeline.change(result.state, result.events, clockNow(), { room: seen });
      return pipeline.metrics.action(clockNow() - receivedAt);
    }
    case "room": {
      const seen = seenSeq(decision.playerId, decision.seq);
      pipeline.changeRoom(clockNow(), (room) => seen(decision.change(room)));
      return pipeline.metrics.action(clockNow() - receivedAt);
    }
  }
}

const seenSeq =
  (playerId: string, seq: number) =>
  (room: RoomState): RoomState => ({ ...room, lastSeq: { ...room.lastSeq, [playerId]: seq } });
