/**
 * `felt bots --url URL --tables T --seats S --hands H [--think-ms M]
 *  [--rake PERCENT [--rake-cap CHIPS]] [--save-histories DIR] [--chaos-every-s N]
 *  [--game holdem|dealers-choice|russian|stud7|stud5] --admin-email E --admin-password P`:
 * a load test through the real API (Russian poker: `bots-russian.ts`).
 * `--game stud7|stud5` opens a fixed-limit seven- or five-card stud stake
 * (ST-1, ST-5): antes of 1, the stake's 1/2 read as bring-in 1 and small bet
 * 2 (ST-2, ST-4); at most 8 and 10 seats.
 * `--game dealers-choice` opens a dealer's choice stake of every game the
 * site offers; a bot on the button picks the orbit's game at random.
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
 * What the rooms counted while the bots played (admin.health's costs, read
 * before and after): `storage_commits_per_action` (transactions and alarms
 * written, also apart), `d1_calls_per_hand`, `d1_statements_per_hand` and
 * `d1_rows_written_per_hand` (../bots-costs.ts).
 * `--rake` makes the stake take that percentage of each pot (T-10, capped at
 * `--rake-cap` chips a hand); `--save-histories DIR` then writes every
 * finished hand's PHH, as a player gets it from `history.get`, to
 * DIR/<table>-<hand>.phh (`histories_saved`), for `felt replay DIR/*.phh`.
 *
 * Every hand played must leave exactly one history, and each must replay
 * to its finishing stacks: a hand without one (`histories_missing`), one
 * for a hand not counted (`histories_unexpected`) or one that does not
 * replay (`histories_unreplayable`) is an error (listed, the first ten; and
 * counted in `error_kinds`), and stderr says how many were saved for how
 * many hands.
 *
 * `--chaos-every-s N` (a soak): every N seconds or so (0.5–1.5 N, at
 * random) one table's room is aborted, as a crash would, through the API's
 * test-only chaos route (only a server started with FELT_CHAOS=abort-rooms
 * has it: apps/api/src/chaos.ts). Bots whose socket drops reconnect and carry
 * on; `aborts` and `reconnects` count them, and `drift` is chips_after −
 * chips_before (0 when no chip was lost or made).
 *
 * Random play drains the losers' wallets into the winners' stacks (a
 * table's chips only grow: every bust is bought back from a wallet), and at
 * 200 chips a bust a 10,000-chip wallet lasted ~170 hands, after which one
 * bot held every chip and the table stopped. So a bot sits down with 200 but
 * tops up to the table's minimum when busted (T-6), and when the room skips a
 * top-up for want of money (its auto_rebuy_skipped notice, no error) it
 * reloads if broke, as a player may three times a day, or tops up with what
 * is left (`rebuys_skipped`, `reloads`; `wallets_empty`: bots with nothing left).
 */
import { mkdir, writeFile } from "node:fs/promises";
import type { Socket } from "node:net";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { seededFloats } from "@felt/fairness/testing";
import {
  DEALERS_CHOICE_GAMES,
  followFeed,
  type ServerMessage,
  type StateMessage,
  serverMessageSchema,
} from "@felt/protocol";
import WebSocket from "ws";
import { call, chipsInPlay, driftBetween, type Reconciliation } from "../bots-api";
import { costReport, countsAfter, healthCounts } from "../bots-costs";
import { checkHistories } from "../bots-histories";
import { BotTurns, randomAction, randomGame } from "../bots-play";
import { percentile } from "../bots-stats";
import { runHomeBots } from "./bots-home";
import { runRussianBots } from "./bots-russian";
import { runSitAndGos } from "./bots-sng";
import { runTournament } from "./bots-tournament";

type Options = {
  /** holdem (the default), dealers-choice or russian. */
  game: "holdem" | "dealers-choice" | "russian" | "stud7" | "stud5";
  url: string;
  tables: number;
  seats: number;
  hands: number;
  thinkMs: number;
  adminEmail: string;
  adminPassword: string;
  timeoutS: number;
  rakePercent: number;
  rakeCap: number;
  saveHistories: string | null;
  chaosEveryS: number;
  /** 0, or play until this many seconds have passed (a soak), each table leaving at its hand's end. */
  durationS: number;
};

