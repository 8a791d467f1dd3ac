import { DurableObject } from "cloudflare:workers";
import { russian } from "@felt/engine";
import {
  type DiffMemo,
  parseRussianClientMessage,
  type RussianStateMessage,
  russianDeltaOf,
} from "@felt/protocol";
import { alarmTimeOf, now as clockNow, clockTimeOf } from "../../clock";
import { database } from "../../db/client";
import { inBackground } from "../../durable/background";
import { Serial } from "../../durable/serial";
import { type Env, nextHandDelayMs } from "../../env";
import { move, walletOf } from "../../ledger/ledger";
import { logError } from "../../log";
import { type ErrorMessage, errorMessage } from "../messages";
import { type OutboxItem, refundOf } from "../outbox";
import { OutboxCourier } from "../outbox-delivery";
import { sessionFrom, TABLE_HEADER, type Viewer, viewerFrom } from "../room-headers";
import { RoomMetrics } from "../room-metrics";
import { CLOSE_UNAVAILABLE, RoomSockets, send } from "../room-sockets";
import { NOT_SEATED, russianSeatSummary, type SeatSummary } from "../seat-summary";
import { loadTable, NEXT_HAND_DELAY_MS, type StakeRow } from "../stake";
import type { BuyInRequest, BuyInResult, CashOutRequest, CashOutResult } from "../table-bank";
import { TableChat } from "../table-chat";
import { decideRussian } from "./russian-commands";
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
import { russianPlanOf, testDeckFor } from "./russian-plan";
import {
  initialRussianRoom,
  type RussianRoomState,
  type RussianSnapshot,
  russianDeadline,
  russianDueWork,
  russianRoomAfter,
} from "./russian-state";
import {
  type RussianIntent,
  RussianStorage,
  type RussianWrites,
  russianIntentKey,
} from "./russian-storage";

type Ready = { ok: true } | { ok: false; reason: string };
type TableResult = russian.RussianTableResult;
type ChangeOptions = Pick<RussianWrites, "results" | "intentDone"> & {
  room?: (room: RussianRoomState) => RussianRoomState;
};

/**
 * One Durable Object per Russian poker table: the only writer of its state,
 * built like the TableRoom (one queue for every entry point, each change
 * stored with its events and outbox rows in one transaction before any
 * socket hears of it, hibernating sockets, one alarm for every clock). The
 * rules are the engine's (`russian.applyRussianTable`); the house's money is
 * in `russian-outbox.ts`.
 */
