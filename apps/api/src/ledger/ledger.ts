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
import {
  BROKE_BELOW,
  MAX_TRANSFER,
  RELOAD_AMOUNT,
  RELOADS_PER_DAY,
  STARTING_GRANT,
  utcDay,
} from "./policy";

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

// ---------------------------------------------------------------------------
// The movements the platform makes, as data: where each kind of transfer takes
// chips from and to, and whose namespace its idempotency key lives in. Keys are
// `<kind>:<owner>:<caller's key>`, so one user's key can never collide with (or
// block) another's, and no kind can spend another kind's key.

/** Where chips sit: the ledger's account kinds. */
type Place = AccountKind;
/** The id each place needs to name its account (mint and house are one of a kind). */
type OwnerOf = {
  mint: unknown;
  house: unknown;
  wallet: { userId: string };
  table: { tableId: string };
  tournament: { tournamentId: string };
};
type Movement = {
  from: Place;
  to: Place;
  /** Whose namespace the key lives in (null: the key is the caller's alone). */
  keyedBy: "wallet" | "table" | "tournament" | null;
  /** One per owner ever: the key is the owner alone (the starting grant). */
  once?: true;
  /** Recorded for a player though no wallet moves (a free set is his, into the table). */
  forPlayer?: true;
};

/**
 * Every movement there is. T-11: chips reach a wallet only from the mint
 * (grant, reload), a table (cash-out, which pays out what the pots gave) or a
 * tournament's pool; no kind moves chips from one player's wallet to another's.
 */
export const MOVEMENTS = {
  /** Sign-up: the starting chips, once per user. */
  grant: { from: "mint", to: "wallet", keyedBy: "wallet", once: true },
  /** Poverty poker (see `reload`). */
  reload: { from: "mint", to: "wallet", keyedBy: "wallet" },
  /** T-4: wallet → the table's escrow. The room checks the table's min/max first. */
  buy_in: { from: "wallet", to: "table", keyedBy: "wallet" },
  /** The table's escrow → wallet, when a player leaves with their stack. */
  cash_out: { from: "table", to: "wallet", keyedBy: "wallet" },
  /** T-10: the table's escrow → the house, once per raked pot (key it by hand). */
  rake: { from: "table", to: "house", keyedBy: "table" },
  /** Tournament registration: wallet → the tournament's pool (buy-in and fee together). */
  tournament_entry: { from: "wallet", to: "tournament", keyedBy: "wallet" },
  /** Unregistering or a cancelled tournament: the pool → wallet. */
  tournament_refund: { from: "tournament", to: "wallet", keyedBy: "wallet" },
  /** A place paid: the pool → wallet. */
  tournament_prize: { from: "tournament", to: "wallet", keyedBy: "wallet" },
  /** The entry fees: the pool → the house (tournaments have no rake, T-10). */
  tournament_fee: { from: "tournament", to: "house", keyedBy: "tournament" },
  /** Russian poker: a settled box's stakes go from the table's escrow to the house, once per box. */
  house_stake: { from: "table", to: "house", keyedBy: "table" },
  /** Russian poker: the house pays a settled box what it returns and wins, into the table's escrow. */
  house_payout: { from: "house", to: "table", keyedBy: "table" },
  /** Play money for the house's bankroll, which backs the Russian poker tables (the seed moves it). */
  house_bankroll: { from: "mint", to: "house", keyedBy: null },
  /**
   * H-4 poverty poker: a free set from the banker into a home game's escrow
   * for one player (its `userId`), once per set (key it by player and set).
   */
  free_set: { from: "mint", to: "table", keyedBy: "table", forPlayer: true },
} as const satisfies Record<TransferKind, Movement>;

/** What a movement of kind K needs: the owners of both ends, the amount, the caller's key. */
export type MoveOf<K extends TransferKind> = OwnerOf[(typeof MOVEMENTS)[K]["from"]] &
  OwnerOf[(typeof MOVEMENTS)[K]["to"]] &
  ((typeof MOVEMENTS)[K] extends { forPlayer: true } ? { userId: string } : unknown) & {
    amount: number;
    /** The caller's part of the idempotency key (ignored for a once-only kind). */
    key: string;
  };

type Owners = Partial<{ userId: string; tableId: string; tournamentId: string }>;

function accountAt(place: Place, owners: Owners): Account {
  const need = (id: string | undefined) => {
    if (id === undefined) throw new TypeError(`ledger: a ${place} account needs its owner`);
    return id;
  };
  switch (place) {
    case "mint":
      return MINT;
    case "house":
      return HOUSE;
    case "wallet":
      return walletOf(need(owners.userId));
    case "table":
      return escrowOf(need(owners.tableId));
    case "tournament":
      return prizePoolOf(need(owners.tournamentId));
  }
}

/** The transfer a movement of `kind` is: its accounts and its namespaced key, from the table above. */
export function movement<K extends TransferKind>(
  kind: K,
  move: MoveOf<K>,
  onlyIf?: SQL,
): TransferRequest {
  const spec: Movement = MOVEMENTS[kind];
  const owners = move as Owners;
  const owner = spec.keyedBy === null ? null : accountAt(spec.keyedBy, owners).ownerId;
  const namespace = owner === null ? kind : `${kind}:${owner}`;
  const wallet =
    spec.forPlayer || [spec.from, spec.to].includes("wallet") ? (owners.userId ?? null) : null;
  return {
    kind,
    key: spec.once ? namespace : `${namespace}:${move.key}`,
    from: accountAt(spec.from, owners),
    to: accountAt(spec.to, owners),
    amount: move.amount,
    userId: wallet,
    ...(onlyIf ? { onlyIf } : {}),
  };
}

/** Move chips as `kind` says, once per key. */
export const move = <K extends TransferKind>(db: Database, kind: K, m: MoveOf<K>) =>
  transfer(db, movement(kind, m));

/** A movement as a plan, to share a batch with other work (db/plans.ts). */
export const movePlan = <K extends TransferKind>(db: Database, kind: K, m: MoveOf<K>) =>
  transferPlan(db, movement(kind, m));

/** Several movements of one kind in one batch; each succeeds or is refused on its own, in order. */
export const moveAll = <K extends TransferKind>(db: Database, kind: K, moves: MoveOf<K>[]) =>
  runPlans(
    db,
    moves.map((m) => movePlan(db, kind, m)),
  );

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
