/**
 * A home game's room work (docs/rules.md#home-games): the host's controls
 * (H-2) and the close at the end time (H-3). Who may do what is
 * home/rules.ts; this file only applies it through the pipeline: pause and
 * resume are room changes, a removal is the player's `leave` (cashed out
 * when the hand ends), a close cashes everyone out and marks the table
 * closed in D1, so the cashier refuses any later buy-in.
 */
import { handInProgress, type Occupant } from "@felt/engine";
import { and, eq } from "drizzle-orm";
import { tables } from "../db/schema";
import { type HomeRefusal, type HomeRoomState, hostControl } from "../home/rules";
import { logError } from "../log";
import type { TablePipeline } from "./table-pipeline";

export type HomeControlRequest =
  | { tableId: string; control: "pause" | "resume" | "close" }
  | { tableId: string; control: "removePlayer"; playerId: string };

export type HomeControlResult =
  | { ok: true; home: HomeRoomState; handInProgress: boolean; leavingAfterHand?: boolean }
  | { ok: false; code: HomeRefusal | "not_home_game" };

/** The state of a home game's room, as the host's panel shows it. */
export type HomeStatus = {
  home: HomeRoomState;
  handInProgress: boolean;
  /** H-3: the table closed at its end time. */
  closedForTime: boolean;
  seated: { playerId: string; name: string; seat: number; stack: number }[];
};

export function homeStatus(pipeline: TablePipeline): HomeStatus | null {
  const { table, room } = pipeline.current;
  if (!room.home) return null;
  return {
    home: room.home,
    handInProgress: handInProgress(table),
    closedForTime: table.homeGame?.closed === true,
    seated: table.seats
      .filter((o): o is Occupant => o !== null)
      .map(({ playerId, name, seat, stack }) => ({ playerId, name, seat, stack })),
  };
}

/** H-2: one of the host's controls, decided on the room's current state. */
export async function homeControl(
  pipeline: TablePipeline,
  request: HomeControlRequest,
  now: number,
): Promise<HomeControlResult> {
  const { table, room } = pipeline.current;
  if (!room.home) return { ok: false, code: "not_home_game" };
  const inPlay = handInProgress(table);
  const decided = hostControl(room.home, request.control, inPlay);
  if (!decided.ok) return decided;
  const next = decided.state;
  switch (request.control) {
    case "pause":
    case "resume":
      pipeline.changeRoom(now, (r) => ({ ...r, home: next }));
      return { ok: true, home: next, handInProgress: inPlay };
    case "removePlayer": {
      const leaving = await leave(pipeline, request.playerId, now);
      // He may no longer watch either: his sockets are closed (H-1).
      pipeline.sockets.endPlayer(request.playerId);
      return { ok: true, home: next, handInProgress: inPlay, leavingAfterHand: leaving };
    }
    case "close":
      await closeHome(pipeline, now);
      return { ok: true, home: pipeline.current.room.home ?? next, handInProgress: false };
  }
}

/**
 * The table closes (the host's close, or its end time): no more deals, every
 * seated player cashed out to his wallet, and the table's row closed in D1
 * once the cash-outs are paid (a later buy-in finds it closed).
 */
export async function closeHome(pipeline: TablePipeline, now: number): Promise<void> {
  pipeline.changeRoom(now, (r) => ({ ...r, home: { paused: true, closed: true } }));
  for (const seat of pipeline.current.table.seats)
    if (seat !== null) await leave(pipeline, seat.playerId, now);
  await pipeline.courier.flush();
  const { tableId } = pipeline.current.room;
  try {
    await pipeline.db
      .update(tables)
      .set({ status: "closed" })
      .where(and(eq(tables.id, tableId), eq(tables.status, "open")));
  } catch (error) {
    // The room refuses to deal or seat anyone already; the row is marked again on the next close.
    logError("table room: home game's row not closed", error, { table: tableId });
  }
}

/** H-3: the engine closed the table at its end time; the room cashes everyone out once. */
export async function closeIfEnded(pipeline: TablePipeline, now: number): Promise<void> {
  const { table, room } = pipeline.current;
  if (room.home && !room.home.closed && table.homeGame?.closed === true)
    await closeHome(pipeline, now);
}

/** A seated player leaves: now between hands, or when the hand ends. True if he waits for it. */
async function leave(pipeline: TablePipeline, playerId: string, now: number): Promise<boolean> {
  const seated = pipeline.current.table.seats.find((o) => o?.playerId === playerId);
  if (!seated) return false;
  if (seated.leaving) return true;
  const left = await pipeline.play({ type: "leave", playerId });
  if (!left.ok) {
    logError("table room: home game's leave refused", left.error, {
      table: pipeline.current.room.tableId,
    });
    return false;
  }
  pipeline.change(left.state, left.events, now);
  return !left.events.some((e) => e.type === "playerLeft");
}
