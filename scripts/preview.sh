#!/usr/bin/env bash
# `npm run preview`: the web app as Cloudflare runs it — the OpenNext build on
# workerd, with the API Worker behind its Service Binding, both on
# http://127.0.0.1:3000 (apps/web/scripts/preview.mjs) — over the same seeded
# state as `npm run dev` and `npm start`. Offline, no Cloudflare account.
# FELT_WEB_PORT picks another port, FELT_PERSIST_DIR another state.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
export PATH="$PWD/node_modules/.bin:$PATH"
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false
export NEXT_TELEMETRY_DISABLED=1 TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
export WRANGLER_LOG_PATH="$PWD/apps/api/.wrangler/logs"

(cd apps/api && PATH="$PWD/node_modules/.bin:$PATH" tsx scripts/seed-local.ts)
echo "› building the web app with OpenNext (skipped when unchanged)"
turbo run bundle --filter=@felt/web --output-logs=errors-only

children=()
stop() {
  trap - INT TERM EXIT
  kill "${children[@]}" 2>/dev/null || true
  wait || true
}
trap stop INT TERM EXIT

origin="http://127.0.0.1:${FELT_WEB_PORT:-3000}"
node apps/web/scripts/preview.mjs &
children+=($!)
server=$!
# The API answers on the web's origin (/trpc), as in production.
node scripts/wake-tournaments.mjs "$origin" &
children+=($!)
echo "  Web and API  $origin   (Ctrl-C stops it)"
wait "$server"
