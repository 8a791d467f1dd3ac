/**
 * A player's wallet: the starting grant at sign-up, reloads when broke, its
 * balance and its history, all through the ledger's transfers (./ledger).
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { type Account, type TransferKind, transfer, transferStatements, walletOf } from "./ledger";
import { movement } from "./movements";
import { BROKE_BELOW, RELOAD_AMOUNT, RELOADS_PER_DAY, STARTING_GRANT, utcDay } from "./policy";

/** Sign-up: open the wallet and grant the starting chips, inside the caller's batch. */
export function startingGrantStatements(db: Database, userId: string): D1PreparedStatement[] {
  return transferStatements(
    db,
    movement("grant", { userId, amount: STARTING_GRANT, key: "" }),
    crypto.randomUUID(),
  );
}

export type ReloadOutcome =
  | { ok: true; balance: number; reloadsLeft: number; replayed: boolean }
  | { ok: false; reason: "not_broke" | "daily_limit"; balance: number; reloadsLeft: number };

/**
 * Poverty poker: a broke player (wallet plus `onTables`, his chips on
 * tables, below BROKE_BELOW) may reload RELOADS_PER_DAY times per UTC day.
 * The key is `reload:<user>:<day>:<n>`, so two clicks at once both ask for
 * reload n and the unique key lets one through; "broke" is checked inside
 * the same statement.
 */
export async function reload(
  db: Database,
  userId: string,
  now: number,
  onTables = 0,
): Promise<ReloadOutcome> {
  const wallet = walletOf(userId);
  const { day, start } = utcDay(now);
  const used = await reloadsSince(db, userId, start);
  if (used >= RELOADS_PER_DAY) {
    return {
      ok: false,
      reason: "daily_limit",
      balance: await balanceOf(db, wallet),
      reloadsLeft: 0,
    };
  }
  const result = await transfer(
    db,
    movement(
      "reload",
      { userId, amount: RELOAD_AMOUNT, key: `${day}:${used + 1}` },
      // Checked on the wallet's row, inside the statement that records the reload.
      sql`(SELECT balance FROM accounts WHERE id = ${wallet.id}) + ${onTables} < ${BROKE_BELOW}`,
    ),
  );
  const balance = result.balances[wallet.id] ?? 0;
  const reloadsLeft = RELOADS_PER_DAY - (await reloadsSince(db, userId, start));
  if (result.ok) return { ok: true, balance, reloadsLeft, replayed: result.replayed };
  return { ok: false, reason: "not_broke", balance, reloadsLeft };
}

async function reloadsSince(db: Database, userId: string, start: number): Promise<number> {
  const [row] = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM transfers
        WHERE user_id = ${userId} AND kind = 'reload' AND created_at >= ${start}`,
  );
  return row?.n ?? 0;
}

export async function balanceOf(db: Database, account: Account): Promise<number> {
  const [row] = await db.all<{ balance: number }>(
    sql`SELECT balance FROM accounts WHERE id = ${account.id}`,
  );
  return row?.balance ?? 0;
}

export async function reloadsLeftToday(db: Database, userId: string, now: number): Promise<number> {
  return Math.max(0, RELOADS_PER_DAY - (await reloadsSince(db, userId, utcDay(now).start)));
}

export type WalletLine = {
  id: number;
  kind: TransferKind;
  amount: number;
  balanceAfter: number;
  counterparty: string;
  createdAt: number;
};

/** A wallet's statement, newest first, with the running balance after each line. */
export async function walletHistory(
  db: Database,
  userId: string,
  limit: number,
): Promise<WalletLine[]> {
  const wallet = walletOf(userId).id;
  return db.all<WalletLine>(sql`
    SELECT * FROM (
      SELECT e.id AS id, t.kind AS kind, e.amount AS amount,
             SUM(e.amount) OVER (ORDER BY e.id) AS balanceAfter,
             CASE WHEN t.from_account = ${wallet} THEN t.to_account ELSE t.from_account END AS counterparty,
             e.created_at AS createdAt
      FROM ledger_entries e JOIN transfers t ON t.id = e.transfer_id
      WHERE e.account_id = ${wallet}
    ) ORDER BY id DESC LIMIT ${limit}`);
}
