import {
  and,
  asc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lte,
  ne,
  notExists,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { z } from "zod";
import { tableId } from "../cashier/router";
import { BETTING, GAMES, homeGames, stakes, tables, tournaments, users } from "../db/schema";
import { homeAccess } from "../home/access";
import { playerProcedure, publicProcedure, router } from "../trpc/init";
import { apiError, refinement } from "../trpc/messages";
import { myTables } from "./my-tables";

const blind = z.number().int().min(1).max(1_000_000_000);
/** Tournaments that ended stay in the lobby this long, for their players to find the results. */
const RECENT_MS = 24 * 3_600_000;

export const tableFilters = z
  .strictObject({
    game: z.enum(GAMES).optional(),
    betting: z.enum(BETTING).optional(),
    /** Stakes, as a range of big blinds. */
    minBigBlind: blind.optional(),
    maxBigBlind: blind.optional(),
    /** Only tables with at least this many empty seats. */
    minSeatsFree: z.number().int().min(0).max(10).optional(),
  })
  .refine(
    (f) =>
      f.minBigBlind === undefined || f.maxBigBlind === undefined || f.minBigBlind <= f.maxBigBlind,
    {
      message: refinement("above_max_big_blind", "must not be above maxBigBlind"),
      path: ["minBigBlind"],
    },
  );

export const lobbyRouter = router({
  tables: publicProcedure
    .meta({
      description:
        "Open cash tables, filtered by game, betting, big-blind range and free seats; buy-ins in chips; counts (seated, average pot, `waiting` on the list, T-12) kept current by the tables' rooms.",
    })
    .input(tableFilters.optional())
    .query(async ({ ctx, input = {} }) => {
      // H-1: a home game is never in the public lobby.
      const where: SQL[] = [
        eq(tables.status, "open"),
        notExists(
          ctx.db.select({ one: sql`1` }).from(homeGames).where(eq(homeGames.tableId, tables.id)),
        ),
      ];
      if (input.game) where.push(eq(stakes.game, input.game));
      if (input.betting) where.push(eq(stakes.betting, input.betting));
      if (input.minBigBlind !== undefined) where.push(gte(stakes.bigBlind, input.minBigBlind));
      if (input.maxBigBlind !== undefined) where.push(lte(stakes.bigBlind, input.maxBigBlind));
      // T-12: with players waiting, every free seat is held for them, so none is free to others.
      if (input.minSeatsFree !== undefined)
        where.push(
          sql`max(${stakes.seats} - ${tables.playersSeated} - ${tables.waiting}, 0) >= ${input.minSeatsFree}`,
        );
      const rows = await ctx.db
        .select({
          id: tables.id,
          name: tables.name,
          stakeId: stakes.id,
          stakeName: stakes.name,
          game: stakes.game,
          betting: stakes.betting,
          deck: stakes.deck,
          wild: stakes.wild,
          games: stakes.games,
          smallBlind: stakes.smallBlind,
          bigBlind: stakes.bigBlind,
          smallBet: stakes.smallBet,
          bigBet: stakes.bigBet,
          ante: stakes.ante,
          seats: stakes.seats,
          playersSeated: tables.playersSeated,
          averagePot: tables.averagePot,
          /** T-12: players on its waiting list. */
          waiting: tables.waiting,
          minBuyInBb: stakes.minBuyInBb,
          maxBuyInBb: stakes.maxBuyInBb,
        })
        .from(tables)
        .innerJoin(stakes, eq(tables.stakeId, stakes.id))
        .where(and(...where))
        .orderBy(asc(stakes.game), asc(stakes.bigBlind), asc(tables.name));
      return rows.map(({ minBuyInBb, maxBuyInBb, ...row }) => ({
        ...row,
        seatsFree: Math.max(0, row.seats - row.playersSeated),
        minBuyIn: minBuyInBb * row.bigBlind,
        maxBuyIn: maxBuyInBb * row.bigBlind,
      }));
    }),

  table: publicProcedure
    .meta({
      description:
        "One table's name and status (`open` or `closed`), cash or tournament table, and its stake's game and stakes (a tournament table's blinds are its level's), for its page's title and header; `waiting` on its list (T-12); `home` when it is a home game (only its host and guests see it).",
    })
    .input(z.strictObject({ id: tableId }))
    .query(async ({ ctx, input }) => {
      const [row] = await ctx.db
        .select({
          id: tables.id,
          name: tables.name,
          status: tables.status,
          game: stakes.game,
          betting: stakes.betting,
          deck: stakes.deck,
          wild: stakes.wild,
          smallBlind: stakes.smallBlind,
          bigBlind: stakes.bigBlind,
          smallBet: stakes.smallBet,
          bigBet: stakes.bigBet,
          ante: stakes.ante,
          waiting: tables.waiting,
        })
        .from(tables)
        .innerJoin(stakes, eq(tables.stakeId, stakes.id))
        .where(eq(tables.id, input.id))
        .limit(1);
      // H-1: a home game is there only for its host and guests; to anyone else it does not exist.
      const home = row ? await homeAccess(ctx.db, row.id, ctx.user?.id ?? null) : null;
      if (!row || (home && !home.mayView))
        throw apiError("NOT_FOUND", "no_table", `There is no table "${input.id}".`, {
          id: input.id,
        });
      const { id, name, status, waiting, ...stake } = row;
      // `waiting`: on its list (T-12). `home`: a home game (H-1), whose page (home.get) has the host's controls and the banker's sheet.
      return { id, name, status, stake, waiting, home: home !== null };
    }),

  avatars: publicProcedure
    .meta({
      description:
        "The avatars the players at a table chose (at most 10 player ids: its seats), as `{ avatars: { [playerId]: avatar } }`; players without one are left out. Public, like the names on the seats.",
    })
    .input(z.strictObject({ playerIds: z.array(z.string().min(1).max(100)).min(1).max(10) }))
    .query(async ({ ctx, input }) => {
      const rows = await ctx.db
        .select({ id: users.id, avatar: users.avatar })
        .from(users)
        .where(inArray(users.id, input.playerIds));
      return {
        avatars: Object.fromEntries(
          rows.flatMap((r) => (r.avatar ? [[r.id, r.avatar] as const] : [])),
        ),
      };
    }),

  myTables: playerProcedure
    .meta({
      description:
        "The tables you sit at (cash, Russian poker, tournament): name, blinds, whether a hand is being played and whether it is your turn; nothing hidden. Read from the rooms' memory: cheap to poll every few seconds.",
    })
    .query(({ ctx }) => myTables(ctx, ctx.user.id)),

  tournaments: publicProcedure
    .meta({
      description:
        "Tournaments, soonest first (startsAt in epoch ms), with status, entries and prize pool, the game and the tables' clock, and the Russian name and descriptions (null = none): every one not over, and those that ended in the last day (not the cancelled ones nobody entered). `kind` is `scheduled` or `sit-and-go` (H-7: it starts when its `seats` are taken, `entries` of them so far); private sit-and-gos are not listed.",
    })
    .query(({ ctx }) =>
      ctx.db
        .select({
          id: tournaments.id,
          name: tournaments.name,
          nameRu: tournaments.nameRu,
          description: tournaments.description,
          descriptionRu: tournaments.descriptionRu,
          game: tournaments.game,
          actionSeconds: tournaments.actionSeconds,
          timeBankSeconds: tournaments.timeBankSeconds,
          startsAt: tournaments.startsAt,
          buyIn: tournaments.buyIn,
          fee: tournaments.fee,
          startingStack: tournaments.startingStack,
          status: tournaments.status,
          entries: tournaments.entries,
          prizePool: tournaments.prizePool,
          kind: tournaments.kind,
          seats: tournaments.seats,
        })
        .from(tournaments)
        .where(
          and(
            // H-7: a private sit-and-go is found only by its link.
            isNull(tournaments.inviteHash),
            or(
              inArray(tournaments.status, ["scheduled", "registering", "running"]),
              and(
                gte(tournaments.startsAt, new Date(ctx.now() - RECENT_MS)),
                or(ne(tournaments.status, "cancelled"), gt(tournaments.entries, 0)),
              ),
            ),
          ),
        )
        .orderBy(asc(tournaments.startsAt))
        // Epoch milliseconds: JSON has no dates, and the client formats them in its own zone.
        .then((rows) => rows.map((row) => ({ ...row, startsAt: row.startsAt.getTime() }))),
    ),
});
