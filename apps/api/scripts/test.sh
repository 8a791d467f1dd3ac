#!/usr/bin/env bash
# The API's workerd tests, with a watchdog. Runs used to hang after the
# tournament tests, with workerd idle: vitest waited for a console message
# from a Durable Object that a test had just thrown out of memory
# (vitest.config.ts now keeps console output out of vitest). Should any other
# hang come, a run that outlives the limit is stopped, said so loudly, and
# tried once more, so it costs minutes, not CI's 90-minute limit. A run that
# fails still fails at once.
set -uo pipefail
# The tests that need no workerd first, in Node (seconds; vitest.node-tests.ts lists them).
vitest run --config vitest.node.config.ts --passWithNoTests "$@" || exit
limit=${FELT_API_TEST_LIMIT_S:-900}
for attempt in 1 2; do
  timeout --kill-after=15 "$limit" vitest run "$@"
  status=$?
  [ "$status" -ne 124 ] && [ "$status" -ne 137 ] && exit "$status"
  echo "› API tests: no end after ${limit} s (attempt ${attempt} of 2): stopped" >&2
done
exit 124
