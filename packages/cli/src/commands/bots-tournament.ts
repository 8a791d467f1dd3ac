/**
 * `felt bots --tournament --players N [--game G] [--level-seconds S] [--think-ms M]
 *  [--seats K] [--rebuy-levels L] --admin-password P`: a live tournament of game G
 * (holdem-nl, the default, omaha-pl, holdem-fl or stud7: seven-card stud, at most 8 a table)
 * through the real API. Signs up N bots, schedules a hyper tournament with
 * S-second levels (rebuys through level L, 0 = none) and registers them all,
 * then plays it to the end over real WebSockets: each bot follows its seat
 * from table to table as the tournament page shows it, acts at random after
 * M ms, decides on a rebuy offer when it busts, and now and then buys a
 * rebuy while its own hand is in play (MT-1: the chips join after the hand).
 * Prints one JSON line:
 * {"game","players","hands","tables_at_start","duration_s","p50_ms","p99_ms","errors",
 *  "paid_total","prize_pool","ledger_ok",…}
 * where latency = action sent → the resulting state received, `errors` are
 * faults (refused calls, protocol errors, feed gaps, a timeout), never a
 * rebuy the rules refuse (those are counted in `rebuys_refused`), and the
 * ledger is checked for conservation and reconciliation before and after.
 */
import type { Socket } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { seededFloats } from "@felt/fairness/testing";
import {
  followFeed,
  type ServerMessage,
  type StateMessage,
  serverMessageSchema,
  TOURNAMENT_GAMES,
  type TournamentGame,
} from "@felt/protocol";
import WebSocket from "ws";
import { inParallel, optionsOrNull, signInAdmin, signUpBots } from "../bots-admin";
import { ApiError, call, chipsInPlay, driftBetween } from "../bots-api";
import { BotTurns, randomAction } from "../bots-play";
import { percentile } from "../bots-stats";

export type Options = {
  url: string;
  game: TournamentGame;
  players: number;
  seats: number;
  levelSeconds: number;
  rebuyLevels: number;
  thinkMs: number;
  adminEmail: string;
  adminPassword: string;
  timeoutS: number;
};

const BUY_IN = 100;
const FEE = 10;
const STARTING_STACK = 1_500;
/** How many HTTP calls the set-up runs at once. */
const PARALLEL = 8;
/** How often the bots read the tournament page to follow their seats. */
const FOLLOW_MS = 1_000;
/** The chance a bot still allowed to rebuy buys one as its hand is dealt. */
const MID_HAND_REBUY = 0.1;

function options(args: string[]): Options | string {
  const { values } = parseArgs({
    args,
    options: {
      url: { type: "string", default: "http://127.0.0.1:8787" },
      players: { type: "string", default: "20" },
      game: { type: "string", default: "holdem-nl" },
      seats: { type: "string", default: "9" },
      "level-seconds": { type: "string", default: "60" },
      "rebuy-levels": { type: "string", default: "3" },
      "think-ms": { type: "string", default: "100" },
      "admin-email": {
        type: "string",
        default: process.env.FELT_ADMIN_EMAIL ?? "admin@felt.local",
      },
      "admin-password": { type: "string", default: process.env.FELT_ADMIN_PASSWORD ?? "" },
      "timeout-s": { type: "string", default: "1200" },
    },
    strict: true,
  });
  const int = (name: string, value: string | undefined, min: number, max: number) => {
    const n = Number(value);
    return Number.isInteger(n) && n >= min && n <= max
      ? n
      : `--${name} must be a whole number from ${min} to ${max}`;
  };
  const numbers = {
    players: int("players", values.players, 2, 5_000),
    seats: int("seats", values.seats, 2, 10),
    levelSeconds: int("level-seconds", values["level-seconds"], 10, 7_200),
    rebuyLevels: int("rebuy-levels", values["rebuy-levels"], 0, 20),
    thinkMs: int("think-ms", values["think-ms"], 0, 60_000),
    timeoutS: int("timeout-s", values["timeout-s"], 1, 86_400),
  };
  for (const n of Object.values(numbers)) if (typeof n === "string") return n;
  const game = TOURNAMENT_GAMES.find((g) => g === values.game);
  if (!game) return `--game must be one of ${TOURNAMENT_GAMES.join(", ")}`;
  if (!values["admin-password"])
    return "--admin-password (or FELT_ADMIN_PASSWORD) is required: the bots schedule their tournament through the admin API";
  return {
    ...(numbers as Record<keyof typeof numbers, number>),
    game,
    url: (values.url as string).replace(/\/$/, ""),
    adminEmail: values["admin-email"] as string,
    adminPassword: values["admin-password"] as string,
  };
}

