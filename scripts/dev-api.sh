#!/usr/bin/env bash
# The API half of `npm run dev`: wrangler dev, offline, state kept in .wrangler/.
set -euo pipefail
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false
exec wrangler dev --ip 127.0.0.1 --port 8787 --show-interactive-dev-session=false ${FELT_PERSIST_DIR:+--persist-to "$FELT_PERSIST_DIR"}
