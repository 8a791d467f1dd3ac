import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { createdAt } from "./columns";

export const ACCOUNT_KINDS = ["mint", "house", "wallet", "table", "tournament"] as const;

/**
 * Ledger accounts. `balance` is a cache of the sum of the account's entries,
 * updated in the same batch as the entries (reconcile() proves they agree).
 * The mint is where play money is created: its balance is minus everything
 * ever issued, so all balances always sum to zero.
 */
export const accounts = sqliteTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ACCOUNT_KINDS }).notNull(),
    /** The user, table or tournament the account belongs to; null for mint and house. */
    ownerId: text("owner_id"),
    balance: integer("balance").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // The last line of defence against an overdraft: the debit's UPDATE fails and the batch rolls back.
    check("accounts_not_negative", sql`${t.kind} = 'mint' OR ${t.balance} >= 0`),
    check("accounts_mint_not_positive", sql`${t.kind} <> 'mint' OR ${t.balance} <= 0`),
  ],
);

export const TRANSFER_KINDS = [
  "grant",
  "reload",
  "buy_in",
  "cash_out",
  "rake",
  "tournament_entry",
  "tournament_refund",
  "tournament_prize",
  "tournament_fee",
  /** Russian poker: a settled box's stakes, escrow → the house that plays against it. */
  "house_stake",
  /** Russian poker: what a settled box gets back and wins, the house → escrow. */
  "house_payout",
  /** Play money created for the house to back its Russian poker tables. */
  "house_bankroll",
  /** H-4 poverty poker: a free set of chips from the banker (the mint) into a home game's escrow, for one player. */
  "free_set",
] as const;

/** One movement of chips: always exactly two entries (debit and credit) of equal size. */
export const transfers = sqliteTable(
  "transfers",
  {
    id: text("id").primaryKey(),
    /** Namespaced by the caller (`buy_in:<user>:<client key>`), so a retry moves money once. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    kind: text("kind", { enum: TRANSFER_KINDS }).notNull(),
    fromAccount: text("from_account")
      .notNull()
      .references(() => accounts.id),
    toAccount: text("to_account")
      .notNull()
      .references(() => accounts.id),
    amount: integer("amount").notNull(),
    /** The user on whose behalf the money moved, if any. */
    userId: text("user_id"),
    createdAt: createdAt(),
  },
  (t) => [
    check("transfers_positive", sql`${t.amount} > 0`),
    check("transfers_two_accounts", sql`${t.fromAccount} <> ${t.toAccount}`),
    index("transfers_user").on(t.userId, t.kind, t.createdAt),
  ],
);

export const ledgerEntries = sqliteTable(
  "ledger_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    transferId: text("transfer_id")
      .notNull()
      .references(() => transfers.id),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    /** Signed: negative leaves the account, positive arrives. */
    amount: integer("amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("ledger_entries_not_zero", sql`${t.amount} <> 0`),
    uniqueIndex("ledger_entries_leg").on(t.transferId, t.accountId),
    index("ledger_entries_account").on(t.accountId, t.id),
  ],
);
