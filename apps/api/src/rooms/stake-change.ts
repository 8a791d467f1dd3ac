/**
 * Stake edits reach open tables between hands. The admin's update tells
 * each open table of the stake; a table in the middle of a hand keeps the
 * new stakes in its room and plays them once the hand is over (its alarm
 * fires for them), so no hand ever changes rules halfway.
 */
import { handInProgress, type TableStakes } from "@felt/engine";
import type { RoomState } from "./room-state";
import type { TablePlan, Timing } from "./stake";
import type { TablePipeline } from "./table-pipeline";

/** New stakes waiting for the hand in progress to end. */
export type PendingStakes = {
  stakes: TableStakes;
  timing: Timing;
  /** When they were asked for: due from then on, as soon as no hand is in progress. */
  since: number;
};

export type Restaked = { ok: true; applied: boolean } | { ok: false; reason: string };

/** The stake's new rules for this table: played now between hands, else when the hand ends. */
export async function restake(
  pipeline: TablePipeline,
  plan: TablePlan,
  now: number,
): Promise<Restaked> {
  if (!plan.ok) return plan;
  if (pipeline.current.room.tournament)
    return { ok: false, reason: "a tournament table plays its tournament's levels" };
  // A home game's options (H-3 … H-5) are the table's, set before it started: they stay.
  const { seatCount: _seats, timeoutsBeforeSitOut: _timeouts, home: _home, ...stakes } = plan.setup;
  const pending: PendingStakes = { stakes, timing: plan.timing, since: now };
  pipeline.changeRoom(now, (room) => ({ ...room, pendingStakes: pending }));
  return { ok: true, applied: await playPendingStakes(pipeline, now) };
}

/** Play the waiting stakes when no hand is in progress; whether they were played (or dropped). */
export async function playPendingStakes(pipeline: TablePipeline, now: number): Promise<boolean> {
  const { table, room } = pipeline.current;
  const pending = room.pendingStakes;
  if (!pending || handInProgress(table)) return false;
  const result = await pipeline.play({ type: "changeStakes", stakes: pending.stakes });
  if (!result.ok) {
    // The stake was checked before it was stored, so this is a broken invariant: keep the old stakes.
    console.error(`table ${room.tableId}: new stakes refused:`, result.error);
    pipeline.changeRoom(now, (r) => ({ ...r, pendingStakes: null }));
    return false;
  }
  pipeline.change(result.state, result.events, now, {
    room: (r) => withTiming({ ...r, pendingStakes: null }, pending.timing),
  });
  return true;
}

/** The new clock and time bank; a bank bigger than the new one is cut down to it. */
function withTiming(room: RoomState, timing: Timing): RoomState {
  const timeBanks: Record<string, number> = {};
  for (const [playerId, bank] of Object.entries(room.timeBanks))
    timeBanks[playerId] = Math.min(bank, timing.timeBankMs);
  return { ...room, timing, timeBanks };
}
