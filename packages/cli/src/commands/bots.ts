/**
 * `felt bots --url URL --tables T --seats S --hands H [--think-ms M]
 *  [--game holdem|russian] --admin-email E --admin-password P`: a load test
 * through the real API (Russian poker: `bots-russian.ts`).
 * Signs up T×S bot accounts, opens T tables from a new stake (admin API),
 * seats the bots, and plays H hands per table over real WebSockets with
 * random legal actions. Each bot waits M ms before acting, so latency
 * measures the server, not a queue of instant bots. Prints one JSON line:
 * {"tables","hands","actions","p50_ms","p99_ms","errors","chips_before","chips_after",…}
 * where latency = action sent → the resulting state received, and chips are
 * wallets + tables + house from the ledger's reconciliation. `loop_p99_ms`
 * is this process's own event-loop delay while playing: hundreds of sockets
 * share one Node thread, and a busy loop here inflates the latency measured.
 * `bytes_per_action` is every message's text the bots received ÷ actions
 * (`wire_bytes_per_action`: what crossed the network, compressed, with
 * frame headers), `messages_per_action` likewise; `play_started_at_ms` and
 * `play_ended_at_ms` (epoch ms) bound the play, from every bot seated to the
 * last hand, so a CPU count over that span leaves the sign-ups out.
 */
import type { Socket } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import type { LegalActions } from "@felt/engine";
import {
  followFeed,
  type PlayerAction,
  type ServerMessage,
  type StateMessage,
  serverMessageSchema,
} from "@felt/protocol";
import WebSocket from "ws";
import { call, chipsInPlay, type Reconciliation } from "../bots-api";
import { percentile } from "../bots-stats";
import { runRussianBots } from "./bots-russian";

type Options = {
  /** holdem (the default) or russian. */
  game: "holdem" | "russian";
  url: string;
  tables: number;
  seats: number;
  hands: number;
  thinkMs: number;
  adminEmail: string;
  adminPassword: string;
  timeoutS: number;
};

function options(args: string[]): Options | string {
  const { values } = parseArgs({
    args,
    options: {
      game: { type: "string", default: "holdem" },
      url: { type: "string", default: "http://127.0.0.1:8787" },
      tables: { type: "string", default: "1" },
      seats: { type: "string", default: "6" },
      hands: { type: "string", default: "10" },
      "think-ms": { type: "string", default: "100" },
      "admin-email": {
        type: "string",
        default: process.env.FELT_ADMIN_EMAIL ?? "admin@felt.local",
      },
      "admin-password": { type: "string", default: process.env.FELT_ADMIN_PASSWORD ?? "" },
      "timeout-s": { type: "string", default: "600" },
    },
    strict: true,
  });
  const int = (name: string, value: string | undefined, min: number, max: number) => {
    const n = Number(value);
    return Number.isInteger(n) && n >= min && n <= max
      ? n
      : `--${name} must be a whole number from ${min} to ${max}`;
  };
  const tables = int("tables", values.tables, 1, 500);
  const seats = int("seats", values.seats, 2, 10);
  const hands = int("hands", values.hands, 1, 100_000);
  const thinkMs = int("think-ms", values["think-ms"], 0, 60_000);
  const timeoutS = int("timeout-s", values["timeout-s"], 1, 86_400);
  for (const n of [tables, seats, hands, thinkMs, timeoutS]) if (typeof n === "string") return n;
  if (values.game === "dealers-choice")
    return "--game dealers-choice: the site does not deal dealer's choice tables yet";
  if (values.game !== "holdem" && values.game !== "russian")
    return "--game must be holdem or russian";
  if (!values["admin-password"])
    return "--admin-password (or FELT_ADMIN_PASSWORD) is required: the bots open their tables through the admin API";
  return {
    game: values.game,
    url: (values.url as string).replace(/\/$/, ""),
    tables: tables as number,
    seats: seats as number,
    hands: hands as number,
    thinkMs: thinkMs as number,
    adminEmail: values["admin-email"] as string,
    adminPassword: values["admin-password"] as string,
    timeoutS: timeoutS as number,
  };
}

