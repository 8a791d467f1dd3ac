import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import {
  handHistories,
  handHistoryPlayers,
  tables,
  tournaments,
  tournamentTables,
} from "../db/schema";
import { adminProcedure, playerProcedure, router } from "../trpc/init";
import { apiError, refinement } from "../trpc/messages";
import { readPhh } from "./phh-store";
import { redactPhh } from "./redact";
import { ownRound } from "./russian-round";

const HAND_ID = /^[a-z0-9][a-z0-9-]{0,63}:\d{1,12}$/;
const handId = z
  .string()
  .max(80)
  .regex(HAND_ID, refinement("hand_id", 'must be a hand id such as "aurora:12"'));

/** `<ended at>.<hand id>` of the last hand on a page: the next page starts below it. */
const cursor = z
  .string()
  .max(100)
  .regex(
    /^\d{1,15}\.[a-z0-9][a-z0-9-]{0,63}:\d{1,12}$/,
    refinement("history_cursor", "must be a nextCursor from history.list"),
  );

const encodeCursor = (endedAt: number, id: string) => `${endedAt}.${id}`;
function decodeCursor(text: string): { endedAt: Date; handId: string } {
  const dot = text.indexOf(".");
  return { endedAt: new Date(Number(text.slice(0, dot))), handId: text.slice(dot + 1) };
}

export const historyRouter = router({
  list: playerProcedure
    .meta({
      description:
        "Hands you played, newest first, Russian poker rounds among them: `{ hands: [{ handId, tableId, tableName, handNumber, kind, seat, net, endedAt }], nextCursor }` (`kind` is `poker` or `russian`; for a round `handNumber` is the round's, `seat` your first box and `net` the sum over your boxes); pass `nextCursor` back as `cursor` for the next page.",
    })
    .input(
      z
        .strictObject({
          limit: z.number().int().min(1).max(100).default(20),
          cursor: cursor.optional(),
        })
        .default({ limit: 20 }),
    )
    .query(async ({ ctx, input }) => {
      const mine = eq(handHistoryPlayers.userId, ctx.user.id);
      let where = mine;
      if (input.cursor) {
        const after = decodeCursor(input.cursor);
        where = and(
          mine,
          or(
            lt(handHistoryPlayers.createdAt, after.endedAt),
            and(
              eq(handHistoryPlayers.createdAt, after.endedAt),
              lt(handHistoryPlayers.handId, after.handId),
            ),
          ),
        ) as typeof mine;
      }
      const rows = await ctx.db
        .select({
          handId: handHistoryPlayers.handId,
          tableId: handHistories.tableId,
          // A cash table's name, or "<tournament> · Table <n>".
          tableName: sql<string>`coalesce(${tables.name}, ${tournaments.name} || ' · Table ' || ${tournamentTables.number}, ${handHistories.tableId})`,
          handNumber: handHistories.handNumber,
          kind: sql<
            "poker" | "russian"
          >`case when ${handHistories.russianRound} is null then 'poker' else 'russian' end`,
          seat: handHistoryPlayers.seat,
          net: handHistoryPlayers.net,
          endedAt: handHistoryPlayers.createdAt,
        })
        .from(handHistoryPlayers)
        .innerJoin(handHistories, eq(handHistories.id, handHistoryPlayers.handId))
        .leftJoin(tables, eq(tables.id, handHistories.tableId))
        .leftJoin(tournamentTables, eq(tournamentTables.id, handHistories.tableId))
        .leftJoin(tournaments, eq(tournaments.id, tournamentTables.tournamentId))
        .where(where)
        .orderBy(desc(handHistoryPlayers.createdAt), desc(handHistoryPlayers.handId))
        .limit(input.limit + 1);
      const page = rows.slice(0, input.limit).map((r) => ({ ...r, endedAt: r.endedAt.getTime() }));
      const last = page.at(-1);
      return {
        hands: page,
        nextCursor:
          rows.length > input.limit && last ? encodeCursor(last.endedAt, last.handId) : null,
      };
    }),

  get: playerProcedure
    .meta({
      description:
        "One hand you played. A Russian poker round is `{ kind: \"russian\", round, phh: null }`: the round's record (docs/russian-rounds.md) with your own boxes only, the dealer's cards once revealed and the deal's commitments (`fairness`), never its seed. A poker hand is `{ kind: \"poker\", round: null, phh }`, as PHH text: your own cards and the cards shown at showdown; every other card of another player (folded, mucked, discarded) as `??`. It carries the deal's proof (`_felt_root`, `_felt_seed_commitment`, `_felt_client_seeds`, the leaves of the board and shown cards in `_felt_leaves` and of your own in `_felt_leaves_pN`; docs/fairness.md), never the server seed. Hands you did not play are NOT_FOUND.",
    })
    .input(z.strictObject({ handId }))
    .query(async ({ ctx, input }) => {
      const [row] = await ctx.db
        .select({
          handId: handHistories.id,
          tableId: handHistories.tableId,
          handNumber: handHistories.handNumber,
          phh: handHistories.phh,
          phhObject: handHistories.phhObject,
          russianRound: handHistories.russianRound,
          seat: handHistoryPlayers.seat,
          net: handHistoryPlayers.net,
          endedAt: handHistories.createdAt,
        })
        .from(handHistoryPlayers)
        .innerJoin(handHistories, eq(handHistories.id, handHistoryPlayers.handId))
        .where(
          and(
            eq(handHistoryPlayers.handId, input.handId),
            eq(handHistoryPlayers.userId, ctx.user.id),
          ),
        )
        .limit(1);
      // Someone else's hand looks exactly like one that does not exist.
      if (!row)
        throw apiError("NOT_FOUND", "no_hand", `You played no hand "${input.handId}".`, {
          id: input.handId,
        });
      const { russianRound, phhObject: _, ...hand } = row;
      const endedAt = row.endedAt.getTime();
      if (russianRound) {
        const round = ownRound(russianRound, ctx.user.id);
        return { ...hand, kind: "russian" as const, phh: null, round, endedAt };
      }
      const phh = redactPhh(await readPhh(ctx.env, row), row.seat);
      if (phh === null) throw new Error(`hand ${row.handId}: stored PHH does not parse`);
      return { ...hand, kind: "poker" as const, phh, round: null, endedAt };
    }),

  audit: adminProcedure
    .meta({
      description:
        "The auditor's copy of any hand (admins only): the stored PHH with every card and the server seed (`_felt_server_seed`), for `felt verify --audit` (docs/fairness.md); for a Russian poker round `russianRound`, every box and the round's server seed (`fairness.seed`). Never given to players.",
    })
    .input(z.strictObject({ handId }))
    .query(async ({ ctx, input }) => {
      const [row] = await ctx.db
        .select({
          handId: handHistories.id,
          phh: handHistories.phh,
          phhObject: handHistories.phhObject,
          russianRound: handHistories.russianRound,
        })
        .from(handHistories)
        .where(eq(handHistories.id, input.handId))
        .limit(1);
      if (!row)
        throw apiError("NOT_FOUND", "no_hand", `There is no hand "${input.handId}".`, {
          id: input.handId,
        });
      const { phhObject: _, ...hand } = row;
      return { ...hand, phh: await readPhh(ctx.env, row) };
    }),
});