export function options(args: string[]): Options | string {
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
      rake: { type: "string", default: "0" },
      "rake-cap": { type: "string", default: "20" },
      "save-histories": { type: "string" },
      "chaos-every-s": { type: "string", default: "0" },
      "duration-s": { type: "string", default: "0" },
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
  const rakeCap = int("rake-cap", values["rake-cap"], 1, 1_000_000);
  // The admin API's own limit: 0–10 %, two decimals at most.
  const rakePercent = Number(values.rake);
  if (
    !(rakePercent >= 0 && rakePercent <= 10 && Math.round(rakePercent * 100) === rakePercent * 100)
  )
    return "--rake must be a percentage from 0 to 10 with at most two decimals";
  const chaosEveryS = int("chaos-every-s", values["chaos-every-s"], 0, 3_600);
  const durationS = int("duration-s", values["duration-s"], 0, 86_400);
  for (const n of [tables, seats, hands, thinkMs, timeoutS, rakeCap, chaosEveryS, durationS])
    if (typeof n === "string") return n;
  const games = ["holdem", "dealers-choice", "russian", "stud7", "stud5"] as const;
  const game = games.find((g) => g === values.game);
  if (game === undefined) return "--game must be holdem, dealers-choice, russian, stud7 or stud5";
  // ST-1: seven-card stud seats at most 8 (the deck); ST-5 five-card stud 10.
  if (game === "stud7" && (seats as number) > 8) return "--seats: seven-card stud seats at most 8";
  if (!values["admin-password"])
    return "--admin-password (or FELT_ADMIN_PASSWORD) is required: the bots open their tables through the admin API";
  return {
    game,
    url: (values.url as string).replace(/\/$/, ""),
    tables: tables as number,
    seats: seats as number,
    hands: hands as number,
    thinkMs: thinkMs as number,
    adminEmail: values["admin-email"] as string,
    adminPassword: values["admin-password"] as string,
    timeoutS: timeoutS as number,
    rakePercent,
    rakeCap: rakeCap as number,
    saveHistories: values["save-histories"] ?? null,
    chaosEveryS: chaosEveryS as number,
    durationS: durationS as number,
  };
}

type Bot = { name: string; token: string; tableId: string };

/** What each bot sits down with. */
const BUY_IN = 200;
const BIG_BLIND = 2;
const MIN_BUY_IN_BB = 20;
/** The table's minimum buy-in: what a busted bot tops up to (T-6), asked with the buy-in. */
const MIN_BUY_IN = MIN_BUY_IN_BB * BIG_BLIND;