/** A random legal action, sized uniformly when it is a bet or raise. */
function randomAction(legal: LegalActions, random: () => number): PlayerAction {
  if (legal.show || legal.muck) return { type: legal.show ? "show" : "muck" };
  const choices: PlayerAction[] = [];
  if (legal.fold) choices.push({ type: "fold" });
  if (legal.check) choices.push({ type: "check" }, { type: "check" });
  if (legal.call) choices.push({ type: "call" }, { type: "call" });
  if (legal.betOrRaise) {
    const { min, max } = legal.betOrRaise;
    choices.push({ type: "betOrRaiseTo", amount: min + Math.floor(random() * (max - min + 1)) });
  }
  return choices[Math.floor(random() * choices.length)] ?? { type: "check" };
}

type Bot = { name: string; token: string; tableId: string };

export async function run(args: string[]): Promise<number> {
  let opts: Options | string;
  try {
    opts = options(args);
  } catch (error) {
    opts = error instanceof Error ? error.message : String(error);
  }
  if (typeof opts === "string") {
    console.error(`felt bots: ${opts}`);
    return 2;
  }
  const o = opts;
  if (o.game === "russian") return runRussianBots(o);
  const tag = Date.now().toString(36);
  const admin = await call<{ token: string }>(o.url, "auth.signIn", {
    email: o.adminEmail,
    password: o.adminPassword,
    session: "token",
  });
  const stake = await call<{ id: string }>(
    o.url,
    "admin.stakes.create",
    {
      name: `Bots ${tag}`,
      game: "holdem",
      betting: "no-limit",
      smallBlind: 1,
      bigBlind: 2,
      seats: o.seats,
      actionSeconds: 30,
    },
    admin.token,
  );
  const tableIds: string[] = [];
  for (let t = 0; t < o.tables; t++) {
    const table = await call<{ id: string }>(
      o.url,
      "admin.tables.open",
      { stakeId: stake.id, name: `Bots ${tag} ${t + 1}` },
      admin.token,
    );
    tableIds.push(table.id);
  }

  const bots: Bot[] = [];
  for (const tableId of tableIds) {
    for (let s = 0; s < o.seats; s++) {
      const name = `bot-${tag}-${bots.length}`;
      const signed = await call<{ token: string }>(o.url, "auth.signUp", {
        email: `${name}@bots.felt.local`,
        password: "bots-play-for-fun",
        displayName: name,
        session: "token",
      });
      bots.push({ name, token: signed.token, tableId });
    }
  }
  const reconcile = () =>
    call<Reconciliation>(o.url, "admin.reconcile", undefined, admin.token, "query");
  const before = await reconcile();

  for (const bot of bots) {
    await call(
      o.url,
      "cashier.buyIn",
      { tableId: bot.tableId, amount: 200, idempotencyKey: `${bot.name}-sit` },
      bot.token,
    );
  }

  const playStartedAt = Date.now();
  // On stderr, so that stdout stays one JSON line: a profiler or CPU counter can start here.
  console.error(`felt bots: ${bots.length} bots seated at ${o.tables} tables, playing`);
  const latencies: number[] = [];
  let actions = 0;
  let errors = 0;
  let messages = 0;
  let bytes = 0;
  const connections: Socket[] = [];
  const handsPlayed = new Map<string, number>();
  let seed = 0x9e3779b9;
  const random = () => {
    // mulberry32: reproducible bot choices without Math.random.
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };

  const LOOP_RESOLUTION_MS = 10;
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loop.enable();
  const wsBase = o.url.replace(/^http/, "ws");
  const sockets: WebSocket[] = [];
  const finished = new Promise<void>((resolve) => {
    let done = 0;
    for (const bot of bots) {
      const socket = new WebSocket(
        `${wsBase}/ws/table/${bot.tableId}?token=${encodeURIComponent(bot.token)}`,
      );
      sockets.push(socket);
      let seq = 0;
      let held: StateMessage | null = null;
      let pending: { version: number; sentAt: number } | null = null;
      let leaving = false;
      let thinking = false;
      socket.on("message", (data) => {
        const text = String(data);
        messages++;
        bytes += Buffer.byteLength(text);
        let message: ServerMessage;
        try {
          message = serverMessageSchema.parse(JSON.parse(text));
        } catch {
          errors++;
          return;
        }
        if (message.type === "error") {
          // A stale version after someone else acted first is the race a real client has too.
          if (message.code !== "stale_version") errors++;
          pending = null;
          return;
        }
        const followed = followFeed(held, message);
        if (!followed.ok) {
          // The room's messages arrive in order on one socket: a gap is a fault.
          errors++;
          socket.send(JSON.stringify({ type: "sync" }));
          return;
        }
        held = followed.state;
        const view = held.view;
        if (pending && view.version > pending.version) {
          latencies.push(performance.now() - pending.sentAt);
          pending = null;
        }
        handsPlayed.set(
          bot.tableId,
          Math.max(
            handsPlayed.get(bot.tableId) ?? 0,
            view.handNumber - (view.hand?.phase === "complete" ? 0 : 1),
          ),
        );
        if (!leaving && (handsPlayed.get(bot.tableId) ?? 0) >= o.hands) {
          leaving = true;
          socket.send(JSON.stringify({ type: "leave", seq: ++seq }));
          done++;
          if (done === bots.length) resolve();
        }
        const legal = view.hand?.legalActions;
        if (!legal || pending || thinking || leaving) return;
        thinking = true;
        setTimeout(() => {
          thinking = false;
          const action = randomAction(legal, random);
          pending = { version: view.version, sentAt: performance.now() };
          actions++;
          socket.send(
            JSON.stringify({ type: "act", action, expectedVersion: view.version, seq: ++seq }),
          );
        }, o.thinkMs);
      });
      // Busted bots buy back in from their wallets (T-6), so tables keep playing.
      socket.on("open", () =>
        socket.send(JSON.stringify({ type: "autoRebuy", upTo: 200, seq: ++seq })),
      );
      socket.on("upgrade", (response) => connections.push(response.socket));
      socket.on("error", () => errors++);
    }
  });
  const timedOut = await Promise.race([
    finished.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), o.timeoutS * 1000).unref()),
  ]);
  if (timedOut) errors++;
  const playEndedAt = Date.now();
  loop.disable();
  // Leaving cashes out at the end of the hand: give the rooms a moment, then read the ledger.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise((resolve) => {
          socket.once("close", resolve);
          socket.close();
        }),
    ),
  );
  const after = await reconcile();
  const wireBytes = connections.reduce((sum, tcp) => sum + tcp.bytesRead, 0);
  const sorted = latencies.sort((a, b) => a - b);
  const hands = [...handsPlayed.values()].reduce((sum, n) => sum + n, 0);
  console.log(
    JSON.stringify({
      tables: o.tables,
      hands,
      actions,
      p50_ms: Math.round(percentile(sorted, 50) * 10) / 10,
      p99_ms: Math.round(percentile(sorted, 99) * 10) / 10,
      errors,
      // The histogram holds whole timer intervals: the delay is what exceeds the resolution.
      loop_p99_ms: Math.max(
        0,
        Math.round((loop.percentile(99) / 1e6 - LOOP_RESOLUTION_MS) * 10) / 10,
      ),
      bytes_per_action: actions === 0 ? 0 : Math.round(bytes / actions),
      wire_bytes_per_action: actions === 0 ? 0 : Math.round(wireBytes / actions),
      messages_per_action: actions === 0 ? 0 : Math.round((messages / actions) * 100) / 100,
      play_started_at_ms: playStartedAt,
      play_ended_at_ms: playEndedAt,
      chips_before: chipsInPlay(before),
      chips_after: chipsInPlay(after),
      ledger_ok: after.ok,
    }),
  );
  return errors === 0 && chipsInPlay(before) === chipsInPlay(after) && after.ok ? 0 : 1;
}
