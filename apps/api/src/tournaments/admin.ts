import { normalizeConfig } from "@felt/tournament";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { auditStatement } from "../admin/audit";
import { newId } from "../admin/ids";
import { payoutTables, tournaments } from "../db/schema";
import { adminProcedure, router } from "../trpc/init";
import { apiError, fieldError } from "../trpc/messages";
import { configOf, TEMPLATES, tableStructureOf, tournamentInput } from "./definition";
import { refusalError, tournamentId, tournamentRoom } from "./router";

/** Admin: schedule tournaments from a template, list and cancel them. */
export const adminTournamentsRouter = router({
  templates: adminProcedure
    .meta({ description: "The structure templates a tournament starts from." })
    .query(() =>
      Object.entries(TEMPLATES).map(([id, t]) => ({
        id,
        name: t.name,
        description: t.description,
        levelSeconds: t.levelSeconds,
        breakEveryLevels: t.breakEveryLevels,
        breakSeconds: t.breakSeconds,
        actionSeconds: t.actionSeconds,
        timeBankSeconds: t.timeBankSeconds,
      })),
    ),

  list: adminProcedure
    .meta({ description: "Every tournament, newest start first." })
    .query(async ({ ctx }) =>
      (await ctx.db.select().from(tournaments).orderBy(desc(tournaments.startsAt))).map((row) => ({
        id: row.id,
        name: row.name,
        nameRu: row.nameRu,
        game: row.game,
        startsAt: row.startsAt.getTime(),
        status: row.status,
        buyIn: row.buyIn,
        fee: row.fee,
        entries: row.entries,
        prizePool: row.prizePool,
        repeatEveryMinutes: row.repeatEveryMinutes,
      })),
    ),

  create: adminProcedure
    .meta({
      description:
        "Schedule a tournament from a structure template: its game (no-limit hold'em, pot-limit Omaha, fixed-limit hold'em), the tables' action time and time bank, names and descriptions in English and Russian, start time, buy-in and fee, starting stack, seats per table, level length, late registration, re-entry, rebuy and add-on, minimum and maximum field, guarantee, payout table.",
    })
    .input(tournamentInput)
    .mutation(async ({ ctx, input }) => {
      if (input.startsAt <= ctx.now())
        throw fieldError("startsAt", "must be in the future", "not_in_future");
      const [payouts] = await ctx.db
        .select()
        .from(payoutTables)
        .where(eq(payoutTables.id, input.payoutTableId))
        .limit(1);
      if (!payouts)
        throw fieldError(
          "payoutTableId",
          "must be an existing payout table",
          "unknown_payout_table",
        );
      const config = configOf(input, payouts.tiers);
      // The state machine's own check, so nothing is scheduled that it would refuse to run.
      const checked = normalizeConfig(config);
      if (!checked.ok)
        throw apiError("BAD_REQUEST", "invalid_tournament", checked.error.message, {
          refusal: checked.error.code,
          detail: checked.error.message,
        });
      const row = {
        id: newId(input.name),
        name: input.name,
        nameRu: input.nameRu,
        description: input.description,
        descriptionRu: input.descriptionRu,
        ...tableStructureOf(input),
        startsAt: new Date(input.startsAt),
        buyIn: input.buyIn,
        fee: input.fee,
        startingStack: input.startingStack,
        status: "registering" as const,
        config: config as unknown as Record<string, unknown>,
        minEntrants: input.minEntrants,
        repeatEveryMinutes: input.repeatEveryMinutes,
      };
      await ctx.db.batch([
        ctx.db.insert(tournaments).values(row),
        auditStatement(ctx.db, {
          adminId: ctx.user.id,
          action: "tournament.create",
          targetId: row.id,
          before: null,
          after: row,
        }),
      ]);
      // The room sets its start alarm on first use.
      const view = await tournamentRoom(ctx, row.id).view(row.id, null);
      if (!view) throw new Error(`tournament ${row.id} did not open`);
      return { id: row.id };
    }),

  pause: adminProcedure
    .meta({
      description:
        "Stop a running tournament's clock (MT-3): hands under way finish, no new hand starts, the level keeps its time.",
    })
    .input(z.strictObject({ id: tournamentId }))
    .mutation(async ({ ctx, input }) => {
      const result = await tournamentRoom(ctx, input.id).setPaused(input.id, true);
      if (!result.ok) throw refusalError(result);
      await auditStatement(ctx.db, {
        adminId: ctx.user.id,
        action: "tournament.pause",
        targetId: input.id,
        before: null,
        after: { paused: true },
      });
      return { ok: true as const };
    }),

  resume: adminProcedure
    .meta({ description: "Restart a paused tournament's clock; the tables deal again." })
    .input(z.strictObject({ id: tournamentId }))
    .mutation(async ({ ctx, input }) => {
      const result = await tournamentRoom(ctx, input.id).setPaused(input.id, false);
      if (!result.ok) throw refusalError(result);
      await auditStatement(ctx.db, {
        adminId: ctx.user.id,
        action: "tournament.resume",
        targetId: input.id,
        before: null,
        after: { paused: false },
      });
      return { ok: true as const };
    }),

  cancel: adminProcedure
    .meta({
      description: "Cancel a tournament before it starts; every entrant gets buy-in and fee back.",
    })
    .input(z.strictObject({ id: tournamentId }))
    .mutation(async ({ ctx, input }) => {
      const result = await tournamentRoom(ctx, input.id).cancel(input.id);
      if (!result.ok) throw refusalError(result);
      await auditStatement(ctx.db, {
        adminId: ctx.user.id,
        action: "tournament.cancel",
        targetId: input.id,
        before: null,
        after: { status: "cancelled", refunded: result.refunded },
      });
      return { refunded: result.refunded };
    }),
});
