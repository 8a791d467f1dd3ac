#!/usr/bin/env bash
# `npm run dev`: the whole platform on this machine — API (workerd, D1 and
# Durable Objects on disk) on :8787 and the web app on :3000, seeded.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
export PATH="$PWD/node_modules/.bin:$PATH"
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false
(cd apps/api && PATH="$PWD/node_modules/.bin:$PATH" tsx scripts/seed-local.ts)
echo "  API  http://127.0.0.1:8787   (try: curl http://127.0.0.1:8787/trpc/lobby.tables)"
echo "  Web  http://127.0.0.1:3000"
node scripts/wake-tournaments.mjs http://127.0.0.1:8787 &
exec turbo run dev --filter=@felt/api --filter=@felt/web
