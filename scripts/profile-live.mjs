/**
 * `npm run profile:live -- [--tables 20] [--hands 20] [--think-ms 100] [--out file]`:
 * where workerd's JavaScript time goes under `felt bots`, by component.
 *
 * A fresh seeded state, the API served as `npm start` serves it
 * (apps/api/scripts/serve.mjs, 300 ms between hands, FELT_INSPECTOR_PORT
 * set), and `felt bots --seats 6` playing it, as `npm run bench:live` plays.
 * From the moment the bots are seated until play ends (before they leave
 * and check the ledger), V8's sampling profiler runs in every isolate
 * workerd's inspector lists, through the Chrome DevTools protocol: the
 * Worker with its rooms, and Miniflare's own workers (D1 and R2 run locally
 * as Durable Objects of Miniflare's; on Cloudflare they are not the Worker's
 * CPU). The profiles are saved as .cpuprofile files (Chrome DevTools opens
 * them) beside --out, /tmp by default, with the bundle their lines refer to
 * (`-bundle.js`), and the printed JSON line buckets each
 * isolate's samples by component (scripts/profile-buckets.mjs), with the
 * milliseconds an action that makes at one sample per --interval-us.
 *
 * workerd samples an isolate only while it runs, so samples count its
 * JavaScript time, with the runtime's APIs it calls synchronously (a SQLite
 * statement, a socket's send) counted as the caller's; its own threads and
 * work outside any isolate (socket I/O, the storage's fsyncs) are not seen:
 * bench:live's CPU counter from /proc sees them. The profiler's sampling
 * threads cost CPU of their own, so measure CPU with bench:live, not here.
 */
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { bucketProfile, moduleRanges } from "./profile-buckets.mjs";

const root = path.resolve(import.meta.dirname, "..");
const api = path.join(root, "apps/api");
const WebSocket = createRequire(path.join(root, "packages/cli/package.json"))("ws");
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

const { values } = parseArgs({
  options: {
    tables: { type: "string", default: "20" },
    hands: { type: "string", default: "20" },
    "think-ms": { type: "string", default: "100" },
    "interval-us": { type: "string", default: "250" },
    out: { type: "string", default: path.join(tmpdir(), "felt-live.cpuprofile") },
  },
});
for (const name of ["tables", "hands", "think-ms", "interval-us"])
  if (!Number.isInteger(Number(values[name])) || Number(values[name]) < 0) {
    console.error(`profile:live: --${name} must be a whole number`);
    process.exit(2);
  }

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** One DevTools protocol session on `url`: `send(method, params)` resolves with the result. */
async function session(url) {
  const socket = new WebSocket(url, { maxPayload: 1 << 30 });
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  let next = 1;
  const waiting = new Map();
  socket.on("message", (data) => {
    const message = JSON.parse(String(data));
    const pending = waiting.get(message.id);
    if (!pending) return; // events
    waiting.delete(message.id);
    if (message.error) pending.reject(new Error(JSON.stringify(message.error)));
    else pending.resolve(message.result);
  });
  return {
    send: (method, params = {}) =>
      new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

const state = mkdtempSync(path.join(tmpdir(), "felt-profile-"));
const password = "profile-admin-password";
let server = null;
try {
  execFileSync("tsx", ["scripts/seed-local.ts"], {
    cwd: api,
    env: { ...env, FELT_PERSIST_DIR: state, FELT_ADMIN_PASSWORD: password },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const port = await freePort();
  const inspector = await freePort();
  server = spawn(process.execPath, ["scripts/serve.mjs"], {
    cwd: api,
    env: {
      ...env,
      FELT_PERSIST_DIR: state,
      FELT_API_PORT: String(port),
      FELT_INSPECTOR_PORT: String(inspector),
      NEXT_HAND_DELAY_MS: "300",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    let out = "";
    server.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes("felt-api on")) resolve();
    });
    server.once("exit", (code) => reject(new Error(`serve.mjs exited (${code})`)));
  });
  const targets = await (await fetch(`http://127.0.0.1:${inspector}/json/list`)).json();

  const botArgs = ["--url", `http://127.0.0.1:${port}`, "--tables", values.tables];
  botArgs.push("--seats", "6", "--hands", values.hands, "--think-ms", values["think-ms"]);
  botArgs.push("--admin-password", password);
  const bots = spawn("tsx", ["packages/cli/src/main.ts", "bots", ...botArgs], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let report = "";
  bots.stdout.on("data", (chunk) => {
    report += chunk;
  });
  const finished = new Promise((resolve, reject) =>
    bots.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`bots: ${code}`)))),
  );
  // The bots say on stderr when the last one is seated and when play ends: the profile is between.
  let said = "";
  const heard = [];
  bots.stderr.on("data", (chunk) => {
    said += chunk;
    process.stderr.write(chunk);
    for (const h of heard) if (said.includes(h.text)) h.resolve();
  });
  const saying = (text) => new Promise((resolve) => heard.push({ text, resolve }));
  const ended = saying("play ended");
  await saying("playing");
  const sessions = [];
  for (const target of targets) {
    const s = await session(target.webSocketDebuggerUrl);
    await s.send("Profiler.enable");
    await s.send("Profiler.setSamplingInterval", { interval: Number(values["interval-us"]) });
    await s.send("Profiler.start");
    sessions.push({ name: target.title ?? target.id, s });
  }
  await ended;
  const profiles = [];
  for (const { name, s } of sessions) {
    profiles.push({ name, profile: (await s.send("Profiler.stop")).profile });
    s.close();
  }
  await finished;
  const played = JSON.parse(report);
  const perAction = (ms) => Math.round((1000 * ms) / played.actions) / 1000;

  const bundle = path.join(state, "start", "index.js");
  const ranges = moduleRanges(readFileSync(bundle, "utf8"));
  // Kept beside the profiles: their frames' lines are this bundle's, for profile-buckets.mjs again.
  copyFileSync(bundle, values.out.replace(/(\.cpuprofile)?$/, "-bundle.js"));
  const isolates = [];
  for (const { name, profile } of profiles) {
    const buckets = bucketProfile(profile, ranges);
    if (buckets.samples === 0) continue; // one of Miniflare's workers this play never used
    const file = values.out.replace(/(\.cpuprofile)?$/, `-${isolates.length}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    const ms = (samples) => (samples * Number(values["interval-us"])) / 1000;
    isolates.push({
      isolate: name,
      file,
      js_ms_per_action: perAction(ms(buckets.samples)),
      components: buckets.components.map((c) => ({
        ...c,
        ms_per_action: perAction(ms(c.samples)),
      })),
    });
  }
  console.log(
    JSON.stringify({
      tables: Number(values.tables),
      hands: Number(values.hands),
      think_ms: Number(values["think-ms"]),
      interval_us: Number(values["interval-us"]),
      actions: played.actions,
      errors: played.errors,
      ledger_ok: played.ledger_ok,
      isolates,
    }),
  );
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  rmSync(state, { recursive: true, force: true });
}
