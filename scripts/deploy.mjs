/**
 * `npm run deploy`: both Workers to Cloudflare (docs/operations.md).
 *
 *   npm run deploy                      production
 *   npm run deploy -- --env staging     staging
 *   npm run deploy -- --dry-run         build both bundles offline and print their sizes
 *
 * A deploy checks the configuration (a real D1 `database_id`, a real
 * WEB_ORIGINS) and the Cloudflare login first, then builds and measures both
 * bundles, applies the D1 migrations (`--remote`), deploys the API Worker (its
 * Durable Object migrations go with it), and last the web Worker, whose
 * Service Binding needs the API Worker to exist. The dry run needs no account
 * and no network: it is part of `npm test`, which fails when a bundle outgrows
 * its limit.
 */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import { bundleSize, bundleWorker, offline } from "./bundle-worker.mjs";

const root = path.resolve(import.meta.dirname, "..");
const MiB = 1024 * 1024;
/** Gzipped upload limits: the paid plan's Worker limit, and a lean budget for the API. */
const WORKERS = [
  { name: "api", dir: path.join(root, "apps/api"), limit: 3 * MiB },
  { name: "web", dir: path.join(root, "apps/web"), limit: 10 * MiB },
];
const PLACEHOLDER_ID = "00000000-0000-0000-0000-000000000000";

const { values: args } = parseArgs({
  options: {
    env: { type: "string", default: "production" },
    "dry-run": { type: "boolean", default: false },
  },
});
const env = args.env;
const dryRun = args["dry-run"];
if (!["staging", "production"].includes(env))
  fail(`--env must be staging or production, not "${env}".`);

function fail(message) {
  console.error(`\n✗ ${message}`);
  process.exit(1);
}

const wranglerBin = (dir) => path.join(dir, "node_modules/.bin/wrangler");

/** Runs wrangler in `dir` for everyone to see; a failure ends the deploy. */
function wrangler(dir, argv) {
  console.log(`\n› wrangler ${argv.join(" ")}   (${path.relative(root, dir)})`);
  const { status } = spawnSync(wranglerBin(dir), argv, { cwd: dir, stdio: "inherit" });
  if (status !== 0) fail(`wrangler ${argv[0]} failed (exit ${status}); nothing after it was run.`);
}

/** What is still a placeholder in the environment's configuration: what a deploy would refuse. */
function configProblems() {
  const { unstable_readConfig } = createRequire(path.join(root, "apps/api/package.json"))(
    "wrangler",
  );
  const api = unstable_readConfig({ config: path.join(root, "apps/api/wrangler.jsonc"), env });
  const problems = [];
  for (const db of api.d1_databases) {
    if (db.database_id === PLACEHOLDER_ID)
      problems.push(
        `apps/api/wrangler.jsonc env.${env}: ${db.binding}'s database_id is still the placeholder. ` +
          `Run \`npx wrangler d1 create ${db.database_name}\` in apps/api and put the printed id there.`,
      );
  }
  if (/\.example\b/.test(api.vars.WEB_ORIGINS ?? ""))
    problems.push(
      `apps/api/wrangler.jsonc env.${env}: WEB_ORIGINS is still the example ` +
        `("${api.vars.WEB_ORIGINS}"). Put the web Worker's origin there ` +
        `(https://${env === "production" ? "felt-web" : "felt-web-staging"}.<your-subdomain>.workers.dev, or its domain).`,
    );
  return problems;
}

function loggedIn() {
  // `whoami --json` exits non-zero without credentials (a login or CLOUDFLARE_API_TOKEN).
  const { status } = spawnSync(wranglerBin(WORKERS[0].dir), ["whoami", "--json"], {
    cwd: WORKERS[0].dir,
    stdio: "ignore",
  });
  return status === 0;
}

/** Builds the web app with OpenNext (turbo: skipped when unchanged), then both bundles. */
function buildBundles() {
  console.log("› building the web app with OpenNext (skipped when unchanged)");
  const built = spawnSync(
    path.join(root, "node_modules/.bin/turbo"),
    ["run", "bundle", "--filter=@felt/web", "--output-logs=errors-only"],
    { cwd: root, stdio: "inherit" },
  );
  if (built.status !== 0) fail("the web app did not build (turbo's output above says why).");
  console.log(`› bundling both Workers for ${env} (wrangler deploy --dry-run)`);
  const rows = WORKERS.map((worker) => {
    const outdir = path.join(root, "artifacts/bundles", env, worker.name);
    rmSync(outdir, { recursive: true, force: true });
    bundleWorker({ appDir: worker.dir, outdir, env });
    return { ...worker, outdir, ...bundleSize(outdir) };
  });
  const size = (bytes) => `${(bytes / MiB).toFixed(2)} MiB`.padStart(10);
  console.log(`\n  worker        raw     gzipped     limit (gzipped)`);
  for (const r of rows)
    console.log(`  ${r.name.padEnd(5)} ${size(r.raw)}  ${size(r.gzip)}  ${size(r.limit)}`);
  console.log(`  (bundles in ${path.relative(root, path.dirname(rows[0].outdir))}/)`);
  const over = rows.filter((r) => r.gzip > r.limit);
  if (over.length > 0)
    fail(
      `over the size limit: ${over.map((r) => `${r.name} (${size(r.gzip).trim()})`).join(", ")}.`,
    );
  return rows;
}

Object.assign(process.env, offline, {
  // turbo finds pnpm (and the tools their scripts call) here, as in the other npm scripts.
  PATH: `${path.join(root, "node_modules/.bin")}${path.delimiter}${process.env.PATH}`,
  NEXT_TELEMETRY_DISABLED: "1",
  TURBO_TELEMETRY_DISABLED: "1",
  DO_NOT_TRACK: "1",
});
const problems = configProblems();

if (dryRun) {
  buildBundles();
  console.log(`\n✓ dry run: both Workers build for ${env}; nothing was uploaded.`);
  if (problems.length > 0)
    console.log(`  Before a real deploy:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  process.exit(0);
}

if (problems.length > 0)
  fail(`not deploying ${env}:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
// A real deploy talks to Cloudflare: drop the offline switches used by the local tools.
delete process.env.CLOUDFLARE_CF_FETCH_ENABLED;
if (!loggedIn())
  fail(
    "not logged in to Cloudflare. Run `npx wrangler login` in apps/api, or set " +
      "CLOUDFLARE_API_TOKEN (and CLOUDFLARE_ACCOUNT_ID) for a non-interactive deploy.",
  );
buildBundles();
const [api, web] = WORKERS;
wrangler(api.dir, ["d1", "migrations", "apply", "DB", "--remote", `--env=${env}`]);
wrangler(api.dir, ["deploy", `--env=${env}`]);
wrangler(web.dir, ["deploy", `--env=${env}`]);
console.log(
  `\n✓ deployed ${env}: felt-api, then felt-web. docs/operations.md says what to check next.`,
);
