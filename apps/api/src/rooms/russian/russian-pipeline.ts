/**
 * The Russian poker room's commit pipeline (the table's is table-pipeline.ts):
 * every change goes through `change`, which stores the snapshot, its events
 * and the outbox rows it implies in one transaction, then hands it to the
 * core (core/room-core.ts) to tell every socket and move the alarm. The
 * house's own work (open a round, close the bets, run the clock out) is
 * `runDue`; the rules are the engine's (`russian.applyRussianTable`).
 */
import { russian } from "@felt/engine";
import { type DiffMemo, type RussianStateMessage, russianDeltaOf } from "@felt/protocol";
import type { Env } from "../../env";
import { logError } from "../../log";
import { RoomCore } from "../core/room-core";
import { errorMessage } from "../messages";
import type { OutboxItem } from "../outbox";
import type { Viewer } from "../room-headers";
import {
  dealOf,
  newRussianDeal,
  type RussianDeal,
  reshuffled,
  russianFairnessFor,
  russianProofsFor,
  storedFairness,
} from "./russian-fairness";
import { russianOutboxFor } from "./russian-outbox";
import { testDeckFor } from "./russian-plan";
import {
  type RussianRoomState,
  type RussianSnapshot,
  russianDeadline,
  russianDueWork,
  russianRoomAfter,
} from "./russian-state";
import { RussianStorage, type RussianWrites } from "./russian-storage";

export type RussianChangeOptions = Pick<RussianWrites, "results" | "intentDone"> & {
  room?: (room: RussianRoomState) => RussianRoomState;
};

