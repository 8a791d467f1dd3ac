/** What the home.* routers look up and check before they act: the game behind a token or an id, and who may see or run it. */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { homeGameGuests, homeGames, stakes, tables } from "../db/schema";
import type { HomeControlRequest } from "../rooms/home-mode";
import type { Context } from "../trpc/init";
import { type HomeAccess, homeAccess, homeError } from "./access";
import {
  type GuestAction,
  type GuestStatus,
  guestAfter,
  INVITE_TOKEN,
  inviteHash,
  mayView,
} from "./rules";

export const token = z.string().max(100);
export const playerId = z.string().min(1).max(100);

export const roomOf = (ctx: Context, id: string) =>
  ctx.env.TABLE_ROOM.get(ctx.env.TABLE_ROOM.idFromName(id));

/** The invite link on the site; the token, its only secret, rides in the fragment, which no server or log sees. */
export const invitePath = (inviteToken: string) => `/home/join#${inviteToken}`;

/** The home game behind a token; a revoked or made-up one is `invite_invalid` alike. */
export async function byToken(ctx: Context, inviteToken: string) {
  if (!INVITE_TOKEN.test(inviteToken)) throw homeError("invite_invalid");
  const [game] = await ctx.db
    .select({ tableId: homeGames.tableId })
    .from(homeGames)
    .where(eq(homeGames.inviteHash, await inviteHash(inviteToken)))
    .limit(1);
  if (!game) throw homeError("invite_invalid");
  const access = await homeAccess(ctx.db, game.tableId, ctx.user?.id ?? null);
  if (!access) throw homeError("invite_invalid");
  return access;
}

/** A home game its viewer may see (H-1); anything else looks like no game at all. */
export async function visible(ctx: Context, id: string): Promise<HomeAccess> {
  const access = await homeAccess(ctx.db, id, ctx.user?.id ?? null);
  if (!access?.mayView) throw homeError("not_invited", { id });
  return access;
}

/** A home game this player hosts. */
export async function hosted(ctx: Context, id: string): Promise<HomeAccess> {
  const access = await visible(ctx, id);
  if (access.role !== "host") throw homeError("not_host");
  return access;
}

export async function tableOpen(ctx: Context, id: string) {
  const [row] = await ctx.db
    .select({ status: tables.status, name: tables.name, stake: stakes })
    .from(tables)
    .innerJoin(stakes, eq(stakes.id, tables.stakeId))
    .where(eq(tables.id, id))
    .limit(1);
  if (!row) throw homeError("not_invited", { id });
  return row;
}

/** The guest's status after `action`, stored; a refusal throws with its code. */
export async function moveGuest(
  ctx: Context,
  access: HomeAccess,
  guestId: string,
  action: GuestAction,
): Promise<GuestStatus> {
  const [row] = await ctx.db
    .select({ status: homeGameGuests.status })
    .from(homeGameGuests)
    .where(and(eq(homeGameGuests.tableId, access.tableId), eq(homeGameGuests.playerId, guestId)))
    .limit(1);
  const current = row?.status ?? null;
  const next = guestAfter(current, action, access.spectators);
  if (!next.ok) throw homeError(next.code);
  if (next.changed) {
    const updatedAt = new Date(ctx.now());
    await ctx.db
      .insert(homeGameGuests)
      .values({ tableId: access.tableId, playerId: guestId, status: next.status, updatedAt })
      .onConflictDoUpdate({
        target: [homeGameGuests.tableId, homeGameGuests.playerId],
        set: { status: next.status, updatedAt },
      });
    // Turned away: whatever he had open of the table closes now (H-1).
    if (!mayView(next.status, access.spectators))
      await roomOf(ctx, access.tableId).endViewer(guestId);
  }
  return next.status;
}

export async function control(ctx: Context, request: HomeControlRequest) {
  const result = await roomOf(ctx, request.tableId).homeControl(request);
  if (!result.ok) {
    if (result.code === "not_home_game") throw homeError("not_invited", { id: request.tableId });
    throw homeError(result.code);
  }
  return result;
}

export function stakeSummary(stake: typeof stakes.$inferSelect) {
  return {
    game: stake.game,
    games: stake.games,
    betting: stake.betting,
    deck: stake.deck,
    wild: stake.wild,
    smallBlind: stake.smallBlind,
    bigBlind: stake.bigBlind,
    smallBet: stake.smallBet,
    bigBet: stake.bigBet,
    ante: stake.ante,
    seats: stake.seats,
    minBuyIn: stake.minBuyInBb * stake.bigBlind,
    maxBuyIn: stake.maxBuyInBb * stake.bigBlind,
    actionSeconds: stake.actionSeconds,
    timeBankSeconds: stake.timeBankSeconds,
  };
}
