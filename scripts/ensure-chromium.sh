#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (playwright-core never downloads one).
set -euo pipefail
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
[[ -x $chromium ]] && exit 0
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
  echo "› installing Debian's chromium for the browser tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "Browser tests need Chromium at $chromium: run 'sudo apt-get install chromium' (or set CHROMIUM_PATH)." >&2
  exit 1
fi
