import { DurableObject } from "cloudflare:workers";
import { intsFromSeed, seedFromHex, uniformInts } from "@felt/fairness";
import {
  apply,
  CHOP_METHODS,
  type ChopMethod,
  type ChopShare,
  type Command,
  clockOf,
  createTournament,
  drawBounds,
  payoutsOf,
  redrawBounds,
  SPLIT_METHODS,
  type SplitMethod,
  seatsInPlay,
  type TournamentEvent,
  type TournamentState,
} from "@felt/tournament";
import { eq } from "drizzle-orm";
import { alarmTimeOf, now as clockNow } from "../clock";
import { database } from "../db/client";
import { tournaments, tournamentTables } from "../db/schema";
import { inBackground } from "../durable/background";
import { Serial } from "../durable/serial";
import type { Env } from "../env";
import { committedSeed } from "../rooms/fairness";
import { defaultConfig, nextOfSeries } from "./definition";
import { charge, payOwed } from "./money";
import { fromPieces, legacyKeys, piecesToWrite } from "./pieces";
import {
  DEFAULT_TABLE_STRUCTURE,
  type HandReport,
  type NextHand,
  type ReportReply,
  tournamentTableId,
} from "./protocol";
import {
  type Owed,
  type PurchaseIntent,
  type Refusal,
  refundOf,
  refusal,
  refusalOf,
  rosterOf,
  type Stored,
  statusOf,
  tablesToNudge,
  withEvents,
} from "./record";
import { type TournamentView, tableOfPlayer, viewOf } from "./view";

export type { Finish, Owed, Refusal, Status, Stored } from "./record";
export type Registration = { ok: true; entry: number } | Refusal;

/** The director proposes or withdraws a deal; a player in it accepts or turns it down. */
export type DealMove =
  | { type: "propose"; method: ChopMethod }
  | { type: "withdraw" }
  | { type: "accept"; userId: string }
  | { type: "reject"; userId: string };

/** The director's tools beyond pause, deals and the cancel. */
export type DirectorMove =
  | { type: "adjustLevel"; deltaMs: number }
  | { type: "movePlayer"; playerId: string; table: number }
  | { type: "disqualify"; playerId: string };

/** A deal's share with the player's name, for the director's preview. */
export type NamedShare = ChopShare & { name: string };

/** The events that cost the player money. */
type Purchase = Extract<
  TournamentEvent,
  { type: "playerRegistered" | "rebuyTaken" | "addOnTaken" }
>;
const isPurchase = (e: TournamentEvent): e is Purchase =>
  e.type === "playerRegistered" || e.type === "rebuyTaken" || e.type === "addOnTaken";

/** Keys per storage call (the API's limit). */
const STORAGE_BATCH = 128;
/** While running, the room looks over its tables this often: tables not yet opened, idle ones, the ledger. */
const HEARTBEAT_MS = 15_000;
const RETRY_MS = 10_000;

/**
 * The time for a command: never before the last one, which the state machine
 * would refuse. A room can move to a machine whose clock is a little behind.
 */
const nowFor = (t: Stored) => Math.max(clockNow(), t.state.clock);

/**
 * One Durable Object per tournament: the only writer of its state. The pure
 * @felt/tournament state machine decides everything (registration, the seat
 * draw, positions and levels, moves, hand-for-hand, places, payouts); this
 * room stores it, moves the money through the ledger, and keeps its tables'
 * rooms fed. Tables call in (`nextHand`, `handEnded`); the room only ever
 * tells tables to look again without waiting for them (see protocol.ts).
 */
