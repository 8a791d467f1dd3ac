import { DurableObject } from "cloudflare:workers";
import type { Command, SplitMethod, TournamentEvent } from "@felt/tournament";
import { alarmTimeOf, now as clockNow } from "../clock";
import { database } from "../db/client";
import { Serial } from "../durable/serial";
import type { Env } from "../env";
import { alarmAt, alarmWork, timeFor } from "./alarm";
import * as director from "./director";
import { redrawn, started } from "./draws";
import { mirrorToRow, tournamentFromRow } from "./lobby-row";
import { payOwed } from "./money";
import { mayJoin, maySee } from "./private-access";
import { buy, finishPurchase, type PurchaseRoom } from "./purchase-flow";
import { type Refusal, refusal } from "./refusals";
import { scheduleNext } from "./series";
import {
  type Change,
  changeBy,
  type PurchaseIntent,
  pageOf,
  type Stored,
  tableOfPlayer,
  withEvents,
} from "./stored";
import { deleteLegacy, fromPieces, piecesToWrite, sendWrites } from "./stored-chunks";
import { nudgeTables, tablesToNudge } from "./table-calls";
import type { HandReport, NextHand, ReportReply } from "./table-contract";
import { handEndedFor, nextHandFor } from "./table-hands";

type Who = { tournamentId: string; userId: string };
/** A private sit-and-go's link token, as the viewer brought it (H-7). */
type Invite = string | null | undefined;
type Step = Change | Refusal | Promise<Change | Refusal>;
const done = (events: TournamentEvent[]) => ({ ok: true as const, events });
const missing = () => refusal("not_found", "There is no such tournament.");
/** The time for a command: never before the last one (alarm.ts). */
const nowFor = (t: Stored) => timeFor(t, clockNow());

/**
 * One Durable Object per tournament: the only writer of its state. The pure
 * @felt/tournament state machine decides everything; this room stores it
 * (stored-chunks.ts), moves the money (money.ts, purchase-flow.ts), keeps the
 * lobby's row (lobby-row.ts) and its tables (table-calls.ts) told, and arms
 * its alarm. Tables call in (`nextHand`, `handEnded`); it never waits on them.
 */
