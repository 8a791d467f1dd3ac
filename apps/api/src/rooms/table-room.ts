import { DurableObject } from "cloudflare:workers";
import { chipsOfPlayer, createTable, handSeatOf } from "@felt/engine";
import { type ClientMessage, parseClientMessage, type StateMessage } from "@felt/protocol";
import { chaosEnabled } from "../chaos";
import { now as clockNow } from "../clock";
import { inBackground } from "../durable/background";
import { Serial } from "../durable/serial";
import { type Env, nextHandDelayMs } from "../env";
import { logError } from "../log";
import type { RosterSeat, TableOpening } from "../tournaments/table-contract";
import { autoRebuys, buyIn, cashOut, finishIntents } from "./cash-money";
import { decide } from "./client-commands";
import { refusalParams } from "./error-params";
import {
  type ErrorMessage,
  errorMessage,
  eventsForViewer,
  proofsMessage,
  seatOf,
  stateMessage,
} from "./messages";
import { sessionFrom, TABLE_HEADER, type Viewer, viewerFrom } from "./room-headers";
import { CLOSE_UNAVAILABLE, send } from "./room-sockets";
import { dueWork, initialRoom, nextDeadline, type RoomState } from "./room-state";
import { NOT_SEATED, type SeatSummary, tableSeatSummary } from "./seat-summary";
import { loadTable, NEXT_HAND_DELAY_MS, type StakeRow, tablePlanOf } from "./stake";
import { playPendingStakes, type Restaked, restake } from "./stake-change";
import type { BuyInRequest, BuyInResult, CashOutRequest, CashOutResult } from "./table-bank";
import { TableChat } from "./table-chat";
import { type CloseRequest, type CloseResult, closeTable } from "./table-close";
import { TablePipeline } from "./table-pipeline";
import {
  dealTournamentHand,
  lookAgain,
  openTournamentTable,
  reportTournamentHand,
} from "./tournament-mode";

type Ready = { ok: true } | { ok: false; reason: string };

/** How many recent events a snapshot carries for the hand log (a long hand has about a hundred). */
const RECENT_EVENTS = 200;

/**
 * One Durable Object per table: the only writer of its state. Its hooks and
 * RPC methods only queue work: every change goes through the pipeline
 * (`table-pipeline.ts`: store, tell the sockets, arm the alarm); the money of
 * cash tables is in `cash-money.ts`, tournament tables in `tournament-mode.ts`.
 *
 * Every entry point runs in one queue, so a change is decided on the state it
 * read even when it waits on D1 (buy-ins do). Each change is stored with its
 * events and outbox rows in one transaction before any socket hears of it.
 */
