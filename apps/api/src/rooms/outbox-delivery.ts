import { now as clockNow, dateOf } from "../clock";
import type { Database } from "../db/client";
import { type Plan, runPlans } from "../db/plans";
import { handHistories, handHistoryPlayers, roomMetrics } from "../db/schema";
import { phhObjectKey, putPhh } from "../history/phh-store";
import type { TransferOutcome } from "../ledger/ledger";
import { movePlan } from "../ledger/movements";
import { type LobbyCounts, lobbyCountsStatement } from "../lobby/rows";
import { logError, logLine } from "../log";
import type { OutboxItem } from "./outbox";
import type { RoomCosts } from "./room-metrics";
import type { RoomStorage } from "./room-storage";

/** Which table the outbox belongs to and what its lobby row should say, or null before it is loaded. */
export type OutboxPlace = () => { tableId: string; counts: LobbyCounts } | null;

const RETRY_MS = 5_000;
/** Outbox rows delivered per D1 batch: a hand's end makes three, a Russian round a few per box. */
const ROWS_PER_BATCH = 32;

/**
 * Delivers the room's outbox: one run at a time, and a request during a run
 * makes it go round again. A failed delivery stays in the outbox; `retryAt`
 * tells the room when to wake up and try again.
 */
export class OutboxCourier {
  private running: Promise<void> | null = null;
  private again = false;
  retryAt: number | null = null;

  constructor(
    private readonly store: Pick<RoomStorage, "outbox" | "outboxDone">,
    private readonly db: () => Database,
    private readonly place: OutboxPlace,
    private readonly onRetry: () => Promise<void>,
    /** Where hands' PHH goes, and the room's costs that count what is put there. */
    private readonly histories: () => { bucket: R2Bucket; costs: RoomCosts },
  ) {}

  flush(): Promise<void> {
    this.again = true;
    // `finally` runs after the assignment, even when the run ends at once.
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (this.again) {
        this.again = false;
        const waiting = this.store.outbox();
        // A backlog (D1 was away) goes out a slice per batch, to keep each request small.
        const items = waiting.slice(0, ROWS_PER_BATCH);
        if (waiting.length > items.length) this.again = true;
        if (items.length === 0) continue;
        const place = this.place();
        if (!place) return;
        // The lobby row only ever says "publish the latest counts": it is taken off
        // before delivery, so a change meanwhile writes it again and it goes out again.
        for (const item of items) if (item.kind === "lobby") this.store.outboxDone(item);
        // A hand's PHH goes to R2 before its index row goes to D1: the row never names a
        // missing object, and a crash between the two only repeats the same put.
        await this.putHistories(items);
        // Every row in one batch: one round trip to D1 per flush (a hand's end is its
        // history, its rake and the lobby row), not one per row.
        const db = this.db();
        const outcomes = await runPlans(
          db,
          items.map((item) => deliveryPlan(db, place.tableId, item, place.counts)),
        );
        items.forEach((item, i) => {
          if (item.kind !== "lobby" && outcomes[i] === "done") this.store.outboxDone(item);
        });
        const stuck = items.filter((_, i) => outcomes[i] === "retry");
        if (stuck.length > 0)
          throw new Error(
            `${stuck.map((item) => `${item.kind} ${item.key}`).join(", ")} not delivered`,
          );
      }
      this.retryAt = null;
    } catch (error) {
      logError("outbox delivery failed, will retry", error, { table: this.place()?.tableId });
      this.retryAt = clockNow() + RETRY_MS;
      await this.onRetry();
    }
  }

  private async putHistories(items: readonly OutboxItem[]): Promise<void> {
    const hands = items.flatMap((item) =>
      item.kind === "history" && item.record.phh !== "" ? [item.record] : [],
    );
    if (hands.length === 0) return;
    const { bucket, costs } = this.histories();
    await Promise.all(
      hands.map(async (record) => {
        await putPhh(bucket, record.handId, record.phh, record.createdAt);
        costs.r2Puts += 1;
        costs.r2Bytes += new TextEncoder().encode(record.phh).byteLength;
      }),
    );
  }
}

/**
 * One outbox row's delivery, as a plan to share the flush's batch
 * (db/plans.ts). "done" removes the row; "retry" keeps it for the next
 * flush. Every delivery is idempotent (ledger keys, ON CONFLICT DO NOTHING),
 * so delivering a row twice after a crash changes nothing the second time.
 * No statement here throws on a refusal (a transfer refused is a value), so
 * one row's refusal never rolls back the others.
 */
export function deliveryPlan(
  db: Database,
  tableId: string,
  item: OutboxItem,
  counts: LobbyCounts,
): Plan<"done" | "retry"> {
  const transferred = (plan: Plan<TransferOutcome>): Plan<"done" | "retry"> => ({
    statements: plan.statements,
    read: (results) => settled(plan.read(results), tableId, item),
  });
  const done = (statements: Plan<unknown>["statements"]): Plan<"done" | "retry"> => ({
    statements,
    read: () => "done",
  });
  switch (item.kind) {
    case "cashOut":
      return transferred(
        movePlan(db, "cash_out", {
          tableId,
          userId: item.userId,
          amount: item.amount,
          key: item.key,
        }),
      );
    case "rake":
      return transferred(movePlan(db, "rake", { tableId, amount: item.amount, key: item.key }));
    case "freeSet":
      return transferred(
        movePlan(db, "free_set", {
          tableId,
          userId: item.userId,
          amount: item.amount,
          key: item.key,
        }),
      );
    case "houseStake":
    case "housePayout": {
      const box = { tableId, amount: item.amount, key: item.key };
      return transferred(
        item.kind === "houseStake"
          ? movePlan(db, "house_stake", box)
          : movePlan(db, "house_payout", box),
      );
    }
    case "history": {
      const { record } = item;
      return done([
        db
          .insert(handHistories)
          .values({
            id: record.handId,
            tableId: record.tableId,
            handNumber: record.handNumber,
            // The PHH itself is in R2 by now (putHistories); a Russian round has none.
            phh: "",
            phhObject: record.phh === "" ? null : phhObjectKey(record.handId),
            russianRound: record.russianRound ?? null,
            createdAt: dateOf(record.createdAt),
          })
          .onConflictDoNothing(),
        db
          .insert(handHistoryPlayers)
          .values(
            record.players.map((p) => ({
              handId: record.handId,
              userId: p.userId,
              seat: p.seat,
              net: p.net,
              createdAt: dateOf(record.createdAt),
            })),
          )
          .onConflictDoNothing(),
      ]);
    }
    case "lobby":
      return done([lobbyCountsStatement(db, tableId, counts)]);
    case "metrics":
      return done([
        db
          .insert(roomMetrics)
          .values({ roomId: tableId, key: item.key, source: item.source, ...item.counts })
          .onConflictDoNothing(),
      ]);
  }
}

function settled(
  moved: { ok: true } | { ok: false; reason: string },
  tableId: string,
  item: OutboxItem,
): "done" | "retry" {
  if (moved.ok) return "done";
  // A key used for another movement cannot succeed on retry; the escrow short of a
  // stack is a broken invariant. Both are logged loudly; only the second may heal.
  logLine("error", "outbox row refused", {
    table: tableId,
    kind: item.kind,
    key: item.key,
    reason: moved.reason,
  });
  return moved.reason === "key_reused" ? "done" : "retry";
}