export class TournamentRoom extends DurableObject<Env> {
  private stored: Stored | null = null;
  private readonly queue = new Serial();
  /** What purchase-flow.ts borrows of the room. */
  private readonly purchases: PurchaseRoom = {
    db: () => database(this.env.DB),
    tournament: () => this.stored as Stored,
    save: (t) => this.save(t),
    commit: (change) => this.commit(change).events,
    afterChange: (events) => this.afterChange(events),
    start: (t, now) => this.start(t, now),
  };

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      const pieces = await ctx.storage.list();
      this.stored = fromPieces(pieces);
      await deleteLegacy(ctx.storage, pieces);
    });
  }

  /** The tournament page as `viewerId` sees it (null for a guest); null for a private one without its link. */
  async view(tournamentId: string, viewerId: string | null, invite: Invite = null) {
    return this.serial(async () => {
      const t = await this.ready(tournamentId);
      if (!t || !(await maySee(t, viewerId, invite))) return null;
      return pageOf(t, viewerId, clockNow());
    });
  }

  /** lobby.myTables: the table the player sits at now, or null. */
  async tableOf(tournamentId: string, playerId: string) {
    return this.read(tournamentId, (t) => tableOfPlayer(t, playerId));
  }

  async register(
    input: Who & { name: string; invite?: Invite },
  ): Promise<Refusal | { ok: true; entry: number }> {
    const t = await this.read(input.tournamentId, (t) => t);
    if (!t || !(await mayJoin(t, input.userId, input.invite))) return missing();
    const bought = await this.buy(input, "register", input.name);
    if ("ok" in bought) return bought;
    return { ok: true, entry: bought.type === "playerRegistered" ? bought.entry : 0 };
  }

  /** A rebuy or an add-on (MT-1): paid at once; bought during the player's hand, its chips join when it ends. */
  async buyChips(input: Who & { kind: "rebuy" | "addOn" }) {
    const bought = await this.buy(input, input.kind);
    if ("ok" in bought) return bought;
    return { ok: true as const, stack: "stack" in bought ? bought.stack : 0 };
  }

  async unregister({ tournamentId, userId }: Who) {
    return this.command(tournamentId, (now) => ({ type: "unregister", playerId: userId, now }));
  }

  async declineRebuy({ tournamentId, userId }: Who) {
    return this.command(tournamentId, (now) => ({ type: "declineRebuy", playerId: userId, now }));
  }

  /** The admin stops or restarts the clock (MT-3); tables finish the hands they are playing. */
  async setPaused(tournamentId: string, paused: boolean) {
    return this.command(tournamentId, (now) => ({ type: paused ? "pause" : "resume", now }));
  }

  /** The admin's cancel: everyone refunded before the start (`split` null), the pool split after it. */
  async cancel(id: string, split: SplitMethod | null = null) {
    return this.command(id, (now) => ({ type: "cancel", split, now }), director.cancelReply);
  }

  /** A deal at the final table (deals.ts in the package); hands wait while it is open. */
  async deal(tournamentId: string, move: director.DealMove) {
    return this.command(tournamentId, (now) => director.dealCommand(move, now), director.dealReply);
  }

  /** Time on the level, a move, a disqualification; the events say what was done (for the audit log). */
  async direct(tournamentId: string, move: director.DirectorMove) {
    return this.command(tournamentId, (now) => ({ ...move, now }) as Command);
  }

  /** The final table's seats redrawn once (MT-4), from the seed committed when the tournament opened. */
  async redrawFinalTable(tournamentId: string) {
    return this.change(tournamentId, (t) => redrawn(t, nowFor(t)), director.redrawReply);
  }

  /** What a cancel now would pay each player still in, split by chips and equally. */
  async cancelPreview(tournamentId: string) {
    return (await this.read(tournamentId, (t) => director.cancelOffers(t, nowFor(t)))) ?? missing();
  }

  /** What each deal method would offer now, for the director to compare before proposing one. */
  async dealPreview(tournamentId: string) {
    return (await this.read(tournamentId, (t) => director.dealOffers(t, nowFor(t)))) ?? missing();
  }

  /** A table between hands asks what to deal next (table-hands.ts). */
  async nextHand(tournamentId: string, table: number): Promise<NextHand> {
    return this.serial(async () => {
      const t = await this.ready(tournamentId);
      if (!t) return { type: "closed" };
      const { reply, change } = nextHandFor(t, table, nowFor(t));
      if (change) this.commit(change);
      return reply;
    });
  }

  /** A table's hand is over: the stacks after it (table-hands.ts). */
  async handEnded(tournamentId: string, report: HandReport): Promise<ReportReply> {
    return this.serial(async () => {
      const t = await this.ready(tournamentId);
      if (!t) return missing();
      const { reply, change } = handEndedFor(t, report, nowFor(t));
      if (change) await this.afterChange(this.commit(change).events);
      return reply;
    });
  }

  /** A table confirms it opened. */
  async tableOpened(tournamentId: string, table: number): Promise<void> {
    await this.serial(async () => {
      const t = await this.ready(tournamentId);
      if (t && !t.opened.includes(table)) this.save({ ...t, opened: [...t.opened, table] });
    });
  }

  /** The browser tests moved the clock (test-clock.ts): the alarm is set again by its new reading. */
  clockMoved(): Promise<void> {
    return this.serial(() => this.arm());
  }

  /** At the start time the draw (and the next of a series); while running, time passing (alarm.ts). */
  override async alarm(): Promise<void> {
    await this.serial(async () => {
      const t = this.stored;
      if (!t) return;
      const now = nowFor(t);
      const work = alarmWork(t, now);
      if (work === "start") return this.afterChange(await this.start(t, now), true);
      const ticked = work === "tick" ? changeBy(t, { type: "tick", now }) : null;
      if (ticked && "ok" in ticked) console.error(`tournament ${t.id}: tick refused:`, ticked);
      const changed = ticked && !("ok" in ticked) && ticked.events.length > 0;
      await this.afterChange(changed ? this.commit(ticked).events : [], true);
    });
  }

  /** What a player pays for (purchase-flow.ts), in the queue. */
  private buy(who: Who, kind: PurchaseIntent["kind"], name: string | null = null) {
    return this.serial(async () => {
      const t = await this.ready(who.tournamentId);
      return t ? buy(this.purchases, t, who.userId, kind, name) : missing();
    });
  }

  /** The start (the seat draw, or the refunds of too small a field) committed and the series' next scheduled; its events. */
  private async start(t: Stored, now: number): Promise<TournamentEvent[]> {
    const step = await started(t, now);
    if ("ok" in step) console.error(`tournament ${t.id}: start refused:`, step);
    else this.ctx.waitUntil(scheduleNext(this.env, t.id, now));
    return "ok" in step ? [] : this.commit(step).events;
  }

  /** One command from outside: applied, stored, and followed up; a refusal changes nothing. */
  private command<R = ReturnType<typeof done>>(
    tournamentId: string,
    build: (now: number) => Command,
    reply: (events: TournamentEvent[]) => R = done as (events: TournamentEvent[]) => R,
  ) {
    return this.change(tournamentId, (t) => changeBy(t, build(nowFor(t))), reply);
  }

  /** A change `step` makes, stored and followed up; `reply` words its events. A refusal changes nothing. */
  private change<R>(
    tournamentId: string,
    step: (t: Stored) => Step,
    reply: (e: TournamentEvent[]) => R,
  ) {
    return this.serial(async (): Promise<R | Refusal> => {
      const t = await this.ready(tournamentId);
      if (!t) return missing();
      const change = await step(t);
      if ("ok" in change) return change;
      await this.afterChange(this.commit(change).events);
      return reply(change.events);
    });
  }

  /** A question answered from the state, nothing stored; null when there is no such tournament. */
  private read<T>(tournamentId: string, answer: (t: Stored) => T): Promise<T | null> {
    return this.serial(async () => {
      const t = await this.ready(tournamentId);
      return t && answer(t);
    });
  }

  /** The change with what its events imply (places, money owed), stored. */
  private commit(change: Change): Change {
    this.save(withEvents(change.stored, change.state, change.events));
    return change;
  }

  /** Only the chunks that changed are written, not awaited (the output gate holds replies until they are on disk). */
  private save(t: Stored): void {
    const writes = piecesToWrite(this.stored, t);
    this.stored = t;
    sendWrites(this.ctx.storage, writes);
  }

  /** After a change: pay what is owed, copy the counts to D1, tell the tables, set the alarm. */
  private async afterChange(events: TournamentEvent[], everyTable = false): Promise<void> {
    if (!this.stored) return;
    const db = database(this.env.DB);
    if (this.stored.owed.length > 0) {
      const left = await payOwed(db, this.stored.id, this.stored.owed);
      this.save({ ...(this.stored as Stored), owed: left });
    }
    const t = this.stored as Stored;
    await mirrorToRow(db, t);
    const numbers = tablesToNudge(t, events, everyTable);
    if (numbers.length > 0)
      this.ctx.waitUntil(nudgeTables(this.env, db, t, numbers, (n) => this.tableOpened(t.id, n)));
    await this.arm();
  }

  private async arm(): Promise<void> {
    const at = this.stored && alarmAt(this.stored, clockNow());
    if (at == null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(alarmTimeOf(at));
  }

  /** The tournament on first use: its definition from D1 becomes the state machine's. */
  private async ready(tournamentId: string): Promise<Stored | null> {
    if (this.stored) return this.stored.id === tournamentId ? this.stored : null;
    const db = database(this.env.DB);
    const t = await tournamentFromRow(db, tournamentId, clockNow());
    if (!t) return null;
    this.save(t);
    await mirrorToRow(db, t);
    await this.arm();
    return t;
  }

  /** Every entry point runs in one queue, after any purchase a crash left halfway (one the ledger refuses waits). */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      for (const intent of Object.values(this.stored?.intents ?? {}))
        await finishPurchase(this.purchases, intent).catch((error) =>
          console.error(`tournament ${this.stored?.id}: purchase ${intent.key} waits:`, error),
        );
      return work();
    });
  }
}
