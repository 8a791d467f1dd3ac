/**
 * admin.payoutTables: the payout tables tournaments pay by.
 */
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { payoutTables } from "../db/schema";
import { adminProcedure, type Context, router } from "../trpc/init";
import { apiError } from "../trpc/messages";
import { auditStatement } from "./audit";
import { newId } from "./ids";
import { payoutInput, payoutTiers, payoutView } from "./payout-input";
import { id, notFound } from "./shared";

async function payoutRow(ctx: Context, payoutId: string) {
  const [row] = await ctx.db
    .select()
    .from(payoutTables)
    .where(eq(payoutTables.id, payoutId))
    .limit(1);
  if (!row) throw notFound("payout table", payoutId);
  return row;
}

const nameTaken = (name: string) =>
  apiError(
    "CONFLICT",
    "payout_name_taken",
    `A payout table named "${name}" exists already; choose another name.`,
    { name },
  );
const isNameClash = (error: unknown) =>
  /UNIQUE constraint failed: payout_tables\.name/.test(String(error));

export const payoutTablesRouter = router({
  list: adminProcedure
    .meta({ description: "Every payout table." })
    .query(async ({ ctx }) =>
      (await ctx.db.select().from(payoutTables).orderBy(asc(payoutTables.name))).map(payoutView),
    ),

  get: adminProcedure
    .meta({ description: "One payout table by id." })
    .input(z.strictObject({ id }))
    .query(async ({ ctx, input }) => payoutView(await payoutRow(ctx, input.id))),

  create: adminProcedure
    .meta({
      description:
        "Create a payout table: field-size ranges (contiguous, no overlaps), each with place percentages that add up to 100.",
    })
    .input(payoutInput)
    .mutation(async ({ ctx, input }) => {
      const row = {
        id: newId(input.name),
        name: input.name,
        tiers: payoutTiers(input),
        updatedAt: new Date(ctx.now()),
      };
      try {
        const [[created]] = await ctx.db.batch([
          ctx.db.insert(payoutTables).values(row).returning(),
          auditStatement(ctx.db, {
            adminId: ctx.user.id,
            action: "payoutTable.create",
            targetId: row.id,
            before: null,
            after: row,
          }),
        ]);
        return payoutView(created as typeof payoutTables.$inferSelect);
      } catch (error) {
        if (isNameClash(error)) throw nameTaken(input.name);
        throw error;
      }
    }),

  update: adminProcedure
    .meta({ description: "Replace a payout table's name and ranges." })
    .input(z.strictObject({ id, payoutTable: payoutInput }))
    .mutation(async ({ ctx, input }) => {
      const before = await payoutRow(ctx, input.id);
      const columns = {
        name: input.payoutTable.name,
        tiers: payoutTiers(input.payoutTable),
        updatedAt: new Date(ctx.now()),
      };
      try {
        const [[updated]] = await ctx.db.batch([
          ctx.db.update(payoutTables).set(columns).where(eq(payoutTables.id, input.id)).returning(),
          auditStatement(ctx.db, {
            adminId: ctx.user.id,
            action: "payoutTable.update",
            targetId: input.id,
            before,
            after: columns,
          }),
        ]);
        return payoutView(updated as typeof payoutTables.$inferSelect);
      } catch (error) {
        if (isNameClash(error)) throw nameTaken(input.payoutTable.name);
        throw error;
      }
    }),

  delete: adminProcedure
    .meta({ description: "Delete a payout table." })
    .input(z.strictObject({ id }))
    .mutation(async ({ ctx, input }) => {
      const before = await payoutRow(ctx, input.id);
      await ctx.db.batch([
        ctx.db.delete(payoutTables).where(eq(payoutTables.id, input.id)),
        auditStatement(ctx.db, {
          adminId: ctx.user.id,
          action: "payoutTable.delete",
          targetId: input.id,
          before,
          after: null,
        }),
      ]);
      return { ok: true as const };
    }),
});
