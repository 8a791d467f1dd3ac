/**
 * Serves floor-worker.js on workerd as `npm start` serves the API (serve.mjs):
 * the Worker's own socket, the same compatibility date and flags, state on
 * disk. Run as `node scripts/floor.mjs <state dir>`; FELT_API_HOST and
 * FELT_API_PORT as for serve.mjs. Prints `floor on <url>` when it listens.
 */
import path from "node:path";
import { Miniflare } from "miniflare";
import { unstable_readConfig } from "wrangler";
import { sharedOptions } from "./serve.mjs";

const root = path.resolve(import.meta.dirname, "..");
const config = unstable_readConfig({ config: path.join(root, "wrangler.jsonc") });
const host = process.env.FELT_API_HOST ?? "127.0.0.1";
const port = Number(process.env.FELT_API_PORT ?? 8790);

const mf = new Miniflare({
  name: "felt-floor",
  modules: true,
  scriptPath: path.join(import.meta.dirname, "floor-worker.js"),
  compatibilityDate: config.compatibility_date,
  compatibilityFlags: config.compatibility_flags,
  durableObjects: { FLOOR: { className: "FloorRoom", useSQLite: true } },
  unsafeDirectSockets: [{ host, port }],
  ...sharedOptions({ host, port: 0, persistTo: process.argv[2] }),
});
await mf.ready;
console.log(`floor on ${await mf.unsafeGetDirectURL()}`);
const stop = () => mf.dispose().finally(() => process.exit(0));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
