/**
 * T-12: a cash table's waiting list as its room keeps it. The rules are the
 * engine's (waitlist.ts); here a request becomes one room change (one
 * storage commit, the lobby's count with it), and the cashier asks whether a
 * seat is held for someone else.
 */
import {
  joinWaitlist,
  leaveWaitlist,
  maySit,
  occupantOf,
  type WaitlistRefusal,
  waitingPlace,
} from "@felt/engine";
import type { Snapshot } from "./room-state";
import type { TablePipeline } from "./table-pipeline";

export type WaitlistRequest = {
  tableId: string;
  userId: string;
  /** Shown on the table's list. */
  name: string;
  /** `leave` also declines a seat offered: it goes to the next in line. */
  action: "join" | "leave";
};

/** One player's view of a table's list: how many wait, his place, his offer's end. */
export type WaitStatus = {
  waiting: number;
  /** 1 = first in line; null when he is not on the list. */
  position: number | null;
  /** A seat is held for him until then (epoch ms); null when none is. */
  offerUntil: number | null;
};

export type WaitlistAnswer =
  | ({ ok: true } & WaitStatus)
  /** `no_waitlist`: a tournament's table or a home game, which keep none. */
  | { ok: false; code: WaitlistRefusal | "no_waitlist" };

/** The player's place at this table, from memory (a room not loaded has nobody waiting). */
export function waitStatus(snapshot: Snapshot | null, playerId: string): WaitStatus {
  const list = snapshot?.room.waitlist ?? [];
  const place = waitingPlace(list, playerId);
  return {
    waiting: list.length,
    position: place?.position ?? null,
    offerUntil: place?.offerUntil ?? null,
  };
}

/** Join or leave: one change of the room, or a refusal that changes nothing. */
export function changeWaitlist(
  pipeline: TablePipeline,
  request: WaitlistRequest,
  now: number,
): WaitlistAnswer {
  const { table, room } = pipeline.current;
  if (room.tournament || room.home) return { ok: false, code: "no_waitlist" };
  const list = room.waitlist ?? [];
  const changed =
    request.action === "join"
      ? joinWaitlist(list, table, { playerId: request.userId, name: request.name }, now)
      : leaveWaitlist(list, table, request.userId, now);
  if (!changed.ok) return changed;
  pipeline.changeRoom(now, (r) => ({ ...r, waitlist: changed.list }));
  return { ok: true, ...waitStatus(pipeline.current, request.userId) };
}

/** A seat offered to another player is his alone: a player not seated here may not take it. */
export function seatHeld({ table, room }: Snapshot, playerId: string): boolean {
  return !occupantOf(table, playerId) && !maySit(room.waitlist ?? [], table, playerId);
}
