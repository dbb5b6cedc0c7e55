#!/usr/bin/env bash
# pnpm dev:deposit <phone> <amount>: pays a member's deposit address on the
# local TRON node that `pnpm start` runs (development only).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# shellcheck source=scripts/lib/env.sh
source scripts/lib/env.sh
load_dotenv .env
export DATABASE_URL=${DATABASE_URL:-$DEFAULT_DATABASE_URL}
export TRON_FULL_NODE_URL=${TRON_FULL_NODE_URL:-http://127.0.0.1:${TRON_NODE_PORT:-8090}}
exec node scripts/dev-tron.mjs deposit "$@"