export class TournamentRoom extends DurableObject<Env> {
  private stored: Stored | null = null;
  private readonly queue = new Serial();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      const pieces = await ctx.storage.list();
      this.stored = fromPieces(pieces);
      // What an older room kept beside the state is in the state now (pieces.ts).
      const legacy = legacyKeys(pieces);
      for (let i = 0; i < legacy.length; i += STORAGE_BATCH)
        await ctx.storage.delete(legacy.slice(i, i + STORAGE_BATCH));
    });
  }

  // -- the API's RPC ---------------------------------------------------------

  /** The tournament as a player sees it (`viewerId` null for a guest). */
  async view(tournamentId: string, viewerId: string | null): Promise<TournamentView | null> {
    return this.serial(async () => {
      const t = await this.ready(tournamentId);
      return t && viewOf(t, viewerId, clockNow());
    });
  }

  /** lobby.myTables: the table the player sits at now, or null (not in it, out, or not started). */
  async tableOf(
    tournamentId: string,
    playerId: string,
  ): Promise<{ tableId: string; number: number } | null> {
    return this.serial(async () => {
      const t = await this.ready(tournamentId);
      return t && tableOfPlayer(t, playerId);
    });
  }

  async register(input: {
    tournamentId: string;
    userId: string;
    name: string;
  }): Promise<Registration> {
    return this.serial(async () => {
      const t = await this.ready(input.tournamentId);
      if (!t) return refusal("not_found", "There is no such tournament.");
      if (statusOf(t) === "cancelled")
        return refusal("cancelled", "This tournament was cancelled.");
      const bought = await this.buy(t, "register", input.userId, input.name);
      if ("ok" in bought) return bought;
      return { ok: true, entry: bought.type === "playerRegistered" ? bought.entry : 0 };
    });
  }

  async unregister(input: {
    tournamentId: string;
    userId: string;
  }): Promise<Refusal | { ok: true }> {
    return this.serial(async () => {
      const t = await this.ready(input.tournamentId);
      if (!t) return refusal("not_found", "There is no such tournament.");
      const now = nowFor(t);
      const result = apply(t.state, { type: "unregister", playerId: input.userId, now });
      if (!result.ok) return refusalOf(t.state, result.error);
      const owed = result.events.flatMap((e): Owed[] =>
        e.type === "registrationCancelled"
          ? refundOf(e.playerId, e.refundPrize + e.refundFee, `${t.id}:v${result.state.version}`)
          : [],
      );
      this.commit({ ...t, owed: [...t.owed, ...owed] }, result.state, result.events);
      await this.afterChange(result.events);
      return { ok: true };
    });
  }

  /** A rebuy or an add-on (MT-1): paid at once; bought during the player's hand, its chips join when that hand ends. */
  async buyChips(input: {
    tournamentId: string;
    userId: string;
    kind: "rebuy" | "addOn";
  }): Promise<Refusal | { ok: true; stack: number }> {
    return this.serial(async () => {
      const t = await this.ready(input.tournamentId);
      if (!t) return refusal("not_found", "There is no such tournament.");
      const bought = await this.buy(t, input.kind, input.userId);
      if ("ok" in bought) return bought;
      return { ok: true, stack: "stack" in bought ? bought.stack : 0 };
    });
  }

  /**
   * What a player pays for (an entry, a rebuy, an add-on). The state machine
   * decides first, so a refusal costs nothing. Then the purchase is stored as
   * an intent before the ledger moves, so that a room dying in between
   * finishes it on its next start (`finishIntents`): never money in the pool
   * without its entry, never charged twice.
   */
  private async buy(
    t: Stored,
    kind: PurchaseIntent["kind"],
    playerId: string,
    name: string | null = null,
  ): Promise<Purchase | Refusal> {
    const tried = apply(t.state, { type: kind, playerId, now: nowFor(t) });
    if (!tried.ok) return refusalOf(t.state, tried.error);
    const bought = tried.events.find(isPurchase);
    if (!bought) throw new Error(`${kind} without its purchase`);
    const intent: PurchaseIntent = {
      key: crypto.randomUUID(),
      kind,
      playerId,
      name,
      amount: bought.prize + bought.fee,
    };
    // Not awaited: the output gate holds the ledger call until the intent is on disk.
    this.save({ ...t, intents: { ...t.intents, [intent.key]: intent } });
    return this.finishPurchase(intent);
  }

  /**
   * The second half of a purchase: the ledger charged (once per key, so
   * asking again after a crash is safe), then what was bought is stored with
   * the intent removed, in one write. Refused by the ledger: nothing moved,
   * the intent goes. No longer possible (a restart found the tournament
   * moved on): the money goes back.
   */
  private async finishPurchase(intent: PurchaseIntent): Promise<Purchase | Refusal> {
    const db = database(this.env.DB);
    const { id } = this.stored as Stored;
    const paid = await charge(db, id, intent.playerId, intent.amount, intent.key);
    const t = this.stored as Stored;
    const intents = { ...t.intents };
    delete intents[intent.key];
    if (!paid.ok) {
      this.save({ ...t, intents });
      return paid;
    }
    const result = apply(t.state, { type: intent.kind, playerId: intent.playerId, now: nowFor(t) });
    if (!result.ok) {
      const refund = refundOf(intent.playerId, intent.amount, `${t.id}:${intent.key}`);
      this.save({ ...t, intents, owed: [...t.owed, ...refund] });
      await this.afterChange([]);
      return refusalOf(t.state, result.error);
    }
    const bought = result.events.find(isPurchase);
    if (!bought) throw new Error(`${intent.kind} without its purchase`);
    const names = intent.name === null ? t.names : { ...t.names, [intent.playerId]: intent.name };
    this.commit({ ...t, names, intents }, result.state, result.events);
    await this.afterChange(result.events);
    return bought;
  }

  /**
   * Purchases a crash (or an unreachable ledger) left halfway, finished before
   * anything else is done: each is charged under its own key and stored, or
   * refunded. One the ledger still cannot take waits for the next call or alarm.
   */
  private async finishIntents(): Promise<void> {
    for (const intent of Object.values(this.stored?.intents ?? {})) {
      try {
        await this.finishPurchase(intent);
      } catch (error) {
        console.error(
          `tournament ${this.stored?.id}: purchase ${intent.key} not finished yet:`,
          error,
        );
      }
    }
  }

  async declineRebuy(input: {
    tournamentId: string;
    userId: string;
  }): Promise<Refusal | { ok: true }> {
    return this.serial(async () => {
      const t = await this.ready(input.tournamentId);
      if (!t) return refusal("not_found", "There is no such tournament.");
      const done = this.run(t, { type: "declineRebuy", playerId: input.userId, now: nowFor(t) });
      if (!done.ok) return done;
      await this.afterChange(done.events);
      return { ok: true };
    });
  }

  /** The admin stops or restarts the clock (MT-3); tables finish the hands they are playing. */
  async setPaused(tournamentId: string, paused: boolean): Promise<Refusal | { ok: true }> {
    return this.serial(async () => {
      const t = await this.ready(tournamentId);
      if (!t) return refusal("not_found", "There is no such tournament.");
      const done = this.run(t, { type: paused ? "pause" : "resume", now: nowFor(t) });
      if (!done.ok) return done;
      await this.afterChange(done.events);
      return { ok: true };
    });
  }

  /**
   * The admin's cancel (cancel.ts in the package): before the start everyone
   * is refunded (`split` null); after it the rest of the pool is split by
   * chips or equally. `refunded`: how many players get money back.
   */
  async cancel(
    tournamentId: string,
    split: SplitMethod | null = null,
  ): Promise<Refusal | { ok: true; refunded: number; events: TournamentEvent[] }> {
    const done = await this.command(tournamentId, (now) => ({ type: "cancel", split, now }));
    if (!done.ok) return done;
    const cancelled = done.events.find((e) => e.type === "tournamentCancelled");
    const refunded = cancelled?.type === "tournamentCancelled" ? cancelled.refunds.length : 0;
    return { ok: true, refunded, events: done.events };
  }

  /** A deal at the final table: the package decides (deals.ts); hands wait while it is open. */
  async deal(
    tournamentId: string,
    move: DealMove,
  ): Promise<Refusal | { ok: true; proposed: ChopShare[] | null }> {
    const done = await this.command(tournamentId, (now) =>
      move.type === "propose"
        ? { type: "proposeDeal", method: move.method, now }
        : move.type === "accept"
          ? { type: "acceptDeal", playerId: move.userId, now }
          : { type: "rejectDeal", playerId: move.type === "reject" ? move.userId : null, now },
    );
    if (!done.ok) return done;
    const proposed = done.events.find((e) => e.type === "dealProposed");
    return { ok: true, proposed: proposed?.type === "dealProposed" ? proposed.shares : null };
  }

  /**
   * The director's other tools (director.ts in the package): time on the
   * level, a move, a disqualification. Returns the
   * events, which say what was done (for the audit log).
   */
  async direct(
    tournamentId: string,
    move: DirectorMove,
  ): Promise<Refusal | { ok: true; events: TournamentEvent[] }> {
    return this.command(tournamentId, (now) => ({ ...move, now }) as Command);
  }

  /** One command from outside: applied, stored, and followed up; a refusal changes nothing. */
  private command(
    tournamentId: string,
    build: (now: number) => Command,
  ): Promise<Refusal | { ok: true; events: TournamentEvent[] }> {
    return this.serial(async () => {
      const t = await this.ready(tournamentId);
      if (!t) return refusal("not_found", "There is no such tournament.");
      const result = apply(t.state, build(nowFor(t)));
      if (!result.ok) return refusalOf(t.state, result.error);
      this.commit(t, result.state, result.events);
      await this.afterChange(result.events);
      return { ok: true, events: result.events };
    });
  }

  /**
   * The director redraws the final table's seats (MT-4), once, from the seed
   * committed when the tournament opened (a tournament opened before that
   * draws fresh integers); the seed is shown from then on.
   */
  async redrawFinalTable(
    tournamentId: string,
  ): Promise<Refusal | { ok: true; seats: { playerId: string; seat: number }[] }> {
    return this.serial(async () => {
      const t = await this.ready(tournamentId);
      if (!t) return refusal("not_found", "There is no such tournament.");
      if (t.finalDraw?.drawn)
        return refusal("already_redrawn", "The final table's seats were already redrawn.");
      const bounds = redrawBounds(t.state.rules.seatsPerTable);
      const seed = t.finalDraw ? seedFromHex(t.finalDraw.seed) : null;
      const randomInts = seed ? await intsFromSeed(seed, bounds) : uniformInts(bounds);
      const result = apply(t.state, { type: "redrawFinalTable", randomInts, now: nowFor(t) });
      if (!result.ok) return refusalOf(t.state, result.error);
      const finalDraw = t.finalDraw && { ...t.finalDraw, drawn: true };
      this.commit({ ...t, finalDraw }, result.state, result.events);
      await this.afterChange(result.events);
      const redrawn = result.events.find((e) => e.type === "finalTableRedrawn");
      return { ok: true, seats: redrawn?.type === "finalTableRedrawn" ? redrawn.seats : [] };
    });
  }

  /** What a cancel now would pay each player still in, split by chips and equally. */
  async cancelPreview(
    tournamentId: string,
  ): Promise<Refusal | { ok: true; chips: NamedShare[]; equal: NamedShare[] }> {
    const preview = await this.preview(
      tournamentId,
      SPLIT_METHODS,
      (split, now) => ({ type: "cancel", split, now }),
      (after, before) =>
        seatsInPlay(before).map((seat) => ({
          ...seat,
          amount: after.standings?.find((s) => s.playerId === seat.playerId)?.prize ?? 0,
        })),
    );
    return preview.ok ? { ok: true, ...preview.offers } : preview;
  }

  /** What each method would offer now, for the director to compare before proposing one. */
  async dealPreview(
    tournamentId: string,
  ): Promise<Refusal | { ok: true; icm: NamedShare[]; chips: NamedShare[] }> {
    const preview = await this.preview(
      tournamentId,
      CHOP_METHODS,
      (method, now) => ({ type: "proposeDeal", method, now }),
      (after) => after.deal?.shares ?? [],
    );
    return preview.ok ? { ok: true, ...preview.offers } : preview;
  }

  /** A dry run of `command` for each key, its shares with the players' names; nothing is stored. */
  private preview<K extends string>(
    tournamentId: string,
    keys: readonly K[],
    command: (key: K, now: number) => Command,
    sharesOf: (after: TournamentState, before: TournamentState) => ChopShare[],
  ): Promise<Refusal | { ok: true; offers: Record<K, NamedShare[]> }> {
    return this.serial(async () => {
      const t = await this.ready(tournamentId);
      if (!t) return refusal("not_found", "There is no such tournament.");
      const offers = {} as Record<K, NamedShare[]>;
      for (const key of keys) {
        const result = apply(t.state, command(key, nowFor(t)));
        if (!result.ok) return refusalOf(t.state, result.error);
        offers[key] = sharesOf(result.state, t.state).map((s) => ({
          ...s,
          name: t.names[s.playerId] ?? "player",
        }));
      }
      return { ok: true, offers };
    });
  }

  // -- the tables' RPC -----------------------------------------------------

  /** A table between hands asks what to deal next. Asking again during a hand gets the same answer. */
  async nextHand(tournamentId: string, table: number): Promise<NextHand> {
    return this.serial(async () => {
      const t = await this.ready(tournamentId);
      if (!t || statusOf(t) !== "running") return { type: "closed" };
      const current = t.state.tables.find((x) => x.number === table);
      if (!current) return { type: "closed" };
      const ordered = t.dealt[table];
      if (current.handInProgress && ordered) return ordered;
      const now = nowFor(t);
      const result = apply(t.state, { type: "startHand", table, now });
      if (!result.ok) {
        const { code, message } = result.error;
        const clock = clockOf(t.state, now);
        const retryAt =
          code === "on_break" && clock?.remainingMs != null ? now + clock.remainingMs : null;
        return { type: "wait", retryAt, reason: message, roster: rosterOf(t, current) };
      }
      const started = result.events.find((e) => e.type === "handStarted");
      if (started?.type !== "handStarted") throw new Error("startHand without its event");
      const order: Extract<NextHand, { type: "deal" }> = {
        type: "deal",
        hand: started.hand,
        levelNumber: started.levelNumber,
        roster: rosterOf(t, current),
        plan: {
          seats: started.players.map((p) => p.seat),
          button: started.button,
          smallBlind: started.smallBlindSeat,
          bigBlind: started.bigBlindSeat,
          blinds: {
            smallBlind: started.smallBlind,
            bigBlind: started.bigBlind,
            ante: started.ante,
            anteKind: started.anteKind,
          },
        },
      };
      this.commit({ ...t, dealt: { ...t.dealt, [table]: order } }, result.state, result.events);
      return order;
    });
  }

  /** A table's hand is over: the stacks after it. A report already taken is acknowledged again. */
  async handEnded(tournamentId: string, report: HandReport): Promise<ReportReply> {
    return this.serial(async () => {
      const t = await this.ready(tournamentId);
      if (!t) return refusal("not_found", "There is no such tournament.");
      const table = t.state.tables.find((x) => x.number === report.table);
      const taken = !table?.handInProgress || table.lastHand?.hand !== report.hand;
      if (taken) return { ok: true, roster: table ? rosterOf(t, table) : [] };
      const result = apply(t.state, {
        type: "endHand",
        table: report.table,
        stacks: report.stacks,
        now: nowFor(t),
      });
      if (!result.ok) {
        console.error(`tournament ${t.id}: hand ${report.hand} refused:`, result.error);
        return refusalOf(t.state, result.error);
      }
      const dealt = { ...t.dealt };
      delete dealt[report.table];
      const next = this.commit({ ...t, dealt }, result.state, result.events);
      await this.afterChange(result.events);
      const after = next.state.tables.find((x) => x.number === report.table);
      return { ok: true, roster: after ? rosterOf(next, after) : [] };
    });
  }

  /** A table confirms it opened. */
  async tableOpened(tournamentId: string, table: number): Promise<void> {
    await this.serial(async () => {
      const t = await this.ready(tournamentId);
      if (!t || t.opened.includes(table)) return;
      this.save({ ...t, opened: [...t.opened, table] });
    });
  }

  // -- time ------------------------------------------------------------------

  override async alarm(): Promise<void> {
    await this.serial(async () => {
      const t = this.stored;
      if (!t) return;
      const now = nowFor(t);
      const status = statusOf(t);
      let events: TournamentEvent[] = [];
      if (status === "registering" && now >= t.startsAt) events = await this.start(t, now);
      else if (status === "running") events = this.tick(t, now);
      await this.afterChange(events, true);
    });
  }

  /**
   * At the start time: the seat draw, or (the package decides, MT-1) a
   * refund to everyone below the minimum field. Either way a repeating
   * tournament schedules its next one.
   */
  private async start(t: Stored, now: number): Promise<TournamentEvent[]> {
    this.ctx.waitUntil(this.scheduleNext(t.id, now));
    const bounds = drawBounds(t.state.players.length);
    const seed = t.seatDraw ? seedFromHex(t.seatDraw.seed) : null;
    // Tournaments opened before the draw was committed draw fresh integers.
    const randomInts = seed ? await intsFromSeed(seed, bounds) : uniformInts(bounds);
    const result = apply(t.state, { type: "start", randomInts, now });
    if (!result.ok) {
      console.error(`tournament ${t.id}: start refused:`, result.error);
      return [];
    }
    // The draw's seed is shown once a draw was made, not for a field cancelled instead.
    const seatDraw =
      t.seatDraw && result.state.phase === "running"
        ? { ...t.seatDraw, entrants: t.state.players.map((p) => p.playerId) }
        : t.seatDraw;
    this.commit({ ...t, seatDraw }, result.state, result.events);
    return result.events;
  }

  /**
   * The next tournament of a repeating series: the same definition, the first
   * start of its rhythm still ahead. Its id comes from the series and the start,
   * so doing this twice (a restart) schedules it once. Its room is opened at
   * once, which sets its start alarm.
   */
  private async scheduleNext(tournamentId: string, now: number): Promise<void> {
    try {
      const db = database(this.env.DB);
      const [row] = await db
        .select()
        .from(tournaments)
        .where(eq(tournaments.id, tournamentId))
        .limit(1);
      const next = row && nextOfSeries(row, now);
      if (!next) return;
      await db.insert(tournaments).values(next).onConflictDoNothing();
      await this.env.TOURNAMENT_ROOM.get(this.env.TOURNAMENT_ROOM.idFromName(next.id)).view(
        next.id,
        null,
      );
    } catch (error) {
      console.error(`tournament ${tournamentId}: the next of its series was not scheduled:`, error);
    }
  }

  /** Time passing (the package's `tick`): rebuy offers nobody answered in time are declined. Stored only when it changed something. */
  private tick(t: Stored, now: number): TournamentEvent[] {
    const result = apply(t.state, { type: "tick", now });
    if (!result.ok) {
      console.error(`tournament ${t.id}: tick refused:`, result.error);
      return [];
    }
    if (result.events.length > 0) this.commit(t, result.state, result.events);
    return result.events;
  }

  // -- changes -----------------------------------------------------------------

  /** Apply a command the room itself issues; a refusal is logged and changes nothing. */
  private run(t: Stored, command: Command): { ok: true; events: TournamentEvent[] } | Refusal {
    const result = apply(t.state, command);
    if (!result.ok) {
      console.error(`tournament ${t.id}: ${command.type} refused:`, result.error);
      return refusalOf(t.state, result.error);
    }
    this.commit(t, result.state, result.events);
    return { ok: true, events: result.events };
  }

  /** The new state with what its events imply (record.ts), stored. */
  private commit(t: Stored, state: TournamentState, events: TournamentEvent[]): Stored {
    const next = withEvents(t, state, events);
    this.save(next);
    return next;
  }

  /**
   * Only the pieces that changed are written (pieces.ts). The writes are not
   * awaited: they go out as one atomic batch, and the output gate holds every
   * reply until they are on disk.
   */
  private save(t: Stored): void {
    const writes = piecesToWrite(this.stored, t);
    this.stored = t;
    const puts = Object.entries(writes.put);
    for (let i = 0; i < puts.length; i += STORAGE_BATCH)
      inBackground(
        this.ctx.storage.put(Object.fromEntries(puts.slice(i, i + STORAGE_BATCH))),
        "tournament storage write",
      );
    for (let i = 0; i < writes.delete.length; i += STORAGE_BATCH)
      inBackground(
        this.ctx.storage.delete(writes.delete.slice(i, i + STORAGE_BATCH)),
        "tournament storage delete",
      );
  }

  /**
   * After a change: pay what is owed, copy the counts to D1, open new tables
   * and tell the others to look again, and set the alarm. Tables are told
   * without waiting for them (they may be waiting on this room).
   */
  private async afterChange(events: TournamentEvent[], everyTable = false): Promise<void> {
    const t = this.stored;
    if (!t) return;
    await this.payOwed();
    await this.mirror();
    const current = this.stored as Stored;
    const tableNumbers = tablesToNudge(current, events, everyTable);
    if (tableNumbers.length > 0) this.ctx.waitUntil(this.nudge(current, tableNumbers));
    await this.arm();
  }

  /** Open tables not yet opened, and tell the others to look again (with their current seats). */
  private async nudge(t: Stored, numbers: number[]): Promise<void> {
    const db = database(this.env.DB);
    await Promise.all(
      numbers.map(async (number) => {
        const tableId = tournamentTableId(t.id, number);
        const stub = this.env.TABLE_ROOM.get(this.env.TABLE_ROOM.idFromName(tableId));
        const table = t.state.tables.find((x) => x.number === number);
        try {
          if (table && !t.opened.includes(number)) {
            await db
              .insert(tournamentTables)
              .values({ id: tableId, tournamentId: t.id, number })
              .onConflictDoNothing();
            await stub.openTournamentTable({
              tableId,
              tournamentId: t.id,
              number,
              seatCount: t.state.rules.seatsPerTable,
              roster: rosterOf(t, table),
              structure: t.structure ?? DEFAULT_TABLE_STRUCTURE,
            });
            await this.tableOpened(t.id, number);
          } else {
            await stub.lookAgain(table && statusOf(t) === "running" ? rosterOf(t, table) : null);
          }
        } catch (error) {
          // The heartbeat tries again; the table also asks again on its own.
          console.error(`tournament ${t.id}: table ${number} not reached:`, error);
        }
      }),
    );
  }

  private async payOwed(): Promise<void> {
    const t = this.stored;
    if (!t || t.owed.length === 0) return;
    const left = await payOwed(database(this.env.DB), t.id, t.owed);
    this.save({ ...(this.stored as Stored), owed: left });
  }

  /** The lobby's copy of the status and counts. */
  private async mirror(): Promise<void> {
    const t = this.stored;
    if (!t) return;
    try {
      await database(this.env.DB)
        .update(tournaments)
        .set({
          status: statusOf(t),
          entries: t.state.totals.entries,
          prizePool: payoutsOf(t.state).pool,
        })
        .where(eq(tournaments.id, t.id));
    } catch (error) {
      console.error(`tournament ${t.id}: lobby row not updated:`, error);
    }
  }

  private async arm(): Promise<void> {
    const t = this.stored;
    if (!t) return;
    const now = clockNow();
    let at: number | null = null;
    const status = statusOf(t);
    if (status === "registering") at = t.startsAt;
    else if (status === "running") at = now + HEARTBEAT_MS;
    if (t.owed.length > 0 || Object.keys(t.intents).length > 0)
      at = Math.min(at ?? Infinity, now + RETRY_MS);
    if (at === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(alarmTimeOf(at));
  }

  // -- start-up ------------------------------------------------------------------

  /** The tournament on first use: its definition from D1 becomes the state machine's. */
  private async ready(tournamentId: string): Promise<Stored | null> {
    if (this.stored) return this.stored.id === tournamentId ? this.stored : null;
    const [row] = await database(this.env.DB)
      .select()
      .from(tournaments)
      .where(eq(tournaments.id, tournamentId))
      .limit(1);
    if (!row || row.status === "cancelled" || row.status === "finished") return null;
    // The minimum field (MT-1) is the row's column: configs stored before they carried it lack it.
    const config = { ...(row.config ?? defaultConfig(row)), minEntrants: row.minEntrants };
    const created = createTournament(config, clockNow());
    if (!created.ok) {
      console.error(`tournament ${tournamentId}: bad config:`, created.error);
      return null;
    }
    const t: Stored = {
      id: row.id,
      name: row.name,
      texts: { nameRu: row.nameRu, description: row.description, descriptionRu: row.descriptionRu },
      structure: {
        game: row.game,
        actionSeconds: row.actionSeconds,
        timeBankSeconds: row.timeBankSeconds,
      },
      startsAt: row.startsAt.getTime(),
      state: created.state,
      names: {},
      dealt: {},
      opened: [],
      intents: {},
      finishes: [],
      owed: [],
      seatDraw: { ...(await committedSeed()), entrants: null },
      finalDraw: { ...(await committedSeed()), drawn: false },
    };
    this.save(t);
    await this.mirror();
    await this.arm();
    return t;
  }

  /** Every entry point runs in one queue, after whatever purchase a crash left halfway. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      if (Object.keys(this.stored?.intents ?? {}).length > 0) await this.finishIntents();
      return work();
    });
  }
}