/** The parts of the tournament page the bots read. */
export type Page = {
  status: "registering" | "running" | "finished" | "cancelled";
  prizePool: number;
  players: { playerId: string; tableId: string | null; prize: number | null }[];
  tables: { tableId: string }[];
  you?: { rebuyOffered: boolean } | null;
};

/** An error in words, with the network cause a failed fetch hides. */
export function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause ? `${error.message} (${cause.code ?? cause.message})` : error.message;
}

export type Stats = {
  latencies: number[];
  actions: number;
  errors: number;
  faults: string[];
  rebuys: number;
  rebuysMidHand: number;
  rebuysRefused: number;
  declined: number;
  /** The highest hand number each table's sockets have seen. */
  hands: Map<string, number>;
};

/** One bot: a player with a socket to whatever table the tournament seats him at. */
export class Bot {
  tableId: string | null = null;
  private socket: WebSocket | null = null;
  private held: StateMessage | null = null;
  /** When to act, on the current socket (a new one per socket). */
  private turns: BotTurns | null = null;
  private seq = 0;
  private lastHand = 0;
  private deciding = false;
  private decidedAt = -Infinity;

  constructor(
    readonly id: string,
    readonly token: string,
    private readonly run: {
      o: Options;
      tournamentId: string;
      stats: Stats;
      random: () => number;
      connections: Socket[];
      fault: (what: string) => void;
    },
  ) {}

  /** Sit at `tableId` (null: out of the tournament), reconnecting when it changed. */
  follow(tableId: string | null): void {
    if (tableId === this.tableId && this.socket) return;
    this.close();
    this.tableId = tableId;
    if (!tableId) return;
    const wsBase = this.run.o.url.replace(/^http/, "ws");
    // The token goes in a header, never the URL (logs and proxies keep URLs).
    const socket = new WebSocket(`${wsBase}/ws/table/${tableId}`, {
      headers: { Authorization: `Bearer ${this.token}` },
    });
    this.socket = socket;
    const { stats, random } = this.run;
    this.turns = new BotTurns({
      thinkMs: this.run.o.thinkMs,
      held: () =>
        this.held && { version: this.held.view.version, legal: this.held.view.hand?.legalActions },
      live: () => this.socket === socket && socket.readyState === WebSocket.OPEN,
      choose: (legal) => randomAction(legal, random),
      send: (action, expectedVersion) => {
        stats.actions++;
        socket.send(JSON.stringify({ type: "act", action, expectedVersion, seq: ++this.seq }));
        return this.seq;
      },
      latency: (ms) => stats.latencies.push(ms),
    });
    socket.on("message", (data) => this.onMessage(socket, String(data)));
    socket.on("upgrade", (response) => this.run.connections.push(response.socket));
    socket.on("error", (error) => this.run.fault(`socket: ${error.message}`));
    // A socket the room closes (a move, a broken table) is reopened by the next follow.
    socket.on("close", () => {
      if (this.socket === socket) this.socket = null;
    });
  }

  close(): void {
    const socket = this.socket;
    this.socket = null;
    this.held = null;
    this.turns = null;
    socket?.close();
  }

