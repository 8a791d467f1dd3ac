import { sql } from "drizzle-orm";
import type { Context } from "../trpc/init";

/**
 * Chips the player has on open cash tables, asked of each table's room: the
 * tables he bought into (or was topped up at) and has not cashed out of
 * since. Reloads are for players who are broke everywhere, not for one who
 * keeps his chips on a table (issue: +15,000 a day while seated).
 */
export async function chipsOnTables(ctx: Context, userId: string): Promise<number> {
  const rows = await ctx.db.all<{ id: string }>(sql`
    SELECT t.id AS id FROM transfers b
    JOIN tables t ON b.to_account = 'table:' || t.id AND t.status = 'open'
    WHERE b.user_id = ${userId} AND b.kind = 'buy_in'
    GROUP BY t.id
    HAVING max(b.created_at) >= COALESCE((
      SELECT max(c.created_at) FROM transfers c
      WHERE c.user_id = ${userId} AND c.kind = 'cash_out' AND c.from_account = b.to_account
    ), 0)`);
  const counts = await Promise.all(
    rows.map(({ id }) => ctx.env.TABLE_ROOM.get(ctx.env.TABLE_ROOM.idFromName(id)).chipsOf(userId)),
  );
  return counts.reduce((sum, n) => sum + n, 0);
}
