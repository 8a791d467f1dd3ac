#!/usr/bin/env bash
# The fair deal's test vectors are also checked by a verifier in plain Python 3
# (examples/fairness/verify.py, standard library only), so that they hold without our code.
set -euo pipefail
command -v python3 >/dev/null && exit 0
if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
  echo "› installing Debian's python3 for the fairness verifier…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 >/dev/null
else
  echo "The fairness tests need python3 (examples/fairness/verify.py): run 'sudo apt-get install python3'." >&2
  exit 1
fi
