/**
 * Home games (docs/rules.md#home-games, H-1 … H-6): a signed-in player opens
 * a private cash table, shares its invite link, admits or refuses who asks,
 * and runs the table between hands. The rules are home/rules.ts; the table's
 * room does the pausing, removing and closing (rooms/home-mode.ts).
 */
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { newId } from "../admin/ids";
import { tableId } from "../cashier/router";
import { homeGameGuests, homeGames, stakes, tables, users } from "../db/schema";
import { playerProcedure, router } from "../trpc/init";
import { apiError, fieldError } from "../trpc/messages";
import { homeError } from "./access";
import { boundsError, homeBounds } from "./bounds";
import { guestsRouter } from "./guests-router";
import { inviteRouter } from "./invite-router";
import { control, hosted, invitePath, roomOf, stakeSummary, tableOpen, visible } from "./lookups";
import { inviteHash, newInviteToken } from "./rules";
import { homeCreateInput, homeOptionsIssue, homeStakesInput, stakeOf } from "./setup";
import { bankersSheet, sheetCsv } from "./sheet";

export const homeRouter = router({
  create: playerProcedure
    .meta({
      description:
        "Open a home game (H-1): a private cash table only people with its invite link can see. Within the admin's bounds (`home.bounds`), choose the game (or dealer's choice `games`), deck, wild cards, betting and its bet units, blinds, ante, buy-in in big blinds, seats, clock and time bank, chat, spectators, and `options` (H-3 `endsAt`, H-4 `poverty`, H-5 `specialRound`). Returns `{ tableId, token, path }`; the token is shown this once.",
    })
    .input(homeCreateInput)
    .mutation(async ({ ctx, input }) => {
      const { name, seats, chat, spectators, options, ...stake } = input;
      const outOfBounds = boundsError(stake, await homeBounds(ctx.db));
      if (outOfBounds) throw outOfBounds;
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

  bounds: playerProcedure
    .meta({
      description:
        "What a host may choose (H-1), as the admin set it: `bigBlind.max` (the largest blind, ante or bet), and `min`/`max` of `minBuyInBb`, `maxBuyInBb`, `actionSeconds`, `timeBankSeconds`. A choice beyond them is refused (`too_big`, `too_small`).",
    })
    .query(({ ctx }) => homeBounds(ctx.db)),

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
      const outOfBounds = boundsError(input.stakes, await homeBounds(ctx.db), "stakes.");
      if (outOfBounds) throw outOfBounds;
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
