import { chipsOfPlayer, createTable, handSeatOf } from "@felt/engine";
import { parseClientMessage, type StateMessage } from "@felt/protocol";
import { chaosEnabled } from "../chaos";
import { now as clockNow } from "../clock";
import { type Env, nextHandDelayMs } from "../env";
import { OPEN_HOME } from "../home/rules";
import type { RosterSeat, TableOpening } from "../tournaments/table-contract";
import { buyIn, cashOut, finishIntents } from "./cash-money";
import type { PlayMessage } from "./client-commands";
import { type Ready, RoomObject } from "./core/room-object";
import {
  type HomeControlRequest,
  type HomeControlResult,
  type HomeStatus,
  homeControl,
  homeStatus,
} from "./home-mode";
import { eventsForViewer, seatOf, stateMessage } from "./messages";
import type { Viewer } from "./room-headers";
import { send } from "./room-sockets";
import { initialRoom, type Snapshot } from "./room-state";
import { NOT_SEATED, type SeatSummary, tableSeatSummary } from "./seat-summary";
import { NEXT_HAND_DELAY_MS, type StakeRow, tablePlanOf } from "./stake";
import { type Restaked, restake } from "./stake-change";
import type { BuyInRequest, BuyInResult, CashOutRequest, CashOutResult } from "./table-bank";
import { type CloseRequest, type CloseResult, closeTable } from "./table-close";
import { runDue } from "./table-due";
import { TablePipeline } from "./table-pipeline";
import { playMessage } from "./table-play";
import { lookAgain, openTournamentTable } from "./tournament-mode";
import {
  changeWaitlist,
  type WaitlistAnswer,
  type WaitlistRequest,
  type WaitStatus,
  waitStatus,
} from "./waitlist-mode";

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
export class TableRoom extends RoomObject<Snapshot, PlayMessage> {
  private readonly pipeline: TablePipeline;
  protected readonly core: TablePipeline;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.pipeline = new TablePipeline(ctx, env);
    this.core = this.pipeline;
    ctx.blockConcurrencyWhile(() => this.pipeline.start());
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

  // -- the waiting list (T-12, waitlist-mode.ts) -------------------------------

  waitlist(request: WaitlistRequest): Promise<WaitlistAnswer> {
    return this.queue.run(async () => {
      const ready = await this.ready(request.tableId);
      if (!ready.ok) return { ok: false, code: "no_waitlist" };
      return changeWaitlist(this.pipeline, request, clockNow());
    });
  }

  waitStatus(playerId: string): Promise<WaitStatus> {
    return this.queue.run(async () => waitStatus(this.pipeline.snapshot, playerId));
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

  // -- a home game's host (the home/ routers) -----------------------------------

  /** H-2: pause, resume, close, or remove a player; decided on the room's state (home-mode.ts). */
  homeControl(request: HomeControlRequest): Promise<HomeControlResult> {
    return this.queue.run(async () => {
      const ready = await this.ready(request.tableId);
      if (!ready.ok) return { ok: false, code: "not_home_game" };
      return homeControl(this.pipeline, request, clockNow());
    });
  }

  /** The host's panel: paused, closed, who sits with how many chips; null at a table that is no home game. */
  homeStatus(tableId: string): Promise<HomeStatus | null> {
    return this.queue.run(async () => {
      const ready = await this.ready(tableId);
      return ready.ok ? homeStatus(this.pipeline) : null;
    });
  }

  /** H-1: the host turned this viewer away: his sockets here are closed. */
  endViewer(playerId: string): Promise<number> {
    return this.queue.run(async () => this.pipeline.sockets.endPlayer(playerId));
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

  // -- the game's hooks (core/room-object.ts) ---------------------------------

  protected parse(raw: string | ArrayBuffer) {
    return parseClientMessage(raw);
  }

  protected seatNumber(viewer: Viewer): number | null {
    return seatOf(this.pipeline.current.table, viewer.playerId);
  }

  /** The whole state for one viewer, with the recent events a fresh page's hand log starts from. */
  protected stateFor(viewer: Viewer | null): StateMessage {
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

  protected play(
    socket: WebSocket,
    viewer: Viewer | null,
    message: PlayMessage,
    receivedAt: number,
  ): Promise<void> {
    return playMessage(this.pipeline, viewer, message, receivedAt, {
      welcome: () => this.welcome(socket, viewer),
      send: (m) => send(socket, m),
      refuse: (m) => this.refuse(socket, m),
    });
  }

  // -- time -----------------------------------------------------------------

  protected runDue(now: number): Promise<void> {
    return runDue(this.pipeline, now);
  }

  // -- start-up -------------------------------------------------------------

  protected open(tableId: string, stake: StakeRow): Ready {
    const plan = this.planOf(stake);
    if (!plan.ok) return { ok: false, reason: plan.reason };
    const created = createTable(plan.setup);
    if (!created.ok) return { ok: false, reason: created.error.message };
    const room = initialRoom(tableId, plan.timing);
    // A home game's room keeps the host's pause and close (H-2).
    if (stake.home) room.home = OPEN_HOME;
    this.pipeline.create({ table: created.state, room }, clockNow());
    return { ok: true };
  }

  protected recover(): Promise<void> {
    return finishIntents(this.pipeline);
  }

  private planOf(stake: StakeRow) {
    return tablePlanOf(stake, nextHandDelayMs(this.env, NEXT_HAND_DELAY_MS));
  }
}
