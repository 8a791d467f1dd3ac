/**
 * `felt bots --sng N --tables T [--seats-per-table K] [--level-seconds S]
 *  [--think-ms M] --admin-password P`: T sit-and-gos (H-7) of N seats each,
 * played to their payouts through the real API. Signs up N × T bots, has
 * the admin open T sit-and-gos (no refill) and registers N bots in each: the
 * registration that fills one starts it. The bots then play every one to
 * the end over real WebSockets (the tournament bots' `Bot`, following its
 * seat as the page shows it). Prints one JSON line:
 * {"sng","tables","players","hands","errors","chips_before","chips_after","ledger_ok",
 *  "paid_total","prize_pool","duration_s","p50_ms","p99_ms",…}
 * where `errors` are faults (refused calls, protocol errors, feed gaps, one
 * that did not start on its last seat or did not finish in time).
 */
import type { Socket } from "node:net";
import { parseArgs } from "node:util";
import { seededFloats } from "@felt/fairness/testing";
import { inParallel, optionsOrNull, signInAdmin, signUpBots } from "../bots-admin";
import { call, chipsInPlay, driftBetween } from "../bots-api";
import { percentile } from "../bots-stats";
import { Bot, newStats, type Options, type Page, reason } from "./bots-tournament";

type SngOptions = Options & { sng: number; tables: number };

const BUY_IN = 100;
const FEE = 10;
const STARTING_STACK = 1_000;
const PARALLEL = 8;
const FOLLOW_MS = 1_000;

export function options(args: string[]): SngOptions | string {
  const { values } = parseArgs({
    args,
    options: {
      url: { type: "string", default: "http://127.0.0.1:8787" },
      sng: { type: "string" },
      tables: { type: "string", default: "1" },
      "seats-per-table": { type: "string" },
      "level-seconds": { type: "string", default: "30" },
      "think-ms": { type: "string", default: "50" },
      "admin-email": {
        type: "string",
        default: process.env.FELT_ADMIN_EMAIL ?? "admin@felt.local",
      },
      "admin-password": { type: "string", default: process.env.FELT_ADMIN_PASSWORD ?? "" },
      "timeout-s": { type: "string", default: "900" },
    },
    strict: true,
  });
  const int = (name: string, value: string | undefined, min: number, max: number) => {
    const n = Number(value);
    return value !== undefined && Number.isInteger(n) && n >= min && n <= max
      ? n
      : `--${name} must be a whole number from ${min} to ${max}`;
  };
  const sng = int("sng", values.sng, 2, 100);
  if (typeof sng === "string") return sng;
  const numbers = {
    tables: int("tables", values.tables, 1, 200),
    seats: int("seats-per-table", values["seats-per-table"] ?? String(Math.min(sng, 9)), 2, 10),
    levelSeconds: int("level-seconds", values["level-seconds"], 10, 7_200),
    thinkMs: int("think-ms", values["think-ms"], 0, 60_000),
    timeoutS: int("timeout-s", values["timeout-s"], 1, 86_400),
  };
  for (const n of Object.values(numbers)) if (typeof n === "string") return n;
  if (!values["admin-password"])
    return "--admin-password (or FELT_ADMIN_PASSWORD) is required: the bots open their sit-and-gos through the admin API";
  return {
    ...(numbers as Record<keyof typeof numbers, number>),
    sng,
    players: sng * (numbers.tables as number),
    game: "holdem-nl",
    rebuyLevels: 0,
    url: (values.url as string).replace(/\/$/, ""),
    adminEmail: values["admin-email"] as string,
    adminPassword: values["admin-password"] as string,
  };
}

