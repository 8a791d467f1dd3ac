/**
 * A buy-in's D1 work in one batch: the transfer wallet → escrow, checked in
 * its own statement against the table's row (still open), and the table's
 * lobby row as it will read once the player sits, written only if that
 * transfer is recorded. It used to be three calls: the table's row read
 * first, the ledger batch, then the lobby row through the outbox.
 */
import type { TableEvent } from "@felt/engine";
import { and, eq, exists } from "drizzle-orm";
import { type Plan, runPlans } from "../db/plans";
import { tables, transfers } from "../db/schema";
import type { TransferOutcome } from "../ledger/ledger";
import { movement, movePlan } from "../ledger/movements";
import { applyFunding, type FundingIntent } from "./table-bank";
import type { TablePipeline } from "./table-pipeline";

type BuyInTransfer = { tableId: string; userId: string; amount: number; key: string };

export type BuyInBatch = {
  /** The transfer (and the lobby row with it) in one round trip. */
  run(transfer: BuyInTransfer): Promise<TransferOutcome[]>;
  /** Whether the change that seats the chips is the one the lobby row was written for. */
  lobbyWritten(events: readonly TableEvent[]): boolean;
};

const sat = (events: readonly TableEvent[]) => events.some((e) => e.type === "playerSat");

/**
 * `checkOpen`: the room was loaded before this buy-in, so nothing read the
 * table's row yet; the transfer then holds only while the table is open
 * (refused as `condition_failed`, nothing moved, otherwise).
 */
export function buyInBatch(
  pipeline: TablePipeline,
  intent: FundingIntent,
  checkOpen: boolean,
): BuyInBatch {
  const snapshot = pipeline.current;
  const tableId = snapshot.room.tableId;
  // The table as it will be if the money moves (the same function seats the chips after).
  const seated = applyFunding(snapshot.table, intent, false);
  const counts =
    seated.ok && sat(seated.events)
      ? pipeline.rules.lobbyCounts({ ...snapshot, table: seated.state })
      : null;
  return {
    async run(transfer) {
      const db = pipeline.db;
      const open = checkOpen
        ? exists(
            db
              .select({ id: tables.id })
              .from(tables)
              .where(and(eq(tables.id, tableId), eq(tables.status, "open"))),
          )
        : undefined;
      const paid = movePlan(db, "buy_in", transfer, open);
      if (!counts) return [...(await runPlans(db, [paid]))];
      const recorded = exists(
        db
          .select({ id: transfers.id })
          .from(transfers)
          .where(eq(transfers.idempotencyKey, movement("buy_in", transfer).key)),
      );
      const lobby: Plan<null> = {
        statements: [
          db
            .update(tables)
            .set({ playersSeated: counts.playersSeated, averagePot: counts.averagePot })
            .where(and(eq(tables.id, tableId), recorded)),
        ],
        read: () => null,
      };
      const [outcome] = await runPlans(db, [paid, lobby] as const);
      return [outcome];
    },
    lobbyWritten: (events) => counts !== null && sat(events),
  };
}
