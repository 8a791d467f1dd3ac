#!/usr/bin/env bash
# `npm start`: the platform as in production, on one machine. The Worker's
# deploy bundle runs on workerd (apps/api/scripts/serve.mjs) on :8787 and the
# built web app in `next start` on :3000, over the same seeded state as
# `npm run dev` (apps/api/.wrangler/state). No watchers, reloads, proxies or
# inspector. Ctrl-C stops everything.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
export PATH="$PWD/node_modules/.bin:$PATH"
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false
export NEXT_TELEMETRY_DISABLED=1 TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
# wrangler's debug log (the seed and the build) goes beside the state, not to ~/.config.
export WRANGLER_LOG_PATH="$PWD/apps/api/.wrangler/logs"

(cd apps/api && PATH="$PWD/node_modules/.bin:$PATH" tsx scripts/seed-local.ts)
# Through turbo so an unchanged web app comes from its cache instead of a rebuild.
echo "› building the web app (skipped when unchanged)"
turbo run build --filter=@felt/web --output-logs=errors-only

children=()
stop() {
  trap - INT TERM EXIT
  kill "${children[@]}" 2>/dev/null || true
  wait || true
}
trap stop INT TERM EXIT

node apps/api/scripts/serve.mjs &
children+=($!)
(cd apps/web && FELT_API_URL=http://127.0.0.1:8787 exec node_modules/.bin/next start \
  --hostname 127.0.0.1 --port 3000) &
children+=($!)
servers=("${children[@]}")
node scripts/wake-tournaments.mjs http://127.0.0.1:8787 &
children+=($!)
echo "› starting the API and the web app (about 20 s)…"
node scripts/say-when-ready.mjs http://127.0.0.1:8787 http://127.0.0.1:3000 &
children+=($!)
# Runs until either server stops (or Ctrl-C); the trap then stops the other.
status=0
wait -n "${servers[@]}" || status=$?
exit "$status"
