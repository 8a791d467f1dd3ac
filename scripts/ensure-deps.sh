#!/usr/bin/env bash
# Installs the workspace's dependencies with the pinned pnpm when they are
# missing or older than the lockfile. Needs only Node 20 and npm.
set -euo pipefail
cd "$(dirname "$0")/.."
PNPM_VERSION=12.21.0
marker=node_modules/.modules.yaml
if [[ ! -f $marker || pnpm-lock.yaml -nt $marker || ! -x node_modules/.bin/pnpm ]]; then
  echo "› installing dependencies (pnpm $PNPM_VERSION)…"
  npx --yes "pnpm@$PNPM_VERSION" install --frozen-lockfile
fi
