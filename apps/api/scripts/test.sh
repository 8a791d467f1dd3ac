#!/usr/bin/env bash
# The API's workerd tests, with a watchdog. Runs used to hang after the
# tournament tests, with workerd idle: vitest waited for a console message
# from a Durable Object that a test had just thrown out of memory
# (vitest.config.ts now keeps console output out of vitest). Should any other
# hang come, a run that outlives the limit is stopped, said so loudly, and
# tried once more, so it costs minutes, not CI's 90-minute limit. A run that
# fails still fails at once.
#
# First the tests that need no workerd, in Node (vitest.node.config.ts: the scripts'
# own, serve.mjs's socket, and vitest.node-tests.ts's list); a failure there fails the
# run after the workerd tests.
set -uo pipefail
node_status=0
vitest run --config vitest.node.config.ts --passWithNoTests "$@" || node_status=1
limit=${FELT_API_TEST_LIMIT_S:-1500}
for attempt in 1 2; do
  timeout --kill-after=15 "$limit" vitest run "$@"
  status=$?
  if [ "$status" -ne 124 ] && [ "$status" -ne 137 ]; then
    [ "$status" -eq 0 ] && status=$node_status
    exit "$status"
  fi
  echo "› API tests: no end after ${limit} s (attempt ${attempt} of 2): stopped" >&2
done
exit 124
