/**
 * Home games (docs/rules.md#home-games, H-1 … H-6): a signed-in player opens
 * a private cash table, shares its invite link, admits or refuses who asks,
 * and runs the table between hands. The rules are home/rules.ts; the table's
 * room does the pausing, removing and closing (rooms/home-mode.ts).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { newId } from "../admin/ids";
import { tableId } from "../cashier/router";
import { homeGameGuests, homeGames, stakes, tables, users } from "../db/schema";
import type { HomeControlRequest } from "../rooms/home-mode";
import { type Context, playerProcedure, router } from "../trpc/init";
import { apiError, fieldError } from "../trpc/messages";
import { type HomeAccess, homeAccess, homeError } from "./access";
import {
  type GuestAction,
  type GuestStatus,
  guestAfter,
  INVITE_TOKEN,
  inviteHash,
  mayView,
  newInviteToken,
} from "./rules";
import { homeCreateInput, homeOptionsIssue, homeStakesInput, stakeOf } from "./setup";
import { bankersSheet, sheetCsv } from "./sheet";

const token = z.string().max(100);
const playerId = z.string().min(1).max(100);

const roomOf = (ctx: Context, id: string) =>
  ctx.env.TABLE_ROOM.get(ctx.env.TABLE_ROOM.idFromName(id));

/** The invite link's path on the site; the token is its only secret. */
export const invitePath = (inviteToken: string) => `/home/join/${inviteToken}`;

