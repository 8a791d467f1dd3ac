/**
 * T-6: what a failed auto-rebuy does (the wallet could not cover the top-up).
 * It is skipped quietly: the player keeps playing with what he has, and the
 * room logs that it was skipped. A busted player's wish is turned off, so the
 * table does not keep waiting for chips that will not come.
 */
import type { Rebuy } from "./ready";
import { applyTable } from "./table";
import type { TableEvent, TableState } from "./types";

/** The room's log line for a top-up skipped. */
export type RebuySkipped = {
  type: "autoRebuySkipped";
  seat: number;
  playerId: string;
  amount: number;
};

export function skipRebuy(
  table: TableState,
  rebuy: Rebuy,
): { skipped: RebuySkipped; turnedOff: { state: TableState; events: TableEvent[] } | null } {
  const skipped: RebuySkipped = {
    type: "autoRebuySkipped",
    seat: rebuy.seat,
    playerId: rebuy.playerId,
    amount: rebuy.amount,
  };
  if (!rebuy.sitIn) return { skipped, turnedOff: null };
  const off = applyTable(table, { type: "setAutoRebuy", playerId: rebuy.playerId, upTo: null });
  return { skipped, turnedOff: off.ok ? { state: off.state, events: off.events } : null };
}
