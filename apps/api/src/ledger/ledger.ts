/**
 * The play-money ledger: double entry on D1.
 *
 * Every movement is one `transfers` row (with a unique idempotency key) and
 * exactly two `ledger_entries` rows, a debit and an equal credit; each
 * account's `balance` is a cache of the sum of its entries, updated in the
 * same atomic batch. D1 has no interactive transactions, so the "is there
 * enough money?" check lives *inside* the statement that records the
 * transfer (INSERT … SELECT … WHERE balance >= amount): D1 runs one write at a
 * time, so two concurrent debits can never both see the same balance. The
 * entries and balance updates that follow only act if that row was written
 * by this very batch (they key on its fresh id), and the CHECK on
 * `accounts.balance` would roll the whole batch back if anything tried to
 * overdraw anyway.
 */
import { and, eq, exists, gte, inArray, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/sqlite-core";
import type { Database } from "../db/client";
import { type Plan, runPlans, Template } from "../db/plans";
import {
  type ACCOUNT_KINDS,
  accounts,
  ledgerEntries,
  type TRANSFER_KINDS,
  transfers,
} from "../db/schema";
import { MAX_TRANSFER } from "./policy";

export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export type TransferKind = (typeof TRANSFER_KINDS)[number];
export type Account = { id: string; kind: AccountKind; ownerId: string | null };

export const MINT: Account = { id: "mint", kind: "mint", ownerId: null };
export const HOUSE: Account = { id: "house", kind: "house", ownerId: null };
export const walletOf = (userId: string): Account => ({
  id: `wallet:${userId}`,
  kind: "wallet",
  ownerId: userId,
});
export const escrowOf = (tableId: string): Account => ({
  id: `table:${tableId}`,
  kind: "table",
  ownerId: tableId,
});
export const prizePoolOf = (tournamentId: string): Account => ({
  id: `tournament:${tournamentId}`,
  kind: "tournament",
  ownerId: tournamentId,
});

export type TransferRequest = {
  kind: TransferKind;
  /** Unique per intended movement; the same key never moves money twice. */
  key: string;
  from: Account;
  to: Account;
  amount: number;
  userId: string | null;
  /** A further condition, checked in the same statement that records the transfer. */
  onlyIf?: SQL;
};

export type TransferRecord = typeof transfers.$inferSelect;

export type TransferFailure =
  /** The paying account has less than the amount. */
  | "insufficient_funds"
  /** The request's own condition (`onlyIf`) did not hold. */
  | "condition_failed"
  /** The key was already used for a different movement. */
  | "key_reused";

export type TransferOutcome =
  | { ok: true; transfer: TransferRecord; replayed: boolean; balances: Record<string, number> }
  | { ok: false; reason: TransferFailure; balances: Record<string, number> };

function assertAmount(amount: number): void {
  // Routers validate user input; reaching here with a bad amount is a bug, not bad input.
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_TRANSFER) {
    throw new RangeError(`ledger: amount must be a whole number of chips in 1..${MAX_TRANSFER}`);
  }
}

/** The `created_at` default, written out for INSERT … SELECT, which takes every column. */
const nowMs = sql`(unixepoch('subsec') * 1000)`;

/** The values a transfer's statements are bound with, by placeholder name. */
type TransferValue =
  | "id"
  | "key"
  | "kind"
  | "fromId"
  | "fromKind"
  | "fromOwner"
  | "toId"
  | "toKind"
  | "toOwner"
  | "amount"
  | "userId";
const value = (name: TransferValue) => sql.placeholder(name);

/**
 * The statements that perform one transfer, with placeholders for its
 * values. The paying account's own row is the source of the INSERT … SELECT:
 * no row (not enough money, or the condition failed) means no transfer. The
 * statements after it act only if the transfer row with this `id` was just
 * written, so `id` must be fresh.
 */
function transferQueries(db: Database, paid: boolean, onlyIf?: SQL) {
  const payer = and(
    eq(accounts.id, value("fromId")),
    paid ? gte(accounts.balance, value("amount")) : undefined,
    onlyIf,
  );
  const written = exists(
    db
      .select({ id: transfers.id })
      .from(transfers)
      .where(eq(transfers.id, value("id"))),
  );
  const leg = (side: "debit" | "credit") =>
    db
      .select({
        id: sql`NULL`.as("id"),
        transferId: transfers.id,
        accountId: side === "debit" ? transfers.fromAccount : transfers.toAccount,
        amount: side === "debit" ? sql`-${transfers.amount}`.as("amount") : transfers.amount,
        createdAt: transfers.createdAt,
      })
      .from(transfers)
      .where(eq(transfers.id, value("id")));
  // As few statements as the checks allow: each costs a round of D1's
  // machinery, and a hand's end or a deal runs several transfers.
  return [
    db
      .insert(accounts)
      .values([
        { id: value("fromId"), kind: value("fromKind"), ownerId: value("fromOwner") },
        { id: value("toId"), kind: value("toKind"), ownerId: value("toOwner") },
      ])
      .onConflictDoNothing({ target: accounts.id }),
    db
      .insert(transfers)
      .select(
        db
          .select({
            id: sql`${value("id")}`.as("id"),
            idempotencyKey: sql`${value("key")}`.as("idempotency_key"),
            kind: sql`${value("kind")}`.as("kind"),
            fromAccount: accounts.id,
            toAccount: sql`${value("toId")}`.as("to_account"),
            amount: sql`${value("amount")}`.as("amount"),
            userId: sql`${value("userId")}`.as("user_id"),
            createdAt: nowMs.as("created_at"),
          })
          .from(accounts)
          .where(payer),
      )
      .onConflictDoNothing({ target: transfers.idempotencyKey }),
    // Both legs in one INSERT … SELECT; none when this batch wrote no transfer row.
    db.insert(ledgerEntries).select(unionAll(leg("debit"), leg("credit"))),
    // Both balances in one UPDATE (the two accounts differ: transfers_two_accounts).
    db
      .update(accounts)
      .set({
        balance: sql`${accounts.balance} + CASE ${accounts.id} WHEN ${value("fromId")} THEN -${value("amount")} ELSE ${value("amount")} END`,
      })
      .where(and(inArray(accounts.id, [value("fromId"), value("toId")]), written)),
  ];
}

