import { DurableObject } from "cloudflare:workers";
import {
  applyTable,
  createTable,
  occupantOf,
  type TableCommand,
  type TableEvent,
  type TableResult,
  type TableState,
} from "@felt/engine";
import { commitmentOf, newSeed, seedToHex, shuffleWithSeed } from "@felt/fairness";
import { parseClientMessage } from "@felt/protocol";
import { database } from "../db/client";
import { type Env, nextHandDelayMs } from "../env";
import { buyIn as moveBuyIn, walletOf } from "../ledger/ledger";
import type { RosterSeat, TableOpening } from "../tournaments/protocol";
import { decide } from "./client-commands";
import { deckOfTable, withReshuffles } from "./game-deck";
import { handRecord } from "./hand-history";
import { errorMessage, stateMessage } from "./messages";
import { outboxFor, refundOf } from "./outbox";
import { OutboxCourier } from "./outbox-delivery";
import { TABLE_HEADER, viewerFrom } from "./room-headers";
import { CLOSE_UNAVAILABLE, RoomSockets, send } from "./room-sockets";
import {
  dueWork,
  initialRoom,
  nextDeadline,
  type Rebuy,
  type RoomState,
  rebuysDue,
  roomAfter,
  type Snapshot,
} from "./room-state";
import { type EventRow, RoomStorage, type Writes } from "./room-storage";
import { loadTable, NEXT_HAND_DELAY_MS, type StakeRow, tablePlanOf } from "./stake";
import {
  applyFunding,
  type BuyInRequest,
  type BuyInResult,
  type CashOutRequest,
  type CashOutResult,
  type FundingIntent,
  intentKey,
  planBuyIn,
  rebuyIntent,
} from "./table-bank";
import {
  rosterCommand,
  TOURNAMENT_POLL_MS,
  tournamentTableSetup,
  tournamentTiming,
} from "./tournament-table";

type Ready = { ok: true } | { ok: false; reason: string };
type ChangeOptions = Pick<Writes, "results" | "intentDone"> & {
  /** Room-only changes (seq seen, auto-rebuy, the next hand's commitment), made before the usual bookkeeping. */
  room?: (room: RoomState) => RoomState;
  logged?: EventRow["event"][];
};

/**
 * One Durable Object per table: the only writer of its state. It wires
 * storage, sockets and the alarm around pure helpers: the engine plays,
 * `room-state` keeps clocks and timers, `messages` builds what each socket
 * may see, `outbox` lists what the ledger and D1 owe after a change.
 *
 * Every entry point runs in one queue, so a change is decided on the state it
 * read even when it waits on D1 (buy-ins do). Each change is stored with its
 * events and outbox rows in one transaction before any socket hears of it.
 */
