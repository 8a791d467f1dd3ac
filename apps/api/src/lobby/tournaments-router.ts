import type { TRPCError } from "@trpc/server";
import { z } from "zod";
import type { Refusal } from "../tournaments/refusals";
import { tournamentRoomOf } from "../tournaments/room-of";
import { type Context, playerProcedure, publicProcedure, router } from "../trpc/init";
import { apiError, refinement } from "../trpc/messages";

export const tournamentId = z
  .string()
  .max(64)
  .regex(
    /^[a-z0-9][a-z0-9-]*$/,
    refinement("tournament_id", 'must be a tournament id such as "sunday-major"'),
  );

const byId = z.strictObject({ id: tournamentId });

export const tournamentRoom = (ctx: Pick<Context, "env">, id: string) =>
  tournamentRoomOf(ctx.env, id);

const CONFLICTS = new Set([
  "already_registered",
  "already_started",
  "registration_closed",
  "field_full",
  "hand_in_progress",
  "cancelled",
  "deal_pending",
  "already_accepted",
]);

/**
 * A room's refusal as an error the player can act on: its code is the reason
 * (`not_found` is `tournament_not_found`), the state machine's message says why.
 */
export function refusalError(refused: Refusal): TRPCError {
  const code = (c: TRPCError["code"]) =>
    apiError(
      c,
      refused.code === "not_found" ? "tournament_not_found" : refused.code,
      refused.message,
      refused.params ?? {},
    );
  if (refused.code === "not_found") return code("NOT_FOUND");
  if (refused.code === "insufficient_funds") return code("PRECONDITION_FAILED");
  return code(CONFLICTS.has(refused.code) ? "CONFLICT" : "PRECONDITION_FAILED");
}

async function viewOrThrow(ctx: Context, id: string) {
  const view = await tournamentRoom(ctx, id).view(id, ctx.user?.id ?? null);
  if (!view)
    throw apiError("NOT_FOUND", "no_tournament", `There is no tournament "${id}".`, { id });
  return view;
}

export const tournamentsRouter = router({
  get: publicProcedure
    .meta({
      description:
        "One tournament: status, structure, clock, payouts, entrants with chip counts and places, tables, and `you` (registered, table, seat, stack, rank, place, what you may do now).",
    })
    .input(byId)
    .query(({ ctx, input }) => viewOrThrow(ctx, input.id)),

  register: playerProcedure
    .meta({
      description:
        "Register (or re-enter during late registration): buy-in + fee move from your wallet to the prize pool (MT-1, MT-2).",
    })
    .input(byId)
    .mutation(async ({ ctx, input }) => {
      const result = await tournamentRoom(ctx, input.id).register({
        tournamentId: input.id,
        userId: ctx.user.id,
        name: ctx.user.displayName,
      });
      if (!result.ok) throw refusalError(result);
      return { entry: result.entry };
    }),

  unregister: playerProcedure
    .meta({ description: "Unregister before the start; buy-in and fee are refunded (MT-1)." })
    .input(byId)
    .mutation(async ({ ctx, input }) => {
      const result = await tournamentRoom(ctx, input.id).unregister({
        tournamentId: input.id,
        userId: ctx.user.id,
      });
      if (!result.ok) throw refusalError(result);
      return { ok: true as const };
    }),

  rebuy: playerProcedure
    .meta({
      description:
        "Take a rebuy (MT-1), during a hand too: its price moves to the pool at once, the chips play from your next hand.",
    })
    .input(byId)
    .mutation(async ({ ctx, input }) => {
      const result = await tournamentRoom(ctx, input.id).buyChips({
        tournamentId: input.id,
        userId: ctx.user.id,
        kind: "rebuy",
      });
      if (!result.ok) throw refusalError(result);
      return { stack: result.stack };
    }),

  addOn: playerProcedure
    .meta({
      description:
        "Take the add-on (MT-1) in its levels, during a hand too: the chips play from your next hand.",
    })
    .input(byId)
    .mutation(async ({ ctx, input }) => {
      const result = await tournamentRoom(ctx, input.id).buyChips({
        tournamentId: input.id,
        userId: ctx.user.id,
        kind: "addOn",
      });
      if (!result.ok) throw refusalError(result);
      return { stack: result.stack };
    }),

  acceptDeal: playerProcedure
    .meta({
      description:
        "Accept the deal the director proposed (see `deal` in tournaments.get); when every player still in has, the tournament ends and the shares are paid.",
    })
    .input(byId)
    .mutation(async ({ ctx, input }) => {
      const result = await tournamentRoom(ctx, input.id).deal(input.id, {
        type: "accept",
        userId: ctx.user.id,
      });
      if (!result.ok) throw refusalError(result);
      return { ok: true as const };
    }),

  rejectDeal: playerProcedure
    .meta({
      description: "Turn the proposed deal down: it is withdrawn for everyone and play goes on.",
    })
    .input(byId)
    .mutation(async ({ ctx, input }) => {
      const result = await tournamentRoom(ctx, input.id).deal(input.id, {
        type: "reject",
        userId: ctx.user.id,
      });
      if (!result.ok) throw refusalError(result);
      return { ok: true as const };
    }),

  declineRebuy: playerProcedure
    .meta({ description: "Busted with a rebuy on offer: decline it and take your place." })
    .input(byId)
    .mutation(async ({ ctx, input }) => {
      const result = await tournamentRoom(ctx, input.id).declineRebuy({
        tournamentId: input.id,
        userId: ctx.user.id,
      });
      if (!result.ok) throw refusalError(result);
      return { ok: true as const };
    }),
});
