/**
 * `npm run bench:live -- [--tables 100] [--hands 20] [--think-ms 100] [--runs 1]`:
 * what a live action costs the server on this machine, beside the floor.
 *
 * - **felt**: a fresh seeded state, the API served as `npm start` serves it
 *   (apps/api/scripts/serve.mjs, 300 ms between hands), and `felt bots
 *   --seats 6` playing it.
 * - **floor**: the same shape of play (tables of 6, the same actions per table
 *   and per hand, the same think time and pause between hands) against
 *   apps/api/scripts/floor-worker.js, a room that only stores one row and
 *   sends one message to each socket per action: what any table on workerd
 *   pays, whatever its rules.
 *
 * CPU is the user + system time of the server's processes (Node and workerd,
 * from /proc, so Linux only) between the first action and the last; the
 * players' side is not counted. Each run prints a JSON line; the last line
 * has felt ÷ floor for CPU per action and p99, the medians when `--runs` > 1.
 * Noisy machines (shared cores) move single runs by ±15%: compare ratios.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const root = path.resolve(import.meta.dirname, "..");
const api = path.join(root, "apps/api");
const WebSocket = createRequire(path.join(root, "packages/cli/package.json"))("ws");
const HAND_PAUSE_MS = 300;
const TICK_MS = 1000 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }));
const env = {
  ...process.env,
  PATH: [
    path.join(api, "node_modules/.bin"),
    path.join(root, "node_modules/.bin"),
    process.env.PATH,
  ].join(path.delimiter),
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
};

function options() {
  try {
    return parseArgs({
      options: {
        tables: { type: "string", default: "100" },
        hands: { type: "string", default: "20" },
        "think-ms": { type: "string", default: "100" },
        runs: { type: "string", default: "1" },
      },
    }).values;
  } catch (error) {
    console.error(`bench:live: ${error.message}`);
    process.exit(2);
  }
}
const values = options();
const whole = (name, min) => {
  const n = Number(values[name]);
  if (Number.isInteger(n) && n >= min) return n;
  console.error(`bench:live: --${name} must be a whole number of at least ${min}`);
  process.exit(2);
};
const tables = whole("tables", 1);
const hands = whole("hands", 1);
const thinkMs = whole("think-ms", 0);
const runs = whole("runs", 1);

/** CPU milliseconds used so far by `pid` and every process under it. */
function treeCpuMs(pid) {
  const procs = readdirSync("/proc").flatMap((name) => {
    if (!/^\d+$/.test(name)) return [];
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // Fields after the command, which is in parentheses and may hold spaces.
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return [{ pid: Number(name), ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) }];
    } catch {
      return []; // it ended meanwhile
    }
  });
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of procs)
      if (!tree.has(p.pid) && tree.has(p.ppid)) {
        tree.add(p.pid);
        grew = true;
      }
  }
  return procs.reduce((sum, p) => sum + (tree.has(p.pid) ? p.ticks : 0), 0) * TICK_MS;
}

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Starts a server script; resolves with the child once it prints `ready`. */
function serve(script, args, extraEnv, ready) {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: api,
    env: { ...env, ...extraEnv },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes(ready)) resolve(child);
    });
    child.once("exit", (code) => reject(new Error(`${script} exited (${code}) before it served`)));
  });
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** CPU samples of a process tree every 200 ms, to read off at any instant later. */
function sampler(pid) {
  const samples = [];
  const take = () => samples.push([Date.now(), treeCpuMs(pid)]);
  take();
  const timer = setInterval(take, 200);
  return {
    stop: () => clearInterval(timer),
    at: (ms) => samples.filter(([t]) => t <= ms).at(-1)?.[1] ?? samples[0][1],
  };
}

