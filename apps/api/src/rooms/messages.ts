/**
 * Every message a socket receives is built here, for one viewer at a time:
 * the table through the engine's `tableViewFor`, events through `eventsFor`,
 * the seed only once its hand is over. Nothing else leaves the room.
 */
import { eventsFor, type TableEvent, type TableState, tableViewFor } from "@felt/engine";
import type { Fairness, ServerMessage, StateMessage } from "@felt/protocol";
import type { Viewer } from "./room-headers";
import type { HandSecret, Snapshot } from "./room-state";

export function seatOf(table: TableState, playerId: string): number | null {
  return table.seats.find((o) => o?.playerId === playerId)?.seat ?? null;
}

/** Table events as the player in `seat` (null: a spectator) may see them: others' hole cards removed. */
export function eventsForViewer(events: readonly TableEvent[], seat: number | null): TableEvent[] {
  return events.map((e) =>
    e.type === "handEvent" ? { ...e, event: eventsFor([e.event], seat)[0] ?? e.event } : e,
  );
}

/** The commitment, and the seed only once its hand is over. */
export function publicFairness(secret: HandSecret | null): Fairness | null {
  if (!secret) return null;
  return {
    handNumber: secret.handNumber,
    commitment: secret.commitment,
    seed: secret.revealed ? secret.seed : null,
  };
}

/**
 * The state as `viewer` sees it. `seatHint` is the viewer's seat before the
 * change, for a player who left in it: events of his last hand stay his.
 */
export function stateMessage(
  { table, room }: Snapshot,
  viewer: Viewer | null,
  events: readonly TableEvent[] = [],
  seatHint: number | null = null,
): StateMessage {
  const seat = viewer ? (seatOf(table, viewer.playerId) ?? seatHint) : null;
  const clock = room.clock;
  return {
    type: "state",
    tableId: room.tableId,
    view: tableViewFor(table, viewer?.playerId ?? null),
    you: viewer ? { playerId: viewer.playerId, name: viewer.name } : null,
    clock: clock
      ? { seat: clock.seat, actionEndsAt: clock.actionEndsAt, timesOutAt: clock.timesOutAt }
      : null,
    fairness: publicFairness(room.fairness),
    events: eventsForViewer(events, seat),
    nextHandAt: room.nextHandAt,
    tournament: room.tournament
      ? { id: room.tournament.id, table: room.tournament.number, closed: room.tournament.closed }
      : null,
  };
}

export function errorMessage(
  code: string,
  message: string,
  seq: number | null = null,
): ServerMessage {
  return { type: "error", code, message, seq };
}
