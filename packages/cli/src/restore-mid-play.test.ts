/**
 * A backup that restores: the platform served as `npm start` serves it
 * (apps/api/scripts/serve.mjs on a seeded temp state, free ports), two
 * tables of bots playing, `felt backup` taken while one table plays on and
 * the other waits mid-hand on a player to act, the server stopped,
 * `felt restore` into a fresh state directory and a server started on it.
 * The restored room shows the waiting player the very view he had, both
 * tables play on, everyone cashes out, and the ledger reconciles with every
 * chip it had before play.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { seededFloats } from "@felt/fairness/testing";
import { followFeed, type StateMessage, serverMessageSchema, type TableView } from "@felt/protocol";
import { afterAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { call, chipsInPlay, type Reconciliation } from "./bots-api";
import { randomAction } from "./bots-play";
import { main } from "./cli";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const API = path.join(ROOT, "apps/api");
const ADMIN_PASSWORD = "backup-test-only";
const env = {
  ...process.env,
  PATH: [
    path.join(API, "node_modules/.bin"),
    path.join(ROOT, "node_modules/.bin"),
    process.env.PATH,
  ].join(path.delimiter),
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
};
const temps: string[] = [];
const servers: ChildProcess[] = [];

function temp(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `felt-${name}-`));
  temps.push(dir);
  return dir;
}

afterAll(async () => {
  for (const server of servers) await stop(server);
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

/** serve.mjs on `state` and a free port; resolves with its URL once it serves. */
async function serve(state: string): Promise<{ url: string; server: ChildProcess }> {
  const port = await freePort();
  const server = spawn(process.execPath, ["scripts/serve.mjs"], {
    cwd: API,
    env: { ...env, FELT_PERSIST_DIR: state, FELT_API_PORT: String(port), NEXT_HAND_DELAY_MS: "50" },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  servers.push(server);
  await new Promise<void>((resolve, reject) => {
    let out = "";
    server.stdout?.on("data", (chunk) => {
      out += chunk;
      if (out.includes("felt-api on")) resolve();
    });
    server.once("exit", (code) => reject(new Error(`serve.mjs exited (${code}) before it served`)));
  });
  return { url: `http://127.0.0.1:${port}`, server };
}

/** Stops a server (its process group: Node and workerd) and waits for it. */
async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null || !server.pid) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  process.kill(-server.pid, "SIGTERM");
  await exited;
}

/** A table's bots share one switch: while `held`, the player to act waits. */
type Table = { id: string; held: boolean; holdWhen: (view: TableView) => boolean };

/** A bot on a table's socket: acts at once, at random, unless its table is held. */
class Player {
  state: StateMessage | null = null;
  /** The first whole state this socket got (on connect). */
  first: StateMessage | null = null;
  readonly errors: string[] = [];
  private socket: WebSocket | null = null;
  private seq = 0;
  private actedAt = -1;

  constructor(
    readonly token: string,
    readonly table: Table,
    private readonly random: () => number,
  ) {}

  connect(url: string): Promise<void> {
    this.state = null;
    this.first = null;
    this.actedAt = -1;
    const socket = new WebSocket(`${url.replace(/^http/, "ws")}/ws/table/${this.table.id}`, {
      headers: { Authorization: `Bearer ${this.token}` },
    });
    this.socket = socket;
    socket.on("error", () => {}); // the server stopping under it; the close says enough
    socket.on("message", (data) => {
      const message = serverMessageSchema.parse(JSON.parse(String(data)));
      if (message.type === "error") {
        if (message.code !== "stale_version") this.errors.push(message.code);
        return;
      }
      if (message.type !== "state" && message.type !== "delta") return;
      const followed = followFeed(this.state, message);
      if (!followed.ok) {
        socket.send(JSON.stringify({ type: "sync" }));
        return;
      }
      this.state = followed.state;
      this.first ??= followed.state;
      this.act();
    });
    return new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  }

  /** Acts once per state it is to act in; or holds the table there, if its time has come. */
  act(): void {
    const view = this.state?.view;
    const legal = view?.hand?.legalActions;
    if (!view || !legal || this.actedAt === view.version) return;
    if (!this.table.held && this.table.holdWhen(view)) this.table.held = true;
    if (this.table.held) return;
    this.actedAt = view.version;
    const own = view.hand?.players.find((p) => p.seat === view.mySeat)?.holeCards ?? [];
    const action = randomAction(legal, this.random, own);
    this.send({ type: "act", action, expectedVersion: view.version });
  }

  send(message: Record<string, unknown>): void {
    this.socket?.send(JSON.stringify({ ...message, seq: ++this.seq }));
  }

  close(): Promise<void> {
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      socket.once("close", () => resolve());
      socket.close();
    });
  }
}

/** Hands finished at a table, as one of its players sees it. */
const handsDone = (p: Player) => {
  const view = p.state?.view;
  return view ? view.handNumber - (view.hand && view.hand.phase !== "complete" ? 1 : 0) : 0;
};

