/**
 * `felt bots --home --tables T --seats S --hands H [--think-ms M] --admin-password P`:
 * home games (H-1, H-2) played by bots through the real API. For each of T
 * tables a bot host opens a private no-limit hold'em game (`home.create`) and
 * hands its invite link to S − 1 guest bots; each guest reads the token from
 * the link, previews the game and asks for a seat (`home.invite.request`);
 * the host reads his list of requests and admits each (`home.guests.admit`).
 * Everyone buys in, and they play over real WebSockets with random legal
 * actions. Once H hands are played at a table its host pauses it (the hand in
 * play is played out) and closes it, which cashes everyone out (H-2).
 *
 * The admin's account is only used to sign the bots up (no per-address limit
 * on its session) and to read the ledger's reconciliation before and after.
 * Prints one JSON line:
 * {"tables","hands","actions","p50_ms","p99_ms","errors","error_kinds","guests_admitted",
 *  "tables_closed","chips_before","chips_after","drift","ledger_ok"}
 * where latency = action sent → the resulting state received.
 */
import { parseArgs } from "node:util";
import { seededFloats } from "@felt/fairness/testing";
import { followFeed, type StateMessage, serverMessageSchema } from "@felt/protocol";
import WebSocket from "ws";
import { optionsOrNull, signInAdmin, signUpBot } from "../bots-admin";
import { ApiError, call, chipsInPlay, driftBetween } from "../bots-api";
import { BotTurns, randomAction } from "../bots-play";
import { percentile } from "../bots-stats";

export type HomeOptions = {
  url: string;
  tables: number;
  seats: number;
  hands: number;
  thinkMs: number;
  adminEmail: string;
  adminPassword: string;
  timeoutS: number;
};