export class RussianRoom extends DurableObject<Env> {
  private readonly store: RussianStorage;
  private readonly sockets: RoomSockets;
  private readonly chat: TableChat;
  private readonly courier: OutboxCourier;
  /** The operator's counters, sent with the outbox at each round's end. */
  private readonly metrics = new RoomMetrics();
  private readonly queue = new Serial();
  private snapshot: RussianSnapshot | null = null;
  /** The current round's deck and tree (russian-fairness.ts): rebuilt from its seed, not stored. */
  private deal: RussianDeal | null = null;
  /** Each viewer's state as the last change sent it, to send the next one as a delta. */
  private sent = new Map<string, RussianStateMessage>();
  private armedAt: number | null = null;
  private recovered = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new RussianStorage(ctx.storage);
    this.sockets = new RoomSockets(ctx);
    this.chat = new TableChat(ctx.storage);
    this.courier = new OutboxCourier(
      this.store,
      () => database(this.env.DB),
      () =>
        this.snapshot && {
          tableId: this.snapshot.room.tableId,
          counts: { playersSeated: this.snapshot.table.seats.length, averagePot: null },
        },
      () => this.arm(),
    );
    ctx.blockConcurrencyWhile(async () => {
      this.store.migrate();
      const stored = this.store.snapshot();
      this.snapshot = stored && {
        ...stored,
        room: { ...stored.room, fairness: storedFairness(stored.room.fairness) },
      };
      this.deal = await dealOf(this.snapshot?.room.fairness ?? null);
      this.armedAt = clockTimeOf(await ctx.storage.getAlarm());
    });
  }

  private get current(): RussianSnapshot {
    if (!this.snapshot) throw new Error("russian room used before its table was loaded");
    return this.snapshot;
  }

  private get db() {
    return database(this.env.DB);
  }

  // -- the cashier's RPC (the same requests the TableRoom takes) -------------

  buyIn(request: BuyInRequest): Promise<BuyInResult> {
    return this.queue.run(async () => {
      const requestKey = `buy_in:${request.userId}:${request.key}`;
      const done = this.store.result(requestKey) as BuyInResult | null;
      if (done) return done.ok ? { ...done, replayed: true } : done;
      const row = await loadTable(this.db, request.tableId);
      if (row?.status !== "open") return { ok: false, code: "table_closed" };
      const ready = await this.ready(request.tableId, row.stake);
      if (!ready.ok) return { ok: false, code: "game_unavailable", reason: ready.reason };
      // Checked before any money moves: the same command is applied once it has.
      const planned = russian.applyRussianTable(
        this.current.table,
        seatCommand(this.current.table, request),
      );
      if (!planned.ok) return refusalOf(this.current.table, request, planned.error);
      const intent: RussianIntent = {
        ledgerKey: request.key,
        userId: request.userId,
        name: request.name,
        amount: request.amount,
        requestKey,
      };
      const result = await this.fund(intent, clockNow(), false);
      await this.runDue(clockNow());
      await this.courier.flush();
      return result;
    });
  }

  cashOut(request: CashOutRequest): Promise<CashOutResult> {
    return this.queue.run(async () => {
      const requestKey = `cash_out:${request.userId}:${request.key}`;
      const done = this.store.result(requestKey) as CashOutResult | null;
      if (done) return done.ok ? { ...done, replayed: true } : done;
      const ready = await this.ready(request.tableId);
      if (!ready.ok) return { ok: false, code: "not_seated" };
      const seat = this.current.table.seats.find((s) => s.playerId === request.userId);
      if (!seat) return { ok: false, code: "not_seated" };
      if (seat.leaving) return { ok: true, cashedOut: 0, leavingAfterHand: true, replayed: false };
      const left = russian.applyRussianTable(this.current.table, {
        type: "leave",
        playerId: request.userId,
      });
      if (!left.ok) {
        return {
          ok: false,
          code: "refused",
          message: left.error.message,
          refusal: left.error.code,
        };
      }
      const paid = left.events.find((e) => e.type === "playerLeft");
      const result: CashOutResult = {
        ok: true,
        cashedOut: paid?.type === "playerLeft" ? paid.cashOut : 0,
        leavingAfterHand: paid === undefined,
        replayed: false,
      };
      this.change(left.state, left.events, clockNow(), { results: [[requestKey, result]] });
      await this.courier.flush();
      return result;
    });
  }

  /** Buy-in money: intent stored, ledger moved, chips seated, or refunded if the seat went. */
  private async fund(intent: RussianIntent, now: number, stored: boolean): Promise<BuyInResult> {
    if (!stored) this.store.commit({ intent }, now);
    const tableId = this.current.room.tableId;
    const moved = await move(this.db, "buy_in", {
      tableId,
      userId: intent.userId,
      amount: intent.amount,
      key: intent.ledgerKey,
    });
    const intentDone = russianIntentKey(intent);
    if (!moved.ok) {
      this.store.commit({ intentDone }, now);
      if (moved.reason === "key_reused") return { ok: false, code: "key_reused" };
      const balance = moved.balances[walletOf(intent.userId).id] ?? 0;
      return { ok: false, code: "insufficient_funds", balance };
    }
    const seated = russian.applyRussianTable(
      this.current.table,
      seatCommand(this.current.table, intent),
    );
    if (!seated.ok) {
      const refused = refusalOf(this.current.table, intent, seated.error);
      const refund = refundOf(tableId, intent);
      this.store.commit(
        { outbox: [refund], results: [[intent.requestKey, refused]], intentDone },
        now,
      );
      inBackground(this.courier.flush(), "outbox delivery");
      return refused;
    }
    const table = seated.state;
    const result: BuyInResult = {
      ok: true,
      seat: table.seats.findIndex((s) => s.playerId === intent.userId) + 1,
      stack: russian.chipsOf(table, intent.userId) ?? 0,
      effective: "now",
      replayed: moved.replayed,
    };
    this.change(table, seated.events, now, {
      results: [[intent.requestKey, result]],
      intentDone,
    });
    return result;
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
      if (this.chat.setMode(stake.chat)) this.sockets.sendAll(this.chat.snapshot());
      if (!this.snapshot) return { ok: true, applied: false };
      await this.ready(null);
      const plan = russianPlanOf(stake, nextHandDelayMs(this.env, NEXT_HAND_DELAY_MS));
      if (!plan.ok) return plan;
      const changed = russian.applyRussianTable(this.current.table, {
        type: "setRules",
        setup: plan.setup,
      });
      if (!changed.ok) return { ok: false, reason: changed.error.message };
      // The clocks already running keep their deadlines; the next ones use the new times.
      this.change(changed.state, changed.events, clockNow(), {
        room: (room) => ({ ...room, timing: plan.timing }),
      });
      return { ok: true, applied: true };
    });
  }

  /** The player's chips here, as the cashier counts them before a reload (0 when not seated). */
  chipsOf(playerId: string): Promise<number> {
    return this.queue.run(async () =>
      this.snapshot ? (russian.chipsOf(this.snapshot.table, playerId) ?? 0) : 0,
    );
  }

  /** lobby.myTables: his seat here as the bar shows it, from memory (a room not loaded has no one). */
  seatSummary(playerId: string): Promise<SeatSummary> {
    return this.queue.run(async () =>
      this.snapshot ? russianSeatSummary(this.snapshot.table, playerId) : NOT_SEATED,
    );
  }

  // -- sockets --------------------------------------------------------------

  /** auth.signOut: close that session's sockets here. Returns how many were open. */
  async endSession(sessionId: string): Promise<number> {
    return this.sockets.endSession(sessionId);
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const viewer = viewerFrom(request.headers);
    const session = sessionFrom(request.headers);
    return this.queue.run(async () => {
      const ready = await this.ready(request.headers.get(TABLE_HEADER));
      const { 0: client, 1: server } = new WebSocketPair();
      this.sockets.accept(server, viewer, session);
      if (ready.ok) {
        sendState(server, this.stateFor(viewer));
        send(server, this.chat.snapshot());
      } else {
        send(server, errorMessage("game_unavailable", ready.reason));
        server.close(CLOSE_UNAVAILABLE, "unavailable");
      }
      return new Response(null, { status: 101, webSocket: client });
    });
  }

  override async webSocketMessage(socket: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    // Counted from here: the wait in the queue is part of what the player waits.
    const receivedAt = clockNow();
    await this.queue.run(async () => {
      try {
        await this.onMessage(socket, raw, receivedAt);
      } catch (error) {
        logError("russian room: message failed", error, { table: this.snapshot?.room.tableId });
        this.refuse(
          socket,
          errorMessage("internal_error", "Something went wrong; send sync to refresh."),
        );
      }
    });
  }

  /** A refusal (or failure) goes to its socket alone, and is counted by code. */
  private refuse(socket: WebSocket, message: ErrorMessage): void {
    this.metrics.refused(message.code);
    send(socket, message);
  }

  override async webSocketClose(socket: WebSocket): Promise<void> {
    // A player who disconnects keeps his boxes: the clock decides for him if he does not return.
    try {
      socket.close();
    } catch {
      // already closed
    }
  }

  private async onMessage(
    socket: WebSocket,
    raw: string | ArrayBuffer,
    receivedAt: number,
  ): Promise<void> {
    const refuse = (message: ErrorMessage) => this.refuse(socket, message);
    const owner = this.sockets.owner(socket);
    if (!owner) return refuse(errorMessage("replaced", "This table is open elsewhere."));
    const { viewer } = owner;
    const parsed = parseRussianClientMessage(raw);
    if (!parsed.ok) return refuse(errorMessage(parsed.code, parsed.message));
    const ready = await this.ready(null);
    if (!ready.ok) return refuse(errorMessage("game_unavailable", ready.reason));
    if (parsed.message.type === "chat") {
      const { text, seq } = parsed.message;
      const index = viewer
        ? this.current.table.seats.findIndex((s) => s.playerId === viewer.playerId)
        : -1;
      const said = this.chat.say(viewer, index < 0 ? null : index + 1, text, seq, clockNow());
      if (!said.ok) return refuse(errorMessage(said.code, said.message, seq, said.params));
      const line = {
        type: "chat" as const,
        mode: this.chat.mode,
        reset: false,
        lines: [said.line],
      };
      return this.sockets.sendAll(line);
    }
    const decision = decideRussian(this.current, viewer, parsed.message);
    if (decision.type === "snapshot") {
      sendState(socket, this.stateFor(viewer));
      return send(socket, this.chat.snapshot());
    }
    if (decision.type === "proofs") return send(socket, this.proofsFor(viewer));
    if (decision.type === "refuse") {
      return refuse(errorMessage(decision.code, decision.message, decision.seq, decision.params));
    }
    const now = clockNow();
    const result = await this.play(decision.command);
    if (!result.ok) {
      return refuse(errorMessage(result.error.code, result.error.message, decision.seq));
    }
    const { playerId, seq } = decision;
    this.change(result.state, result.events, now, {
      room: (room) => ({ ...room, lastSeq: { ...room.lastSeq, [playerId]: seq } }),
    });
    this.metrics.action(clockNow() - receivedAt);
    await this.runDue(now);
  }

  // -- time -----------------------------------------------------------------

  override async alarm(): Promise<void> {
    const firedFor = this.armedAt;
    this.armedAt = null;
    await this.queue.run(async () => {
      if (!this.snapshot) return;
      await this.ready(null);
      // Only a test fires an alarm before its time: it then stands for the earliest deadline.
      const early = firedFor !== null && clockNow() < firedFor;
      const deadline = russianDeadline(this.current) ?? 0;
      const now = early ? Math.max(firedFor, deadline) : clockNow();
      const { retryAt } = this.courier;
      if (retryAt !== null && retryAt <= now) inBackground(this.courier.flush(), "outbox delivery");
      try {
        await this.runDue(now);
      } catch (error) {
        logError("russian room: alarm failed", error, { table: this.current.room.tableId });
      }
      this.armedAt = null;
      await this.arm();
    });
  }

  /** The house's work that is due: open a round, close the bets, run the action clock out. */
  private async runDue(now: number): Promise<void> {
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
  private async play(command: russian.RussianTableCommand): Promise<TableResult> {
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
  private change(
    table: russian.RussianTableState,
    events: russian.RussianTableEvent[],
    now: number,
    options: ChangeOptions = {},
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
    this.snapshot = snapshot;
    this.broadcast();
    if (outbox.length > 0) inBackground(this.courier.flush(), "outbox delivery");
    inBackground(this.arm(), "setting the alarm");
  }

  /** The counters since the last round's end, when this change ended one (room-metrics.ts). */
  private metricsAtRoundEnd(events: russian.RussianTableEvent[], now: number): OutboxItem[] {
    const settled = events.find((e) => e.type === "roundEvent" && e.event.type === "roundSettled");
    if (settled?.type !== "roundEvent") return [];
    const counts = this.metrics.take(now, 1, this.sockets.viewers());
    return [{ kind: "metrics", key: `r${settled.roundNumber}`, source: "russian", counts }];
  }

  /**
   * Each socket gets what changed in its viewer's state since the last change, or the whole
   * state when the room holds none of that viewer's one change back (after a wake from
   * hibernation, or for a viewer who had no socket then).
   */
  private broadcast(): void {
    const texts = new Map<string, string>();
    const sent = new Map<string, RussianStateMessage>();
    const memo: DiffMemo = new WeakMap();
    for (const socket of this.ctx.getWebSockets()) {
      const owner = this.sockets.owner(socket);
      if (!owner) continue;
      const key = owner.viewer?.playerId ?? "";
      let text = texts.get(key);
      if (text === undefined) {
        const state = this.stateFor(owner.viewer);
        const before = this.sent.get(key);
        const follows = before !== undefined && before.feed === state.feed - 1;
        text = JSON.stringify(follows ? russianDeltaOf(before, state, memo) : state);
        texts.set(key, text);
        sent.set(key, state);
      }
      try {
        socket.send(text);
      } catch {
        // closed meanwhile: a reconnect gets a fresh state
      }
    }
    this.sent = sent;
  }

  private stateFor(viewer: Viewer | null): RussianStateMessage {
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

  private proofsFor(viewer: Viewer | null) {
    const { table, room } = this.current;
    const view = russian.russianTableView(table, viewer?.playerId ?? null);
    return (
      russianProofsFor(room.fairness, this.deal, view) ??
      errorMessage("no_proofs", "This round makes no fairness claim (none dealt yet).")
    );
  }

  private async arm(now = clockNow()): Promise<void> {
    const times = [this.snapshot && russianDeadline(this.snapshot), this.courier.retryAt].filter(
      (t): t is number => typeof t === "number",
    );
    if (times.length === 0) return;
    const at = Math.min(...times);
    if (this.armedAt !== null && this.armedAt > now && this.armedAt <= at) return;
    this.armedAt = at;
    await this.ctx.storage.setAlarm(alarmTimeOf(at));
  }

  // -- start-up -------------------------------------------------------------

  /** The table on first use, from its stake in D1; after a restart, buy-ins and the outbox finished. */
  private async ready(tableId: string | null, stake?: StakeRow): Promise<Ready> {
    if (!this.snapshot) {
      if (!tableId) return { ok: false, reason: "This table is not open." };
      const row = stake ? { stake } : await loadTable(this.db, tableId);
      if (!row) return { ok: false, reason: "There is no such table." };
      const plan = russianPlanOf(row.stake, nextHandDelayMs(this.env, NEXT_HAND_DELAY_MS));
      if (!plan.ok) return plan;
      const created = russian.createRussianTable(plan.setup);
      if (!created.ok) return { ok: false, reason: created.error.message };
      this.chat.setMode(row.stake.chat);
      const snapshot = { table: created.state, room: initialRussianRoom(tableId, plan.timing) };
      this.store.commit({ snapshot }, clockNow());
      this.snapshot = snapshot;
      this.recovered = true;
    }
    if (!this.recovered) {
      try {
        for (const intent of this.store.intents()) await this.fund(intent, clockNow(), true);
        this.recovered = true;
      } catch (error) {
        logError("russian room: recovery failed, will retry", error, {
          table: this.snapshot?.room.tableId,
        });
      }
      inBackground(this.courier.flush(), "outbox delivery");
      await this.arm();
    }
    return { ok: true };
  }
}

function sendState(socket: WebSocket, message: RussianStateMessage): void {
  try {
    socket.send(JSON.stringify(message));
  } catch {
    // closed meanwhile: a reconnect gets a fresh state
  }
}

/** A buy-in as the table's command: sit down, or add chips when already seated. */
function seatCommand(
  table: russian.RussianTableState,
  request: { userId: string; name: string; amount: number },
): russian.RussianTableCommand {
  return table.seats.some((s) => s.playerId === request.userId)
    ? { type: "addChips", playerId: request.userId, amount: request.amount }
    : { type: "sit", playerId: request.userId, name: request.name, chips: request.amount };
}

/** The engine's refusal as the cashier's. */
function refusalOf(
  table: russian.RussianTableState,
  request: { userId: string },
  error: russian.RussianError,
): BuyInResult {
  const stack = russian.chipsOf(table, request.userId) ?? 0;
  switch (error.code) {
    case "table_full":
      return { ok: false, code: "table_full", seats: table.maxPlayers };
    case "below_min":
      return { ok: false, code: "below_min", minBuyIn: table.minBuyIn };
    case "above_max":
      return { ok: false, code: "above_max", maxBuyIn: table.maxBuyIn, stack };
    default:
      return { ok: false, code: "refused", message: error.message, refusal: error.code };
  }
}
