#!/usr/bin/env bash
# pnpm start: the whole app for development against the local PostgreSQL and
# Redis. Builds the domain library and the API, migrates and seeds, then runs
# the API, the worker and the web dev server together with prefixed output.
# Unless TRON_FULL_NODE_URL names a node, it also runs the local TRON node with a
# development wallet. Ctrl-C (or SIGTERM) stops them all; so does any one exiting.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# shellcheck source=scripts/lib/env.sh
source scripts/lib/env.sh

if [[ ! -f .env && -f .env.example ]]; then
  cp .env.example .env
  echo "start: created .env from .env.example (development defaults)"
fi
load_dotenv .env
export DATABASE_URL=${DATABASE_URL:-$DEFAULT_DATABASE_URL}
# The app on a role that owns no table; migrations and the seed as the owner.
app_and_owner_urls
export REDIS_URL=${REDIS_URL:-$DEFAULT_REDIS_URL}
export API_PORT=${API_PORT:-3000}
export WEB_PORT=${WEB_PORT:-5173}

if [[ ! -d node_modules ]]; then
  echo "start: dependencies are missing: run 'pnpm install' first" >&2
  exit 1
fi

bash scripts/services.sh

# The local TRON node runs unless TRON_FULL_NODE_URL names a node to use.
local_tron=0
if [[ -z ${TRON_FULL_NODE_URL:-} ]]; then
  local_tron=1
  export TRON_NODE_PORT=${TRON_NODE_PORT:-8090}
  export TRON_FULL_NODE_URL="http://127.0.0.1:$TRON_NODE_PORT"
  # A short solidity lag (and the confirmations that match it) for a quick loop.
  export TRON_NODE_SOLID_LAG=${TRON_NODE_SOLID_LAG:-2}
  export TRON_MIN_CONFIRMATIONS=$((TRON_NODE_SOLID_LAG + 1))
fi

echo "start: building @app/domain, @app/api and @app/tron-node"
pnpm --silent --filter @app/domain run build
pnpm --silent --filter @app/api run build
pnpm --silent --filter @app/tron-node run build
# As DATABASE_OWNER_URL: the migrations, then DATABASE_URL's role made (or
# kept) with data rights only; the seed.
node apps/api/dist/database/migrate.js
node apps/api/dist/seed/seed.js
echo "start: the API and the worker connect as $(db_user "$DATABASE_URL"), migrations ran as $(db_user "$DATABASE_OWNER_URL")"
if ((local_tron)) && [[ -z ${TRON_DEPOSIT_XPUB:-} || -z ${TRON_HOT_WALLET_PRIVATE_KEY:-} ]]; then
  # The development wallet (var/dev-wallet.json, made once): never for real funds.
  eval "$(node scripts/dev-tron.mjs env)"
fi

# shellcheck source=scripts/lib/supervise.sh
source scripts/lib/supervise.sh
trap 'supervise_stop 130' INT
trap 'supervise_stop 143' TERM

if ((local_tron)); then
  echo "start: TRON: the local node on $TRON_FULL_NODE_URL (a fresh chain)"
  supervise_run tron-node node apps/tron-node/dist/main.js
  node scripts/dev-tron.mjs prepare || supervise_stop 1
else
  echo "start: TRON: $TRON_FULL_NODE_URL"
fi
supervise_run api node apps/api/dist/main.js
supervise_run worker node apps/api/dist/worker.js
supervise_run web pnpm --silent --filter @app/web run dev
supervise_watch

# Announce the URLs once the API accepts connections (at most 60 s).
(
  for ((i = 0; i < 120; i++)); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$API_PORT") 2>/dev/null; then
      cat <<MSG

  Web:      http://127.0.0.1:$WEB_PORT
  API:      http://127.0.0.1:$API_PORT
  Swagger:  http://127.0.0.1:$API_PORT/docs

  Press Ctrl-C to stop.

MSG
      exit 0
    fi
    sleep 0.5
  done
  echo "start: the API did not open port $API_PORT within 60 s" >&2
) &
announcer=$!
trap 'kill "$announcer" 2>/dev/null' EXIT

# The first of them to exit brings the others down.
supervise_wait
