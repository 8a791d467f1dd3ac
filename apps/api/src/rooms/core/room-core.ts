/**
 * What every room keeps and does whatever its game: the snapshot in memory,
 * the sockets, the outbox courier, the operator's counters and the alarm.
 * A game's pipeline (table-pipeline.ts, russian/russian-pipeline.ts) works
 * out a change; `publish` then makes it: one storage commit (its snapshot,
 * events and outbox together), each viewer told what changed for him, the
 * outbox sent on, the alarm moved if the earliest deadline came closer.
 */
import { alarmTimeOf, now as clockNow, clockTimeOf } from "../../clock";
import { database } from "../../db/client";
import { inBackground } from "../../durable/background";
import type { Env } from "../../env";
import type { LobbyCounts } from "../../lobby/rows";
import type { OutboxItem } from "../outbox";
import { OutboxCourier } from "../outbox-delivery";
import { RoomMetrics } from "../room-metrics";
import { RoomSockets, type StateBuilder } from "../room-sockets";
import { meteredD1 } from "./d1-meter";

/** Every room's snapshot: its game's state beside the room's, which names the table and counts the feed. */
export type CoreSnapshot = { room: { tableId: string; feed?: number } };

/** What a room's storage gives the core: its outbox, for the courier, and its commits, counted. */
export type CoreStorage = {
  outbox(): OutboxItem[];
  outboxDone(item: OutboxItem): void;
  readonly commits: number;
};

/** The game's side of the core: when it must wake up, and what its lobby row says. */
export type RoomRules<S> = {
  /** For log lines ("table room", "russian room"). */
  name: string;
  deadline(snapshot: S): number | null;
  lobbyCounts(snapshot: S): LobbyCounts;
};

export class RoomCore<S extends CoreSnapshot, Store extends CoreStorage> {
  readonly sockets: RoomSockets;
  readonly courier: OutboxCourier;
  /** The operator's counters, sent with the outbox at each hand's (or round's) end. */
  readonly metrics = new RoomMetrics();
  snapshot: S | null = null;
  /**
   * When the alarm is set for, null when none is. It may be earlier than the
   * earliest deadline (a player acted before his time ran out): it then
   * fires for nothing and is set again. Only a deadline earlier than it
   * moves it, so most changes set no alarm at all.
   */
  armedAt: number | null = null;
  /** The room's only way to D1, counted into its metrics' costs: one meter per binding object. */
  private readonly metered = new WeakMap<D1Database, D1Database>();

  constructor(
    protected readonly ctx: DurableObjectState,
    readonly env: Env,
    readonly store: Store,
    readonly rules: RoomRules<S>,
  ) {
    this.sockets = new RoomSockets(ctx);
    this.courier = new OutboxCourier(
      store,
      () => this.db,
      () =>
        this.snapshot && {
          tableId: this.snapshot.room.tableId,
          counts: rules.lobbyCounts(this.snapshot),
        },
      () => this.arm(),
      () => ({ bucket: this.env.HISTORIES, costs: this.metrics.costs }),
    );
  }

  /** At start-up, before any other event is delivered: the stored snapshot and the alarm set. */
  async load(stored: S | null): Promise<void> {
    this.snapshot = stored;
    this.armedAt = clockTimeOf(await this.ctx.storage.getAlarm());
  }

  get current(): S {
    if (!this.snapshot) throw new Error(`${this.rules.name} used before its table was loaded`);
    return this.snapshot;
  }

  get db() {
    // Read from `env` each time: the fault-injection tests swap a live room's binding.
    const d1 = this.env.DB;
    let metered = this.metered.get(d1);
    if (!metered) {
      metered = meteredD1(d1, this.metrics.costs);
      this.metered.set(d1, metered);
    }
    return database(metered);
  }

  /**
   * A change just committed (its snapshot, events and outbox in one storage
   * transaction): it becomes the room's, every viewer hears what changed for
   * him (`build`, keyed by the feed), the outbox goes out, the alarm moves.
   */
  publish<M>(
    before: S,
    after: S,
    outbox: readonly OutboxItem[],
    build: StateBuilder<M> | null,
  ): void {
    this.snapshot = after;
    if (build) this.sockets.broadcast(before.room.feed, after.room.feed ?? 0, build);
    if (outbox.length > 0) this.flush();
    inBackground(this.arm(), "setting the alarm");
  }

  /** Send the outbox on, in the background. */
  flush(): void {
    inBackground(this.courier.flush(), "outbox delivery");
  }

  /** The counters since the last hand's (round's) end, as the outbox row that carries them. */
  metricsRow(key: string, source: "table" | "russian", now: number): OutboxItem {
    this.metrics.costs.commits = this.store.commits;
    const counts = this.metrics.take(now, 1, this.sockets.viewers());
    return { kind: "metrics", key, source, counts };
  }

  /**
   * Whether the alarm was set while an alarm that fired for `firedFor` ran,
   * for a time after it and after `now`: workerd keeps such an alarm when
   * the handler ends, so it need not be written again.
   */
  armedLater(firedFor: number | null, now: number): boolean {
    const at = this.armedAt;
    return at !== null && firedFor !== null && at > firedFor && at > now;
  }

  /**
   * Set the alarm when the earliest deadline is earlier than the alarm already
   * set (or none is). An alarm whose time has come is not counted on: it may be
   * the one running now, which workerd clears when its handler ends, so a room
   * that trusted it would never wake again.
   */
  async arm(now = clockNow()): Promise<void> {
    const times = [
      this.snapshot && this.rules.deadline(this.snapshot),
      this.courier.retryAt,
    ].filter((t): t is number => typeof t === "number");
    if (times.length === 0) return;
    const at = Math.min(...times);
    if (this.armedAt !== null && this.armedAt > now && this.armedAt <= at) return;
    this.armedAt = at;
    this.metrics.costs.alarms += 1;
    await this.ctx.storage.setAlarm(alarmTimeOf(at));
  }
}
