/**
 * "My results": what a player won or lost, by UTC day and game, read from
 * the ledger (never from the tables' own reports).
 *
 * A result is the sum of the chips that moved between the player's wallet
 * and play: a buy-in or top-up (`buy_in`, wallet → a table) and a
 * tournament entry, rebuy or add-on (`tournament_entry`, buy-in and fee)
 * count against it; a cash-out (`cash_out`, the table → wallet), a
 * tournament refund and a prize count for it. Chips the site gives (the
 * starting grant, reloads) are no result. A day is the UTC day the chips
 * moved: a session bought into before midnight and left after it shows its
 * buy-in on the first day and its cash-out on the second. The game is the
 * table's stake's game (`holdem`, `omaha`, `draw`, `russian`,
 * `dealers-choice`), and `tournament` for tournaments. So the results of
 * every day add up to the wallet's balance less its grants and reloads,
 * minus what is still on a table or in a tournament.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { walletOf } from "../ledger/ledger";

/** The transfer kinds between a wallet and play (see above). */
export const RESULT_KINDS = [
  "buy_in",
  "cash_out",
  "tournament_entry",
  "tournament_refund",
  "tournament_prize",
] as const;

export type ResultRow = {
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  /** The stake's game, or `tournament`. */
  game: string;
  /** Chips the wallet put into play that day (buy-ins, entries). */
  paidIn: number;
  /** Chips that came back (cash-outs, refunds, prizes). */
  paidOut: number;
  /** paidOut − paidIn. */
  net: number;
};

const kinds = sql.join(
  RESULT_KINDS.map((kind) => sql`${kind}`),
  sql`, `,
);

/** The player's results, newest day first, over the last `days` days (today counted). */
export async function resultsOf(
  db: Database,
  userId: string,
  now: number,
  days: number,
): Promise<ResultRow[]> {
  const wallet = walletOf(userId).id;
  const today = Date.UTC(
    new Date(now).getUTCFullYear(),
    new Date(now).getUTCMonth(),
    new Date(now).getUTCDate(),
  );
  const since = today - (days - 1) * 86_400_000;
  // The other end of each of the wallet's entries is `table:<id>` or `tournament:<id>`.
  const rows = await db.all<{ day: string; game: string; paid_in: number; paid_out: number }>(sql`
    SELECT strftime('%Y-%m-%d', e.created_at / 1000, 'unixepoch') AS day,
      CASE WHEN t.kind LIKE 'tournament%' THEN 'tournament' ELSE COALESCE(s.game, 'unknown') END AS game,
      SUM(CASE WHEN e.amount < 0 THEN -e.amount ELSE 0 END) AS paid_in,
      SUM(CASE WHEN e.amount > 0 THEN e.amount ELSE 0 END) AS paid_out
    FROM ledger_entries e
    JOIN transfers t ON t.id = e.transfer_id
    LEFT JOIN tables tb ON t.kind IN ('buy_in', 'cash_out')
      AND tb.id = substr(CASE WHEN t.from_account = e.account_id THEN t.to_account ELSE t.from_account END, 7)
    LEFT JOIN stakes s ON s.id = tb.stake_id
    WHERE e.account_id = ${wallet} AND t.kind IN (${kinds}) AND e.created_at >= ${since}
    GROUP BY day, game
    ORDER BY day DESC, game`);
  return rows.map((r) => ({
    day: r.day,
    game: r.game,
    paidIn: r.paid_in,
    paidOut: r.paid_out,
    net: r.paid_out - r.paid_in,
  }));
}
