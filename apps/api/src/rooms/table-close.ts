/**
 * Closing a cash table, decided inside its room: the room's queue runs it
 * after any buy-in already in flight and before any that comes later, so a
 * table is never closed with a player seated or chips in its escrow (a
 * buy-in that arrives after finds the table closed and moves nothing).
 */
import { eq } from "drizzle-orm";
import { auditStatement } from "../admin/audit";
import { tables } from "../db/schema";
import { escrowOf } from "../ledger/ledger";
import { balanceOf } from "../ledger/wallet";
import type { TablePipeline } from "./table-pipeline";

export type CloseRequest = { tableId: string; adminId: string };
export type TableRow = typeof tables.$inferSelect;
export type CloseResult =
  | { ok: true; row: TableRow }
  | { ok: false; code: "no_table" | "table_already_closed" }
  | { ok: false; code: "table_occupied"; players: number; chips: number };

export async function closeTable(
  pipeline: TablePipeline,
  request: CloseRequest,
): Promise<CloseResult> {
  const { db } = pipeline;
  const [before] = await db.select().from(tables).where(eq(tables.id, request.tableId)).limit(1);
  if (!before) return { ok: false, code: "no_table" };
  if (before.status === "closed") return { ok: false, code: "table_already_closed" };
  // A cash-out still in the outbox is chips still in the escrow: pay it first.
  if (pipeline.snapshot) await pipeline.courier.flush();
  const players = pipeline.snapshot
    ? pipeline.current.table.seats.filter((seat) => seat !== null).length
    : 0;
  const chips = await balanceOf(db, escrowOf(request.tableId));
  if (players > 0 || chips > 0) return { ok: false, code: "table_occupied", players, chips };
  const [[closed]] = await db.batch([
    db.update(tables).set({ status: "closed" }).where(eq(tables.id, request.tableId)).returning(),
    auditStatement(db, {
      adminId: request.adminId,
      action: "table.close",
      targetId: request.tableId,
      before,
      after: { status: "closed" },
    }),
  ]);
  return { ok: true, row: closed as TableRow };
}
