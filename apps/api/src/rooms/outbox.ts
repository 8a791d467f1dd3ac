/**
 * The transactional outbox: what must happen outside the room (ledger
 * transfers, the hand history in D1, the lobby row) because of a change at the
 * table. Rows are written in the same storage transaction as the change and
 * deleted once delivered, so a crash in between only means a retry — and
 * every row's key makes the retry a no-op where it already happened.
 */
import type { TableEvent, TableState } from "@felt/engine";
import type { HandRecord } from "./hand-history";
import type { MetricsCounts } from "./room-metrics";

export type OutboxItem =
  /** The table's escrow → the player's wallet: a cash-out, or a buy-in that could not be seated. */
  | { kind: "cashOut"; key: string; userId: string; amount: number }
  /** H-4: a free set, the banker (mint) → the table's escrow, recorded for its player. */
  | { kind: "freeSet"; key: string; userId: string; amount: number }
  /** T-10: the table's escrow → the house. */
  | { kind: "rake"; key: string; amount: number }
  | { kind: "history"; key: string; record: HandRecord }
  /** Russian poker, a settled box: its stakes, the table's escrow → the house. */
  | { kind: "houseStake"; key: string; userId: string; amount: number }
  /** Russian poker, a settled box: what it gets back and wins, the house → the table's escrow. */
  | { kind: "housePayout"; key: string; userId: string; amount: number }
  /** The operator's counters since the room's last row (room-metrics.ts), at a hand's or round's end. */
  | { kind: "metrics"; key: string; source: "table" | "russian"; counts: MetricsCounts }
  /** Publish the current counts; one row, however many changes wait. */
  | { kind: "lobby"; key: "lobby" };

/** The ledger key suffix of a cash-out: one per seat per accepted change, so the same cash-out never pays twice. */
export const cashOutKey = (tableId: string, after: TableState, seat: number) =>
  `table:${tableId}:h${after.handNumber}:v${after.version}:s${seat}`;

/** Money that reached the escrow for chips that could not be seated goes back. */
export const refundOf = (
  tableId: string,
  funding: { ledgerKey: string; userId: string; amount: number },
): OutboxItem => ({
  kind: "cashOut",
  key: `refund:${tableId}:${funding.ledgerKey}`,
  userId: funding.userId,
  amount: funding.amount,
});

/** What the change to `after` with `events` owes the world. */
export function outboxFor(
  tableId: string,
  after: TableState,
  events: readonly TableEvent[],
  history: HandRecord | null,
): OutboxItem[] {
  const items: OutboxItem[] = [];
  let lobby = false;
  for (const e of events) {
    if (e.type === "playerLeft") {
      lobby = true;
      if (e.cashOut > 0) {
        items.push({
          kind: "cashOut",
          key: cashOutKey(tableId, after, e.seat),
          userId: e.playerId,
          amount: e.cashOut,
        });
      }
    }
    if (e.type === "playerSat") lobby = true;
    // H-4: the chips are on the table already; the ledger hears of them in the same commit.
    if (e.type === "freeSetGranted")
      items.push({
        kind: "freeSet",
        key: `${e.playerId}:set${e.index}`,
        userId: e.playerId,
        amount: e.chips,
      });
    if (e.type === "handSettled") {
      lobby = true;
      if (e.rake > 0) items.push({ kind: "rake", key: `h${e.handNumber}`, amount: e.rake });
    }
  }
  if (history)
    items.push({ kind: "history", key: `history:${history.handNumber}`, record: history });
  if (lobby) items.push({ kind: "lobby", key: "lobby" });
  return items;
}

/** Storage key of an outbox row: unique across kinds. */
export const outboxRowKey = (item: OutboxItem) => `${item.kind}:${item.key}`;
