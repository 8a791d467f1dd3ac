import { sql } from "drizzle-orm";
import { roomKindOf, tableRoomOf } from "../rooms/room-of";
import type { SeatSummary } from "../rooms/seat-summary";
import type { Context } from "../trpc/init";

/** One table of the "my tables" bar: public facts and his turn, nothing hidden. */
export type MyTable = {
  tableId: string;
  kind: "cash" | "russian" | "tournament";
  /** The cash table's name, or the tournament's (and its Russian name, null = none). */
  name: string;
  nameRu: string | null;
  game: string;
  /** Cash tables' blinds; null at tournament tables (their level moves) and Russian poker. */
  smallBlind: number | null;
  bigBlind: number | null;
  /** A tournament table's number in it. */
  tableNumber: number | null;
  /** A hand (or Russian round) is being played: else the table waits for the next. */
  playing: boolean;
  yourTurn: boolean;
};

/**
 * The tables `userId` sits at, with each one's state. D1 says where he may
 * sit (reads only: his buy-ins not cashed out at open tables, his entries in
 * running tournaments); the rooms say, from memory, whether he does and whose
 * turn it is. The rooms are asked at once, so a poll costs two indexed reads
 * and one RPC per candidate table (two per running tournament he is in).
 */
export async function myTables(ctx: Context, userId: string): Promise<MyTable[]> {
  const [cash, running] = await Promise.all([
    cashTablesOf(ctx, userId),
    tournamentsOf(ctx, userId),
  ]);
  const found = await Promise.all([
    ...cash.map(async (row): Promise<MyTable | null> => {
      const kind = roomKindOf(row.game);
      const summary = await tableRoomOf(ctx.env, kind, row.id).seatSummary(userId);
      if (!summary.seated) return null;
      return {
        tableId: row.id,
        kind: kind === "russian" ? "russian" : "cash",
        name: row.name,
        nameRu: null,
        game: row.game,
        smallBlind: kind === "russian" ? null : row.smallBlind,
        bigBlind: kind === "russian" ? null : row.bigBlind,
        tableNumber: null,
        ...stateOf(summary),
      };
    }),
    ...running.map(async (row): Promise<MyTable | null> => {
      const room = ctx.env.TOURNAMENT_ROOM.get(ctx.env.TOURNAMENT_ROOM.idFromName(row.id));
      const at = await room.tableOf(row.id, userId);
      if (!at) return null;
      const summary = await tableRoomOf(ctx.env, "table", at.tableId).seatSummary(userId);
      if (!summary.seated) return null;
      return {
        tableId: at.tableId,
        kind: "tournament",
        name: row.name,
        nameRu: row.nameRu,
        game: row.game,
        smallBlind: null,
        bigBlind: null,
        tableNumber: at.number,
        ...stateOf(summary),
      };
    }),
  ]);
  return found.filter((t): t is MyTable => t !== null);
}

const stateOf = ({ playing, yourTurn }: SeatSummary) => ({ playing, yourTurn });

/** Open cash tables (Russian poker's too) he bought into, or was topped up at, and has not cashed out of since. */
function cashTablesOf(ctx: Context, userId: string) {
  return ctx.db.all<{
    id: string;
    name: string;
    game: string;
    smallBlind: number;
    bigBlind: number;
  }>(sql`
    SELECT t.id AS id, t.name AS name, s.game AS game,
      s.small_blind AS smallBlind, s.big_blind AS bigBlind
    FROM transfers b
    JOIN tables t ON b.to_account = 'table:' || t.id AND t.status = 'open'
    JOIN stakes s ON s.id = t.stake_id
    WHERE b.user_id = ${userId} AND b.kind = 'buy_in'
    GROUP BY t.id
    HAVING max(b.created_at) >= COALESCE((
      SELECT max(c.created_at) FROM transfers c
      WHERE c.user_id = ${userId} AND c.kind = 'cash_out' AND c.from_account = b.to_account
    ), 0)
    ORDER BY t.name`);
}

/** Running tournaments he paid into: their rooms know whether he still sits, and where. */
function tournamentsOf(ctx: Context, userId: string) {
  return ctx.db.all<{ id: string; name: string; nameRu: string | null; game: string }>(sql`
    SELECT DISTINCT t.id AS id, t.name AS name, t.name_ru AS nameRu, t.game AS game
    FROM transfers x
    JOIN tournaments t ON x.to_account = 'tournament:' || t.id AND t.status = 'running'
    WHERE x.user_id = ${userId} AND x.kind = 'tournament_entry'
    ORDER BY t.starts_at`);
}
