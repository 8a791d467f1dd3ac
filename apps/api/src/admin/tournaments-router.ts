import { CHOP_METHODS, normalizeConfig, SPLIT_METHODS, TEMPLATES } from "@felt/tournament";
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { dateOf } from "../clock";
import { payoutTables, tournaments } from "../db/schema";
import { refusalError, tournamentId, tournamentRoom } from "../lobby/tournaments-router";
import { configOf, tableStructureOf } from "../tournaments/definition";
import { adminProcedure, router } from "../trpc/init";
import { apiError, fieldError, refinement } from "../trpc/messages";
import { auditStatement } from "./audit";
import { newId } from "./ids";
import { tournamentInput } from "./tournament-input";

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
        kind: row.kind,
        seats: row.seats,
        refill: row.refill,
        private: row.inviteHash !== null,
      })),
    ),

  create: adminProcedure
    .meta({
      description:
        "Schedule a tournament from a structure template: its game (no-limit hold'em, pot-limit Omaha, fixed-limit hold'em), the tables' action time and time bank, names and descriptions in English and Russian, start time, buy-in and fee, starting stack, seats per table, level length, late registration, re-entry, rebuy and add-on, minimum and maximum field, guarantee, payout table.",
    })
    .input(tournamentInput)
    .mutation(async ({ ctx, input }) => {
      // H-7: a sit-and-go opens now and starts when full.
      const startsAt = input.sitAndGo ? ctx.now() : (input.startsAt as number);
      if (!input.sitAndGo && startsAt <= ctx.now())
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
        startsAt: dateOf(startsAt),
        buyIn: input.buyIn,
        fee: input.fee,
        startingStack: input.startingStack,
        status: "registering" as const,
        config: config as unknown as Record<string, unknown>,
        minEntrants: input.minEntrants,
        repeatEveryMinutes: input.sitAndGo ? null : input.repeatEveryMinutes,
        kind: input.sitAndGo ? ("sit-and-go" as const) : ("scheduled" as const),
        seats: input.sitAndGo?.seats ?? null,
        refill: input.sitAndGo?.refill ?? false,
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

  dealPreview: adminProcedure
    .meta({
      description:
        "What a deal would pay each player still in, by ICM and by chip chop, for the director to compare before proposing one. Refused unless every table is between hands and the prize pool is final.",
    })
    .input(z.strictObject({ id: tournamentId }))
    .query(async ({ ctx, input }) => {
      const result = await tournamentRoom(ctx, input.id).dealPreview(input.id);
      if (!result.ok) throw refusalError(result);
      return { icm: result.icm, chips: result.chips };
    }),

  proposeDeal: adminProcedure
    .meta({
      description:
        "Propose a deal to the last players (at most 10): `icm` or `chips` (chip chop). No hand starts while they answer; pause the clock first so the hands under way can end.",
    })
    .input(z.strictObject({ id: tournamentId, method: z.enum(CHOP_METHODS) }))
    .mutation(async ({ ctx, input }) => {
      const result = await tournamentRoom(ctx, input.id).deal(input.id, {
        type: "propose",
        method: input.method,
      });
      if (!result.ok) throw refusalError(result);
      await auditStatement(ctx.db, {
        adminId: ctx.user.id,
        action: "tournament.deal.propose",
        targetId: input.id,
        before: null,
        after: { method: input.method, shares: result.proposed },
      });
      return { ok: true as const };
    }),

  withdrawDeal: adminProcedure
    .meta({ description: "Take a proposed deal back; play goes on." })
    .input(z.strictObject({ id: tournamentId }))
    .mutation(async ({ ctx, input }) => {
      const result = await tournamentRoom(ctx, input.id).deal(input.id, { type: "withdraw" });
      if (!result.ok) throw refusalError(result);
      await auditStatement(ctx.db, {
        adminId: ctx.user.id,
        action: "tournament.deal.withdraw",
        targetId: input.id,
        before: null,
        after: null,
      });
      return { ok: true as const };
    }),

  cancel: adminProcedure
    .meta({
      description:
        "Cancel a tournament. Before the start every entrant gets buy-in and fee back. After it (`split` required, every table between hands: pause first) players already out keep their places and prizes, and the rest of the prize pool goes to the players still in, by `chips` or `equal`ly; the fees stay the house's.",
    })
    .input(z.strictObject({ id: tournamentId, split: z.enum(SPLIT_METHODS).optional() }))
    .mutation(async ({ ctx, input }) => {
      const room = tournamentRoom(ctx, input.id);
      if (input.split) {
        const result = await room.cancel(input.id, input.split);
        if (!result.ok) throw refusalError(result);
        const cancelled = result.events.find((e) => e.type === "tournamentCancelled");
        await auditStatement(ctx.db, {
          adminId: ctx.user.id,
          action: "tournament.cancel",
          targetId: input.id,
          before: null,
          after: {
            status: "cancelled",
            split: input.split,
            standings: cancelled?.type === "tournamentCancelled" ? cancelled.standings : null,
          },
        });
        return { refunded: 0 };
      }
      const result = await room.cancel(input.id);
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

  redrawFinalTable: adminProcedure
    .meta({
      description:
        "Redraw the seats at the final table (MT-4), once, between hands: from the seed committed when the tournament opened (`finalDraw` in tournaments.get, its seed shown afterwards); the button starts afresh.",
    })
    .input(z.strictObject({ id: tournamentId }))
    .mutation(async ({ ctx, input }) => {
      const result = await tournamentRoom(ctx, input.id).redrawFinalTable(input.id);
      if (!result.ok) throw refusalError(result);
      await auditStatement(ctx.db, {
        adminId: ctx.user.id,
        action: "tournament.table.redraw",
        targetId: input.id,
        before: null,
        after: { seats: result.seats },
      });
      return { seats: result.seats };
    }),

  cancelPreview: adminProcedure
    .meta({
      description:
        "What a cancel now would pay each player still in, split by chips and equally, for the director to see before confirming.",
    })
    .input(z.strictObject({ id: tournamentId }))
    .query(async ({ ctx, input }) => {
      const result = await tournamentRoom(ctx, input.id).cancelPreview(input.id);
      if (!result.ok) throw refusalError(result);
      return { chips: result.chips, equal: result.equal };
    }),

  adjustLevel: adminProcedure
    .meta({
      description:
        "Add time to the level (or break) in play, or take it away (negative seconds); taking more than is left starts the next level now.",
    })
    .input(
      z.strictObject({
        id: tournamentId,
        seconds: z
          .number()
          .int()
          .min(-86_400)
          .max(86_400)
          .refine((n) => n !== 0, refinement("not_zero", "must not be 0")),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const result = await tournamentRoom(ctx, input.id).direct(input.id, {
        type: "adjustLevel",
        deltaMs: input.seconds * 1000,
      });
      if (!result.ok) throw refusalError(result);
      const adjusted = result.events.find((e) => e.type === "levelTimeAdjusted");
      await auditStatement(ctx.db, {
        adminId: ctx.user.id,
        action: "tournament.level.adjust",
        targetId: input.id,
        before: null,
        after: adjusted ?? null,
      });
      return { remainingMs: adjusted?.type === "levelTimeAdjusted" ? adjusted.remainingMs : null };
    }),

  movePlayer: adminProcedure
    .meta({
      description:
        "Move a player to another table (between hands at both); he takes its worst free seat, and balancing still applies.",
    })
    .input(
      z.strictObject({
        id: tournamentId,
        playerId: z.string().min(1).max(64),
        table: z.number().int().min(1),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const result = await tournamentRoom(ctx, input.id).direct(input.id, {
        type: "movePlayer",
        playerId: input.playerId,
        table: input.table,
      });
      if (!result.ok) throw refusalError(result);
      await auditStatement(ctx.db, {
        adminId: ctx.user.id,
        action: "tournament.player.move",
        targetId: input.id,
        before: null,
        after: { moves: result.events.filter((e) => e.type === "playerMoved") },
      });
      return { ok: true as const };
    }),

  disqualify: adminProcedure
    .meta({
      description:
        "Disqualify a player (between hands at his table): his chips are removed from play and he is out in the place he is in now. The reason and the chips removed go to the audit log.",
    })
    .input(
      z.strictObject({
        id: tournamentId,
        playerId: z.string().min(1).max(64),
        reason: z.string().trim().min(3).max(500),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const result = await tournamentRoom(ctx, input.id).direct(input.id, {
        type: "disqualify",
        playerId: input.playerId,
      });
      if (!result.ok) throw refusalError(result);
      const dq = result.events.find((e) => e.type === "playerDisqualified");
      const out = result.events.find((e) => e.type === "playerEliminated");
      await auditStatement(ctx.db, {
        adminId: ctx.user.id,
        action: "tournament.player.disqualify",
        targetId: input.id,
        before: null,
        after: {
          playerId: input.playerId,
          reason: input.reason,
          chipsRemoved: dq?.type === "playerDisqualified" ? dq.chipsRemoved : 0,
          place: out?.type === "playerEliminated" ? out.place : null,
        },
      });
      return { chipsRemoved: dq?.type === "playerDisqualified" ? dq.chipsRemoved : 0 };
    }),
});