  private onMessage(socket: WebSocket, text: string): void {
    // Messages still arriving on a socket this bot left (it moved) belong to no state it holds.
    if (socket !== this.socket) return;
    const { stats, o, random } = this.run;
    let message: ServerMessage;
    try {
      message = serverMessageSchema.parse(JSON.parse(text));
    } catch {
      this.run.fault("unparsable message");
      return;
    }
    if (message.type === "chat") return; // bots read no chat
    if (message.type === "error") {
      // A stale version after someone else acted first is the race a real client has too;
      // an action sent just as a move or the tournament's end took the seat away likewise.
      if (!["stale_version", "not_seated", "not_your_turn"].includes(message.code))
        this.run.fault(`table error ${message.code}`);
      this.turns?.onError(message.seq);
      return;
    }
    if (message.type === "proofs") return; // bots never ask for proofs
    const followed = followFeed(this.held, message);
    if (!followed.ok) {
      this.run.fault("feed gap");
      socket.send(JSON.stringify({ type: "sync" }));
      return;
    }
    this.held = followed.state;
    const view = this.held.view;
    const tableId = this.tableId as string;
    stats.hands.set(tableId, Math.max(stats.hands.get(tableId) ?? 0, view.handNumber));
    const me = view.mySeat === null ? null : view.hand?.players.find((p) => p.seat === view.mySeat);
    // A new hand of mine: now and then a rebuy while it is in play (the chips come after it).
    if (me && view.handNumber !== this.lastHand) {
      this.lastHand = view.handNumber;
      if (
        o.rebuyLevels > 0 &&
        me.stack + me.committed <= STARTING_STACK &&
        random() < MID_HAND_REBUY
      )
        void this.rebuy(true);
    }
    this.tick();
    this.turns?.onState();
  }

  /** Between hands with no chips: busted, so a rebuy decision may be waiting (asked at most every 2 s). */
  tick(): void {
    const view = this.held?.view;
    const seat = view?.mySeat ? view.seats[view.mySeat - 1] : null;
    const between = !view?.hand || view.hand.phase === "complete";
    if (!seat || seat.stack > 0 || !between || this.deciding) return;
    if (performance.now() - this.decidedAt < 2_000) return;
    void this.decide();
  }

  /** Busted: if the tournament offers a rebuy, take it half the time, else decline. */
  private async decide(): Promise<void> {
    this.deciding = true;
    this.decidedAt = performance.now();
    try {
      const { o, tournamentId, stats, random } = this.run;
      const page = await call<Page>(
        o.url,
        "tournaments.get",
        { id: tournamentId },
        this.token,
        "query",
      );
      if (!page.you?.rebuyOffered) return;
      if (random() < 0.5) await this.rebuy(false);
      else {
        await call(o.url, "tournaments.declineRebuy", { id: tournamentId }, this.token);
        stats.declined++;
      }
    } catch (error) {
      this.run.fault(`rebuy decision: ${reason(error)}`);
    } finally {
      this.deciding = false;
    }
  }

  private async rebuy(midHand: boolean): Promise<void> {
    const { o, tournamentId, stats } = this.run;
    try {
      await call(o.url, "tournaments.rebuy", { id: tournamentId }, this.token);
      stats.rebuys++;
      if (midHand) stats.rebuysMidHand++;
    } catch (error) {
      // The rules may say no (the period is over, too many chips, out already): not a fault.
      if (error instanceof ApiError && error.status < 500) stats.rebuysRefused++;
      else this.run.fault(`rebuy: ${reason(error)}`);
    }
  }
}

/** A run's counters, empty, and how a fault is counted (the first ten kept to print). */
export function newStats(): { stats: Stats; fault: (what: string) => void } {
  const stats: Stats = {
    latencies: [],
    actions: 0,
    errors: 0,
    faults: [],
    rebuys: 0,
    rebuysMidHand: 0,
    rebuysRefused: 0,
    declined: 0,
    hands: new Map(),
  };
  const fault = (what: string) => {
    stats.errors++;
    if (stats.faults.length < 10) stats.faults.push(what);
  };
  return { stats, fault };
}

