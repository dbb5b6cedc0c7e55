#!/usr/bin/env bash
# pnpm bench:api: the real API's authenticated GET /users/me against a bare
# Fastify + pg baseline reading one row by primary key, measured in the same
# run with wrk on loopback. Goals: throughput ratio >= 0.5, p99 <= 50 ms,
# API resident memory <= 250 MB. Exit 0 when all goals pass, 1 when one
# fails, 2 on an error. Uses its own database (app_bench, recreated each run)
# and Redis database 3; results also go to .bench/api.json.
#
# Settings: BENCH_DURATION (15 s), BENCH_WARMUP (5 s), BENCH_CONNECTIONS (50),
# BENCH_API_PORT (3200), BENCH_BARE_PORT (3201), BENCH_NO_BUILD=1 to reuse dist.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
# shellcheck source=scripts/lib/env.sh
source scripts/lib/env.sh

base_urls

if ! command -v wrk >/dev/null; then
  if ((EUID == 0)); then
    echo "bench: installing wrk"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
  else
    echo "bench: wrk is missing (apt-get install wrk)" >&2
    exit 2
  fi
fi

bash scripts/services.sh
DATABASE_URL=$(with_db_name "$base_db" app_bench)
REDIS_URL=$(with_redis_db "$base_redis" 3)
recreate_db "$DATABASE_URL"
redis-cli -u "$REDIS_URL" flushdb >/dev/null 2>&1

if [[ ${BENCH_NO_BUILD:-0} != 1 || ! -f apps/api/dist/main.js ]]; then
  echo "bench: building @app/domain and @app/api"
  pnpm --silent --filter @app/domain run build
  pnpm --silent --filter @app/api run build
fi

# Production settings with throwaway secrets: the API runs as it would deployed.
JWT_SECRET=$(node -e 'console.log(require("crypto").randomBytes(32).toString("hex"))')
export DATABASE_URL REDIS_URL JWT_SECRET
export NODE_ENV=production ADMIN_PHONE=+998900000009 ADMIN_PASSWORD=bench-admin-password
node apps/api/dist/database/migrate.js >/dev/null
node apps/api/dist/seed/seed.js >/dev/null

exec node scripts/bench/api.mjs
