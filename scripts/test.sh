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
# Each stage's seconds go to the summary, which prints them beside turbo's own task times.
stages=()
mark=$SECONDS
stage() { stages+=(--stage "$1=$((SECONDS - mark))") && mark=$SECONDS; }
echo "› lint and format (Biome)"
biome ci --colors=off .
stage "lint and format"
echo "› typecheck, unit and workerd tests; beside them the web build and the browser tests"
# The summary is printed whether or not a task failed, so a red run still says what failed.
status=0
rm -rf .turbo/runs
turbo_run() { turbo run "$@" --continue --log-order=grouped --output-logs=full --summarize; }
# The API's types, which tasks of both lanes below need, built once before they split
# (the lanes run with --only: their tasks, without the ones those depend on).
turbo_run build:types --concurrency=2 || status=$?
# Two lanes, one for each core, each running one task at a time. The web app's build, its
# OpenNext bundle and the browser tests are the longest chain: on a lane of their own they
# start at once. In one turbo run of everything (turbo has no priorities) the build started
# after 14 of 32 minutes, behind every typecheck and unit test.
(
  lane=0
  turbo_run build bundle typecheck test test:browser --filter=@felt/web --only --concurrency=1 ||
    lane=1
  echo "› deploy dry run: both Workers bundled offline, sizes against their limits"
  mark=$SECONDS
  node scripts/deploy.mjs --dry-run || lane=1
  echo "$((SECONDS - mark))" >.turbo/runs/deploy-seconds
  # The engine's typecheck and tests end this lane, not the other: with the browser tests on
  # two platforms at once (apps/web/vitest.browser.config.ts) this lane got the shorter.
  turbo_run typecheck test --filter=@felt/engine --only --concurrency=1 || lane=1
  exit "$lane"
) &
web_lane=$!
# This lane's longest task first (the API's workerd tests), so it does not end the run alone.
turbo_run test --filter=@felt/api --only --concurrency=1 || status=$?
turbo_run typecheck --filter=@felt/api --only --concurrency=1 || status=$?
turbo_run typecheck test --filter='!@felt/web' --filter='!@felt/api' --filter='!@felt/engine' \
  --only --concurrency=1 ||
  status=$?
wait "$web_lane" || status=1
stages+=(--stage turbo --stage "deploy dry run (web lane)=$(cat .turbo/runs/deploy-seconds 2>/dev/null || echo 0)")
stages+=(--stage "both lanes=$((SECONDS - mark))")
node scripts/test-summary.mjs "${stages[@]}" || status=1
if [ "$status" -ne 0 ]; then
  echo "› checks failed after $((SECONDS - started)) s"
  exit "$status"
fi
echo "› all checks passed in $((SECONDS - started)) s"
