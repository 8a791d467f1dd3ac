/**
 * admin.tables: open a table of a stake, list them, close one once its
 * players have left.
 */
import { asc, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { tables } from "../db/schema";
import { adminProcedure, router } from "../trpc/init";
import { apiError } from "../trpc/messages";
import { auditStatement } from "./audit";
import { newId } from "./ids";
import { id, notFound, tableName } from "./shared";
import { liveStake } from "./stakes-router";

const tableView = (row: typeof tables.$inferSelect) => ({
  id: row.id,
  stakeId: row.stakeId,
  name: row.name,
  status: row.status,
  playersSeated: row.playersSeated,
  createdAt: row.createdAt.getTime(),
});

export const tablesRouter = router({
  list: adminProcedure
    .meta({ description: "Every table, open and closed, optionally of one stake." })
    .input(z.strictObject({ stakeId: id.optional() }).default({}))
    .query(async ({ ctx, input }) => {
      const rows = await ctx.db
        .select()
        .from(tables)
        .where(input.stakeId ? eq(tables.stakeId, input.stakeId) : undefined)
        .orderBy(desc(tables.status), asc(tables.name)); // open first
      return rows.map(tableView);
    }),

  open: adminProcedure
    .meta({ description: "Open a new table from a stake; it appears in the lobby at once." })
    .input(z.strictObject({ stakeId: id, name: tableName }))
    .mutation(async ({ ctx, input }) => {
      await liveStake(ctx, input.stakeId);
      const row = { id: newId(input.name), stakeId: input.stakeId, name: input.name };
      const [[created]] = await ctx.db.batch([
        ctx.db.insert(tables).values(row).returning(),
        auditStatement(ctx.db, {
          adminId: ctx.user.id,
          action: "table.open",
          targetId: row.id,
          before: null,
          after: row,
        }),
      ]);
      return tableView(created as typeof tables.$inferSelect);
    }),

  close: adminProcedure
    .meta({
      description:
        "Close an open table. Decided by the table itself after any buy-in in flight (later ones find it closed); refused while players are seated or chips are in its escrow: they leave first.",
    })
    .input(z.strictObject({ id }))
    .mutation(async ({ ctx, input }) => {
      // Decided by the table's room, in its queue with the buy-ins (table-close.ts).
      const room = ctx.env.TABLE_ROOM.get(ctx.env.TABLE_ROOM.idFromName(input.id));
      const result = await room.close({ tableId: input.id, adminId: ctx.user.id });
      if (result.ok) return tableView(result.row);
      switch (result.code) {
        case "no_table":
          throw notFound("table", input.id);
        case "table_already_closed":
          throw apiError(
            "PRECONDITION_FAILED",
            "table_already_closed",
            "This table is already closed.",
          );
        case "table_occupied":
          throw apiError(
            "PRECONDITION_FAILED",
            "table_occupied",
            `${result.players} player(s) still seated with ${result.chips} chips on the table; close it when they have left.`,
            { players: result.players, chips: result.chips },
          );
      }
    }),
});