export async function run(args: string[]): Promise<number> {
  if (args.includes("--tournament")) return runTournament(args.filter((x) => x !== "--tournament"));
  if (args.includes("--home")) return runHomeBots(args.filter((x) => x !== "--home"));
  if (args.includes("--sng")) return runSitAndGos(args);
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
      ...(o.game === "dealers-choice"
        ? {
            game: "dealers-choice",
            // ST-1: seven-card stud deals to at most 8, so a bigger table lists the rest.
            games: DEALERS_CHOICE_GAMES.filter((g) => g !== "stud7" || o.seats <= 8),
            betting: "no-limit",
          }
        : o.game === "stud7" || o.game === "stud5"
          ? // Stud is fixed limit with antes (ST-1 … ST-5): bring-in 1, small bet 2, big bet 4.
            {
              game: o.game,
              betting: "fixed-limit",
              ante: 1,
              smallBet: BIG_BLIND,
              bigBet: 2 * BIG_BLIND,
            }
          : { game: "holdem", betting: "no-limit" }),
      smallBlind: 1,
      bigBlind: BIG_BLIND,
      minBuyInBb: MIN_BUY_IN_BB,
      seats: o.seats,
      actionSeconds: 30,
      ...(o.rakePercent > 0 ? { rakePercent: o.rakePercent, rakeCap: o.rakeCap } : {}),
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
      // Signed up with the admin's session: the per-address sign-up limit does not apply to it.
      const signed = await call<{ token: string }>(
        o.url,
        "auth.signUp",
        {
          email: `${name}@bots.felt.local`,
          password: "bots-play-for-fun",
          displayName: name,
          session: "token",
        },
        admin.token,
      );
      bots.push({ name, token: signed.token, tableId });
    }
  }
  const reconcile = () =>
    call<Reconciliation>(o.url, "admin.reconcile", undefined, admin.token, "query");
  const before = await reconcile();
  const counts = () => healthCounts(o.url, admin.token);
  const countsBefore = await counts();

  for (const bot of bots) {
    await call(
      o.url,
      "cashier.buyIn",
      {
        tableId: bot.tableId,
        amount: BUY_IN,
        autoRebuy: MIN_BUY_IN,
        idempotencyKey: `${bot.name}-sit`,
      },
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
  // Reproducible bot choices without Math.random.
  const random = seededFloats(0x9e3779b9);

  const LOOP_RESOLUTION_MS = 10;
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loop.enable();
  const wsBase = o.url.replace(/^http/, "ws");
  const sockets: WebSocket[] = [];
  /** What went wrong, by kind: a server error's code, or the bot's own name for it. */
  const faults: Record<string, number> = {};
  const fault = (kind: string) => {
    errors++;
    faults[kind] = (faults[kind] ?? 0) + 1;
  };
  let reconnects = 0;
  /** T-6 top-ups the room skipped (the wallet could not cover them), the reloads that followed, and bots left with no money at all. */
  let rebuysSkipped = 0;
  let reloads = 0;
  let walletsEmpty = 0;
  let playing = true;
  const finished = new Promise<void>((resolve) => {
    let done = 0;
    bots.forEach((bot, index) => {
      let seq = 0;
      let leaving = false;
      /**
       * What the bot tops up to when busted (T-6): the table's minimum buy-in
       * (asked with the buy-in), or what its wallet has left; 0 when empty.
       */
      let rebuyTo = MIN_BUY_IN;
      let connected = false;
      let refilling = false;
      /**
       * A top-up was skipped: the wallet is short (random play drains the losers'
       * wallets into the winners' stacks). Reload if broke, as a player would
       * (3 a day), else top up with what is left; then ask for the auto-rebuy again.
       */
      const refill = async (minBuyIn: number, socket: WebSocket) => {
        if (refilling || leaving) return;
        refilling = true;
        try {
          const wallet = await call<{ balance: number; broke: boolean; reloadsLeft: number }>(
            o.url,
            "cashier.balance",
            undefined,
            bot.token,
            "query",
          );
          let balance = wallet.balance;
          if (wallet.broke && wallet.reloadsLeft > 0) {
            balance = (await call<{ balance: number }>(o.url, "cashier.reload", {}, bot.token))
              .balance;
            reloads++;
          }
          const was = rebuyTo;
          rebuyTo = balance >= minBuyIn ? minBuyIn : 0;
          // Out of money for today: the wish is withdrawn and it sits out, as a broke player does.
          if (rebuyTo === 0 && was !== 0) walletsEmpty++;
          if (socket.readyState === WebSocket.OPEN)
            socket.send(
              JSON.stringify({
                type: "autoRebuy",
                upTo: rebuyTo === 0 ? null : rebuyTo,
                seq: ++seq,
              }),
            );
        } catch (error) {
          console.error(`felt bots: ${bot.name} could not refill its wallet:`, error);
          fault("refill_failed");
        } finally {
          refilling = false;
        }
      };
      /** One connection; a drop (its room aborted, say) opens the next, which gets the state afresh. */
      const connect = () => {
        // The token goes in a header, never the URL (logs and proxies keep URLs).
        const socket = new WebSocket(`${wsBase}/ws/table/${bot.tableId}`, {
          headers: { Authorization: `Bearer ${bot.token}` },
        });
        sockets[index] = socket;
        let held: StateMessage | null = null;
        /** Dealer's choice: the table version a choice was sent at (one per pending choice). */
        let choseAt: number | null = null;
        const turns = new BotTurns({
          thinkMs: o.thinkMs,
          held: () => held && { version: held.view.version, legal: held.view.hand?.legalActions },
          live: () => !leaving && socket.readyState === WebSocket.OPEN,
          // In the draw a bot discards some of its own cards (draw games are dealt at dealer's choice).
          choose: (legal) => {
            const view = held?.view;
            const own = view?.hand?.players.find((p) => p.seat === view.mySeat)?.holeCards ?? [];
            return randomAction(legal, random, own);
          },
          send: (action, expectedVersion) => {
            actions++;
            socket.send(JSON.stringify({ type: "act", action, expectedVersion, seq: ++seq }));
            return seq;
          },
          latency: (ms) => latencies.push(ms),
        });
        socket.on("message", (data) => {
          const text = String(data);
          messages++;
          bytes += Buffer.byteLength(text);
          let message: ServerMessage;
          try {
            message = serverMessageSchema.parse(JSON.parse(text));
          } catch {
            fault("unparsable");
            return;
          }
          if (message.type === "chat") return; // bots read no chat
          if (message.type === "error") {
            turns.onError(message.seq);
            // Not the server's fault: the bot's wallet ran short (counted apart).
            if (message.code === "auto_rebuy_skipped") {
              rebuysSkipped++;
              void refill(held?.view.minBuyIn ?? 0, socket);
              return;
            }
            // A stale version after someone else acted first is the race a real client has too;
            // a bot that already left may hear that it is not seated any more.
            if (message.code !== "stale_version" && !leaving) fault(message.code);
            return;
          }
          if (message.type === "proofs") return; // bots never ask for proofs
          const followed = followFeed(held, message);
          if (!followed.ok) {
            // The room's messages arrive in order on one socket: a gap is a fault.
            fault("feed_gap");
            socket.send(JSON.stringify({ type: "sync" }));
            return;
          }
          held = followed.state;
          const view = held.view;
          handsPlayed.set(
            bot.tableId,
            Math.max(
              handsPlayed.get(bot.tableId) ?? 0,
              view.handNumber - (view.hand?.phase === "complete" ? 0 : 1),
            ),
          );
          const timeUp = o.durationS > 0 && Date.now() - playStartedAt >= o.durationS * 1000;
          if (!leaving && ((handsPlayed.get(bot.tableId) ?? 0) >= o.hands || timeUp)) {
            leaving = true;
            socket.send(JSON.stringify({ type: "leave", seq: ++seq }));
            done++;
            if (done === bots.length) resolve();
          }
          const choice = view.dealersChoice;
          if (choice?.chooser == null) choseAt = null;
          else if (choice.chooser === view.mySeat && !leaving && choseAt === null) {
            // On the button at an orbit's start: pick its game (a refusal is counted as a fault).
            choseAt = view.version;
            const game = randomGame(choice.games, random);
            socket.send(JSON.stringify({ type: "chooseGame", game, seq: ++seq }));
          }
          turns.onState();
        });
        socket.on("open", () => {
          // Busted bots buy back in from their wallets (T-6), so tables keep playing: a
          // wish a refill sent as the room went down is asked again.
          if (connected && rebuyTo)
            socket.send(JSON.stringify({ type: "autoRebuy", upTo: rebuyTo, seq: ++seq }));
          connected = true;
          // A leave the aborted room never stored is asked again.
          if (leaving) socket.send(JSON.stringify({ type: "leave", seq: ++seq }));
        });
        socket.on("upgrade", (response) => connections.push(response.socket));
        // A drop shows as an error and a close; the close reconnects, the error is not the bot's.
        socket.on("error", () => {});
        socket.on("close", () => {
          if (!playing) return;
          reconnects++;
          setTimeout(connect, 100 + Math.floor(random() * 400));
        });
      };
      connect();
    });
  });
  let aborts = 0;
  const chaos = (async () => {
    while (o.chaosEveryS > 0 && playing) {
      await new Promise((resolve) =>
        setTimeout(resolve, o.chaosEveryS * (500 + random() * 1000)).unref(),
      );
      if (!playing) return;
      const tableId = tableIds[Math.floor(random() * tableIds.length)] as string;
      // The abort may take the request that asked for it down with it: a reset is an abort too.
      const response = await fetch(`${o.url}/chaos/abort-room/${tableId}`, {
        method: "POST",
      }).catch(() => null);
      if (response === null || response.ok) aborts++;
      else {
        console.error(
          "felt bots: the server has no chaos route (start it with FELT_CHAOS=abort-rooms)",
        );
        fault("no_chaos_route");
        return;
      }
    }
  })();
  const timedOut = await Promise.race([
    finished.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), o.timeoutS * 1000).unref()),
  ]);
  if (timedOut) fault("timed_out");
  playing = false;
  await chaos;
  const playEndedAt = Date.now();
  // On stderr too: a profiler or CPU counter stops here, before the leaving and the ledger's check.
  console.error("felt bots: play ended, leaving");
  loop.disable();
  // Leaving cashes out at the end of the hand: give the rooms a moment, then read the ledger.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve(null);
          socket.once("close", resolve);
          socket.close();
        }),
    ),
  );
  const after = await reconcile();
  const histories =
    o.saveHistories === null
      ? null
      : checkHistories(handsPlayed, await saveHistories(o.url, bots, o.saveHistories, handsPlayed));
  if (histories) {
    // Exactly one history per hand played, each replaying to its stacks: else it is a fault.
    for (const _ of histories.missing) fault("history_missing");
    for (const _ of histories.unexpected) fault("history_unexpected");
    for (const _ of histories.unreplayable) fault("history_unreplayable");
    const played = [...handsPlayed.values()].reduce((sum, n) => sum + n, 0);
    const whole =
      histories.missing.length + histories.unexpected.length + histories.unreplayable.length === 0;
    console.error(
      whole
        ? `felt bots: ${histories.saved} histories saved for ${played} hands played, one each, and every one replays`
        : `felt bots: ${histories.saved} histories saved for ${played} hands played: ${histories.missing.length} missing, ${histories.unexpected.length} unexpected, ${histories.unreplayable.length} do not replay`,
    );
  }
  const wireBytes = connections.reduce((sum, tcp) => sum + tcp.bytesRead, 0);
  const sorted = latencies.sort((a, b) => a - b);
  const hands = [...handsPlayed.values()].reduce((sum, n) => sum + n, 0);
  const costs = costReport(countsBefore, await countsAfter(counts, countsBefore, hands));
  console.log(
    JSON.stringify({
      tables: o.tables,
      hands,
      actions,
      p50_ms: Math.round(percentile(sorted, 50) * 10) / 10,
      p99_ms: Math.round(percentile(sorted, 99) * 10) / 10,
      errors,
      error_kinds: faults,
      // The histogram holds whole timer intervals: the delay is what exceeds the resolution.
      loop_p99_ms: Math.max(
        0,
        Math.round((loop.percentile(99) / 1e6 - LOOP_RESOLUTION_MS) * 10) / 10,
      ),
      bytes_per_action: actions === 0 ? 0 : Math.round(bytes / actions),
      wire_bytes_per_action: actions === 0 ? 0 : Math.round(wireBytes / actions),
      messages_per_action: actions === 0 ? 0 : Math.round((messages / actions) * 100) / 100,
      ...costs,
      play_started_at_ms: playStartedAt,
      play_ended_at_ms: playEndedAt,
      chips_before: chipsInPlay(before),
      chips_after: chipsInPlay(after),
      drift: driftBetween(before, after),
      ledger_ok: after.ok,
      ...(histories === null
        ? {}
        : {
            histories_saved: histories.saved,
            // The first few of each, to look up; their counts are in error_kinds.
            ...(histories.missing.length > 0
              ? { histories_missing: histories.missing.slice(0, 10) }
              : {}),
            ...(histories.unexpected.length > 0
              ? { histories_unexpected: histories.unexpected.slice(0, 10) }
              : {}),
            ...(histories.unreplayable.length > 0
              ? { histories_unreplayable: histories.unreplayable.slice(0, 10) }
              : {}),
          }),
      rebuys_skipped: rebuysSkipped,
      reloads,
      wallets_empty: walletsEmpty,
      ...(o.chaosEveryS > 0 ? { aborts, reconnects } : {}),
    }),
  );
  return errors === 0 && driftBetween(before, after) === 0 && after.ok ? 0 : 1;
}

