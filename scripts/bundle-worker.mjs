/**
 * A Worker bundled exactly as `wrangler deploy` would upload it, without
 * uploading (`wrangler deploy --dry-run --outdir`): offline, no account.
 * Used by `npm start` (apps/api/scripts/serve.mjs), `npm run preview` and
 * `npm run deploy -- --dry-run` (scripts/deploy.mjs).
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

export const offline = { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

/**
 * Bundles the Worker of `appDir` (its wrangler.jsonc) into `outdir`. `env` is
 * the wrangler environment: "" is the top level, the local platform.
 */
export function bundleWorker({ appDir, outdir, env = "", quiet = true }) {
  execFileSync(
    path.join(appDir, "node_modules/.bin/wrangler"),
    ["deploy", "--dry-run", `--env=${env}`, "--outdir", outdir],
    {
      cwd: appDir,
      stdio: ["ignore", quiet ? "ignore" : "inherit", "inherit"],
      env: { ...process.env, ...offline, WRANGLER_LOG: "warn" },
    },
  );
  return outdir;
}

/**
 * What a bundle uploads, in bytes: its modules raw and gzipped (source maps
 * and wrangler's README are not uploaded). The Workers size limit is on the
 * gzipped size.
 */
export function bundleSize(outdir) {
  let raw = 0;
  let gzip = 0;
  for (const entry of readdirSync(outdir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith(".map") || entry.name === "README.md") continue;
    const bytes = readFileSync(path.join(entry.parentPath, entry.name));
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
  }
  return { raw, gzip };
}
