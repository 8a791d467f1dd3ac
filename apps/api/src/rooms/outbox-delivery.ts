import type { Database } from "../db/client";
import { handHistories, handHistoryPlayers } from "../db/schema";
import { move } from "../ledger/ledger";
import { type LobbyCounts, publishLobbyCounts } from "../lobby/rows";
import type { OutboxItem } from "./outbox";
import type { RoomStorage } from "./room-storage";

/** Which table the outbox belongs to and what its lobby row should say, or null before it is loaded. */
export type OutboxPlace = () => { tableId: string; counts: LobbyCounts } | null;

const RETRY_MS = 5_000;

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
        for (const item of this.store.outbox()) {
          const place = this.place();
          if (!place) return;
          // The lobby row only ever says "publish the latest counts": it is taken off
          // before delivery, so a change meanwhile writes it again and it goes out again.
          if (item.kind === "lobby") this.store.outboxDone(item);
          const outcome = await deliver(this.db(), place.tableId, item, place.counts);
          if (outcome === "retry") throw new Error(`${item.kind} ${item.key} not delivered`);
          if (item.kind !== "lobby") this.store.outboxDone(item);
        }
      }
      this.retryAt = null;
    } catch (error) {
      console.error("table room: outbox delivery failed, will retry:", error);
      this.retryAt = Date.now() + RETRY_MS;
      await this.onRetry();
    }
  }
}

/**
 * Deliver one outbox row. "done" removes it; "retry" keeps it for the next
 * flush. Every delivery is idempotent (ledger keys, ON CONFLICT DO NOTHING),
 * so delivering a row twice after a crash changes nothing the second time.
 */
export async function deliver(
  db: Database,
  tableId: string,
  item: OutboxItem,
  counts: LobbyCounts,
): Promise<"done" | "retry"> {
  switch (item.kind) {
    case "cashOut": {
      const moved = await move(db, "cash_out", {
        tableId,
        userId: item.userId,
        amount: item.amount,
        key: item.key,
      });
      return settled(moved, tableId, item);
    }
    case "rake": {
      const moved = await move(db, "rake", { tableId, amount: item.amount, key: item.key });
      return settled(moved, tableId, item);
    }
    case "houseStake":
    case "housePayout": {
      const box = { tableId, amount: item.amount, key: item.key };
      const moved =
        item.kind === "houseStake"
          ? await move(db, "house_stake", box)
          : await move(db, "house_payout", box);
      return settled(moved, tableId, item);
    }
    case "history": {
      const { record } = item;
      await db.batch([
        db
          .insert(handHistories)
          .values({
            id: record.handId,
            tableId: record.tableId,
            handNumber: record.handNumber,
            phh: record.phh,
            russianRound: record.russianRound ?? null,
            createdAt: new Date(record.createdAt),
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
              createdAt: new Date(record.createdAt),
            })),
          )
          .onConflictDoNothing(),
      ]);
      return "done";
    }
    case "lobby":
      await publishLobbyCounts(db, tableId, counts);
      return "done";
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
  console.error(`table ${tableId}: outbox ${item.kind} ${item.key} refused: ${moved.reason}`);
  return moved.reason === "key_reused" ? "done" : "retry";
}
