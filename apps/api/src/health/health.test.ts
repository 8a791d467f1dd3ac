import { createExecutionContext, runDurableObjectAlarm } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import type { RussianStateMessage } from "@felt/protocol";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openRussianTable, RussianClient, russianRoomOf } from "../../test/russian-client";
import { seedDemo } from "../../test/seed";
import {
  buyIn,
  checkDown,
  openTable,
  played,
  roomOf,
  TableClient,
  turnOf,
} from "../../test/table-client";
import { call, newAdmin, newPlayer, type Player } from "../../test/trpc";
import { app } from "../index";
import type { PlatformHealth } from "./health";

const healthOf = async (admin: Player): Promise<PlatformHealth> => {
  const reply = await call<PlatformHealth>("admin.health", undefined, { token: admin.token });
  expect(reply.error).toBeNull();
  return reply.data;
};

const errorsOf = (health: PlatformHealth, source: string, code: string) =>
  health.lastHour.errors.find((e) => e.source === source && e.code === code)?.count ?? 0;

describe("admin.health", () => {
  let admin: Player;
  beforeAll(async () => {
    await seedDemo(env.DB);
    admin = await newAdmin();
  });

  it("is for admins only: a player and a stranger are refused with admin_only, and the refusals are counted", async () => {
    const before = await healthOf(admin);
    const player = await newPlayer();
    const refused = await call("admin.health", undefined, { token: player.token });
    expect(refused.error).toMatchObject({ code: "FORBIDDEN", reason: "admin_only" });
    expect(refused.data).toBeUndefined();
    const stranger = await call("admin.health");
    expect(stranger.error).toMatchObject({ code: "FORBIDDEN", reason: "admin_only" });
    // The Worker's tRPC errors, by reason, reach the page (its own isolate's at once).
    const after = await healthOf(admin);
    expect(errorsOf(after, "api", "admin_only")).toBe(errorsOf(before, "api", "admin_only") + 2);
  });

  it("T-10 after a raked hand: one more hand this hour, the rake exact, actions timed, a refused action counted by code", async () => {
    const before = await healthOf(admin);
    // 5 % capped at 6 chips a pot (table-room.test.ts plays the same hand).
    const tableId = await openTable(admin, { rakePercent: 5, rakeCap: 6 });
    const alice = await newPlayer();
    const bob = await newPlayer();
    await buyIn(alice, tableId, 200, 1);
    await buyIn(bob, tableId, 200, 2);
    const a = await TableClient.open(tableId, { token: alice.token });
    const b = await TableClient.open(tableId, { token: bob.token });
    await a.until((s) => s.view.seats.filter(Boolean).length === 2);
    const seated = await healthOf(admin);
    expect(seated.tables.open).toBe(before.tables.open + 1);
    expect(seated.tables.playersSeated).toBe(before.tables.playersSeated + 2);

    expect(await runDurableObjectAlarm(roomOf(env, tableId))).toBe(true);
    for (const c of [a, b]) await c.until((s) => s.view.handNumber === 1);
    const opener = (await turnOf([a, b])) as TableClient;
    const other = opener === a ? b : a;
    // Out of turn: refused, and counted once the hand's row is written.
    other.act({ type: "call" });
    expect(await other.nextError()).toMatchObject({ code: "not_your_turn" });
    opener.act({ type: "betOrRaiseTo", amount: 40 });
    await played(opener, opener.latest?.view.version ?? 0);
    await checkDown([a, b]);
    const end = await a.until((s) => s.view.hand?.phase === "complete");
    expect(end.events.find((e) => e.type === "handSettled")).toMatchObject({ rake: 4 });

    // The row goes with the hand's outbox (history, rake, lobby) in one D1 batch.
    await expect
      .poll(async () => (await healthOf(admin)).lastHour.hands)
      .toBe(before.lastHour.hands + 1);
    const after = await healthOf(admin);
    expect(after.lastHour.rake).toBe(before.lastHour.rake + 4);
    // The bet, the call, and a check each on flop, turn and river (the settling action
    // is timed after its broadcast, so it counts with the next hand).
    expect(after.lastHour.actions).toBeGreaterThanOrEqual(before.lastHour.actions + 7);
    expect(after.lastHour.latency.p50).not.toBeNull();
    expect(after.lastHour.latency.p99?.ms).toBeGreaterThanOrEqual(
      after.lastHour.latency.p50?.ms ?? 0,
    );
    expect(errorsOf(after, "table", "not_your_turn")).toBe(
      errorsOf(before, "table", "not_your_turn") + 1,
    );
    // Both players had the table open when the hand ended.
    expect(after.playersOnline).toBeGreaterThanOrEqual(2);
    // What the hand cost, counted (issue 44): a storage commit for each action and more
    // (the deal, the streets), an alarm written at least for the action clock, and the room's
    // D1 work (the buy-ins' ledger batches), each call carrying its statements.
    const cost = (name: keyof PlatformHealth["lastHour"]["costs"]) =>
      after.lastHour.costs[name] - before.lastHour.costs[name];
    expect(cost("commits")).toBeGreaterThanOrEqual(
      after.lastHour.actions - before.lastHour.actions,
    );
    expect(cost("alarms")).toBeGreaterThanOrEqual(1);
    expect(cost("d1Calls")).toBeGreaterThanOrEqual(1);
    expect(cost("d1Statements")).toBeGreaterThanOrEqual(cost("d1Calls"));
    expect(cost("d1RowsWritten")).toBeGreaterThanOrEqual(1);
    a.close();
    b.close();
  });

  it("RP-4 a folded box's ANTE goes to the house: one more round this hour, and the house's result is the ledger's", async () => {
    const before = await healthOf(admin);
    const tableId = await openRussianTable();
    const alice = await newPlayer();
    await buyIn(alice, tableId, 1000);
    const a = await RussianClient.open(tableId, alice);
    await a.until((s) => s.view.round?.phase === "betting");
    expect(await a.decide({ type: "placeBets", box: 0, ante: 10 })).toBeNull();
    expect(await a.sendAndWait({ type: "ready" })).toBeNull();
    await a.until((s) => s.view.round?.phase === "decisions");
    expect(await a.decide({ type: "fold", box: 0 })).toBeNull();
    const settled = (s: RussianStateMessage) => s.view.round?.phase === "settled";
    for (let i = 0; i < 4 && !settled(a.latest as RussianStateMessage); i++) {
      const version = a.latest?.view.version ?? 0;
      await runDurableObjectAlarm(russianRoomOf(tableId));
      await a.until((s) => s.view.version > version || settled(s)).catch(() => undefined);
    }
    const end = await a.until(settled);
    // A folded box loses its ANTE to the house.
    expect(end.view.round?.houseResult).toBe(10);

    await expect
      .poll(async () => (await healthOf(admin)).lastHour.russianRounds)
      .toBe(before.lastHour.russianRounds + 1);
    const after = await healthOf(admin);
    expect(after.lastHour.russian.houseResult).toBe(before.lastHour.russian.houseResult + 10);
    expect(after.lastHour.russian.staked).toBe(before.lastHour.russian.staked + 10);
    expect(after.lastHour.russian.paid).toBe(before.lastHour.russian.paid);
    a.close();
  });
});