export function homeOptions(args: string[]): HomeOptions | string {
  const { values } = parseArgs({
    args,
    options: {
      url: { type: "string", default: "http://127.0.0.1:8787" },
      tables: { type: "string", default: "1" },
      seats: { type: "string", default: "3" },
      hands: { type: "string", default: "10" },
      "think-ms": { type: "string", default: "50" },
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
  const numbers = {
    tables: int("tables", values.tables, 1, 200),
    // H-1: a home game seats 2 to 10; the host is one of them.
    seats: int("seats", values.seats, 2, 10),
    hands: int("hands", values.hands, 1, 10_000),
    thinkMs: int("think-ms", values["think-ms"], 0, 60_000),
    timeoutS: int("timeout-s", values["timeout-s"], 1, 86_400),
  };
  for (const n of Object.values(numbers)) if (typeof n === "string") return n;
  if (!values["admin-password"])
    return "--admin-password (or FELT_ADMIN_PASSWORD) is required: the bots sign up and read the ledger through the admin API";
  return {
    ...(numbers as Record<keyof typeof numbers, number>),
    url: (values.url as string).replace(/\/$/, ""),
    adminEmail: values["admin-email"] as string,
    adminPassword: values["admin-password"] as string,
  };
}

/**
 * The invite token in a link as the host shares it: `/home/join#<token>`,
 * or the older `/home/join/<token>`, with or without the site's address.
 */
export function inviteTokenOf(link: string): string | null {
  const match = /\/home\/join(?:#|\/)([A-Za-z0-9_-]{43})$/.exec(link.trim());
  return match ? (match[1] as string) : null;
}

type Bot = { name: string; token: string };
type Table = { tableId: string; host: Bot; guests: Bot[]; link: string };

const BUY_IN = 200;
const BIG_BLIND = 2;
const MIN_BUY_IN_BB = 20;

export async function runHomeBots(args: string[]): Promise<number> {
  const o = optionsOrNull("--home", () => homeOptions(args));
  if (!o) return 2;
  const tag = Date.now().toString(36);
  const admin = await signInAdmin(o);
  let serial = 0;
  const signUp = async (): Promise<Bot> => {
    const name = `home-${tag}-${serial++}`;
    const signed = await signUpBot(o.url, admin, name);
    return { name, token: signed.token };
  };
  const reconcile = admin.reconcile;
  const crews: { host: Bot; guests: Bot[] }[] = [];
  for (let t = 0; t < o.tables; t++) {
    const host = await signUp();
    const guests: Bot[] = [];
    for (let s = 1; s < o.seats; s++) guests.push(await signUp());
    crews.push({ host, guests });
  }
  // After the sign-ups (their starting chips are new money): from here every chip is counted.
  const before = await reconcile();

  // H-1: each table opened by its host; the guests come by its link and are admitted.
  const tables: Table[] = [];
  let admitted = 0;
  for (const [t, { host, guests }] of crews.entries()) {
    const created = await call<{ tableId: string; token: string; path: string }>(
      o.url,
      "home.create",
      {
        name: `Bots ${tag} ${t + 1}`,
        game: "holdem",
        betting: "no-limit",
        smallBlind: 1,
        bigBlind: BIG_BLIND,
        minBuyInBb: MIN_BUY_IN_BB,
        maxBuyInBb: 100,
        seats: o.seats,
        actionSeconds: 30,
      },
      host.token,
    );
    const link = `${o.url}${created.path}`;
    for (const guest of guests) {
      const token = inviteTokenOf(link);
      if (token === null) throw new Error(`no invite token in the link ${link}`);
      await call(o.url, "home.invite.preview", { token }, guest.token, "query");
      await call(o.url, "home.invite.request", { token }, guest.token);
    }
    const list = await call<{ guests: { playerId: string; status: string }[] }>(
      o.url,
      "home.guests.list",
      { tableId: created.tableId },
      host.token,
      "query",
    );
    for (const g of list.guests.filter((x) => x.status === "requested")) {
      await call(
        o.url,
        "home.guests.admit",
        { tableId: created.tableId, playerId: g.playerId },
        host.token,
      );
      admitted++;
    }
    tables.push({ tableId: created.tableId, host, guests, link });
  }
  for (const table of tables)
    for (const bot of [table.host, ...table.guests])
      await call(
        o.url,
        "cashier.buyIn",
        {
          tableId: table.tableId,
          amount: BUY_IN,
          autoRebuy: MIN_BUY_IN_BB * BIG_BLIND,
          idempotencyKey: `${bot.name}-sit`,
        },
        bot.token,
      );
  console.error(`felt bots --home: ${tables.length} home games of ${o.seats}, playing`);

  const latencies: number[] = [];
  const faults: Record<string, number> = {};
  let errors = 0;
  const fault = (kind: string) => {
    errors++;
    faults[kind] = (faults[kind] ?? 0) + 1;
  };
  let actions = 0;
  const random = seededFloats(0x51ed270b);
  const wsBase = o.url.replace(/^http/, "ws");
  const sockets: WebSocket[] = [];
  const handsPlayed = new Map<string, number>();
  let closed = 0;

  const playTable = (table: Table) =>
    new Promise<void>((resolve) => {
      let closing: "no" | "pausing" | "closing" | "done" = "no";
      /** The host's latest state: the pause's answer may come after the state it brought. */
      let hostHeld: StateMessage | null = null;
      /** H-2: the host pauses once H hands are dealt, then closes when the hand in play is over. */
      const hostStep = async (): Promise<void> => {
        const state = hostHeld;
        if (state === null) return;
        const played = handsPlayed.get(table.tableId) ?? 0;
        const handOver = state.view.hand === null || state.view.hand.phase === "complete";
        try {
          if (closing === "no" && played >= o.hands) {
            closing = "pausing";
            await call(o.url, "home.pause", { tableId: table.tableId }, table.host.token);
            closing = "closing";
            return hostStep();
          }
          if (closing === "closing" && state.home?.paused && handOver) {
            closing = "done";
            await call(o.url, "home.close", { tableId: table.tableId }, table.host.token);
            closed++;
            resolve();
          }
        } catch (error) {
          // A hand was dealt just before the pause (HTTP 412, hand_in_progress): the next state tries again.
          if (error instanceof ApiError && error.status === 412 && closing === "done") {
            closing = "closing";
            return;
          }
          console.error(`felt bots --home: host of ${table.tableId}:`, error);
          fault(error instanceof ApiError ? error.procedure : "host_failed");
          resolve();
        }
      };
      for (const bot of [table.host, ...table.guests]) {
        let seq = 0;
        let held: StateMessage | null = null;
        // The token goes in a header, never the URL (logs and proxies keep URLs).
        const socket = new WebSocket(`${wsBase}/ws/table/${table.tableId}`, {
          headers: { Authorization: `Bearer ${bot.token}` },
        });
        sockets.push(socket);
        const turns = new BotTurns({
          thinkMs: o.thinkMs,
          held: () => held && { version: held.view.version, legal: held.view.hand?.legalActions },
          live: () => socket.readyState === WebSocket.OPEN,
          choose: (legal) => randomAction(legal, random),
          send: (action, expectedVersion) => {
            actions++;
            socket.send(JSON.stringify({ type: "act", action, expectedVersion, seq: ++seq }));
            return seq;
          },
          latency: (ms) => latencies.push(ms),
        });
        socket.on("message", (data) => {
          const message = serverMessageSchema.safeParse(JSON.parse(String(data)));
          if (!message.success) return fault("unparsable");
          const m = message.data;
          if (m.type === "chat" || m.type === "proofs") return;
          if (m.type === "error") {
            turns.onError(m.seq);
            // Races a real client has too; a closed table's cash-out ends the seat.
            if (!["stale_version", "auto_rebuy_skipped", "not_seated"].includes(m.code))
              fault(m.code);
            return;
          }
          const followed = followFeed(held, m);
          if (!followed.ok) {
            fault("feed_gap");
            socket.send(JSON.stringify({ type: "sync" }));
            return;
          }
          held = followed.state;
          const view = held.view;
          const done = view.handNumber - (view.hand && view.hand.phase !== "complete" ? 1 : 0);
          handsPlayed.set(table.tableId, Math.max(handsPlayed.get(table.tableId) ?? 0, done));
          if (bot === table.host) {
            hostHeld = held;
            void hostStep();
          }
          turns.onState();
        });
        socket.on("error", () => fault("socket_error"));
      }
    });

  const timedOut = await Promise.race([
    Promise.all(tables.map(playTable)).then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), o.timeoutS * 1000).unref()),
  ]);
  if (timedOut) fault("timed_out");
  for (const socket of sockets) socket.close();
  // The cash-outs of the close reach the ledger through the rooms' outboxes: read until settled.
  let after = await reconcile();
  for (let i = 0; i < 20 && (driftBetween(before, after) !== 0 || !after.ok); i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    after = await reconcile();
  }
  const sorted = latencies.sort((a, b) => a - b);
  const hands = [...handsPlayed.values()].reduce((sum, n) => sum + n, 0);
  console.log(
    JSON.stringify({
      tables: o.tables,
      seats: o.seats,
      hands,
      actions,
      p50_ms: Math.round(percentile(sorted, 50) * 10) / 10,
      p99_ms: Math.round(percentile(sorted, 99) * 10) / 10,
      errors,
      error_kinds: faults,
      guests_admitted: admitted,
      tables_closed: closed,
      chips_before: chipsInPlay(before),
      chips_after: chipsInPlay(after),
      drift: driftBetween(before, after),
      ledger_ok: after.ok,
    }),
  );
  return errors === 0 && closed === o.tables && driftBetween(before, after) === 0 && after.ok
    ? 0
    : 1;
}