/** `kind` is "russian" for a Russian poker round, which has no PHH (docs/russian-rounds.md). */
type HandListing = {
  hands: { handId: string; kind?: "poker" | "russian" }[];
  nextCursor: string | null;
};

/**
 * Every finished hand's PHH, as the first bot that played it reads it from
 * `history.get` (his own cards and the hands shown; others' as `??`), by
 * hand id. Histories reach D1 through each room's outbox just after the
 * hand, so the listing is asked again until every hand played is there (or
 * 30 s pass).
 */
async function saveHistories(
  url: string,
  bots: readonly Bot[],
  dir: string,
  handsPerTable: ReadonlyMap<string, number>,
): Promise<Map<string, string>> {
  await mkdir(dir, { recursive: true });
  const expected = [...handsPerTable.values()].reduce((sum, n) => sum + n, 0);
  const owner = new Map<string, Bot>();
  for (let attempt = 0; attempt < 30 && owner.size < expected; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const bot of bots) {
      let cursor: string | null = null;
      do {
        const page: HandListing = await call<HandListing>(
          url,
          "history.list",
          { limit: 100, ...(cursor ? { cursor } : {}) },
          bot.token,
          "query",
        );
        for (const { handId, kind } of page.hands)
          if (kind !== "russian" && !owner.has(handId)) owner.set(handId, bot);
        cursor = page.nextCursor;
      } while (cursor !== null);
    }
  }
  const saved = new Map<string, string>();
  for (const [handId, bot] of owner) {
    const hand = await call<{ phh: string }>(url, "history.get", { handId }, bot.token, "query");
    await writeFile(join(dir, `${handId.replace(":", "-")}.phh`), hand.phh);
    saved.set(handId, hand.phh);
  }
  return saved;
}
