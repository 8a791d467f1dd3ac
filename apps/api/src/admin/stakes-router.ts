/**
 * admin.stakes: the stakes tables are opened from; an edit reaches every open
 * table of the stake, which plays it from its next hand.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { stakes, tables } from "../db/schema";
import { adminProcedure, type Context, router } from "../trpc/init";
import { apiError } from "../trpc/messages";
import { auditStatement } from "./audit";
import { newId } from "./ids";
import { russianRtp, russianRtpInput } from "./russian-rtp";
import { id, notFound } from "./shared";
import { stakeColumns, stakeInput, stakeView } from "./stake-input";

export async function liveStake(ctx: Context, stakeId: string) {
  const [row] = await ctx.db
    .select()
    .from(stakes)
    .where(and(eq(stakes.id, stakeId), isNull(stakes.archivedAt)))
    .limit(1);
  if (!row) throw notFound("stake", stakeId);
  return row;
}

/**
 * Tell each open table of the stake that it changed: it plays the new rules
 * from its next hand. A table that cannot be reached now is logged, not
 * retried: the stake is already saved, and a table that restarts reads it.
 */
async function restakeOpenTables(ctx: Context, stake: typeof stakes.$inferSelect) {
  const open = await ctx.db
    .select({ id: tables.id })
    .from(tables)
    .where(and(eq(tables.stakeId, stake.id), eq(tables.status, "open")));
  await Promise.all(
    open.map(async ({ id: tableId }) => {
      try {
        // A Russian table takes the new rules between rounds (RussianRoom.stakeChanged).
        const result =
          stake.game === "russian"
            ? await ctx.env.RUSSIAN_ROOM.get(ctx.env.RUSSIAN_ROOM.idFromName(tableId)).stakeChanged(
                stake,
              )
            : await ctx.env.TABLE_ROOM.get(ctx.env.TABLE_ROOM.idFromName(tableId)).stakeChanged(
                stake,
              );
        if (!result.ok)
          console.error(`stake ${stake.id}: table ${tableId} kept its stakes: ${result.reason}`);
      } catch (error) {
        console.error(`stake ${stake.id}: table ${tableId} was not told of the change:`, error);
      }
    }),
  );
}

export const stakesRouter = router({
  list: adminProcedure
    .meta({
      description: "Every stake (deleted ones too with `includeArchived`), game then stakes.",
    })
    .input(
      z
        .strictObject({ includeArchived: z.boolean().default(false) })
        .default({ includeArchived: false }),
    )
    .query(async ({ ctx, input }) => {
      const rows = await ctx.db
        .select()
        .from(stakes)
        .where(input.includeArchived ? undefined : isNull(stakes.archivedAt))
        .orderBy(asc(stakes.game), asc(stakes.bigBlind), asc(stakes.name));
      return rows.map(stakeView);
    }),

  get: adminProcedure
    .meta({ description: "One stake by id." })
    .input(z.strictObject({ id }))
    .query(async ({ ctx, input }) => {
      const [row] = await ctx.db.select().from(stakes).where(eq(stakes.id, input.id)).limit(1);
      if (!row) throw notFound("stake", input.id);
      return stakeView(row);
    }),

  create: adminProcedure
    .meta({
      description:
        "Create a stake: game (dealer's choice with its 2–8 `games`), deck and wild cards, betting, blinds (and fixed-limit bet units), ante, buy-in in big blinds (T-4), seats 2–10, rake % with cap and no-flop-no-drop (T-10), action clock and time bank.",
    })
    .input(stakeInput)
    .mutation(async ({ ctx, input }) => {
      const row = { id: newId(input.name), ...stakeColumns(input) };
      const [[created]] = await ctx.db.batch([
        ctx.db.insert(stakes).values(row).returning(),
        auditStatement(ctx.db, {
          adminId: ctx.user.id,
          action: "stake.create",
          targetId: row.id,
          before: null,
          after: row,
        }),
      ]);
      return stakeView(created as typeof stakes.$inferSelect);
    }),

  update: adminProcedure
    .meta({
      description:
        "Replace a stake's settings (all fields, as for create). Open tables use them from their next hand (Russian poker: from the next round).",
    })
    .input(z.strictObject({ id, stake: stakeInput }))
    .mutation(async ({ ctx, input }) => {
      const before = await liveStake(ctx, input.id);
      const columns = stakeColumns(input.stake);
      const [[updated]] = await ctx.db.batch([
        ctx.db.update(stakes).set(columns).where(eq(stakes.id, input.id)).returning(),
        auditStatement(ctx.db, {
          adminId: ctx.user.id,
          action: "stake.update",
          targetId: input.id,
          before,
          after: columns,
        }),
      ]);
      const stake = updated as typeof stakes.$inferSelect;
      await restakeOpenTables(ctx, stake);
      return stakeView(stake);
    }),

  russianRtp: adminProcedure
    .meta({
      description:
        "The theoretical return to player of Russian poker rules (`rules` as a stake's `russian`, optional `minAnte`/`maxAnte` as its blinds): `{ rtp, ci95, houseEdge, hands, seed, strategy }`, the same run as `felt simulate russian --hands 200000 --seed 1 --strategy basic --rules FILE` (docs/russian-rounds.md#rtp).",
    })
    .input(russianRtpInput)
    .query(({ input }) => russianRtp(input)),

  delete: adminProcedure
    .meta({
      description:
        "Delete a stake with no open tables. It is archived, not erased, so closed tables and hand histories keep their stakes.",
    })
    .input(z.strictObject({ id }))
    .mutation(async ({ ctx, input }) => {
      const before = await liveStake(ctx, input.id);
      const open = await ctx.db
        .select({ id: tables.id })
        .from(tables)
        .where(and(eq(tables.stakeId, input.id), eq(tables.status, "open")));
      if (open.length > 0) {
        const ids = open.map((t) => t.id).join(", ");
        throw apiError(
          "PRECONDITION_FAILED",
          "stake_has_open_tables",
          `Close its ${open.length} open table(s) first: ${ids}.`,
          { count: open.length, tables: ids },
        );
      }
      await ctx.db.batch([
        ctx.db
          .update(stakes)
          .set({ archivedAt: new Date(ctx.now()) })
          .where(eq(stakes.id, input.id)),
        auditStatement(ctx.db, {
          adminId: ctx.user.id,
          action: "stake.delete",
          targetId: input.id,
          before,
          after: null,
        }),
      ]);
      return { ok: true as const };
    }),
});