export class TableRoom extends DurableObject<Env> {
  private readonly store: RoomStorage;
  private snapshot: Snapshot | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  /** Unfinished buy-ins and the outbox are looked at once per start. */
  private recovered = false;
  /** The alarm time last set, so the alarm knows which deadline woke it. */
  private armedAt: number | null = null;
  private readonly sockets: RoomSockets;
  private readonly courier: OutboxCourier;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new RoomStorage(ctx.storage);
    this.sockets = new RoomSockets(ctx);
    this.courier = new OutboxCourier(
      this.store,
      () => this.db,
      () => this.snapshot,
      () => this.arm(),
    );
    ctx.blockConcurrencyWhile(async () => {
      this.store.migrate();
      this.snapshot = this.store.snapshot();
      // Any alarm still set was set for this snapshot's earliest deadline.
      this.armedAt = this.snapshot ? nextDeadline(this.snapshot) : null;
    });
  }

  // -- the cashier's RPC ----------------------------------------------------

  /** Sit down (T-4) or add chips (T-5): the money moves wallet → escrow first, then the chips appear. */
  async buyIn(request: BuyInRequest): Promise<BuyInResult> {
    return this.serial(async () => {
      const requestKey = `buy_in:${request.userId}:${request.key}`;
      const done = this.store.result(requestKey) as BuyInResult | null;
      if (done) return done.ok ? { ...done, replayed: true } : done;
      if (this.snapshot?.room.tournament) return { ok: false, code: "table_closed" };
      const row = await loadTable(this.db, request.tableId);
      if (row?.status !== "open") return { ok: false, code: "table_closed" };
      const ready = await this.ready(request.tableId, row.stake);
      if (!ready.ok) return { ok: false, code: "game_unavailable", reason: ready.reason };
      const plan = planBuyIn(this.current.table, request);
      if (!plan.ok) return { ok: false, ...plan.refusal };
      const result = await this.fund({
        ledgerKey: request.key,
        userId: request.userId,
        amount: request.amount,
        commands: [plan.command],
        requestKey,
      });
      await this.courier.flush();
      return result;
    });
  }

  /** Leave: cashed out now between hands, or folded and cashed out when the hand ends. */
  async cashOut(request: CashOutRequest): Promise<CashOutResult> {
    return this.serial(async () => {
      const requestKey = `cash_out:${request.userId}:${request.key}`;
      const done = this.store.result(requestKey) as CashOutResult | null;
      if (done) return done.ok ? { ...done, replayed: true } : done;
      const ready = await this.ready(request.tableId);
      const occupant = ready.ok ? occupantOf(this.current.table, request.userId) : null;
      if (!occupant) return { ok: false, code: "not_seated" };
      if (occupant.leaving)
        return { ok: true, cashedOut: 0, leavingAfterHand: true, replayed: false };
      const left = await this.play({ type: "leave", playerId: request.userId });
      if (!left.ok) return { ok: false, code: "refused", message: left.error.message };
      const paid = left.events.find((e) => e.type === "playerLeft");
      const result: CashOutResult = {
        ok: true,
        cashedOut: paid?.type === "playerLeft" ? paid.cashOut : 0,
        leavingAfterHand: paid === undefined,
        replayed: false,
      };
      this.change(left.state, left.events, Date.now(), { results: [[requestKey, result]] });
      await this.courier.flush();
      return result;
    });
  }

  // -- the tournament's RPC ---------------------------------------------------

  /** A tournament opens this table with its first players; opening it again is harmless. */
  async openTournamentTable(opening: TableOpening): Promise<void> {
    await this.serial(async () => {
      const now = Date.now();
      if (!this.snapshot) {
        const created = createTable(tournamentTableSetup(opening.seatCount));
        if (!created.ok) throw new Error(`tournament table: ${created.error.message}`);
        const timing = tournamentTiming(nextHandDelayMs(this.env, NEXT_HAND_DELAY_MS));
        const snapshot: Snapshot = {
          table: created.state,
          room: initialRoom(opening.tableId, timing, {
            id: opening.tournamentId,
            number: opening.number,
            hand: null,
            levelNumber: null,
            report: null,
            closed: false,
          }),
        };
        this.store.commit({ snapshot }, now);
        this.snapshot = snapshot;
        this.recovered = true;
      }
      this.seat(opening.roster, now);
    });
  }

  /**
   * The tournament says: look again (players moved, a hand-for-hand round
   * ended, the tournament ended). `roster` is the seating now; null = closed.
   */
  async lookAgain(roster: RosterSeat[] | null): Promise<void> {
    await this.serial(async () => {
      const link = this.snapshot?.room.tournament;
      if (!link || link.closed) return;
      const now = Date.now();
      if (roster === null) return this.close(now);
      this.seat(roster, now);
      if (this.current.room.nextHandAt === null || this.current.room.nextHandAt > now) {
        this.change(this.current.table, [], now, {
          room: (room) => ({ ...room, nextHandAt: now + room.timing.nextHandDelayMs }),
        });
      }
    });
  }

  // -- sockets --------------------------------------------------------------

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const viewer = viewerFrom(request.headers);
    return this.serial(async () => {
      const ready = await this.ready(request.headers.get(TABLE_HEADER));
      const { 0: client, 1: server } = new WebSocketPair();
      this.sockets.accept(server, viewer);
      if (ready.ok) {
        send(server, stateMessage(this.current, viewer));
      } else {
        send(server, errorMessage("game_unavailable", ready.reason));
        server.close(CLOSE_UNAVAILABLE, "unavailable");
      }
      return new Response(null, { status: 101, webSocket: client });
    });
  }

  override async webSocketMessage(socket: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    await this.serial(async () => {
      try {
        await this.onMessage(socket, raw);
      } catch (error) {
        // The details stay in the logs; the client learns only how to recover.
        console.error("table room: message failed:", error);
        send(socket, errorMessage("internal_error", "Something went wrong; send sync to refresh."));
      }
    });
  }

  override async webSocketClose(socket: WebSocket): Promise<void> {
    // A player who disconnects keeps his seat: his clock runs like a slow player's.
    try {
      socket.close();
    } catch {
      // already closed
    }
  }

  private async onMessage(socket: WebSocket, raw: string | ArrayBuffer): Promise<void> {
    const owner = this.sockets.owner(socket);
    if (!owner) return send(socket, errorMessage("replaced", "This table is open elsewhere."));
    const { viewer } = owner;
    const parsed = parseClientMessage(raw);
    if (!parsed.ok) return send(socket, errorMessage(parsed.code, parsed.message));
    const ready = await this.ready(null);
    if (!ready.ok) return send(socket, errorMessage("game_unavailable", ready.reason));
    const decision = decide(this.current, viewer, parsed.message);
    switch (decision.type) {
      case "snapshot":
        return send(socket, stateMessage(this.current, viewer));
      case "refuse":
        return send(socket, errorMessage(decision.code, decision.message, decision.seq));
      case "table": {
        const result = await this.play(decision.command);
        if (!result.ok) {
          return send(socket, errorMessage(result.error.code, result.error.message, decision.seq));
        }
        const seen = seenSeq(decision.playerId, decision.seq);
        this.change(result.state, result.events, Date.now(), { room: seen });
        return;
      }
      case "autoRebuy": {
        const { playerId, upTo, seq } = decision;
        this.change(this.current.table, [], Date.now(), {
          room: (room) => {
            const autoRebuy = { ...room.autoRebuy };
            if (upTo === null) delete autoRebuy[playerId];
            else autoRebuy[playerId] = upTo;
            return { ...seenSeq(playerId, seq)(room), autoRebuy };
          },
        });
        return;
      }
    }
  }

  // -- time -----------------------------------------------------------------

  override async alarm(): Promise<void> {
    const firedFor = this.armedAt;
    this.armedAt = null;
    await this.serial(async () => {
      if (!this.snapshot) return;
      await this.ready(null);
      // The alarm stands for its deadline, even when a test fires it early.
      const now = Math.max(Date.now(), firedFor ?? 0);
      try {
        await this.runDue(now);
      } catch (error) {
        console.error(`table ${this.current.room.tableId}: alarm failed:`, error);
      }
      await this.arm();
    });
  }

  private async runDue(now: number): Promise<void> {
    if (this.courier.retryAt !== null && this.courier.retryAt <= now) void this.courier.flush();
    const due = dueWork(this.current, now);
    // A timed-out player checks or folds; the table layer sits him out after two in a row.
    if (due.timeout) await this.apply({ type: "timeout" }, now);
    for (const playerId of due.expired) await this.apply({ type: "leave", playerId }, now);
    if (dueWork(this.current, now).deal) await this.dealNextHand(now);
  }

  private async apply(command: TableCommand, now: number): Promise<void> {
    const result = await this.play(command);
    if (result.ok) this.change(result.state, result.events, now);
    else
      console.error(`table ${this.current.room.tableId}: ${command.type} refused:`, result.error);
  }

  /**
   * A command on the current table; a draw hand whose stub ran short is
   * reshuffled at once from the hand's seed, before anyone sees the change.
   */
  private play(command: TableCommand): Promise<TableResult> {
    const result = applyTable(this.current.table, command);
    return withReshuffles(result, this.current.room.fairness?.seed ?? null);
  }

  /** T-6 top-ups, then a fresh seed: its commitment goes out before the first card. */
  private async dealNextHand(now: number): Promise<void> {
    if (this.current.room.tournament) return this.dealTournamentHand(now);
    for (const rebuy of rebuysDue(this.current)) await this.autoRebuy(rebuy, now);
    if (!dueWork(this.current, now).deal) return;
    await this.shuffleAndDeal(now, (deck) => ({ type: "startHand", deck }));
  }

  /**
   * A tournament table: the last hand's stacks go to the tournament, which
   * answers with the seating and the next hand's positions and level (MT-3,
   * MT-4, MT-6) — or says wait (a break, hand-for-hand) or that the table is closed.
   */
  private async dealTournamentHand(now: number): Promise<void> {
    const link = this.current.room.tournament as NonNullable<RoomState["tournament"]>;
    const tournament = this.env.TOURNAMENT_ROOM.get(this.env.TOURNAMENT_ROOM.idFromName(link.id));
    const retryLater = () =>
      this.change(this.current.table, [], now, {
        room: (room) => ({ ...room, nextHandAt: now + TOURNAMENT_POLL_MS }),
      });
    if (link.report) {
      const reply = await tournament.handEnded(link.id, link.report);
      if (!reply.ok) {
        console.error(`table ${this.current.room.tableId}: hand report refused:`, reply);
        return retryLater();
      }
      this.seat(reply.roster, now, (room) => ({
        ...room,
        tournament: room.tournament && { ...room.tournament, report: null },
      }));
    }
    const order = await tournament.nextHand(link.id, link.number);
    if (order.type === "closed") return this.close(now);
    this.seat(order.roster, now);
    if (order.type === "wait") {
      const at = order.retryAt ?? now + TOURNAMENT_POLL_MS;
      this.change(this.current.table, [], now, { room: (room) => ({ ...room, nextHandAt: at }) });
      return;
    }
    await this.shuffleAndDeal(
      now,
      (deck) => ({ type: "startPlannedHand", deck, plan: order.plan }),
      (room) => ({
        ...room,
        tournament: room.tournament && {
          ...room.tournament,
          hand: order.hand,
          levelNumber: order.levelNumber,
        },
      }),
    );
  }

  /** Seat a tournament table as the tournament says, between hands (a no-op when nothing changed). */
  private seat(roster: RosterSeat[], now: number, room?: ChangeOptions["room"]): void {
    const command = rosterCommand(this.current.table, roster);
    const seated = command && applyTable(this.current.table, command);
    if (seated && !seated.ok)
      console.error(`table ${this.current.room.tableId}: seating refused:`, seated.error);
    const ok = seated?.ok ? seated : null;
    if (ok || room) this.change(ok?.state ?? this.current.table, ok?.events ?? [], now, { room });
  }

  /** No more hands: everyone still seated goes (their chips are already the tournament's). */
  private close(now: number): void {
    this.seat([], now, (room) => ({
      ...room,
      nextHandAt: null,
      tournament: room.tournament && { ...room.tournament, closed: true },
    }));
  }

  /** `room`: what else the deal changes in the room, stored with the commitment. */
  private async shuffleAndDeal(
    now: number,
    command: (deck: number[]) => TableCommand,
    room: NonNullable<ChangeOptions["room"]> = (r) => r,
  ): Promise<void> {
    const seed = newSeed();
    const [commitment, deck] = await Promise.all([
      commitmentOf(seed),
      shuffleWithSeed(seed, deckOfTable(this.current.table)),
    ]);
    const handNumber = this.current.table.handNumber + 1;
    this.change(this.current.table, [], now, {
      room: (before) => ({
        ...room(before),
        fairness: { handNumber, commitment, seed: seedToHex(seed), revealed: false },
      }),
    });
    const dealt = applyTable(this.current.table, command(deck));
    if (!dealt.ok) {
      console.error(`table ${this.current.room.tableId}: deal refused:`, dealt.error);
      this.change(this.current.table, [], now, {
        room: (room) => ({ ...room, nextHandAt: now + room.timing.nextHandDelayMs }),
      });
      return;
    }
    this.change(dealt.state, dealt.events, now);
  }

  private async autoRebuy(rebuy: Rebuy, now: number): Promise<void> {
    const { table, room } = this.current;
    const result = await this.fund(rebuyIntent(room.tableId, table, rebuy), now);
    if (result.ok) return;
    // Skipped quietly: the player keeps playing with what he has. A busted player's
    // wish is dropped, so the table does not keep waiting for chips that will not come.
    this.change(this.current.table, [], now, {
      logged: [
        {
          type: "autoRebuySkipped",
          seat: rebuy.seat,
          playerId: rebuy.playerId,
          amount: rebuy.amount,
        },
      ],
      room: (room) => {
        if (!rebuy.sitIn) return room;
        const autoRebuy = { ...room.autoRebuy };
        delete autoRebuy[rebuy.playerId];
        return { ...room, autoRebuy };
      },
    });
    this.sockets.notify(
      rebuy.playerId,
      errorMessage(
        "auto_rebuy_skipped",
        `Auto-rebuy skipped: your wallet cannot cover ${rebuy.amount} chips.`,
      ),
    );
  }

  private async arm(): Promise<void> {
    const times = [this.snapshot && nextDeadline(this.snapshot), this.courier.retryAt].filter(
      (t): t is number => typeof t === "number",
    );
    const at = times.length === 0 ? null : Math.min(...times);
    if (at === this.armedAt) return;
    this.armedAt = at;
    if (at === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(at);
  }

  // -- changes and money ----------------------------------------------------

  /**
   * Store a change — the snapshot, its events, the outbox rows it implies —
   * in one transaction, then tell every socket, then set the alarm.
   */
  private change(
    table: TableState,
    events: TableEvent[],
    now: number,
    options: ChangeOptions = {},
  ): void {
    const before = this.current;
    const patched = options.room ? options.room(before.room) : before.room;
    const snapshot: Snapshot = { table, room: roomAfter(patched, table, events, now) };
    const history = this.historyOf(before, snapshot, events, now);
    // A tournament's table has no line in the cash lobby (the tournament's page lists it).
    const outbox = outboxFor(snapshot.room.tableId, table, events, history).filter(
      (item) => !snapshot.room.tournament || item.kind !== "lobby",
    );
    const rows: EventRow[] = [...events, ...(options.logged ?? [])].map((event) => ({
      version: table.version,
      handNumber: "handNumber" in event ? event.handNumber : table.handNumber,
      event,
    }));
    const { results, intentDone } = options;
    this.store.commit({ snapshot, events: rows, outbox, results, intentDone }, now);
    this.snapshot = snapshot;
    this.sockets.broadcast(snapshot, before.table, events);
    if (outbox.length > 0) void this.courier.flush();
    void this.arm();
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
    console.error(`table ${after.room.tableId}: hand ${n} has no history: ${made.message}`);
    return null;
  }

  /** Buy-in money: intent stored, ledger moved, chips seated — or refunded if the seat is gone. */
  private async fund(
    intent: FundingIntent,
    now = Date.now(),
    stored = false,
  ): Promise<BuyInResult> {
    if (!stored) this.store.commit({ intent }, now);
    const moved = await moveBuyIn(this.db, {
      tableId: this.current.room.tableId,
      userId: intent.userId,
      amount: intent.amount,
      key: intent.ledgerKey,
    });
    if (!moved.ok) {
      this.store.commit({ intentDone: intentKey(intent) }, now);
      if (moved.reason === "key_reused") return { ok: false, code: "key_reused" };
      const balance = moved.balances[walletOf(intent.userId).id] ?? 0;
      return { ok: false, code: "insufficient_funds", balance };
    }
    const seated = applyFunding(this.current.table, intent, moved.replayed);
    const results: Writes["results"] = intent.requestKey
      ? [[intent.requestKey, seated.result]]
      : [];
    if (seated.ok) {
      this.change(seated.state, seated.events, now, { results, intentDone: intentKey(intent) });
    } else {
      const refund = refundOf(this.current.room.tableId, intent);
      this.store.commit({ outbox: [refund], results, intentDone: intentKey(intent) }, now);
      void this.courier.flush();
    }
    return seated.result;
  }

  // -- start-up -------------------------------------------------------------

  /**
   * The table on first use: its stake from D1 becomes the engine's table.
   * After a restart: buy-ins cut off by a crash are finished, the outbox is
   * flushed and the alarm set again. A failed recovery is retried next time.
   */
  private async ready(tableId: string | null, stake?: StakeRow): Promise<Ready> {
    if (!this.snapshot) {
      if (!tableId) return { ok: false, reason: "This table is not open." };
      const row = stake ? { stake } : await loadTable(this.db, tableId);
      if (!row) return { ok: false, reason: "There is no such table." };
      const plan = tablePlanOf(row.stake, nextHandDelayMs(this.env, NEXT_HAND_DELAY_MS));
      if (!plan.ok) return { ok: false, reason: plan.reason };
      const created = createTable(plan.setup);
      if (!created.ok) return { ok: false, reason: created.error.message };
      const snapshot = { table: created.state, room: initialRoom(tableId, plan.timing) };
      this.store.commit({ snapshot }, Date.now());
      this.snapshot = snapshot;
      this.recovered = true;
    }
    if (!this.recovered) {
      try {
        // The money may have moved before the crash; asking the ledger again is idempotent.
        for (const intent of this.store.intents()) await this.fund(intent, Date.now(), true);
        this.recovered = true;
      } catch (error) {
        console.error("table room: recovery failed, will retry:", error);
      }
      void this.courier.flush();
      this.armedAt = null;
      await this.arm();
    }
    return { ok: true };
  }

  private get current(): Snapshot {
    if (!this.snapshot) throw new Error("table room used before its table was loaded");
    return this.snapshot;
  }

  private get db() {
    return database(this.env.DB);
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

const seenSeq =
  (playerId: string, seq: number) =>
  (room: RoomState): RoomState => ({ ...room, lastSeq: { ...room.lastSeq, [playerId]: seq } });
