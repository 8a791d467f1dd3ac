/**
 * The API half of `npm start`: the Worker bundled as `wrangler deploy` would
 * upload it, served by workerd through Miniflare's API. Unlike `wrangler dev`
 * there is no file watcher, reload proxy worker, inspector, or Node logger
 * writing every request to ~/.config/.wrangler/logs: under load those cost
 * more CPU than the Worker itself. Bindings are read from wrangler.jsonc (and
 * .dev.vars) by wrangler's own code, and state is kept where `wrangler dev`
 * keeps it, so `npm run dev` and `npm start` share one seeded database.
 *
 * Run as `node scripts/serve.mjs`. Env: FELT_API_HOST, FELT_API_PORT,
 * FELT_PERSIST_DIR (wrangler's --persist-to), WEB_ORIGINS (overrides the
 * var), NEXT_HAND_DELAY_MS (the pause between hands), SIGN_UPS_PER_IP_PER_HOUR,
 * SIGN_UPS_PER_HOUR, TRUSTED_PROXIES (src/env.ts), FELT_TEST_CLOCK=browser-tests
 * (the browser tests' clock: src/test-clock.ts), and, for the soak test
 * only, FELT_CHAOS=abort-rooms (lets `felt bots --chaos-every-s` abort rooms:
 * src/chaos.ts). The browser tests (apps/web/test/servers.ts) start the API this way.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from "wrangler";
import { bundleWorker } from "../../../scripts/bundle-worker.mjs";

const root = path.resolve(import.meta.dirname, "..");

/** Bundles the Worker into `outdir` (esbuild via wrangler, ~1 s); returns the entry module. */
export function buildWorker(outdir = mkdtempSync(path.join(tmpdir(), "felt-worker-"))) {
  return path.join(bundleWorker({ appDir: root, outdir, quiet: false }), "index.js");
}

/**
 * Miniflare's options for the API Worker from the bundle `script`: bindings
 * as wrangler.jsonc's top level (the local platform) declares them, `vars`
 * overriding its vars. Also one of the two Workers of `npm run preview`.
 */
export function apiWorkerOptions({ script, vars = {} }) {
  const config = unstable_readConfig({ config: path.join(root, "wrangler.jsonc") });
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config);
  return {
    ...workerOptions,
    // The worker's name keys Durable Object storage (`<name>-<Class>`), as in wrangler dev.
    name: config.name,
    modules: true,
    scriptPath: script,
    // Module names are paths relative to this root; the bundle may live outside the cwd.
    modulesRoot: path.dirname(script),
    bindings: { ...workerOptions.bindings, ...vars },
  };
}

/** Miniflare's options shared by every Worker it runs: the socket, the state, the logs. */
export function sharedOptions({ host, port, persistTo = path.join(root, ".wrangler/state") }) {
  return {
    host,
    port,
    // wrangler dev's layout (<persist-to>/v3/{d1,do}), so both see the same data.
    defaultPersistRoot: path.join(persistTo, "v3"),
    // Offline: the fallback request.cf instead of fetching Cloudflare's.
    cf: false,
    // Each request line would be a round trip from workerd to this process.
    logRequests: false,
    log: new Log(LogLevel.INFO),
    // For CPU profiles under load (Chrome DevTools protocol); off unless asked.
    ...(process.env.FELT_INSPECTOR_PORT && {
      inspectorPort: Number(process.env.FELT_INSPECTOR_PORT),
    }),
  };
}

/**
 * Serves the bundle on host:port until `dispose()`. `persistTo` is wrangler's
 * `--persist-to` (default .wrangler/state); `vars` override wrangler.jsonc's.
 *
 * host:port is the Worker's own socket, as on Cloudflare, not Miniflare's
 * entry worker (left on a free port of its own, unused): that front door
 * answers WebSocket handshakes itself, under its own compatibility date, so
 * it would compress every table message whatever wrangler.jsonc's
 * `no_web_socket_compression` says, and it costs a hop of JavaScript per
 * request. The socket tells the Worker its peer's address (`peerAddress`,
 * our patch of Miniflare: patches/): the abuse limits count that, not a
 * CF-Connecting-IP header any client may send, unless the peer is a proxy
 * named in TRUSTED_PROXIES (src/auth/client-address.ts).
 */
export async function serveWorker({ script, host = "127.0.0.1", port = 8787, persistTo, vars }) {
  const mf = new Miniflare({
    ...apiWorkerOptions({ script, vars }),
    unsafeDirectSockets: [{ host, port, peerAddress: true }],
    ...sharedOptions({ host, port: 0, persistTo }),
  });
  await mf.ready;
  const url = await mf.unsafeGetDirectURL();
  console.log(`felt-api on ${url} (workerd; state in ${persistTo ?? ".wrangler/state"})`);
  return mf;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const host = process.env.FELT_API_HOST ?? "127.0.0.1";
  const port = Number(process.env.FELT_API_PORT ?? 8787);
  const persistTo = process.env.FELT_PERSIST_DIR;
  // Beside its state, so two servers with different state never share a bundle.
  const script = buildWorker(path.join(persistTo ?? path.join(root, ".wrangler"), "start"));
  // Passed on only when given: a plain `npm start` runs wrangler.jsonc's vars alone.
  const passed = [
    "WEB_ORIGINS",
    "NEXT_HAND_DELAY_MS",
    "SIGN_UPS_PER_IP_PER_HOUR",
    "SIGN_UPS_PER_HOUR",
    "SIGN_UP_ANSWER_MS",
    "TRUSTED_PROXIES",
  ];
  const vars = Object.fromEntries(
    passed.flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])),
  );
  // The browser test's stacked Russian poker decks (env.ts): never set this for real play.
  if (process.env.FELT_RUSSIAN_TEST_DECKS)
    vars.RUSSIAN_TEST_DECKS = process.env.FELT_RUSSIAN_TEST_DECKS;
  if (process.env.FELT_TEST_CLOCK === "browser-tests") {
    vars.FELT_TEST_CLOCK = "browser-tests";
    console.warn("felt-api: FELT_TEST_CLOCK=browser-tests: the rooms' clock moves on request");
  }
  if (process.env.FELT_CHAOS === "abort-rooms") {
    vars.FELT_CHAOS = "abort-rooms";
    console.warn(
      "felt-api: FELT_CHAOS=abort-rooms: rooms may be aborted on request (soak test only)",
    );
  }
  const mf = await serveWorker({ script, host, port, vars, ...(persistTo ? { persistTo } : {}) });
  // Dispose stops workerd; without it a killed Node could leave workerd holding the port.
  const stop = () => mf.dispose().finally(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
