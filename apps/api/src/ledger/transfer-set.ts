/**
 * Several transfers as one set: the same double entry as `transferPlan`
 * (ledger.ts), but six statements for any number of transfers instead of six
 * for each, their values carried as one JSON array. A table's auto-rebuys
 * before a deal (every seat topped up, wallet → escrow) go this way.
 *
 * It holds only for transfers whose payers are all different, pay (not the
 * mint) and take no money in the same set, and that carry no condition of
 * their own: every payer's balance is then checked once, against what it was
 * before the set, exactly as one transfer after another would see it.
 * `canMoveAsSet` says so; anything else goes one plan per transfer.
 */
import type { Database } from "../db/client";
import type { Plan } from "../db/plans";
import type { TransferFailure, TransferOutcome, TransferRequest } from "./ledger";
import { MAX_TRANSFER } from "./policy";

/** The JSON the statements read: one object per transfer. */
const row = (request: TransferRequest, id: string) => ({
  id,
  key: request.key,
  kind: request.kind,
  fromId: request.from.id,
  fromKind: request.from.kind,
  fromOwner: request.from.ownerId,
  toId: request.to.id,
  toKind: request.to.kind,
  toOwner: request.to.ownerId,
  amount: request.amount,
  userId: request.userId,
});

export function canMoveAsSet(requests: readonly TransferRequest[]): boolean {
  const payers = new Set(requests.map((r) => r.from.id));
  return (
    requests.length > 1 &&
    payers.size === requests.length &&
    requests.every((r) => r.from.kind !== "mint" && !r.onlyIf && !payers.has(r.to.id))
  );
}

const field = (name: string) => `json_extract(value, '$.${name}')`;
/** The set's transfers as rows. */
const SET = `(SELECT ${["id", "key", "kind", "fromId", "toId", "amount", "userId"]
  .map((name) => `${field(name)} AS ${name}`)
  .join(", ")} FROM json_each(?1))`;
/** The ids of the set's transfers: only rows written by this very batch act further. */
const IDS = `(SELECT ${field("id")} FROM json_each(?1))`;

const STATEMENTS = [
  // Both accounts of every transfer exist (a wallet's first movement, a table's escrow).
  `INSERT INTO accounts (id, kind, owner_id)
   SELECT id, kind, owner FROM (
     SELECT ${field("fromId")} AS id, ${field("fromKind")} AS kind, ${field("fromOwner")} AS owner FROM json_each(?1)
     UNION ALL
     SELECT ${field("toId")}, ${field("toKind")}, ${field("toOwner")} FROM json_each(?1)
   ) WHERE true
   ON CONFLICT (id) DO NOTHING`,
  // The check and the record in one statement, as for one transfer: no row, no transfer.
  `INSERT INTO transfers (id, idempotency_key, kind, from_account, to_account, amount, user_id, created_at)
   SELECT t.id, t.key, t.kind, a.id, t.toId, t.amount, t.userId, (unixepoch('subsec') * 1000)
   FROM ${SET} t JOIN accounts a ON a.id = t.fromId AND a.balance >= t.amount
   WHERE true
   ON CONFLICT (idempotency_key) DO NOTHING`,
  `INSERT INTO ledger_entries (transfer_id, account_id, amount, created_at)
   SELECT id, from_account, -amount, created_at FROM transfers WHERE id IN ${IDS}
   UNION ALL
   SELECT id, to_account, amount, created_at FROM transfers WHERE id IN ${IDS}`,
  // Each account moves by the sum of its new entries (an escrow credited by several at once).
  `UPDATE accounts SET balance = balance + (
     SELECT sum(e.amount) FROM ledger_entries e WHERE e.account_id = accounts.id AND e.transfer_id IN ${IDS}
   ) WHERE id IN (SELECT account_id FROM ledger_entries WHERE transfer_id IN ${IDS})`,
  `SELECT * FROM transfers WHERE idempotency_key IN (SELECT ${field("key")} FROM json_each(?1))`,
  `SELECT id, balance FROM accounts WHERE id IN (
     SELECT ${field("fromId")} FROM json_each(?1) UNION SELECT ${field("toId")} FROM json_each(?1)
   )`,
];

type TransferRow = {
  id: string;
  idempotency_key: string;
  kind: TransferRequest["kind"];
  from_account: string;
  to_account: string;
  amount: number;
  user_id: string | null;
  created_at: number;
};

/**
 * The set as one plan (db/plans.ts); each transfer's outcome as
 * `transferPlan` gives it: done now, done before (the same key and
 * movement), refused for want of money, or its key used for another movement.
 */
export function transferSetPlan(
  db: Database,
  requests: readonly TransferRequest[],
): Plan<TransferOutcome[]> {
  if (!canMoveAsSet(requests)) throw new Error("ledger: these transfers cannot move as one set");
  for (const { amount } of requests)
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_TRANSFER)
      throw new RangeError(`ledger: amount must be a whole number of chips in 1..${MAX_TRANSFER}`);
  const ids = requests.map(() => crypto.randomUUID());
  const json = JSON.stringify(requests.map((r, i) => row(r, ids[i] as string)));
  const d1 = db.$client;
  return {
    statements: STATEMENTS.map((text) => d1.prepare(text).bind(json)),
    read: (results) => {
      const found = new Map(
        ((results.at(-2)?.results ?? []) as TransferRow[]).map((t) => [t.idempotency_key, t]),
      );
      const rows = (results.at(-1)?.results ?? []) as { id: string; balance: number }[];
      const all = Object.fromEntries(rows.map((r) => [r.id, r.balance]));
      return requests.map((request, i): TransferOutcome => {
        const balances = {
          [request.from.id]: all[request.from.id] ?? 0,
          [request.to.id]: all[request.to.id] ?? 0,
        };
        const t = found.get(request.key);
        if (!t) {
          const reason: TransferFailure =
            (balances[request.from.id] ?? 0) < request.amount
              ? "insufficient_funds"
              : "condition_failed";
          return { ok: false, reason, balances };
        }
        const transfer = {
          id: t.id,
          idempotencyKey: t.idempotency_key,
          kind: t.kind,
          fromAccount: t.from_account,
          toAccount: t.to_account,
          amount: t.amount,
          userId: t.user_id,
          createdAt: new Date(t.created_at),
        };
        if (t.id === ids[i]) return { ok: true, transfer, replayed: false, balances };
        const same =
          t.kind === request.kind &&
          t.from_account === request.from.id &&
          t.to_account === request.to.id &&
          t.amount === request.amount;
        return same
          ? { ok: true, transfer, replayed: true, balances }
          : { ok: false, reason: "key_reused", balances };
      });
    },
  };
}