/** A transfer's statements, built once for each payer (the mint may go below zero). */
const TRANSFER = {
  paid: new Template<TransferValue>((db) => transferQueries(db, true)),
  minted: new Template<TransferValue>((db) => transferQueries(db, false)),
};

/** What a transfer's batch reads back: the key's transfer, then both balances. */
const TRANSFER_READS = new Template<"key" | "fromId" | "toId">((db) => [
  db
    .select()
    .from(transfers)
    .where(eq(transfers.idempotencyKey, value("key")))
    .limit(1),
  db
    .select({ id: accounts.id, balance: accounts.balance })
    .from(accounts)
    .where(inArray(accounts.id, [value("fromId"), value("toId")])),
]);

function transferValues(request: TransferRequest, id: string): Record<TransferValue, unknown> {
  const { kind, key, from, to, amount, userId } = request;
  return {
    id,
    key,
    kind,
    fromId: from.id,
    fromKind: from.kind,
    fromOwner: from.ownerId,
    toId: to.id,
    toKind: to.kind,
    toOwner: to.ownerId,
    amount,
    userId,
  };
}

/**
 * The statements that perform one transfer, for use inside a larger batch
 * (sign-up creates the user and grants chips atomically). `id` must be fresh.
 */
export function transferStatements(
  db: Database,
  request: TransferRequest,
  id: string,
): D1PreparedStatement[] {
  assertAmount(request.amount);
  const paid = request.from.kind !== "mint";
  // A condition of the caller's own is SQL with its values in it: built for this transfer alone.
  const template = request.onlyIf
    ? new Template<TransferValue>((db) => transferQueries(db, paid, request.onlyIf))
    : paid
      ? TRANSFER.paid
      : TRANSFER.minted;
  return template.bind(db, transferValues(request, id));
}

/** A `transfers` row as D1 gives it back, with its own column names. */
type TransferRow = {
  id: string;
  idempotency_key: string;
  kind: TransferKind;
  from_account: string;
  to_account: string;
  amount: number;
  user_id: string | null;
  created_at: number;
};

const transferRecord = (row: TransferRow): TransferRecord => ({
  id: row.id,
  idempotencyKey: row.idempotency_key,
  kind: row.kind,
  fromAccount: row.from_account,
  toAccount: row.to_account,
  amount: row.amount,
  userId: row.user_id,
  createdAt: new Date(row.created_at),
});

/** Read back what a batch did: applied now, applied before (a retry), or refused. */
function outcome(
  request: TransferRequest,
  id: string,
  found: TransferRecord | undefined,
  balances: Record<string, number>,
  refusal: TransferFailure,
): TransferOutcome {
  if (!found) return { ok: false, reason: refusal, balances };
  if (found.id === id) return { ok: true, transfer: found, replayed: false, balances };
  const same =
    found.kind === request.kind &&
    found.fromAccount === request.from.id &&
    found.toAccount === request.to.id &&
    found.amount === request.amount;
  return same
    ? { ok: true, transfer: found, replayed: true, balances }
    : { ok: false, reason: "key_reused", balances };
}

/**
 * One transfer as a plan (db/plans.ts), to share a batch with others: its
 * statements, then reads of the key's transfer and both balances. Transfers
 * in one batch act in order, each seeing the balances the ones before left.
 */
export function transferPlan(db: Database, request: TransferRequest): Plan<TransferOutcome> {
  const id = crypto.randomUUID();
  return {
    statements: [
      ...transferStatements(db, request, id),
      ...TRANSFER_READS.bind(db, {
        key: request.key,
        fromId: request.from.id,
        toId: request.to.id,
      }),
    ],
    read: (results) => {
      const [found] = (results.at(-2)?.results ?? []) as TransferRow[];
      const rows = (results.at(-1)?.results ?? []) as { id: string; balance: number }[];
      const balances = Object.fromEntries(rows.map((row) => [row.id, row.balance]));
      const refusal: TransferFailure =
        request.from.kind !== "mint" && (balances[request.from.id] ?? 0) < request.amount
          ? "insufficient_funds"
          : "condition_failed";
      return outcome(request, id, found && transferRecord(found), balances, refusal);
    },
  };
}

/** Move chips once per key, never below zero. Refusals are values, not throws. */
export async function transfer(db: Database, request: TransferRequest): Promise<TransferOutcome> {
  const [outcome] = await runPlans(db, [transferPlan(db, request)]);
  return outcome as TransferOutcome;
}
