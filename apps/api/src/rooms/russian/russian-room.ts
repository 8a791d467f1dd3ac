import { russian } from "@felt/engine";
import {
  parseRussianClientMessage,
  type RussianClientMessage,
  type RussianStateMessage,
} from "@felt/protocol";
import { now as clockNow } from "../../clock";
import type { Env } from "../../env";
import { nextHandDelayMs } from "../../env";
import { type Ready, RoomObject } from "../core/room-object";
import { errorMessage } from "../messages";
import type { Viewer } from "../room-headers";
import { send } from "../room-sockets";
import { NOT_SEATED, russianSeatSummary, type SeatSummary } from "../seat-summary";
import { loadTable, NEXT_HAND_DELAY_MS, type StakeRow } from "../stake";
import type { BuyInRequest, BuyInResult, CashOutRequest, CashOutResult } from "../table-bank";
import { decideRussian } from "./russian-commands";
import {
  answeredBefore,
  finishRussianIntents,
  russianBuyIn,
  russianCashOut,
} from "./russian-money";
import { RussianPipeline } from "./russian-pipeline";
import { russianPlanOf } from "./russian-plan";
import { initialRussianRoom, type RussianSnapshot } from "./russian-state";

/**
 * One Durable Object per Russian poker table: the only writer of its state,
 * a room like the TableRoom (core/room-object.ts: one queue for every entry
 * point, hibernating sockets, one alarm for every clock; each change stored
 * with its events and outbox rows in one transaction before any socket hears
 * of it, russian-pipeline.ts). The rules are the engine's
 * (`russian.applyRussianTable`); the cashier's money is russian-money.ts.
 */
export class RussianRoom extends RoomObject<RussianSnapshot, RussianClientMessage> {
  protected readonly core: RussianPipeline;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.core = new RussianPipeline(ctx, env);
    ctx.blockConcurrencyWhile(() => this.core.start());
  }

  // -- the cashier's RPC (the same requests the TableRoom takes) -------------

  buyIn(request: BuyInRequest): Promise<BuyInResult> {
    return this.queue.run(async () => {
      const requestKey = `buy_in:${request.userId}:${request.key}`;
      const done = answeredBefore<BuyInResult>(this.core, requestKey);
      if (done) return done;
      const row = await loadTable(this.core.db, request.tableId);
      if (row?.status !== "open") return { ok: false, code: "table_closed" };
      const ready = await this.ready(request.tableId, row.stake);
      if (!ready.ok) return { ok: false, code: "game_unavailable", reason: ready.reason };
      const { key, userId, name, amount } = request;
      const intent = { ledgerKey: key, userId, name, amount, requestKey };
      return russianBuyIn(this.core, intent);
    });
  }

  cashOut(request: CashOutRequest): Promise<CashOutResult> {
    return this.queue.run(async () => {
      const requestKey = `cash_out:${request.userId}:${request.key}`;
      const done = answeredBefore<CashOutResult>(this.core, requestKey);
      if (done) return done;
      const ready = await this.ready(request.tableId);
      if (!ready.ok) return { ok: false, code: "not_seated" };
      return russianCashOut(this.core, request, requestKey);
    });
  }

  /**
   * The stake was edited: who may chat changes at once; the game's rules (limits, options,
   * pay tables) are the engine's `setRules`, taken at once between rounds and else when the
   * round in progress is settled, so a round always ends under the rules it was dealt with.
   * A table not yet loaded reads the stake when it is first used.
   */
  stakeChanged(
    stake: StakeRow,
  ): Promise<{ ok: true; applied: boolean } | { ok: false; reason: string }> {
    return this.queue.run(async () => {
      if (this.chat.setMode(stake.chat)) this.core.sockets.sendAll(this.chat.snapshot());
      if (!this.core.snapshot) return { ok: true, applied: false };
      await this.ready(null);
      const plan = russianPlanOf(stake, nextHandDelayMs(this.env, NEXT_HAND_DELAY_MS));
      if (!plan.ok) return plan;
      const changed = russian.applyRussianTable(this.core.current.table, {
        type: "setRules",
        setup: plan.setup,
      });
      if (!changed.ok) return { ok: false, reason: changed.error.message };
      // The clocks already running keep their deadlines; the next ones use the new times.
      this.core.change(changed.state, changed.events, clockNow(), {
        room: (room) => ({ ...room, timing: plan.timing }),
      });
      return { ok: true, applied: true };
    });
  }

  /** The player's chips here, as the cashier counts them before a reload (0 when not seated). */
  chipsOf(playerId: string): Promise<number> {
    return this.queue.run(async () =>
      this.core.snapshot ? (russian.chipsOf(this.core.snapshot.table, playerId) ?? 0) : 0,
    );
  }

  /** lobby.myTables: his seat here as the bar shows it, from memory (a room not loaded has no one). */
  seatSummary(playerId: string): Promise<SeatSummary> {
    return this.queue.run(async () =>
      this.core.snapshot ? russianSeatSummary(this.core.snapshot.table, playerId) : NOT_SEATED,
    );
  }

  // -- the game's hooks (core/room-object.ts) ---------------------------------

  protected open(tableId: string, stake: StakeRow): Ready {
    const plan = russianPlanOf(stake, nextHandDelayMs(this.env, NEXT_HAND_DELAY_MS));
    if (!plan.ok) return plan;
    const created = russian.createRussianTable(plan.setup);
    if (!created.ok) return { ok: false, reason: created.error.message };
    const room = initialRussianRoom(tableId, plan.timing);
    this.core.create({ table: created.state, room }, clockNow());
    return { ok: true };
  }

  protected recover(): Promise<void> {
    return finishRussianIntents(this.core);
  }

  protected parse(raw: string | ArrayBuffer) {
    return parseRussianClientMessage(raw);
  }

  protected stateFor(viewer: Viewer | null): RussianStateMessage {
    return this.core.stateFor(viewer);
  }

  protected seatNumber(viewer: Viewer): number | null {
    const index = this.core.current.table.seats.findIndex((s) => s.playerId === viewer.playerId);
    return index < 0 ? null : index + 1;
  }

  protected runDue(now: number): Promise<void> {
    return this.core.runDue(now);
  }

  protected async play(
    socket: WebSocket,
    viewer: Viewer | null,
    message: Exclude<RussianClientMessage, { type: "chat" }>,
    receivedAt: number,
  ): Promise<void> {
    const decision = decideRussian(this.core.current, viewer, message);
    if (decision.type === "snapshot") return this.welcome(socket, viewer);
    if (decision.type === "proofs") return send(socket, this.core.proofsFor(viewer));
    if (decision.type === "refuse") {
      const { code, seq, params } = decision;
      return this.refuse(socket, errorMessage(code, decision.message, seq, params));
    }
    const now = clockNow();
    const result = await this.core.play(decision.command);
    if (!result.ok) {
      return this.refuse(
        socket,
        errorMessage(result.error.code, result.error.message, decision.seq),
      );
    }
    const { playerId, seq } = decision;
    this.core.change(result.state, result.events, now, {
      room: (room) => ({ ...room, lastSeq: { ...room.lastSeq, [playerId]: seq } }),
    });
    this.core.metrics.action(clockNow() - receivedAt);
    await this.runDue(now);
  }
}
