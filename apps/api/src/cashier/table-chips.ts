import { sql } from "drizzle-orm";
import { roomKindOf, tableRoomOf } from "../rooms/room-of";
import type { Context } from "../trpc/init";

/**
 * Chips the player has on open cash tables (Russian poker's too), asked of each table's room: the
 * tables he bought into (or was topped up at) and has not cashed out of
 * since. Reloads are for players who are broke everywhere, not for one who
 * keeps his chips on a table (issue: +15,000 a day while seated).
 */
export async function chipsOnTables(ctx: Context, userId: string): Promise<number> {
  const rows = await ctx.db.all<{ id: string; game: string }>(sql`
    SELECT t.id AS id, s.game AS game FROM transfers b
    JOIN tables t ON b.to_account = 'table:' || t.id AND t.status = 'open'
    JOIN stakes s ON s.id = t.stake_id
    WHERE b.user_id = ${userId} AND b.kind = 'buy_in'
    GROUP BY t.id, s.game
    HAVING max(b.created_at) >= COALESCE((
      SELECT max(c.created_at) FROM transfers c
      WHERE c.user_id = ${userId} AND c.kind = 'cash_out' AND c.from_account = b.to_account
    ), 0)`);
  const counts = await Promise.all(
    rows.map(({ id, game }) => tableRoomOf(ctx.env, roomKindOf(game), id).chipsOf(userId)),
  );
  return counts.reduce((sum, n) => sum + n, 0);
}
