/**
 * The table room's commit pipeline: every change to a table goes through
 * `change`, which stores it (a patch of the snapshot, its events, the outbox
 * rows it implies) in one transaction, then tells every socket what changed
 * for its viewer, then moves the alarm if the earliest deadline came closer.
 * The Durable Object's hooks, the cash money and the tournament mode all
 * change the table through this one path.
 */
import {
  applyTable,
  deckOfTable,
  type TableCommand,
  type TableEvent,
  type TableResult,
  type TableState,
} from "@felt/engine";
import type { StateMessage } from "@felt/protocol";
import type { Env } from "../env";
import { logError, logLine } from "../log";
import { RoomCore } from "./core/room-core";
import { afterReshuffles, committedSeed, dealSecret, seatedClientSeeds } from "./fairness";
import { withReshuffles } from "./game-deck";
import { handRecord } from "./hand-history";
import { deltaMessages, seatOf } from "./messages";
import { type OutboxItem, outboxFor } from "./outbox";
import {
  lobbyCounts,
  nextDeadline,
  type RoomState,
  roomAfter,
  type Snapshot,
  upgradedSnapshot,
} from "./room-state";
import { type EventRow, RoomStorage, type Writes } from "./room-storage";

export type ChangeOptions = Pick<Writes, "results" | "intentsDone"> & {
  /** Outbox rows beside those the events imply (a refund for chips that could not be seated). */
  outbox?: OutboxItem[];
  /** Room-only changes (seq seen, auto-rebuy, the next hand's commitment), made before the usual bookkeeping. */
  room?: (room: RoomState) => RoomState;
  logged?: EventRow["event"][];
  /** The lobby row was written already, in the ledger batch that paid for the change (a buy-in). */
  lobbyWritten?: boolean;
};

/** A change worked out but not made yet: the deal carries the top-ups before it. */
export type PendingChange = {
  table: TableState;
  events: TableEvent[];
  options: Omit<ChangeOptions, "room">;
};