describe("request ids and the request log", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("answers every request with X-Request-Id, Cloudflare's cf-ray when there is one, and logs one JSON line with it", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: unknown) => {
      lines.push(String(line));
    });
    // The tests' configuration turns the request lines off; here they are on, as deployed.
    const fetch = (url: string, init?: RequestInit) =>
      app.fetch(
        new Request(url, init),
        { ...env, FELT_REQUEST_LOG: "on" },
        createExecutionContext(),
      );
    const fresh = await fetch("http://api.test/trpc/lobby.tables");
    const id = fresh.headers.get("X-Request-Id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const ray = await fetch("http://api.test/", {
      headers: { "cf-ray": "8f1e2d3c4b5a6978-AMS", "X-Request-Id": "chosen-by-the-caller" },
    });
    // The caller's own id is not taken: it could pass one request for another.
    expect(ray.headers.get("X-Request-Id")).toBe("8f1e2d3c4b5a6978-AMS");
    // Answered through the deployed entry point too, where the lines are off in tests.
    const quiet = await exports.default.fetch("http://api.test/");
    expect(quiet.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
    vi.restoreAllMocks();

    const logged = lines.flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
    expect(logged.find((l) => l.requestId === id)).toMatchObject({
      level: "info",
      msg: "request",
      method: "GET",
      path: "/trpc/lobby.tables",
      procedure: "lobby.tables",
      status: 200,
      durationMs: expect.any(Number),
    });
    expect(logged.find((l) => l.requestId === "8f1e2d3c4b5a6978-AMS")).toMatchObject({
      path: "/",
      status: 200,
    });
    expect(logged.some((l) => l.requestId === quiet.headers.get("X-Request-Id"))).toBe(false);
  });
});
