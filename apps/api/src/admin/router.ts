import { and, asc, desc, eq, isNull, lt } from "drizzle-orm";
import { z } from "zod";
import { adminAudit, payoutTables, stakes, tables } from "../db/schema";
import { apiErrors } from "../health/api-errors";
import { platformHealth } from "../health/health";
import { reconcile } from "../ledger/reconcile";
import { adminProcedure, type Context, router } from "../trpc/init";
import { apiError, refinement } from "../trpc/messages";
import { auditStatement } from "./audit";
import { newId } from "./ids";
import { payoutInput, payoutTiers, payoutView } from "./payout-input";
import { russianRtp, russianRtpInput } from "./russian-rtp";
import { stakeColumns, stakeInput, stakeView } from "./stake-input";
import { adminTournamentsRouter } from "./tournaments-router";
import { adminUsersRouter } from "./users";

const id = z.string().min(1).max(80);
const tableName = z
  .string()
  .trim()
  .min(2)
  .max(40)
  .regex(
    /^[\p{L}\p{N}][\p{L}\p{N} '-]*$/u,
    refinement("table_name_chars", "may use letters, digits, spaces, ' and - only"),
  );

/** `no_stake`, `no_table`, `no_payout_table`: what is missing, and its id. */
const notFound = (what: "stake" | "table" | "payout table", which: string) =>
  apiError("NOT_FOUND", `no_${what.replace(" ", "_")}`, `There is no ${what} "${which}".`, {
    id: which,
  });

async function liveStake(ctx: Context, stakeId: string) {
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

const stakesRouter = router({
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

const tableView = (row: typeof tables.$inferSelect) => ({
  id: row.id,
  stakeId: row.stakeId,
  name: row.name,
  status: row.status,
  playersSeated: row.playersSeated,
  createdAt: row.createdAt.getTime(),
});

const tablesRouter = router({
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

const payoutTablesRouter = router({
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

export const adminRouter = router({
  stakes: stakesRouter,
  tables: tablesRouter,
  payoutTables: payoutTablesRouter,
  tournaments: adminTournamentsRouter,
  users: adminUsersRouter,

  audit: adminProcedure
    .meta({ description: "The admin audit log, newest first; page with `beforeId`." })
    .input(
      z
        .strictObject({
          limit: z.number().int().min(1).max(200).default(50),
          beforeId: z.number().int().min(1).optional(),
        })
        .default({ limit: 50 }),
    )
    .query(({ ctx, input }) =>
      ctx.db
        .select()
        .from(adminAudit)
        .where(input.beforeId ? lt(adminAudit.id, input.beforeId) : undefined)
        .orderBy(desc(adminAudit.id))
        .limit(input.limit)
        .then((rows) => rows.map((r) => ({ ...r, createdAt: r.createdAt.getTime() }))),
    ),

  health: adminProcedure
    .meta({
      description:
        "The platform's health for the operator (docs/operations.md#monitoring): open tables and tournaments, players seated and online, and over the last hour hands, Russian poker rounds, rake, the house's Russian poker result, p50/p99 of actions (receipt to broadcast) and errors by code.",
    })
    .query(async ({ ctx }) => {
      // This isolate's tRPC errors first, so the page counts the ones just made here.
      await apiErrors.flush(ctx.db, ctx.now(), true);
      return platformHealth(ctx.env.DB, ctx.now());
    }),

  reconcile: adminProcedure
    .meta({
      description:
        "The ledger check: wallets + tables + tournaments + house = chips created, every transfer balanced, every cached balance equal to its entries.",
    })
    .query(({ ctx }) => reconcile(ctx.db)),
});