export class TableRoom extends DurableObject<Env> {
  private readonly pipeline: TablePipeline;
  private readonly chat: TableChat;
  private readonly queue = new Serial();
  /** Unfinished buy-ins and the outbox are looked at once per start. */
  private recovered = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.pipeline = new TablePipeline(ctx, env);
    this.chat = new TableChat(ctx.storage);
    ctx.blockConcurrencyWhile(() => this.pipeline.load());
  }

  // -- the cashier's RPC ----------------------------------------------------

  buyIn(request: BuyInRequest): Promise<BuyInResult> {
    return this.queue.run(async () => {
      // After a restart, buy-ins cut off by it are finished first: a retry of one is then a replay.
      if (this.pipeline.snapshot) await this.ready(null);
      return buyIn(this.pipeline, request, (tableId, stake) => this.ready(tableId, stake));
    });
  }

  cashOut(request: CashOutRequest): Promise<CashOutResult> {
    return this.queue.run(async () => {
      const ready = await this.ready(request.tableId);
      if (!ready.ok) return { ok: false, code: "not_seated" };
      return cashOut(this.pipeline, request);
    });
  }

  /** The player's chips here, as the cashier counts them before a reload (0 when not seated). */
  chipsOf(playerId: string): Promise<number> {
    return this.queue.run(async () =>
      this.pipeline.snapshot ? chipsOfPlayer(this.pipeline.current.table, playerId) : 0,
    );
  }

  /** lobby.myTables: his seat here as the bar shows it, from memory (a room not loaded has no one). */
  seatSummary(playerId: string): Promise<SeatSummary> {
    return this.queue.run(async () =>
      this.pipeline.snapshot ? tableSeatSummary(this.pipeline.current.table, playerId) : NOT_SEATED,
    );
  }

  // -- the admin's RPC -------------------------------------------------------

  /** Close the table, in the queue: buy-ins in flight finish first, later ones find it closed. */
  close(request: CloseRequest): Promise<CloseResult> {
    return this.queue.run(async () => {
      if (this.pipeline.snapshot) await this.ready(null);
      return closeTable(this.pipeline, request);
    });
  }

  /** The stake was edited: its new rules from the next hand. A table not loaded yet reads them from D1 anyway. */
  stakeChanged(stake: StakeRow): Promise<Restaked> {
    return this.queue.run(async () => {
      if (!this.pipeline.snapshot) return { ok: true, applied: false };
      await this.ready(null);
      // Who may chat changes at once; the game's rules wait for the hand to end.
      if (this.chat.setMode(stake.chat)) this.pipeline.sockets.sendAll(this.chat.snapshot());
      return restake(this.pipeline, this.planOf(stake), clockNow());
    });
  }

  // -- the soak's chaos (test-only, chaos.ts) -----------------------------------

  /** Die as a crash would: everything not yet stored is lost, and the next use starts afresh. */
  abortForChaos(): { aborted: false } {
    if (chaosEnabled(this.env)) this.ctx.abort("chaos: aborted by the soak test");
    return { aborted: false };
  }

  // -- the tournament's RPC ---------------------------------------------------

  openTournamentTable(opening: TableOpening): Promise<void> {
    return this.queue.run(async () => {
      if (!this.pipeline.snapshot) this.recovered = true;
      openTournamentTable(this.pipeline, opening);
    });
  }

  lookAgain(roster: RosterSeat[] | null): Promise<void> {
    return this.queue.run(async () => lookAgain(this.pipeline, roster));
  }

  // -- sockets --------------------------------------------------------------

  /** auth.signOut: close that session's sockets here. Returns how many were open. */
  async endSession(sessionId: string): Promise<number> {
    return this.pipeline.sockets.endSession(sessionId);
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
      this.pipeline.sockets.accept(server, viewer, session);
      if (ready.ok) {
        send(server, this.snapshotFor(viewer));
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
        // The details stay in the logs; the client learns only how to recover.
        logError("table room: message failed", error, {
          table: this.pipeline.snapshot?.room.tableId,
        });
        this.refuse(
          socket,
          errorMessage("internal_error", "Something went wrong; send sync to refresh."),
        );
      }
    });
  }

  /** A refusal (or failure) goes to its socket alone, and is counted by code. */
  private refuse(socket: WebSocket, message: ErrorMessage): void {
    this.pipeline.metrics.refused(message.code);
    send(socket, message);
  }

  override async webSocketClose(socket: WebSocket): Promise<void> {
    // A player who disconnects keeps his seat: his clock runs like a slow player's.
    try {
      socket.close();
    } catch {
      // already closed
    }
  }

  /** The whole state for one viewer, with the recent events a fresh page's hand log starts from. */
  private snapshotFor(viewer: Viewer | null): StateMessage {
    const { table } = this.pipeline.current;
    // Hole cards follow the player dealt in: one who sat down in a seat after
    // its last hand sees that hand as a spectator, never his predecessor's cards.
    const seat = viewer ? handSeatOf(table, viewer.playerId) : null;
    const recent = this.pipeline.store.recentEvents(table.handNumber, RECENT_EVENTS);
    return {
      ...stateMessage(this.pipeline.current, viewer),
      recent: eventsForViewer(recent, seat),
    };
  }

  private async onMessage(
    socket: WebSocket,
    raw: string | ArrayBuffer,
    receivedAt: number,
  ): Promise<void> {
    const refuse = (message: ErrorMessage) => this.refuse(socket, message);
    const owner = this.pipeline.sockets.owner(socket);
    if (!owner) return refuse(errorMessage("replaced", "This table is open elsewhere."));
    const { viewer } = owner;
    const parsed = parseClientMessage(raw);
    if (!parsed.ok) return refuse(errorMessage(parsed.code, parsed.message));
    const ready = await this.ready(null);
    if (!ready.ok) return refuse(errorMessage("game_unavailable", ready.reason));
    if (parsed.message.type === "chat") return this.onChat(socket, viewer, parsed.message);
    const { pipeline } = this;
    const decision = decide(pipeline.current, viewer, parsed.message);
    switch (decision.type) {
      case "snapshot":
        send(socket, this.snapshotFor(viewer));
        return send(socket, this.chat.snapshot());
      case "proofs":
        return send(socket, proofsMessage(pipeline.current, viewer));
      case "refuse":
        return refuse(errorMessage(decision.code, decision.message, decision.seq, decision.params));
      case "table": {
        const result = await pipeline.play(decision.command);
        if (!result.ok) {
          const params = refusalParams(pipeline.current.table, decision.command, result.error.code);
          return refuse(
            errorMessage(result.error.code, result.error.message, decision.seq, params),
          );
        }
        const seen = seenSeq(decision.playerId, decision.seq);
        pipeline.change(result.state, result.events, clockNow(), { room: seen });
        return pipeline.metrics.action(clockNow() - receivedAt);
      }
      case "room": {
        const seen = seenSeq(decision.playerId, decision.seq);
        pipeline.changeRoom(clockNow(), (room) => seen(decision.change(room)));
        return pipeline.metrics.action(clockNow() - receivedAt);
      }
    }
  }

  /** A chat line is stored, then sent to everyone; a refused one only to its writer. */
  private onChat(
    socket: WebSocket,
    viewer: Viewer | null,
    message: Extract<ClientMessage, { type: "chat" }>,
  ): void {
    const seat = viewer ? seatOf(this.pipeline.current.table, viewer.playerId) : null;
    const said = this.chat.say(viewer, seat, message.text, message.seq, clockNow());
    if (!said.ok) {
      this.refuse(socket, errorMessage(said.code, said.message, message.seq, said.params));
      return;
    }
    this.pipeline.sockets.sendAll({
      type: "chat",
      mode: this.chat.mode,
      reset: false,
      lines: [said.line],
    });
  }

  // -- time -----------------------------------------------------------------

  override async alarm(): Promise<void> {
    const firedFor = this.pipeline.armedAt;
    this.pipeline.armedAt = null;
    await this.queue.run(async () => {
      if (!this.pipeline.snapshot) return;
      await this.ready(null);
      // Only a test fires an alarm before its time: it then stands for the
      // earliest deadline (the alarm may have been set for an earlier one that passed).
      const early = firedFor !== null && clockNow() < firedFor;
      const deadline = nextDeadline(this.pipeline.current) ?? 0;
      const now = early ? Math.max(firedFor, deadline) : clockNow();
      try {
        await this.runDue(now);
      } catch (error) {
        logError("table room: alarm failed", error, { table: this.pipeline.current.room.tableId });
      }
      // A change queued while this alarm waited may have armed it for the time that just
      // fired; workerd clears that when this handler ends. So arm afresh for what comes next.
      this.pipeline.armedAt = null;
      await this.pipeline.arm();
    });
  }

  private async runDue(now: number): Promise<void> {
    const { pipeline } = this;
    const { retryAt } = pipeline.courier;
    if (retryAt !== null && retryAt <= now)
      inBackground(pipeline.courier.flush(), "outbox delivery");
    const due = dueWork(pipeline.current, now);
    // A timed-out player checks or folds; the table layer sits him out after two in a row.
    if (due.timeout) await pipeline.apply({ type: "timeout" }, now);
    for (const playerId of due.expired) await pipeline.apply({ type: "leave", playerId }, now);
    if (due.restake) await playPendingStakes(pipeline, now);
    // A tournament hand that just settled is reported at once (MT-1: rebuys wait on it).
    if (dueWork(pipeline.current, now).report) await reportTournamentHand(pipeline, now);
    if (!dueWork(pipeline.current, now).deal) return;
    if (pipeline.current.room.tournament) return dealTournamentHand(pipeline, now);
    const topUps = await autoRebuys(pipeline, now);
    const toppedUp = topUps ? { ...pipeline.current, table: topUps.table } : pipeline.current;
    if (!dueWork(toppedUp, now).deal) {
      if (topUps) pipeline.commitPending(topUps, now);
      return;
    }
    await pipeline.deal(now, (deck) => ({ type: "startHand", deck }), undefined, topUps);
  }

  // -- start-up -------------------------------------------------------------

  /**
   * The table on first use: its stake from D1 becomes the engine's table.
   * After a restart: buy-ins cut off by a crash are finished, the outbox is
   * flushed and the alarm set again. A failed recovery is retried next time.
   */
  private async ready(tableId: string | null, stake?: StakeRow): Promise<Ready> {
    const { pipeline } = this;
    if (!pipeline.snapshot) {
      if (!tableId) return { ok: false, reason: "This table is not open." };
      const row = stake ? { stake } : await loadTable(pipeline.db, tableId);
      if (!row) return { ok: false, reason: "There is no such table." };
      const plan = this.planOf(row.stake);
      if (!plan.ok) return { ok: false, reason: plan.reason };
      const created = createTable(plan.setup);
      if (!created.ok) return { ok: false, reason: created.error.message };
      this.chat.setMode(row.stake.chat);
      pipeline.create(
        { table: created.state, room: initialRoom(tableId, plan.timing) },
        clockNow(),
      );
      this.recovered = true;
    }
    if (!this.recovered) {
      try {
        await finishIntents(pipeline);
        this.recovered = true;
      } catch (error) {
        logError("table room: recovery failed, will retry", error, {
          table: this.pipeline.snapshot?.room.tableId,
        });
      }
      inBackground(pipeline.courier.flush(), "outbox delivery");
      await pipeline.arm();
    }
    return { ok: true };
  }

  private planOf(stake: StakeRow) {
    return tablePlanOf(stake, nextHandDelayMs(this.env, NEXT_HAND_DELAY_MS));
  }
}

const seenSeq =
  (playerId: string, seq: number) =>
  (room: RoomState): RoomState => ({ ...room, lastSeq: { ...room.lastSeq, [playerId]: seq } });
