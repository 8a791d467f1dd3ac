import { sql } from "drizzle-orm";
import { roomKindOf, tableRoomOf } from "../rooms/room-of";
import type { Context } from "../trpc/init";

/**
 * Chips the player has in play, which reloads count as his: on open cash
 * tables (Russian poker's too), and paid into tournaments that have not
 * started. Reloads are for players who are broke everywhere, not for one who
 * keeps his chips on a table (issue: +15,000 a day while seated) or in a
 * registration he can take back (register, reload, unregister: the refund
 * came on top of the reload).
 */
export async function chipsOnTables(ctx: Context, userId: string): Promise<number> {
  const [onTables, registered] = await Promise.all([
    chipsAtCashTables(ctx, userId),
    chipsInRegistrations(ctx, userId),
  ]);
  return onTables + registered;
}

/**
 * Asked of each table's room: the tables he bought into (or was topped up
 * at) and has not cashed out of since.
 */
async function chipsAtCashTables(ctx: Context, userId: string): Promise<number> {
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

/**
 * Buy-ins and fees paid into tournaments that have not started (scheduled or
 * registering), less what was refunded: unregistering, or a cancelled start,
 * gives them back. Once a tournament runs, the entry is spent.
 */
async function chipsInRegistrations(ctx: Context, userId: string): Promise<number> {
  const [row] = await ctx.db.all<{ held: number | null }>(sql`
    SELECT sum(CASE x.kind WHEN 'tournament_entry' THEN x.amount ELSE -x.amount END) AS held
    FROM transfers x
    JOIN tournaments t ON 'tournament:' || t.id =
      CASE x.kind WHEN 'tournament_entry' THEN x.to_account ELSE x.from_account END
    WHERE x.user_id = ${userId} AND x.kind IN ('tournament_entry', 'tournament_refund')
      AND t.status IN ('scheduled', 'registering')`);
  return Math.max(0, row?.held ?? 0);
}
