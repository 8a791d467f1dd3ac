/**
 * What a parsed Russian poker socket message asks the room to do, decided
 * without side effects, as `client-commands.ts` does for the poker tables:
 * nothing is applied unless the message is new (its `seq`) and, for a
 * decision, meant for the round in progress.
 */
import { parseCard, type russian } from "@felt/engine";
import type { ErrorParams, RussianClientMessage, RussianDecision } from "@felt/protocol";
import type { Viewer } from "../room-headers";
import type { RussianSnapshot } from "./russian-state";

export type RussianDecisionOutcome =
  | { type: "snapshot" }
  /** Answer with the leaves of the cards the viewer sees (`proofs`); changes nothing. */
  | { type: "proofs" }
  | { type: "refuse"; code: string; message: string; seq: number | null; params?: ErrorParams }
  | { type: "table"; command: russian.RussianTableCommand; playerId: string; seq: number };

/** A decision as the engine's command: the player is the socket's, the cards become numbers. */
function commandOf(decision: RussianDecision, playerId: string): russian.PlayerCommand {
  if (decision.type === "exchange") {
    return { ...decision, playerId, cards: decision.cards.map(parseCard) };
  }
  return { ...decision, playerId };
}

export function decideRussian(
  { table, room }: RussianSnapshot,
  viewer: Viewer | null,
  message: Exclude<RussianClientMessage, { type: "chat" }>,
): RussianDecisionOutcome {
  if (message.type === "sync") return { type: "snapshot" };
  if (message.type === "proofs") return { type: "proofs" };
  const { seq } = message;
  const refuse = (code: string, text: string, params?: ErrorParams): RussianDecisionOutcome => ({
    type: "refuse",
    code,
    message: text,
    seq,
    ...(params ? { params } : {}),
  });
  if (!viewer) return refuse("sign_in_required", "Spectators watch; sign in and buy in to play.");
  const playerId = viewer.playerId;
  const last = room.lastSeq[playerId];
  if (last !== undefined && seq <= last) {
    return refuse("duplicate_message", `Message ${seq} was already handled (last was ${last}).`, {
      seq,
      last,
    });
  }
  if (!table.seats.some((s) => s.playerId === playerId)) {
    return refuse("not_seated", "Buy in at this table to play.");
  }
  switch (message.type) {
    case "decide":
      if (message.round !== table.roundNumber) {
        return refuse(
          "stale_round",
          `That was meant for round ${message.round}; this is round ${table.roundNumber}.`,
          { round: table.roundNumber, expected: message.round },
        );
      }
      return {
        type: "table",
        command: { type: "round", command: commandOf(message.decision, playerId) },
        playerId,
        seq,
      };
    case "ready":
    case "leave":
      return { type: "table", command: { type: message.type, playerId }, playerId, seq };
  }
}
