/**
 * `npm run preview`: the web app as Cloudflare will run it — the OpenNext
 * build bundled by wrangler (apps/web/wrangler.jsonc, worker.ts), with its
 * Workers assets — on workerd through Miniflare, and the API Worker's bundle
 * beside it as the target of its `API` Service Binding, over the local state
 * that `npm run dev` and `npm start` use. One origin, as in production: pages,
 * /trpc and /ws all on host:port.
 *
 * Needs .open-next (`npx turbo run bundle --filter=@felt/web`). Run as
 * `node scripts/preview.mjs`. Env: FELT_WEB_PORT (3000), FELT_PERSIST_DIR.
 * The preview browser test (test/preview.browser.test.ts) starts it this way.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from "wrangler";
import { bundleWorker } from "../../../scripts/bundle-worker.mjs";
import { apiWorkerOptions, buildWorker, sharedOptions } from "../../api/scripts/serve.mjs";

const root = path.resolve(import.meta.dirname, "..");

/** Miniflare's options for the web Worker from its bundle in `outdir`. */
function webWorkerOptions(outdir) {
  const config = unstable_readConfig({ config: path.join(root, "wrangler.jsonc") });
  // Assets, the API service binding and the vars, as wrangler dev would set them.
  const { workerOptions } = unstable_getMiniflareWorkerOptions(config);
  return {
    ...workerOptions,
    name: config.name,
    // One module, listed: Miniflare cannot follow the bundle's dynamic imports itself.
    modules: [{ type: "ESModule", path: path.join(outdir, "worker.js") }],
    modulesRoot: outdir,
  };
}

/** Both Workers on host:port until `dispose()`; the first Worker listed gets the socket. */
export async function servePreview({ host = "127.0.0.1", port = 3000, persistTo }) {
  // Beside the state (as `npm start` keeps its bundle), so two previews never share one.
  const bundles = path.join(persistTo ?? path.join(root, "../api/.wrangler"), "preview");
  const web = bundleWorker({ appDir: root, outdir: path.join(bundles, "web") });
  const api = buildWorker(path.join(bundles, "api"));
  const origin = `http://${host}:${port}`;
  const mf = new Miniflare({
    ...sharedOptions({ host, port, persistTo }),
    workers: [
      webWorkerOptions(web),
      // The API trusts session cookies only from the web's origin (WEB_ORIGINS).
      apiWorkerOptions({ script: api, vars: { WEB_ORIGINS: origin } }),
    ],
  });
  const url = await mf.ready;
  console.log(`felt-web preview on ${url} (workerd: OpenNext build + the API behind its binding)`);
  return mf;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const port = Number(process.env.FELT_WEB_PORT ?? 3000);
  const persistTo = process.env.FELT_PERSIST_DIR;
  const mf = await servePreview({ port, ...(persistTo ? { persistTo } : {}) });
  const stop = () => mf.dispose().finally(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
