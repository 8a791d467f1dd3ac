/**
 * The movements the platform makes, as data: where each kind of transfer takes
 * chips from and to, and whose namespace its idempotency key lives in. Keys are
 * `<kind>:<owner>:<caller's key>`, so one user's key can never collide with (or
 * block) another's, and no kind can spend another kind's key. Each movement is
 * one transfer of ./ledger.
 */
import type { SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { runPlans } from "../db/plans";
import {
  type Account,
  type AccountKind,
  escrowOf,
  HOUSE,
  MINT,
  prizePoolOf,
  type TransferKind,
  type TransferOutcome,
  type TransferRequest,
  transfer,
  transferPlan,
  walletOf,
} from "./ledger";
import { canMoveAsSet, transferSetPlan } from "./transfer-set";

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

/** A movement as a plan, to share a batch with other work (db/plans.ts); `onlyIf` as `movement`'s. */
export const movePlan = <K extends TransferKind>(
  db: Database,
  kind: K,
  m: MoveOf<K>,
  onlyIf?: SQL,
) => transferPlan(db, movement(kind, m, onlyIf));

/**
 * Several movements of one kind in one batch; each succeeds or is refused on
 * its own. From different payers (a table's auto-rebuys) they move as one set
 * (transfer-set.ts): six statements however many there are. Otherwise one
 * transfer after another, each seeing what the ones before left.
 */
export async function moveAll<K extends TransferKind>(
  db: Database,
  kind: K,
  moves: MoveOf<K>[],
): Promise<TransferOutcome[]> {
  const requests = moves.map((m) => movement(kind, m));
  if (canMoveAsSet(requests)) return (await runPlans(db, [transferSetPlan(db, requests)]))[0];
  return [
    ...(await runPlans(
      db,
      requests.map((request) => transferPlan(db, request)),
    )),
  ];
}
