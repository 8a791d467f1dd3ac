/**
 * The ledger's own audit (admin.reconcile, felt bots): every balance the sum
 * of its entries, every transfer balanced, and the chips the mint issued all
 * accounted for in wallets, tables, tournament pools and the house.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import type { AccountKind } from "./ledger";

export type Reconciliation = {
  /** Chips in players' wallets, on tables, in tournament pools, and the house's. */
  wallets: number;
  tables: number;
  tournaments: number;
  house: number;
  /** Everything the mint ever issued (grants and reloads). */
  created: number;
  /** True when every check below passed. */
  ok: boolean;
  /** What is wrong, in words, if anything. */
  problems: string[];
};

/**
 * The invariant (docs/architecture.md#money): wallets + tables + tournaments + house
 * = money created; every transfer is exactly two entries that cancel; every
 * cached balance equals the sum of its entries; no balance below zero.
 */
export async function reconcile(db: Database): Promise<Reconciliation> {
  const [totals, issued, drift, unbalanced, negative] = await db.batch([
    db.all<Record<AccountKind, number>>(sql`
      SELECT
        COALESCE(SUM(CASE WHEN kind = 'wallet' THEN balance END), 0) AS wallet,
        COALESCE(SUM(CASE WHEN kind = 'table' THEN balance END), 0) AS "table",
        COALESCE(SUM(CASE WHEN kind = 'tournament' THEN balance END), 0) AS tournament,
        COALESCE(SUM(CASE WHEN kind = 'house' THEN balance END), 0) AS house,
        COALESCE(SUM(CASE WHEN kind = 'mint' THEN balance END), 0) AS mint
      FROM accounts`),
    db.all<{ issued: number }>(
      sql`SELECT COALESCE(SUM(amount), 0) AS issued FROM transfers WHERE from_account = 'mint'`,
    ),
    db.all<{ id: string; balance: number; entries: number }>(sql`
      SELECT a.id, a.balance, COALESCE(SUM(e.amount), 0) AS entries
      FROM accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
      GROUP BY a.id HAVING a.balance <> COALESCE(SUM(e.amount), 0)`),
    db.all<{ id: string }>(sql`
      SELECT t.id FROM transfers t LEFT JOIN ledger_entries e ON e.transfer_id = t.id
      GROUP BY t.id
      HAVING COUNT(e.id) <> 2 OR COALESCE(SUM(e.amount), 0) <> 0
         OR SUM(CASE WHEN e.account_id = t.to_account AND e.amount = t.amount THEN 1 ELSE 0 END) <> 1`),
    db.all<{ id: string }>(sql`SELECT id FROM accounts WHERE kind <> 'mint' AND balance < 0`),
  ]);
  const row = totals[0] ?? { wallet: 0, table: 0, tournament: 0, house: 0, mint: 0 };
  const created = 0 - row.mint; // not -row.mint: an empty ledger has created 0, not -0
  const held = row.wallet + row.table + row.tournament + row.house;
  const problems: string[] = [];
  if (held !== created) problems.push(`accounts hold ${held} chips but ${created} were created`);
  if ((issued[0]?.issued ?? 0) !== created)
    problems.push(`the mint issued ${issued[0]?.issued} chips but its balance says ${created}`);
  for (const d of drift)
    problems.push(`${d.id} caches ${d.balance} but its entries sum to ${d.entries}`);
  for (const u of unbalanced)
    problems.push(`transfer ${u.id} is not one debit and one equal credit`);
  for (const n of negative) problems.push(`${n.id} is below zero`);
  return {
    wallets: row.wallet,
    tables: row.table,
    tournaments: row.tournament,
    house: row.house,
    created,
    ok: problems.length === 0,
    problems,
  };
}
