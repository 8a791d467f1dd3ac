/**
 * Every message a socket receives is built here, for one viewer at a time:
 * the table through the engine's `tableViewer`, events through `eventsFor`,
 * the deal's commitments through `fairnessFor`, and on request the leaves of
 * the cards he sees (`proofsMessage`). Nothing else leaves the room. A
 * change reaches a socket as a delta: the difference between the states
 * this viewer would be sent before and after it.
 */
import {
  eventsFor,
  handSeatOf,
  maySit,
  occupantOf,
  type TableEvent,
  type TableState,
  tableViewer,
} from "@felt/engine";
import {
  changeDeltas,
  type DeltaMessage,
  type DiffMemo,
  type ErrorParams,
  type ServerMessage,
  type StateMessage,
} from "@felt/protocol";
import { fairnessFor, proofsFor } from "./fairness";
import type { Viewer } from "./room-headers";
import type { Snapshot } from "./room-state";

export function seatOf(table: TableState, playerId: string): number | null {
  return table.seats.find((o) => o?.playerId === playerId)?.seat ?? null;
}

/** Table events as the player in `seat` (null: a spectator) may see them: others' hole cards removed. */
export function eventsForViewer(events: readonly TableEvent[], seat: number | null): TableEvent[] {
  return events.map((e) =>
    e.type === "handEvent" ? { ...e, event: eventsFor([e.event], seat)[0] ?? e.event } : e,
  );
}

/**
 * The state as `viewer` sees it. `seatHint` is the viewer's seat before the
 * change, for a player who left in it: events of his last hand stay his.
 */
export function stateMessage(
  snapshot: Snapshot,
  viewer: Viewer | null,
  events: readonly TableEvent[] = [],
  seatHint: number | null = null,
): StateMessage {
  return stateMessages(snapshot, events)(viewer, seatHint);
}

/**
 * One change's messages, for every viewer in turn (`stateMessage` for each).
 * What they all share (the seats, the clock, the deal's commitments) is built once, and
 * the events once per seat, instead of once per socket on every change.
 */
export function stateMessages(
  { table, room }: Snapshot,
  events: readonly TableEvent[] = [],
): (viewer: Viewer | null, seatHint?: number | null) => StateMessage {
  const viewOf = tableViewer(table);
  const clock = room.clock
    ? {
        seat: room.clock.seat,
        // A clock stored before its start was kept: taken as starting at its end.
        startedAt: room.clock.startedAt ?? room.clock.actionEndsAt,
        actionEndsAt: room.clock.actionEndsAt,
        timesOutAt: room.clock.timesOutAt,
      }
    : null;
  const tournament = room.tournament
    ? { id: room.tournament.id, table: room.tournament.number, closed: room.tournament.closed }
    : null;
  // H-2: the host's pause and close, for every viewer (absent at tables that are no home game).
  const home = room.home ? { home: { paused: room.home.paused, closed: room.home.closed } } : {};
  // T-12: whether the free seats are all held for the waiting list (not for this viewer).
  const list = room.waitlist ?? [];
  const held = (playerId: string | null) =>
    list.length > 0 && !occupantOf(table, playerId ?? "") && !maySit(list, table, playerId ?? "")
      ? { seatsHeld: true as const }
      : {};
  const rules = table.hand?.rules ?? null;
  const fairness = fairnessFor(room.fairness, room.nextSeed ?? null, table.handNumber);
  const eventsBySeat = new Map<number | null, TableEvent[]>();
  const eventsOf = (seat: number | null) => {
    const seen = eventsBySeat.get(seat) ?? eventsForViewer(events, seat);
    eventsBySeat.set(seat, seen);
    return seen;
  };
  return (viewer, seatHint = null) => {
    // The hand's events follow the player dealt in, not whoever sits in his seat now.
    const seat = viewer ? (handSeatOf(table, viewer.playerId) ?? seatHint) : null;
    const view = viewOf(viewer?.playerId ?? null);
    return {
      type: "state",
      feed: room.feed ?? 0,
      tableId: room.tableId,
      view,
      you: viewer ? { playerId: viewer.playerId, name: viewer.name } : null,
      clock,
      fairness,
      rules,
      events: eventsOf(seat),
      nextHandAt: room.nextHandAt,
      tournament,
      ...home,
      ...held(viewer?.playerId ?? null),
    };
  };
}

/**
 * One change's deltas, for every viewer in turn. `seatHint` is the viewer's
 * seat before the change (see `stateMessage`); `sent` is the state the viewer
 * was last sent, when the caller kept it, else it is built again from `before`.
 * `after` is the viewer's new state, for the caller to keep.
 */
export function deltaMessages(
  before: Snapshot,
  after: Snapshot,
  events: readonly TableEvent[],
): (
  viewer: Viewer | null,
  seatHint?: number | null,
  sent?: StateMessage,
) => { delta: DeltaMessage; after: StateMessage } {
  let then: ReturnType<typeof stateMessages> | null = null;
  const stateBefore = (viewer: Viewer | null) => {
    then ??= stateMessages(before);
    return then(viewer);
  };
  const now = stateMessages(after, events);
  // The viewers' states share their public parts: each is compared once per change.
  const memo: DiffMemo = new WeakMap();
  let deltaFor: ReturnType<typeof changeDeltas> | null = null;
  return (viewer, seatHint = null, sent) => {
    const last = sent ?? stateBefore(viewer);
    const next = now(viewer, seatHint);
    // What every viewer's patch shares is taken once, from a spectator's states.
    deltaFor ??= changeDeltas(stateBefore(null), now(null), memo);
    return { delta: deltaFor(last, next, next.events), after: next };
  };
}

/** The leaves of the cards `viewer` sees in the current (or last) hand, or a notice that it has none. */
export function proofsMessage({ table, room }: Snapshot, viewer: Viewer | null): ServerMessage {
  const view = tableViewer(table)(viewer?.playerId ?? null);
  return (
    proofsFor(room.fairness, view.hand, table.handNumber) ??
    errorMessage("no_proofs", "No hand with a proof has been dealt at this table yet.")
  );
}

/** A refusal or notice: `code` and `params` for the client to word, `message` in English for bots and logs. */
/** A refusal or failure, sent to one socket. */
export type ErrorMessage = Extract<ServerMessage, { type: "error" }>;

export function errorMessage(
  code: string,
  message: string,
  seq: number | null = null,
  params: ErrorParams = {},
): ErrorMessage {
  return {
    type: "error",
    code,
    message,
    ...(Object.keys(params).length > 0 ? { params } : {}),
    seq,
  };
}
