import { asc, eq } from "drizzle-orm";
import { stakes, tables, tournaments } from "../db/schema";
import { publicProcedure, router } from "../trpc/init";

export const lobbyRouter = router({
  /** Open cash tables with their stakes, in a stable order (game, then stakes). */
  list: publicProcedure.query(async ({ ctx }) => {
    return ctx.db
      .select({
        id: tables.id,
        name: tables.name,
        game: stakes.game,
        betting: stakes.betting,
        smallBlind: stakes.smallBlind,
        bigBlind: stakes.bigBlind,
        ante: stakes.ante,
        seats: stakes.seats,
        playersSeated: tables.playersSeated,
        minBuyIn: stakes.minBuyInBb,
        maxBuyIn: stakes.maxBuyInBb,
      })
      .from(tables)
      .innerJoin(stakes, eq(tables.stakeId, stakes.id))
      .where(eq(tables.status, "open"))
      .orderBy(asc(stakes.game), asc(stakes.bigBlind), asc(tables.name))
      .then((rows) =>
        rows.map(({ minBuyIn, maxBuyIn, ...row }) => ({
          ...row,
          minBuyIn: minBuyIn * row.bigBlind,
          maxBuyIn: maxBuyIn * row.bigBlind,
        })),
      );
  }),

  tournaments: publicProcedure.query(({ ctx }) =>
    ctx.db
      .select({
        id: tournaments.id,
        name: tournaments.name,
        startsAt: tournaments.startsAt,
        buyIn: tournaments.buyIn,
        fee: tournaments.fee,
        startingStack: tournaments.startingStack,
        status: tournaments.status,
      })
      .from(tournaments)
      .orderBy(asc(tournaments.startsAt))
      // Epoch milliseconds: JSON has no dates, and the client formats them in its own zone.
      .then((rows) => rows.map((row) => ({ ...row, startsAt: row.startsAt.getTime() }))),
  ),
});
