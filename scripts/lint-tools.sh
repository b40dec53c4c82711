#!/usr/bin/env bash
# Runs a linter from tools/lint (installed there on first use with `npm ci`): eslint or prettier.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x tools/lint/node_modules/.bin/"$1" ] || npm ci --prefix tools/lint --no-audit --no-fund >/dev/null
tool="$1"; shift
exec tools/lint/node_modules/.bin/"$tool" "$@"