export class TablePipeline extends RoomCore<Snapshot, RoomStorage> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env, new RoomStorage(ctx.storage), {
      name: "table room",
      deadline: nextDeadline,
      lobbyCounts,
    });
  }

  /** Storage read at start-up, before any other event is delivered. */
  async start(): Promise<void> {
    this.store.migrate();
    const stored = this.store.snapshot();
    await this.load(stored && upgradedSnapshot(stored));
  }

  /** The first snapshot of a new table. */
  create(snapshot: Snapshot, now: number): void {
    this.store.commit({ snapshot, rebase: true }, now);
    this.snapshot = snapshot;
  }

  /**
   * A command on the current table; a draw hand whose stub ran short is
   * reshuffled at once from the hand's seed, before anyone sees the change.
   */
  play(command: TableCommand): Promise<TableResult> {
    const result = applyTable(this.current.table, command);
    return withReshuffles(result, this.current.room.fairness);
  }

  /** Play a command the room itself issues (a timeout, an expiry); a refusal is only logged. */
  async apply(command: TableCommand, now: number): Promise<void> {
    const result = await this.play(command);
    if (result.ok) this.change(result.state, result.events, now);
    else
      logError(`table room: ${command.type} refused`, result.error, {
        table: this.current.room.tableId,
      });
  }

  /** Change the room alone (timers, wishes, the tournament link): the table stays as it is. */
  changeRoom(
    now: number,
    room: NonNullable<ChangeOptions["room"]>,
    logged?: ChangeOptions["logged"],
  ) {
    this.change(this.current.table, [], now, { room, logged });
  }

  /**
   * Store a change — a patch of the snapshot (the whole of it when a hand
   * ends), its events, the outbox rows it implies — in one transaction, then
   * tell every socket, then move the alarm if need be.
   */
  change(table: TableState, events: TableEvent[], now: number, options: ChangeOptions = {}): void {
    const before = this.current;
    const changed = options.room ? options.room(before.room) : before.room;
    const patched = { ...changed, fairness: afterReshuffles(changed.fairness, table, events) };
    // An action decided since the hand's last change is current (client-commands.ts).
    const moved = table.hand !== before.table.hand ? { handMovedAt: table.version } : {};
    const snapshot: Snapshot = {
      table,
      room: { ...roomAfter(patched, table, events, now), ...moved },
    };
    const history = this.historyOf(before, snapshot, events, now);
    // A tournament's table has no line in the cash lobby (the tournament's page lists it). A
    // buy-in's ledger batch wrote the seat counts already, but not a waiting list that moved.
    const waiting = waitingMoved(before.room, snapshot.room);
    const lobbyDone = snapshot.room.tournament || (options.lobbyWritten && waiting.length === 0);
    const outbox = [
      ...(options.outbox ?? []),
      ...outboxFor(snapshot.room.tableId, table, events, history),
      ...this.metricsAtHandEnd(events, now),
      ...waiting,
    ].filter((item) => item.kind !== "lobby" || !lobbyDone);
    const rows: EventRow[] = [...events, ...(options.logged ?? [])].map((event) => ({
      version: table.version,
      handNumber: "handNumber" in event ? event.handNumber : table.handNumber,
      event,
    }));
    const { results, intentsDone } = options;
    const rebase = events.some((e) => e.type === "handSettled");
    this.store.commit({ snapshot, rebase, events: rows, outbox, results, intentsDone }, now);
    const messageFor = deltaMessages(before, snapshot, events);
    this.publish(before, snapshot, outbox, (viewer, last: StateMessage | undefined) =>
      messageFor(viewer, viewer ? seatOf(before.table, viewer.playerId) : null, last),
    );
  }

  commitPending(pending: PendingChange, now: number): void {
    this.change(pending.table, pending.events, now, pending.options);
  }

  /**
   * Deal (docs/fairness.md): the committed seed and the seated players' client
   * seeds make the deck, whose Merkle root is stored and published with the
   * change that deals it (one commit and one message, not a commitment's and
   * then the cards'); the next deal's seed is drawn and committed at once, so
   * that client seeds sent from now on come after its commitment. `room` is
   * what else the deal changes in the room; `topUps`, the chips seated just
   * before it, made in the same change.
   */
  async deal(
    now: number,
    command: (deck: number[]) => TableCommand,
    room: NonNullable<ChangeOptions["room"]> = (r) => r,
    topUps: PendingChange | null = null,
  ): Promise<void> {
    const { room: before } = this.current;
    const table = topUps?.table ?? this.current.table;
    const handNumber = table.handNumber + 1;
    const committed = before.nextSeed ?? (await committedSeed());
    const clientSeeds = seatedClientSeeds(table, before.clientSeeds ?? {});
    const [secret, nextSeed] = await Promise.all([
      dealSecret(handNumber, committed, clientSeeds, deckOfTable(table)),
      committedSeed(),
    ]);
    const dealing = (r: RoomState) => ({ ...room(r), fairness: secret, nextSeed, clientSeeds: {} });
    const dealt = applyTable(table, command(secret.deck));
    if (!dealt.ok) {
      logError("table room: deal refused", dealt.error, { table: before.tableId });
      if (topUps) this.commitPending(topUps, now);
      this.changeRoom(now, (r) => ({ ...dealing(r), nextHandAt: now + r.timing.nextHandDelayMs }));
      return;
    }
    const events = [...(topUps?.events ?? []), ...dealt.events];
    this.change(dealt.state, events, now, { ...topUps?.options, room: dealing });
  }

  /** The counters since the last hand's end, when this change ended one (room-metrics.ts). */
  private metricsAtHandEnd(events: TableEvent[], now: number): OutboxItem[] {
    const settled = events.find((e) => e.type === "handSettled");
    if (!settled) return [];
    return [this.metricsRow(`h${settled.handNumber}`, "table", now)];
  }

  /** The finished hand's record for D1, when this change ended one. */
  private historyOf(before: Snapshot, after: Snapshot, events: TableEvent[], now: number) {
    const settled = events.find((e) => e.type === "handSettled");
    if (!settled) return null;
    const n = settled.handNumber;
    const handEvents = [
      ...this.store.handEvents(n),
      ...events.flatMap((e) => (e.type === "handEvent" && e.handNumber === n ? [e.event] : [])),
    ];
    const secret = before.room.fairness;
    const made = handRecord(after.room.tableId, before.table, after.table, handEvents, secret, now);
    if (made.ok) return made.record;
    logLine("error", "table room: hand has no history", {
      table: after.room.tableId,
      hand: n,
      reason: made.message,
    });
    return null;
  }
}

/**
 * T-12: the lobby shows how many wait, so a change of that number owes it a
 * row (one row however many ask: its key is always "lobby").
 */
function waitingMoved(before: RoomState, after: RoomState): OutboxItem[] {
  const was = before.waitlist?.length ?? 0;
  return was === (after.waitlist?.length ?? 0) ? [] : [{ kind: "lobby", key: "lobby" }];
}
