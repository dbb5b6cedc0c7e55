#!/usr/bin/env bash
# Starts the API for the Playwright run (playwright.config.ts webServer):
# recreates the e2e database (every run starts from the schema the code
# describes), applies the migrations, seeds the economy table and the e2e
# operator, then serves. DATABASE_URL names the e2e database as its owner:
# the migrations and the seed run as that login, which makes club_app (a role
# that owns no table, scripts/lib/env.sh) for the API and the worker.
# Needs a built API: pnpm --filter @app/domain build && pnpm --filter @app/api build
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=../../../scripts/lib/env.sh
source ../../scripts/lib/env.sh

export DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/app_e2e}"
# The owner is always this database's own (never a DATABASE_OWNER_URL of the
# development setup): the app's URL is derived from it.
unset DATABASE_OWNER_URL
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379/2}"
export API_PORT="${API_PORT:-3101}"
# The journeys register from one address, run after run; the per-address
# limit has its own API tests.
export REGISTER_LIMIT_PER_HOUR="${E2E_REGISTER_LIMIT_PER_HOUR:-0}"
export MONEY_RATE_LIMIT_PER_MINUTE="${E2E_MONEY_RATE_LIMIT_PER_MINUTE:-0}"
export PUBLIC_RATE_LIMIT_PER_MINUTE="${E2E_PUBLIC_RATE_LIMIT_PER_MINUTE:-0}"
# A retried proof journey publishes again within the minute; the wait has its own API test.
export PROOF_MIN_INTERVAL_SECONDS="${E2E_PROOF_MIN_INTERVAL_SECONDS:-0}"
# One JSON line per request would bury the journeys' output; warnings and errors stay.
export LOG_LEVEL="${E2E_LOG_LEVEL:-warn}"
# Mail goes to the SMTP server the recovery test runs on this port.
export SMTP_URL="smtp://127.0.0.1:${E2E_SMTP_PORT:-2591}"

if [[ ! -f ../api/dist/main.js ]]; then
  echo "e2e: apps/api/dist/main.js is missing; run 'pnpm --filter @app/api build' first" >&2
  exit 1
fi

# The database named at the end of DATABASE_URL (app_e2e by default).
db="${DATABASE_URL##*/}"
db="${db%%\?*}"
if [[ ! $db =~ ^[A-Za-z0-9_]+$ ]]; then
  echo "e2e: unexpected database name '$db' in DATABASE_URL" >&2
  exit 1
fi
dropdb -h 127.0.0.1 -U postgres --if-exists --force "$db"
createdb -h 127.0.0.1 -U postgres "$db"
# Its Redis database too: jobs, caches and limits of an earlier run name rows of the old
# database (a kept job id once swallowed this run's first mail, docs/decisions.md).
redis-cli -u "$REDIS_URL" flushdb >/dev/null

app_and_owner_urls
node ../api/dist/database/migrate.js
# Packages, demo content and the operator the journeys sign in as (idempotent).
ADMIN_PHONE="${E2E_ADMIN_PHONE:-+998900000001}" ADMIN_PASSWORD="${E2E_ADMIN_PASSWORD:-admin-e2e-password}" \
  node ../api/dist/seed/seed.js
# A second admin, seeded the same way (not cooling off): the second pair of eyes on
# what waits for two admins. Made here rather than through the console, where a
# promotion in a club of two admins would itself wait (and a retried journey finds two).
ADMIN_PHONE="${E2E_SECOND_ADMIN_PHONE:-+998900000002}" \
  ADMIN_PASSWORD="${E2E_SECOND_ADMIN_PASSWORD:-second-admin-e2e-password}" \
  node ../api/dist/seed/seed.js

# The local TRON node (blocks every 500 ms, solidified 2 blocks later), a
# development wallet of this run, and the worker that scans and settles.
export TRON_NODE_PORT="${E2E_TRON_PORT:-8191}"
export TRON_NODE_BLOCK_INTERVAL_MS=500 TRON_NODE_SOLID_LAG=2 TRON_MIN_CONFIRMATIONS=3
export TRON_FULL_NODE_URL="http://127.0.0.1:$TRON_NODE_PORT"
export TRON_SCAN_INTERVAL_MS=300 TRON_SETTLE_INTERVAL_MS=300
TRON_DEV_WALLET_FILE="$(mktemp -d)/dev-wallet.json"
export TRON_DEV_WALLET_FILE
if [[ ! -f ../tron-node/dist/main.js ]]; then
  echo "e2e: apps/tron-node/dist/main.js is missing; run 'pnpm --filter @app/tron-node build' first" >&2
  exit 1
fi
children=()
trap 'kill "${children[@]}" 2>/dev/null || true' EXIT INT TERM
node ../tron-node/dist/main.js &
children+=("$!")
eval "$(node ../../scripts/dev-tron.mjs env)"
node ../../scripts/dev-tron.mjs prepare
node ../api/dist/worker.js &
children+=("$!")
node ../api/dist/main.js &
children+=("$!")
wait -n
exit 1
