#!/usr/bin/env bash
# The API's workerd tests, with a watchdog. Once in three full runs on the
# 2-core machine (2026-12-02) the run stopped making progress with workerd
# idle and never ended; not yet explained (see the stop note). A run that
# fails still fails at once; only a run that outlives the limit is stopped,
# said so loudly, and tried once more, so a hang costs minutes, not CI's
# 90-minute limit.
set -uo pipefail
limit=${FELT_API_TEST_LIMIT_S:-900}
for attempt in 1 2; do
  timeout --kill-after=15 "$limit" vitest run "$@"
  status=$?
  [ "$status" -ne 124 ] && [ "$status" -ne 137 ] && exit "$status"
  echo "› API tests: no end after ${limit} s (attempt ${attempt} of 2): stopped" >&2
done
exit 124
