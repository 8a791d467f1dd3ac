/**
 * Which socket commands a table room takes (the room's client-commands.ts
 * asks, then says why not): a message is applied once (its `seq` above the
 * player's last, across connections), and a hand action only on the hand
 * as it is now — decided on a table version no older than the hand's last
 * change (`handMovedAt`), so another player's sitting down, sitting out or
 * auto-rebuy while one thinks does not make his click stale.
 */
import type { TableState } from "./types";

/** The player's last `seq` when `seq` is not above it (a duplicate or a replay), else null. */
export function duplicateOf(
  lastSeq: Readonly<Record<string, number>>,
  playerId: string,
  seq: number,
): { last: number } | null {
  const last = lastSeq[playerId];
  return last !== undefined && seq <= last ? { last } : null;
}

/**
 * Whether an action decided on `expectedVersion` is stale: newer than the
 * table, or older than the hand's last change (every change counts when
 * `handMovedAt` is unknown, in rooms stored before it).
 */
export function isStale(
  table: TableState,
  handMovedAt: number | undefined,
  expectedVersion: number,
): boolean {
  return expectedVersion > table.version || expectedVersion < (handMovedAt ?? table.version);
}