/** The home game behind a token; a revoked or made-up one is `invite_invalid` alike. */
async function byToken(ctx: Context, inviteToken: string) {
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
async function visible(ctx: Context, id: string): Promise<HomeAccess> {
  const access = await homeAccess(ctx.db, id, ctx.user?.id ?? null);
  if (!access?.mayView) throw homeError("not_invited", { id });
  return access;
}

/** A home game this player hosts. */
async function hosted(ctx: Context, id: string): Promise<HomeAccess> {
  const access = await visible(ctx, id);
  if (access.role !== "host") throw homeError("not_host");
  return access;
}

async function tableOpen(ctx: Context, id: string) {
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
async function moveGuest(
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

async function control(ctx: Context, request: HomeControlRequest) {
  const result = await roomOf(ctx, request.tableId).homeControl(request);
  if (!result.ok) {
    if (result.code === "not_home_game") throw homeError("not_invited", { id: request.tableId });
    throw homeError(result.code);
  }
  return result;
}

const guestsRouter = router({
  list: playerProcedure
    .meta({
      description:
        "The host's list of who followed the link: `{ guests: [{ playerId, name, status, updatedAt }] }`, `status` one of watching, requested, admitted, refused, removed; requests first.",
    })
    .input(z.strictObject({ tableId }))
    .query(async ({ ctx, input }) => {
      await hosted(ctx, input.tableId);
      const rows = await ctx.db
        .select({
          playerId: homeGameGuests.playerId,
          name: users.displayName,
          status: homeGameGuests.status,
          updatedAt: homeGameGuests.updatedAt,
        })
        .from(homeGameGuests)
        .innerJoin(users, eq(users.id, homeGameGuests.playerId))
        .where(eq(homeGameGuests.tableId, input.tableId))
        .orderBy(asc(homeGameGuests.updatedAt));
      const order = (s: GuestStatus) => (s === "requested" ? 0 : 1);
      return {
        guests: rows
          .map((r) => ({ ...r, updatedAt: r.updatedAt.getTime() }))
          .sort((a, b) => order(a.status) - order(b.status)),
      };
    }),

  admit: playerProcedure
    .meta({
      description: "H-1: let a guest who asked (or one refused or removed before) sit down.",
    })
    .input(z.strictObject({ tableId, playerId }))
    .mutation(async ({ ctx, input }) => {
      const access = await hosted(ctx, input.tableId);
      return { status: await moveGuest(ctx, access, input.playerId, "admit") };
    }),

  refuse: playerProcedure
    .meta({
      description: "H-1: turn down a guest's request; he can no longer ask, nor watch.",
    })
    .input(z.strictObject({ tableId, playerId }))
    .mutation(async ({ ctx, input }) => {
      const access = await hosted(ctx, input.tableId);
      return { status: await moveGuest(ctx, access, input.playerId, "refuse") };
    }),

  remove: playerProcedure
    .meta({
      description:
        "H-2: remove an admitted guest: he is cashed out when the hand in play ends (now between hands), and can no longer see the table. `{ status, leavingAfterHand }`.",
    })
    .input(z.strictObject({ tableId, playerId }))
    .mutation(async ({ ctx, input }) => {
      const access = await hosted(ctx, input.tableId);
      const status = await moveGuest(ctx, access, input.playerId, "remove");
      const result = await control(ctx, {
        tableId: input.tableId,
        control: "removePlayer",
        playerId: input.playerId,
      });
      return { status, leavingAfterHand: result.leavingAfterHand === true };
    }),
});

const inviteRouter = router({
  preview: playerProcedure
    .meta({
      description:
        "What an invite link opens: `{ tableId, name, host, status, role, spectators, stake }`, `role` your standing (stranger, watching, requested, admitted, refused, removed, host). A revoked or unknown link is `invite_invalid`.",
    })
    .input(z.strictObject({ token }))
    .query(async ({ ctx, input }) => {
      const access = await byToken(ctx, input.token);
      const row = await tableOpen(ctx, access.tableId);
      return {
        tableId: access.tableId,
        name: row.name,
        status: row.status,
        host: access.hostName,
        role: access.role,
        spectators: access.spectators,
        stake: stakeSummary(row.stake),
        options: access.options,
      };
    }),

  request: playerProcedure
    .meta({
      description:
        "H-1: ask the host for a seat, from the invite link. `{ tableId, status }` (requested, or admitted if he already let you in).",
    })
    .input(z.strictObject({ token }))
    .mutation(async ({ ctx, input }) => {
      const access = await byToken(ctx, input.token);
      if (access.role === "host") throw homeError("you_are_host");
      return {
        tableId: access.tableId,
        status: await moveGuest(ctx, access, ctx.user.id, "request"),
      };
    }),

  watch: playerProcedure
    .meta({
      description:
        "H-1: watch from the invite link, when the host allows spectators (`spectators_off` otherwise). `{ tableId, status }`.",
    })
    .input(z.strictObject({ token }))
    .mutation(async ({ ctx, input }) => {
      const access = await byToken(ctx, input.token);
      if (access.role === "host") return { tableId: access.tableId, status: "host" as const };
      return {
        tableId: access.tableId,
        status: await moveGuest(ctx, access, ctx.user.id, "watch"),
      };
    }),

  renew: playerProcedure
    .meta({
      description:
        "A new invite link for your game; the old one stops working at once. `{ token, path }` (the token is shown this once).",
    })
    .input(z.strictObject({ tableId }))
    .mutation(async ({ ctx, input }) => {
      await hosted(ctx, input.tableId);
      const fresh = newInviteToken();
      await ctx.db
        .update(homeGames)
        .set({ inviteHash: await inviteHash(fresh) })
        .where(eq(homeGames.tableId, input.tableId));
      return { token: fresh, path: invitePath(fresh) };
    }),

  revoke: playerProcedure
    .meta({ description: "Revoke your game's invite link: nobody new can follow it." })
    .input(z.strictObject({ tableId }))
    .mutation(async ({ ctx, input }) => {
      await hosted(ctx, input.tableId);
      await ctx.db
        .update(homeGames)
        .set({ inviteHash: null })
        .where(eq(homeGames.tableId, input.tableId));
      return { revoked: true as const };
    }),
});

function stakeSummary(stake: typeof stakes.$inferSelect) {
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

export const homeRouter = router({
  create: playerProcedure
    .meta({
      description:
        "Open a home game (H-1): a private cash table only people with its invite link can see. Choose the game (or dealer's choice `games`), deck, wild cards, betting and its bet units, blinds, ante, buy-in in big blinds, seats, clock and time bank, chat, spectators, and `options` (H-3 `endsAt`, H-4 `poverty`, H-5 `specialRound`). Returns `{ tableId, token, path }`; the token is shown this once.",
    })
    .input(homeCreateInput)
    .mutation(async ({ ctx, input }) => {
      const { name, seats, chat, spectators, options, ...stake } = input;
      if (options.endsAt !== null && options.endsAt <= ctx.now())
        throw fieldError("options.endsAt", "must be in the future", "end_time_past");
      const stakeId = `home-${newId(name)}`;
      const id = newId(`home ${name}`);
      const inviteToken = newInviteToken();
      const now = new Date(ctx.now());
      await ctx.db.batch([
        ctx.db.insert(stakes).values({
          id: stakeId,
          ...stakeOf(stake, seats, chat),
          name: `Home: ${name}`,
          // Never offered in the admin's list of stakes or the lobby: it is this table's alone.
          archivedAt: now,
        }),
        ctx.db.insert(tables).values({ id, stakeId, name }),
        ctx.db.insert(homeGames).values({
          tableId: id,
          hostId: ctx.user.id,
          inviteHash: await inviteHash(inviteToken),
          spectators,
          options,
        }),
      ]);
      return { tableId: id, token: inviteToken, path: invitePath(inviteToken) };
    }),

  mine: playerProcedure
    .meta({
      description:
        "The open home games you host or were admitted to: `{ games: [{ tableId, name, host, role }] }`.",
    })
    .query(async ({ ctx }) => {
      const hostedRows = await ctx.db
        .select({ tableId: homeGames.tableId, name: tables.name })
        .from(homeGames)
        .innerJoin(tables, eq(tables.id, homeGames.tableId))
        .where(and(eq(homeGames.hostId, ctx.user.id), eq(tables.status, "open")));
      const guestRows = await ctx.db
        .select({ tableId: homeGameGuests.tableId, name: tables.name, host: users.displayName })
        .from(homeGameGuests)
        .innerJoin(tables, eq(tables.id, homeGameGuests.tableId))
        .innerJoin(homeGames, eq(homeGames.tableId, homeGameGuests.tableId))
        .innerJoin(users, eq(users.id, homeGames.hostId))
        .where(
          and(
            eq(homeGameGuests.playerId, ctx.user.id),
            inArray(homeGameGuests.status, ["admitted"]),
            eq(tables.status, "open"),
          ),
        );
      return {
        games: [
          ...hostedRows.map((r) => ({ ...r, host: ctx.user.displayName, role: "host" as const })),
          ...guestRows.map((r) => ({ ...r, role: "admitted" as const })),
        ],
      };
    }),

  get: playerProcedure
    .meta({
      description:
        "A home game you may see (H-1): `{ tableId, name, status, host, role, spectators, options, stake, room }`, `room` the host's controls as the table's room holds them (`paused`, `closed`, `handInProgress`, `closedForTime`, `seated`). `not_invited` for anyone else.",
    })
    .input(z.strictObject({ tableId }))
    .query(async ({ ctx, input }) => {
      const access = await visible(ctx, input.tableId);
      const row = await tableOpen(ctx, input.tableId);
      const room = await roomOf(ctx, input.tableId).homeStatus(input.tableId);
      return {
        tableId: input.tableId,
        name: row.name,
        status: row.status,
        host: access.hostName,
        hostId: access.hostId,
        role: access.role,
        spectators: access.spectators,
        options: access.options,
        stake: stakeSummary(row.stake),
        room: room && {
          paused: room.home.paused,
          closed: room.home.closed,
          handInProgress: room.handInProgress,
          closedForTime: room.closedForTime,
          seated: room.seated,
        },
      };
    }),

  pause: playerProcedure
    .meta({ description: "H-2: no new hand after the one in play, until you resume." })
    .input(z.strictObject({ tableId }))
    .mutation(async ({ ctx, input }) => {
      await hosted(ctx, input.tableId);
      const result = await control(ctx, { tableId: input.tableId, control: "pause" });
      return { paused: result.home.paused, handInProgress: result.handInProgress };
    }),

  resume: playerProcedure
    .meta({ description: "H-2: deal again after a pause." })
    .input(z.strictObject({ tableId }))
    .mutation(async ({ ctx, input }) => {
      await hosted(ctx, input.tableId);
      const result = await control(ctx, { tableId: input.tableId, control: "resume" });
      return { paused: result.home.paused };
    }),

  close: playerProcedure
    .meta({
      description:
        "H-2: close the game between hands (pause first if a hand is in play: `hand_in_progress`): everyone is cashed out and the table closes.",
    })
    .input(z.strictObject({ tableId }))
    .mutation(async ({ ctx, input }) => {
      await hosted(ctx, input.tableId);
      const result = await control(ctx, { tableId: input.tableId, control: "close" });
      return { closed: result.home.closed };
    }),

  changeStakes: playerProcedure
    .meta({
      description:
        "H-2: new game, betting, blinds, ante, buy-in limits or clock from the next hand (as the admin's stake edits: a hand in play ends under the old ones). Seats, chat and the H-3 … H-5 options stay. `{ applied }`: false when they wait for the hand's end.",
    })
    .input(z.strictObject({ tableId, stakes: homeStakesInput }))
    .mutation(async ({ ctx, input }) => {
      const access = await hosted(ctx, input.tableId);
      const row = await tableOpen(ctx, input.tableId);
      if (row.status !== "open") throw homeError("home_game_closed");
      const columns = stakeOf(input.stakes, row.stake.seats, row.stake.chat);
      const issue = homeOptionsIssue({ ...row.stake, ...columns }, access.options);
      if (issue)
        throw fieldError(
          ["stakes", ...(issue.path.length ? issue.path : ["game"])].join("."),
          issue.message,
          issue.code,
        );
      const { name: _name, ...kept } = columns;
      const [updated] = await ctx.db
        .update(stakes)
        .set(kept)
        .where(eq(stakes.id, row.stake.id))
        .returning();
      if (!updated) throw apiError("NOT_FOUND", "no_stake", "The game's stake is gone.");
      const result = await roomOf(ctx, input.tableId).stakeChanged({
        ...updated,
        home: access.options,
      });
      if (!result.ok)
        throw apiError("CONFLICT", "table_refused", `The table refused: ${result.reason}.`, {
          detail: result.reason,
        });
      return { applied: result.applied };
    }),

  sheet: playerProcedure
    .meta({
      description:
        "H-6 the banker's sheet, from the ledger: per player `buyIns`, `topUps`, `freeSets` (chips and count), `cashOuts`, `net` (cash-outs − buy-ins − top-ups) and `onTable` (chips in play now), with `totals` and the table's escrow. The host and every admitted guest see it.",
    })
    .input(z.strictObject({ tableId }))
    .query(async ({ ctx, input }) => {
      await visible(ctx, input.tableId);
      return bankersSheet(ctx, input.tableId);
    }),

  sheetCsv: playerProcedure
    .meta({
      description:
        "H-6 the banker's sheet as CSV text to download: `{ filename, csv }` (one row per player, then the totals).",
    })
    .input(z.strictObject({ tableId }))
    .query(async ({ ctx, input }) => {
      await visible(ctx, input.tableId);
      const sheet = await bankersSheet(ctx, input.tableId);
      return { filename: `bankers-sheet-${input.tableId}.csv`, csv: sheetCsv(sheet) };
    }),

  guests: guestsRouter,
  invite: inviteRouter,
});
