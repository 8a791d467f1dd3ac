import { normalizeConfig } from "@felt/tournament";
import type { TRPCError } from "@trpc/server";
import { and, count, eq } from "drizzle-orm";
import { z } from "zod";
import { newId } from "../admin/ids";
import { dateOf } from "../clock";
import { homeGames, tournaments } from "../db/schema";
import { inviteHash, newInviteToken } from "../home/rules";
import { configOf, tableStructureOf } from "../tournaments/definition";
import type { Refusal } from "../tournaments/refusals";
import { tournamentRoomOf } from "../tournaments/room-of";
import { type Context, playerProcedure, publicProcedure, router } from "../trpc/init";
import { apiError, refinement } from "../trpc/messages";
import { MAX_OPEN_PRIVATE, PRIVATE_PAYOUT_TIERS, privateSitAndGoInput } from "./sit-and-go-input";

export const tournamentId = z
  .string()
  .max(64)
  .regex(
    /^[a-z0-9][a-z0-9-]*$/,
    refinement("tournament_id", 'must be a tournament id such as "sunday-major"'),
  );

const byId = z.strictObject({ id: tournamentId });
/** A private sit-and-go's link token (H-7); ignored for a public tournament. */
const invite = z.string().max(64).nullable().optional();
const byIdWithInvite = z.strictObject({ id: tournamentId, invite });

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

async function viewOrThrow(ctx: Context, id: string, invite?: string | null) {
  const view = await tournamentRoom(ctx, id).view(id, ctx.user?.id ?? null, invite ?? null);
  if (!view)
    throw apiError("NOT_FOUND", "no_tournament", `There is no tournament "${id}".`, { id });
  return view;
}

export const tournamentsRouter = router({
  get: publicProcedure
    .meta({
      description:
        "One tournament: status, structure, clock, payouts, entrants with chip counts and places, tables, and `you` (registered, table, seat, stack, rank, place, what you may do now). `sitAndGo` holds a sit-and-go's seats (H-7); a private one is found only with its link's `invite`, by its host or by its entrants.",
    })
    .input(byIdWithInvite)
    .query(({ ctx, input }) => viewOrThrow(ctx, input.id, input.invite)),

  register: playerProcedure
    .meta({
      description:
        "Register (or re-enter during late registration): buy-in + fee move from your wallet to the prize pool (MT-1, MT-2). The registration that fills a sit-and-go starts it (H-7); a private one needs its link's `invite`.",
    })
    .input(byIdWithInvite)
    .mutation(async ({ ctx, input }) => {
      const result = await tournamentRoom(ctx, input.id).register({
        tournamentId: input.id,
        userId: ctx.user.id,
        name: ctx.user.displayName,
        invite: input.invite ?? null,
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

  openPrivate: playerProcedure
    .meta({
      description:
        "A home game's host opens a private sit-and-go (H-7): a freezeout of the game he chooses (no-limit hold'em by default) that starts when its seats are taken, out of the lobby. Returns its id and the link's `invite` token (shown once; only its SHA-256 is kept).",
    })
    .input(privateSitAndGoInput)
    .mutation(async ({ ctx, input }) => {
      const [home] = await ctx.db
        .select({ tableId: homeGames.tableId })
        .from(homeGames)
        .where(and(eq(homeGames.tableId, input.homeTableId), eq(homeGames.hostId, ctx.user.id)))
        .limit(1);
      if (!home)
        throw apiError("FORBIDDEN", "not_home_host", "Only the host of a home game may do this.");
      // Each one is a room and a row: a host keeps a few waiting for players, not hundreds.
      const [{ open } = { open: 0 }] = await ctx.db
        .select({ open: count() })
        .from(tournaments)
        .where(and(eq(tournaments.hostId, ctx.user.id), eq(tournaments.status, "registering")));
      if (open >= MAX_OPEN_PRIVATE)
        throw apiError(
          "CONFLICT",
          "too_many_private_sit_and_gos",
          `At most ${MAX_OPEN_PRIVATE} of your sit-and-gos may wait for players at once.`,
          { max: MAX_OPEN_PRIVATE },
        );
      const definition = {
        ...input,
        lateRegistrationLevels: 0,
        maxEntriesPerPlayer: 1,
        rebuy: null,
        addOn: null,
        minEntrants: 2,
        maxEntrants: input.seats,
        guarantee: 0,
        sitAndGo: { seats: input.seats },
      };
      const config = configOf(definition, PRIVATE_PAYOUT_TIERS);
      const checked = normalizeConfig(config);
      if (!checked.ok)
        throw apiError("BAD_REQUEST", "invalid_tournament", checked.error.message, {
          refusal: checked.error.code,
          detail: checked.error.message,
        });
      const token = newInviteToken();
      const id = newId(input.name);
      await ctx.db.insert(tournaments).values({
        id,
        name: input.name,
        ...tableStructureOf(definition),
        startsAt: dateOf(ctx.now()),
        buyIn: input.buyIn,
        fee: input.fee,
        startingStack: input.startingStack,
        status: "registering",
        config: config as unknown as Record<string, unknown>,
        minEntrants: 2,
        kind: "sit-and-go",
        seats: input.seats,
        refill: false,
        hostId: ctx.user.id,
        inviteHash: await inviteHash(token),
      });
      // Opened now, as the host sees it, so its page is there for the first guest.
      const view = await tournamentRoom(ctx, id).view(id, ctx.user.id, null);
      if (!view) throw new Error(`tournament ${id} did not open`);
      return { id, invite: token };
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