describe("backups that restore", () => {
  it("a backup taken mid-play restores into a fresh state: the rooms play on and the ledger reconciles", async () => {
    const before = temp("backup-live");
    execFileSync("tsx", ["scripts/seed-local.ts"], {
      cwd: API,
      env: { ...env, FELT_PERSIST_DIR: before, FELT_ADMIN_PASSWORD: ADMIN_PASSWORD },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const first = await serve(before);
    let url = first.url;
    const admin = await call<{ token: string }>(url, "auth.signIn", {
      email: "admin@felt.local",
      password: ADMIN_PASSWORD,
      session: "token",
    });
    const reconcile = () =>
      call<Reconciliation>(url, "admin.reconcile", undefined, admin.token, "query");
    const stake = await call<{ id: string }>(
      url,
      "admin.stakes.create",
      {
        name: "Backup test",
        game: "holdem",
        betting: "no-limit",
        smallBlind: 1,
        bigBlind: 2,
        minBuyInBb: 20,
        seats: 6,
        // Longer than the test: no clock runs out on the waiting player meanwhile.
        actionSeconds: 300,
      },
      admin.token,
    );
    // Table A waits mid-hand (a flop dealt, a player to act) once it has played a hand;
    // table B plays on, through the backup too.
    const tables: Table[] = [
      { id: "", held: false, holdWhen: (v) => v.handNumber >= 2 && v.hand?.street === "flop" },
      { id: "", held: false, holdWhen: () => false },
    ];
    for (const [i, table] of tables.entries())
      table.id = (
        await call<{ id: string }>(
          url,
          "admin.tables.open",
          { stakeId: stake.id, name: `Backup test ${i + 1}` },
          admin.token,
        )
      ).id;
    const random = seededFloats(0x5eed);
    const players: Player[] = [];
    for (const table of tables)
      for (let s = 0; s < 3; s++) {
        const name = `backup-${players.length}`;
        const { token } = await call<{ token: string }>(
          url,
          "auth.signUp",
          {
            email: `${name}@bots.felt.local`,
            password: "bots-play-for-fun",
            displayName: name,
            session: "token",
          },
          admin.token,
        );
        players.push(new Player(token, table, random));
      }
    const atStart = await reconcile();
    expect(atStart).toMatchObject({ ok: true, tables: 0 });
    for (const [i, p] of players.entries())
      await call(
        url,
        "cashier.buyIn",
        { tableId: p.table.id, amount: 200, autoRebuy: 40, idempotencyKey: `backup-${i}-sit` },
        p.token,
      );
    const [a, b] = [players.slice(0, 3), players.slice(3)];
    await Promise.all(players.map((p) => p.connect(url)));

    const slow = { timeout: 60_000, interval: 20 };
    // A holds mid-hand; B has played a few hands and is playing on.
    await vi.waitFor(() => {
      expect(tables[0]?.held).toBe(true);
      expect(handsDone(b[0] as Player)).toBeGreaterThanOrEqual(3);
    }, slow);
    const waiting = a.find((p) => p.state?.view.hand?.legalActions) as Player;
    const heldView = waiting.state?.view as TableView;
    expect(heldView.hand).toMatchObject({ phase: "betting", street: "flop" });
    const bBefore = handsDone(b[0] as Player);
    const backup = path.join(temp("backup-dir"), "backup");
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const said = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await main(["backup", backup, "--state", before])).toBe(0);
    expect(JSON.parse(String(log.mock.calls[0]?.[0]))).toMatchObject({
      server: "paused for the copy",
    });
    expect(String(said.mock.calls[0]?.[0])).toMatch(/pausing process \d+ for the copy/);
    said.mockRestore();
    // What B's bots had seen when the copy began and when it ended (no socket is read between
    // the server's resuming and here); then it plays on, past what the backup holds.
    const bAfter = handsDone(b[0] as Player);
    await vi.waitFor(() => expect(handsDone(b[0] as Player)).toBeGreaterThan(bAfter + 2), slow);
    await Promise.all(players.map((p) => p.close()));
    await stop(first.server);

    const after = path.join(temp("restored"), "state");
    expect(await main(["restore", backup, "--state", after])).toBe(0);
    log.mockRestore();
    url = (await serve(after)).url;
    const restored = await reconcile();
    expect(restored.problems).toEqual([]);
    expect(chipsInPlay(restored)).toBe(chipsInPlay(atStart));
    expect(restored.tables).toBeGreaterThan(0);

    await Promise.all(players.map((p) => p.connect(url)));
    await vi.waitFor(() => {
      for (const p of players) expect(p.first).not.toBeNull();
    }, slow);
    // The room is back exactly as the waiting player last saw it, his turn still.
    expect(waiting.first?.view).toEqual(heldView);
    // B is back where the backup caught it (a hand's message may have been on its way), not
    // where the first server left it.
    const bRestored = handsDone(b[0] as Player);
    expect(bRestored).toBeGreaterThanOrEqual(bBefore);
    expect(bRestored).toBeLessThanOrEqual(bAfter + 1);

    const tableA = tables[0] as Table;
    tableA.holdWhen = () => false;
    tableA.held = false;
    for (const p of a) p.act();
    await vi.waitFor(() => {
      // A's held hand is finished and another dealt; B plays a hand more.
      expect(handsDone(a[0] as Player)).toBeGreaterThan(heldView.handNumber);
      expect(handsDone(b[0] as Player)).toBeGreaterThan(bRestored);
    }, slow);
    for (const p of players) p.send({ type: "leave" });
    await vi.waitFor(() => {
      for (const p of players) expect(p.state?.view.mySeat).toBeNull();
    }, slow);
    const final = await vi.waitFor(async () => {
      const r = await reconcile();
      expect(r.tables).toBe(0);
      return r;
    }, slow);
    expect(final.problems).toEqual([]);
    expect(final.ok).toBe(true);
    expect(chipsInPlay(final)).toBe(chipsInPlay(atStart));
    expect(final.created).toBe(atStart.created);
    await Promise.all(players.map((p) => p.close()));
    expect(players.flatMap((p) => p.errors)).toEqual([]);
  }, 240_000);
});