export async function runSitAndGos(args: string[]): Promise<number> {
  const o = optionsOrNull("--sng", () => options(args));
  if (!o) return 2;
  const tag = Date.now().toString(36);
  const admin = await signInAdmin(o);
  const reconcile = admin.reconcile;
  const names = Array.from({ length: o.players }, (_, i) => `sbot-${tag}-${i}`);
  const accounts = await signUpBots(o.url, admin, names, PARALLEL);
  const payouts = await call<{ id: string }>(
    o.url,
    "admin.payoutTables.create",
    {
      name: `SNG bots ${tag}`,
      tiers: [
        { minEntrants: 2, maxEntrants: 6, percentages: [100] },
        { minEntrants: 7, maxEntrants: 100_000, percentages: [65, 35] },
      ],
    },
    admin.token,
  );
  const ids: string[] = [];
  for (let t = 0; t < o.tables; t++) {
    const created = await call<{ id: string }>(
      o.url,
      "admin.tournaments.create",
      {
        name: `SNG bots ${tag} ${t + 1}`,
        buyIn: BUY_IN,
        fee: FEE,
        startingStack: STARTING_STACK,
        seatsPerTable: o.seats,
        template: "hyper",
        levelSeconds: o.levelSeconds,
        payoutTableId: payouts.id,
        sitAndGo: { seats: o.sng, refill: false },
      },
      admin.token,
    );
    ids.push(created.id);
  }
  const before = await reconcile();

  const { stats, fault } = newStats();
  const connections: Socket[] = [];
  const random = seededFloats(0x5eed5);
  const startedAt = Date.now();
  const deadline = startedAt + o.timeoutS * 1000;
  const finals = await Promise.all(
    ids.map(async (id, t) => {
      const mine = accounts.slice(t * o.sng, (t + 1) * o.sng);
      const page = () => call<Page>(o.url, "tournaments.get", { id }, undefined, "query");
      // H-7: the last of these registrations starts it.
      await inParallel(mine, PARALLEL, async (a) => {
        await call(o.url, "tournaments.register", { id }, a.token);
      });
      let view = await page();
      if (view.status !== "running") fault(`sit-and-go ${id} ${view.status} once full`);
      const shared = { o, tournamentId: id, stats, random, connections, fault };
      const bots = mine.map((a) => new Bot(a.id, a.token, shared));
      while (view.status === "running" && Date.now() < deadline) {
        const seats = new Map(view.players.map((p) => [p.playerId, p.tableId]));
        for (const bot of bots) bot.follow(seats.get(bot.id) ?? null);
        await new Promise((resolve) => setTimeout(resolve, FOLLOW_MS));
        try {
          view = await page();
        } catch (error) {
          fault(`tournament page: ${reason(error)}`);
        }
      }
      for (const bot of bots) bot.close();
      if (view.status !== "finished") fault(`sit-and-go ${id} ${view.status} at the end`);
      return id;
    }),
  );
  const finishedAt = Date.now();
  // Prizes are paid as each ends; give the rooms a moment.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const pages = await Promise.all(
    finals.map((id) => call<Page>(o.url, "tournaments.get", { id }, undefined, "query")),
  );
  const after = await reconcile();
  const paidTotal = pages.reduce(
    (sum, p) => sum + p.players.reduce((s, x) => s + (x.prize ?? 0), 0),
    0,
  );
  const prizePool = pages.reduce((sum, p) => sum + p.prizePool, 0);
  const sorted = stats.latencies.sort((a, b) => a - b);
  const result = {
    sng: o.sng,
    tables: o.tables,
    players: o.players,
    hands: [...stats.hands.values()].reduce((sum, n) => sum + n, 0),
    duration_s: Math.round((finishedAt - startedAt) / 100) / 10,
    actions: stats.actions,
    p50_ms: Math.round(percentile(sorted, 50) * 10) / 10,
    p99_ms: Math.round(percentile(sorted, 99) * 10) / 10,
    errors: stats.errors,
    faults: stats.faults,
    paid_total: paidTotal,
    prize_pool: prizePool,
    chips_before: chipsInPlay(before),
    chips_after: chipsInPlay(after),
    ledger_ok: after.ok && driftBetween(before, after) === 0,
    wire_bytes: connections.reduce((sum, tcp) => sum + tcp.bytesRead, 0),
    tournament_ids: ids,
  };
  console.log(JSON.stringify(result));
  return stats.errors === 0 && paidTotal === prizePool && result.ledger_ok ? 0 : 1;
}
