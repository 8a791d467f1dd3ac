#!/usr/bin/env bash
# `npm test`: every check — lint and format, typecheck, unit tests, API tests
# inside workerd, browser tests in Chromium (one of them against the OpenNext
# build in workerd), and the deploy dry run: both Workers bundled offline and
# held to their size limits. Installs what it needs.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
bash scripts/ensure-deps.sh
bash scripts/ensure-chromium.sh
bash scripts/ensure-python.sh
export PATH="$PWD/node_modules/.bin:$PATH"
export NEXT_TELEMETRY_DISABLED=1 TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
export CLOUDFLARE_CF_FETCH_ENABLED=false WRANGLER_SEND_METRICS=false

rm -rf apps/*/test-results packages/*/test-results
echo "› lint and format (Biome)"
biome ci --colors=off .
echo "› typecheck, unit and workerd tests, then browser tests"
# The summary is printed whether or not a task failed, so a red run still says what failed.
status=0
turbo run typecheck test test:browser --concurrency=2 --continue --log-order=grouped --output-logs=full ||
  status=$?
echo "› deploy dry run: both Workers bundled offline, sizes against their limits"
node scripts/deploy.mjs --dry-run || status=1
node scripts/test-summary.mjs || status=1
if [ "$status" -ne 0 ]; then
  echo "› checks failed after $((SECONDS - started)) s"
  exit "$status"
fi
echo "› all checks passed in $((SECONDS - started)) s"