/** The stdout of a command run from the repository's root; rejects when it fails. */
function output(command, args) {
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk) => {
    out += chunk;
  });
  return new Promise((resolve, reject) =>
    child.once("exit", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(" ")}: exit ${code}`)),
    ),
  );
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function felt() {
  const state = mkdtempSync(path.join(tmpdir(), "felt-bench-"));
  const password = "bench-admin-password";
  let server = null;
  try {
    execFileSync("tsx", ["scripts/seed-local.ts"], {
      cwd: api,
      env: { ...env, FELT_PERSIST_DIR: state, FELT_ADMIN_PASSWORD: password },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const port = await freePort();
    server = await serve(
      "scripts/serve.mjs",
      [],
      {
        FELT_PERSIST_DIR: state,
        FELT_API_PORT: String(port),
        NEXT_HAND_DELAY_MS: String(HAND_PAUSE_MS),
      },
      "felt-api on",
    );
    const cpu = sampler(server.pid);
    const botArgs = ["--url", `http://127.0.0.1:${port}`, "--tables", String(tables)];
    botArgs.push("--seats", "6", "--hands", String(hands), "--think-ms", String(thinkMs));
    botArgs.push("--admin-password", password);
    // Spawned, not run synchronously: the sampler's timer must keep ticking meanwhile.
    const report = JSON.parse(
      await output("tsx", ["packages/cli/src/main.ts", "bots", ...botArgs]),
    );
    cpu.stop();
    const start = report.play_started_at_ms;
    const end = report.play_ended_at_ms;
    const cpuMs = cpu.at(end) - cpu.at(start);
    return {
      run: "felt",
      actions: report.actions,
      errors: report.errors,
      drift: report.drift,
      ledger_ok: report.ledger_ok,
      p50_ms: report.p50_ms,
      p99_ms: report.p99_ms,
      bytes_per_action: report.bytes_per_action,
      messages_per_action: report.messages_per_action,
      storage_commits_per_action: report.storage_commits_per_action,
      transactions_per_action: report.transactions_per_action,
      alarms_written_per_action: report.alarms_written_per_action,
      d1_calls_per_hand: report.d1_calls_per_hand,
      d1_statements_per_hand: report.d1_statements_per_hand,
      d1_rows_written_per_hand: report.d1_rows_written_per_hand,
      r2_puts_per_hand: report.r2_puts_per_hand,
      r2_bytes_per_hand: report.r2_bytes_per_hand,
      cpu_ms_per_action: round(cpuMs / report.actions),
      server_cores: round(cpuMs / (end - start)),
      play_s: round((end - start) / 1000),
    };
  } finally {
    if (server) await stop(server);
    rmSync(state, { recursive: true, force: true });
  }
}

/** The floor room played like `felt bots` played the tables: `actions` per table, `perHand` a hand. */
async function floor(actions, perHand) {
  const state = mkdtempSync(path.join(tmpdir(), "felt-floor-"));
  const port = await freePort();
  const server = await serve(
    "scripts/floor.mjs",
    [state],
    { FELT_API_PORT: String(port) },
    "floor on",
  );
  try {
    const latencies = [];
    let bytes = 0;
    let messages = 0;
    let acted = 0;
    const sockets = [];
    const played = Array.from({ length: tables }, (_, table) => {
      let count = 0;
      const seats = Array.from({ length: 6 }, (_, seat) => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/t${table}`);
        sockets.push(socket);
        return { seat, socket, sentAt: 0 };
      });
      const act = (player) => {
        count++;
        acted++;
        player.sentAt = performance.now();
        player.socket.send(JSON.stringify({ seat: player.seat, seats: seats.length }));
      };
      const done = new Promise((resolve) => {
        for (const player of seats)
          player.socket.on("message", (data) => {
            const text = String(data);
            bytes += Buffer.byteLength(text);
            messages++;
            const { seat, next } = JSON.parse(text);
            if (seat === player.seat) latencies.push(performance.now() - player.sentAt);
            if (next !== player.seat) return;
            if (count >= actions) return resolve();
            // Between "hands" the table pauses as the real one does before its next deal.
            setTimeout(
              () => act(player),
              count % perHand === 0 ? thinkMs + HAND_PAUSE_MS : thinkMs,
            );
          });
      });
      return { start: () => act(seats[0]), done };
    });
    await Promise.all(
      sockets.map(
        (s) => new Promise((resolve, reject) => s.once("open", resolve).once("error", reject)),
      ),
    );
    const start = Date.now();
    const cpuBefore = treeCpuMs(server.pid);
    for (const table of played) table.start();
    await Promise.all(played.map((table) => table.done));
    const cpuMs = treeCpuMs(server.pid) - cpuBefore;
    const end = Date.now();
    for (const s of sockets) s.close();
    latencies.sort((a, b) => a - b);
    return {
      run: "floor",
      actions: acted,
      p50_ms: round(quantile(latencies, 0.5)),
      p99_ms: round(quantile(latencies, 0.99)),
      bytes_per_action: Math.round(bytes / acted),
      messages_per_action: round(messages / acted),
      cpu_ms_per_action: round(cpuMs / acted),
      server_cores: round(cpuMs / (end - start)),
      play_s: round((end - start) / 1000),
    };
  } finally {
    await stop(server);
    rmSync(state, { recursive: true, force: true });
  }
}

const round = (x) => Math.round(x * 1000) / 1000;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const results = [];
for (let i = 0; i < runs; i++) {
  const real = await felt();
  console.log(JSON.stringify(real));
  // The bots' hands run about 12 actions; the floor plays the same count and rhythm.
  const perTable = Math.round(real.actions / tables);
  const perHand = Math.max(1, Math.round(real.actions / (tables * hands)));
  const base = await floor(perTable, perHand);
  console.log(JSON.stringify(base));
  results.push({ real, base });
}
const ratio = (pick) => round(median(results.map(({ real, base }) => pick(real) / pick(base))));
console.log(
  JSON.stringify({
    tables,
    hands,
    think_ms: thinkMs,
    runs,
    cpu_per_action_felt_over_floor: ratio((r) => r.cpu_ms_per_action),
    p99_felt_over_floor: ratio((r) => r.p99_ms),
  }),
);