export class RussianPipeline extends RoomCore<RussianSnapshot, RussianStorage> {
  /** The current round's deck and tree (russian-fairness.ts): rebuilt from its seed, not stored. */
  private deal: RussianDeal | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env, new RussianStorage(ctx.storage), {
      name: "russian room",
      deadline: russianDeadline,
      lobbyCounts: (s) => ({ playersSeated: s.table.seats.length, averagePot: null }),
    });
  }

  /** Storage read at start-up, before any other event is delivered. */
  async start(): Promise<void> {
    this.store.migrate();
    const stored = this.store.snapshot();
    const snapshot = stored && {
      ...stored,
      room: { ...stored.room, fairness: storedFairness(stored.room.fairness) },
    };
    this.deal = await dealOf(snapshot?.room.fairness ?? null);
    await this.load(snapshot);
  }

  /** The first snapshot of a new table. */
  create(snapshot: RussianSnapshot, now: number): void {
    this.store.commit({ snapshot }, now);
    this.snapshot = snapshot;
  }

  /** The house's work that is due: open a round, close the bets, run the action clock out. */
  async runDue(now: number): Promise<void> {
    for (let guard = 0; guard < 4; guard++) {
      const due = russianDueWork(this.current, now);
      if (due.openRound) await this.openRound(now);
      else if (due.deal) await this.house({ type: "deal" }, now);
      else if (due.timeout) await this.house({ type: "timeout" }, now);
      else return;
    }
  }

  private async house(command: russian.HouseCommand, now: number): Promise<void> {
    const result = await this.play({ type: "round", command });
    if (result.ok) this.change(result.state, result.events, now);
    else
      logError(`russian room: ${command.type} refused`, result.error, {
        table: this.current.room.tableId,
      });
  }

  /** A fresh seed, its commitments published with the round before a card is dealt. */
  private async openRound(now: number): Promise<void> {
    const roundNumber = this.current.table.roundNumber + 1;
    const stacked = testDeckFor(this.env.RUSSIAN_TEST_DECKS, roundNumber);
    // A stacked test deck follows from no seed: such a round makes no fairness claim.
    const fresh = stacked ? null : await newRussianDeal(roundNumber);
    const deck = stacked ?? fresh?.deal.tree.deck ?? [];
    const opened = russian.applyRussianTable(this.current.table, { type: "openRound", deck });
    if (!opened.ok) {
      this.change(this.current.table, [], now, {
        room: (room) => ({ ...room, nextRoundAt: null }),
      });
      return;
    }
    this.deal = fresh?.deal ?? null;
    this.change(opened.state, opened.events, now, {
      room: (room) => ({ ...room, fairness: fresh?.fairness ?? null, nextRoundAt: null }),
    });
  }

  /**
   * A command on the table; when the stub runs out the discards are shuffled
   * from the round's seed at once, so the seed explains every card dealt.
   */
  async play(command: russian.RussianTableCommand): Promise<russian.RussianTableResult> {
    let result = russian.applyRussianTable(this.current.table, command);
    for (let guard = 0; result.ok && result.state.round?.phase === "awaitingReshuffle"; guard++) {
      const fairness = this.current.room.fairness;
      if (fairness === null || guard > 3) {
        return { ok: false, error: { code: "invalid_reshuffle", message: "no seed to reshuffle" } };
      }
      // Reshuffles within this one command are not in the stored count yet.
      const k = fairness.reshuffles + guard;
      const cards = await reshuffled({ ...fairness, reshuffles: k }, result.state.round.discards);
      const next = russian.applyRussianTable(result.state, {
        type: "round",
        command: { type: "reshuffle", cards },
      });
      if (!next.ok) return next;
      result = { ok: true, state: next.state, events: [...result.events, ...next.events] };
    }
    return result;
  }

  /** Store the change with its events and outbox in one transaction, then tell every socket. */
  change(
    table: russian.RussianTableState,
    events: russian.RussianTableEvent[],
    now: number,
    options: RussianChangeOptions = {},
  ): void {
    const before = this.current;
    const room = options.room ? options.room(before.room) : before.room;
    const after = russianRoomAfter(room, table, events, now);
    const snapshot: RussianSnapshot = { table, room: { ...after, feed: (room.feed ?? 0) + 1 } };
    const outbox = [
      ...russianOutboxFor(room.tableId, table, events, now, room.fairness),
      ...this.metricsAtRoundEnd(events, now),
    ];
    const rows = events.map((event) => ({
      version: table.version,
      roundNumber: table.roundNumber,
      event,
    }));
    const { results, intentDone } = options;
    this.store.commit({ snapshot, events: rows, outbox, results, intentDone }, now);
    // Each viewer gets what changed in his state since the last change, or the whole state
    // when the room holds none of his one change back (after a wake from hibernation).
    const memo: DiffMemo = new WeakMap();
    this.publish(before, snapshot, outbox, (viewer, last: RussianStateMessage | undefined) => {
      const state = this.stateFor(viewer);
      return { after: state, delta: last ? russianDeltaOf(last, state, memo) : state };
    });
  }

  /** The counters since the last round's end, when this change ended one (room-metrics.ts). */
  private metricsAtRoundEnd(events: russian.RussianTableEvent[], now: number): OutboxItem[] {
    const settled = events.find((e) => e.type === "roundEvent" && e.event.type === "roundSettled");
    if (settled?.type !== "roundEvent") return [];
    return [this.metricsRow(`r${settled.roundNumber}`, "russian", now)];
  }

  stateFor(viewer: Viewer | null): RussianStateMessage {
    const { table, room } = this.current;
    const view = russian.russianTableView(table, viewer?.playerId ?? null);
    return {
      type: "russianState",
      feed: room.feed ?? 0,
      tableId: room.tableId,
      view,
      you: viewer,
      clock: room.clock,
      nextRoundAt: room.nextRoundAt,
      fairness: russianFairnessFor(room.fairness, this.deal),
    };
  }

  proofsFor(viewer: Viewer | null) {
    const { table, room } = this.current;
    const view = russian.russianTableView(table, viewer?.playerId ?? null);
    return (
      russianProofsFor(room.fairness, this.deal, view) ??
      errorMessage("no_proofs", "This round makes no fairness claim (none dealt yet).")
    );
  }
}