export async function runTournament(args: string[]): Promise<number> {
  const o = optionsOrNull("--tournament", () => options(args));
  if (!o) return 2;
  const tag = Date.now().toString(36);
  const admin = await signInAdmin(o);
  const reconcile = admin.reconcile;

  const names = Array.from({ length: o.players }, (_, i) => `tbot-${tag}-${i}`);
  const accounts = await signUpBots(o.url, admin, names, PARALLEL);
  const payouts = await call<{ id: string }>(
    o.url,
    "admin.payoutTables.create",
    {
      name: `Bots ${tag}`,
      tiers: [
        { minEntrants: 2, maxEntrants: 9, percentages: [65, 35] },
        { minEntrants: 10, maxEntrants: 49, percentages: [50, 30, 20] },
        { minEntrants: 50, maxEntrants: 100_000, percentages: [30, 20, 15, 10, 8, 7, 5, 5] },
      ],
    },
    admin.token,
  );
  // Registration takes a moment per player; the start waits for all of them.
  const startsAt = Date.now() + 5_000 + o.players * 60;
  const created = await call<{ id: string }>(
    o.url,
    "admin.tournaments.create",
    {
      name: `Bots ${tag}`,
      game: o.game,
      startsAt,
      buyIn: BUY_IN,
      fee: FEE,
      startingStack: STARTING_STACK,
      seatsPerTable: o.seats,
      template: "hyper",
      levelSeconds: o.levelSeconds,
      rebuy:
        o.rebuyLevels > 0
          ? { chips: STARTING_STACK, price: BUY_IN, fee: FEE, untilLevel: o.rebuyLevels }
          : null,
      payoutTableId: payouts.id,
    },
    admin.token,
  );
  const id = created.id;
  const page = (token?: string) =>
    call<Page>(o.url, "tournaments.get", { id }, token ?? undefined, "query");
  await page(); // wakes the tournament's room, which sets its start alarm
  const before = await reconcile();
  await inParallel(accounts, PARALLEL, async (a) => {
    await call(o.url, "tournaments.register", { id }, a.token);
  });
  if (Date.now() > startsAt) {
    console.error("felt bots --tournament: registration took past the start time");
    return 1;
  }

  const { stats, fault } = newStats();
  const connections: Socket[] = [];
  const random = seededFloats(0x9e3779b9);
  const shared = { o, tournamentId: id, stats, random, connections, fault };
  const bots = accounts.map((a) => new Bot(a.id, a.token, shared));

  let view = await page();
  const deadline = Date.now() + o.timeoutS * 1000;
  while (view.status === "registering" && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    view = await page();
  }
  const startedAt = Date.now();
  const tablesAtStart = view.tables.length;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  while (view.status === "running" && Date.now() < deadline) {
    const seats = new Map(view.players.map((p) => [p.playerId, p.tableId]));
    for (const bot of bots) {
      bot.follow(seats.get(bot.id) ?? null);
      bot.tick();
    }
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_MS));
    try {
      view = await page();
    } catch (error) {
      fault(`tournament page: ${reason(error)}`);
    }
  }
  loop.disable();
  const finishedAt = Date.now();
  if (view.status !== "finished") fault(`tournament ${view.status} at the end`);
  for (const bot of bots) bot.close();
  // Prizes and fees are paid as the tournament ends; give the room a moment.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const final = await page();
  const after = await reconcile();
  const paidTotal = final.players.reduce((sum, p) => sum + (p.prize ?? 0), 0);
  const sorted = stats.latencies.sort((a, b) => a - b);
  const result = {
    game: o.game,
    players: o.players,
    hands: [...stats.hands.values()].reduce((sum, n) => sum + n, 0),
    tables_at_start: tablesAtStart,
    duration_s: Math.round((finishedAt - startedAt) / 100) / 10,
    actions: stats.actions,
    p50_ms: Math.round(percentile(sorted, 50) * 10) / 10,
    p99_ms: Math.round(percentile(sorted, 99) * 10) / 10,
    errors: stats.errors,
    faults: stats.faults,
    rebuys: stats.rebuys,
    rebuys_mid_hand: stats.rebuysMidHand,
    rebuys_refused: stats.rebuysRefused,
    rebuys_declined: stats.declined,
    paid_total: paidTotal,
    prize_pool: final.prizePool,
    chips_before: chipsInPlay(before),
    chips_after: chipsInPlay(after),
    ledger_ok: after.ok && driftBetween(before, after) === 0,
    loop_p99_ms: Math.max(0, Math.round((loop.percentile(99) / 1e6 - 10) * 10) / 10),
    wire_bytes: connections.reduce((sum, tcp) => sum + tcp.bytesRead, 0),
    tournament_id: id,
  };
  console.log(JSON.stringify(result));
  return stats.errors === 0 && paidTotal === final.prizePool && result.ledger_ok ? 0 : 1;
}
