#!/usr/bin/env bash
# `npm run db:generate`: `prisma generate`, fully offline.
# The prisma-client generator (query compiler WASM + driver adapters) needs no native engine,
# but the CLI still insists on locating a schema-engine binary at startup and, when it cannot,
# downloads one from binaries.prisma.sh (fails offline; @prisma/engines' postinstall is
# disabled in package.json). Pointing PRISMA_SCHEMA_ENGINE_BINARY at any existing file
# satisfies that check; `generate` never executes it (verified). Migrations use the WASM
# engine instead (scripts/db-migrate.ts), so this placeholder is never run.
set -euo pipefail
cd "$(dirname "$0")/.."
export PRISMA_SCHEMA_ENGINE_BINARY="${PRISMA_SCHEMA_ENGINE_BINARY:-$PWD/scripts/prisma-generate.sh}"
export PRISMA_HIDE_UPDATE_MESSAGE=1   # no update-check banner
export CHECKPOINT_DISABLE=1           # no telemetry / version checkpoint request
export PRISMA_GENERATE_NO_HINTS=1     # no "tip" footer
exec node node_modules/prisma/build/index.js generate "$@"
