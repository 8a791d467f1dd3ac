/**
 * Starts the platform for browser tests as `npm start` runs it: the Worker's
 * deploy bundle on workerd (apps/api/scripts/serve.mjs; D1 and Durable
 * Objects on a fresh temp dir, seeded) and the built web app in `next start`,
 * on free ports.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseCards, russian } from "@felt/engine";
import type { TestProject } from "vitest/node";

const webRoot = path.resolve(import.meta.dirname, "..");
const apiRoot = path.resolve(webRoot, "../api");
const bin = (root: string, name: string) => path.join(root, "node_modules/.bin", name);

/**
 * The Russian poker rounds the browser test plays, stacked (RUSSIAN_TEST_DECKS,
 * tests only): one player's boxes 1 and 2 open, box 3 closed. Box 1 (two aces)
 * exchanges its 8 for a king, box 2 (three sevens) buys a sixth card, a deuce,
 * and is insured with its full house; the dealer has no game (his up card the
 * jack of spades), box 1 buys a game, he swaps the jack for a four and still
 * has none.
 */
export const RUSSIAN_ROUND = russian.stackedDeck(
  [parseCards("AcAdKs8h9c"), parseCards("7c7d7s2h4c"), parseCards("KhQhJhTh2s")],
  parseCards("3c5d7h9sJs"),
  parseCards("2dKd4s"),
);

/**
 * The second stacked round, dealt at every table's even rounds (issue 48, bug 9): one box,
 * ace-king; the dealer has no game (king high, his up card the king of spades), the box buys
 * one and he swaps the king for a queen: a pair of queens, which beats the box.
 */
export const RUSSIAN_BOUGHT_GAME = russian.stackedDeck(
  [parseCards("AcKd8c6h3d")],
  parseCards("Qd7h5c2sKs"),
  parseCards("Qc"),
);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

export async function waitFor(url: string, process: ChildProcess, name: string, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (process.exitCode !== null) throw new Error(`${name} exited with ${process.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} did not answer ${url} within ${ms} ms`);
}

let stopping = false;

export function start(
  name: string,
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, detached: true });
  const log: string[] = [];
  child.stdout?.on("data", (d) => log.push(String(d)));
  child.stderr?.on("data", (d) => log.push(String(d)));
  child.on("exit", (code) => {
    if (code && !stopping) console.error(`[${name}] exited ${code}\n${log.join("").slice(-4000)}`);
  });
  return child;
}

export const quiet = { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

/** A fresh temp dir of D1 and Durable Object state, seeded as `npm start` seeds. */
export function seededState(): string {
  const persist = mkdtempSync(path.join(tmpdir(), "felt-browser-"));
  execFileSync(bin(webRoot, "tsx"), ["scripts/seed-local.ts"], {
    cwd: apiRoot,
    stdio: "ignore",
    env: {
      ...process.env,
      ...quiet,
      PATH: `${path.join(apiRoot, "node_modules/.bin")}:${process.env.PATH}`,
      FELT_PERSIST_DIR: persist,
      FELT_ADMIN_PASSWORD: "browser-test-only",
    },
  });
  return persist;
}

/** Stops a server started with `start` (its whole process group). */
export function stopServer(child: ChildProcess) {
  stopping = true;
  if (child.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

/** One platform: its own seeded state, API and web app on ports of their own. */
async function startPlatform() {
  const persist = seededState();
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;

  const api = start("api", process.execPath, ["scripts/serve.mjs"], apiRoot, {
    ...quiet,
    FELT_API_PORT: String(apiPort),
    FELT_PERSIST_DIR: persist,
    WEB_ORIGINS: webUrl,
    FELT_RUSSIAN_TEST_DECKS: JSON.stringify([RUSSIAN_ROUND, RUSSIAN_BOUGHT_GAME]),
    // The tests move the rooms' clock to a tournament's start instead of waiting for it
    // (apps/api/src/test-clock.ts): never set outside the tests.
    FELT_TEST_CLOCK: "browser-tests",
    // Every browser here signs up from 127.0.0.1.
    SIGN_UPS_PER_IP_PER_HOUR: "1000",
    SIGN_UPS_PER_HOUR: "100000",
  });
  const web = start(
    "web",
    bin(webRoot, "next"),
    ["start", "--hostname", "127.0.0.1", "--port", String(webPort)],
    webRoot,
    {
      FELT_API_URL: apiUrl,
      NEXT_TELEMETRY_DISABLED: "1",
    },
  );

  const stop = () => {
    for (const child of [web, api]) stopServer(child);
    rmSync(persist, { recursive: true, force: true });
  };
  try {
    await waitFor(`${apiUrl}/trpc/health`, api, "api");
    await waitFor(webUrl, web, "web");
  } catch (error) {
    stop();
    throw error;
  }
  return { webUrl, apiUrl, stop };
}

/**
 * One platform per worker (vitest.browser.config.ts sets `maxWorkers`): each file runs
 * alone on its worker's platform (test/browser.ts `platform()`), so files share neither
 * tables nor a lobby, and two of them run at once.
 */
export default async function setup(project: TestProject) {
  const count = Math.max(1, project.config.maxWorkers || 1);
  const started = await Promise.allSettled(Array.from({ length: count }, () => startPlatform()));
  const platforms = started.flatMap((p) => (p.status === "fulfilled" ? [p.value] : []));
  const stop = () => {
    for (const platform of platforms) platform.stop();
  };
  const failed = started.find((p) => p.status === "rejected");
  if (failed) {
    stop();
    throw failed.reason;
  }
  project.provide(
    "platforms",
    platforms.map(({ webUrl, apiUrl }) => ({ webUrl, apiUrl })),
  );
  return stop;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** One platform per worker, in the order of VITEST_POOL_ID. */
    platforms: { webUrl: string; apiUrl: string }[];
  }
}
