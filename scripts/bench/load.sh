#!/usr/bin/env bash
# pnpm bench:load: a mixed member workload at 200 connections against the real
# API and worker (sign in, /users/me, trailers, a watch, records, the moments
# feed), one wrk per route running at the same time, after the bare Fastify + pg
# baseline at the same connection count in the same run. Prints throughput,
# p50 and p99 per route, and the resident memory of each process sampled during
# the run. Goals: p99 <= 100 ms for reads and <= 200 ms for the money write,
# no error response, memory stable. Exit 0 when all goals pass, 1 when one
# fails, 2 on an error. Its own database (app_bench_load, recreated each run)
# and Redis database 5; results also go to .bench/load.json.
#
# Settings: BENCH_LOAD_SECONDS (120), BENCH_LOAD_BARE_SECONDS (20),
# BENCH_LOAD_WARMUP (5), BENCH_LOAD_API_PORT (3210), BENCH_LOAD_BARE_PORT (3211),
# BENCH_NO_BUILD=1 to reuse dist.
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
DATABASE_URL=$(with_db_name "$base_db" app_bench_load)
REDIS_URL=$(with_redis_db "$base_redis" 5)
recreate_db "$DATABASE_URL"
redis-cli -u "$REDIS_URL" flushdb >/dev/null 2>&1

if [[ ${BENCH_NO_BUILD:-0} != 1 || ! -f apps/api/dist/main.js ]]; then
  echo "bench: building @app/domain and @app/api"
  pnpm --silent --filter @app/domain run build
  pnpm --silent --filter @app/api run build
fi

# Production settings with throwaway secrets, and every per-client limit off:
# all the load comes from one address and a few hundred members.
JWT_SECRET=$(node -e 'console.log(require("crypto").randomBytes(32).toString("hex"))')
export DATABASE_URL REDIS_URL JWT_SECRET
export NODE_ENV=production ADMIN_PHONE=+998900000007 ADMIN_PASSWORD=bench-admin-password
export REGISTER_LIMIT_PER_HOUR=0 MONEY_RATE_LIMIT_PER_MINUTE=0 MOMENTS_PER_HOUR=0
export LOGIN_MAX_FAILURES_PER_PHONE=1000000 LOGIN_MAX_FAILURES_PER_IP=1000000 LOGIN_SLOWDOWN_AFTER=0
# The members sign in once, before the run: their tokens must outlive it.
export ACCESS_TOKEN_TTL_SECONDS=86400
node apps/api/dist/database/migrate.js >/dev/null
node apps/api/dist/seed/seed.js >/dev/null

exec node scripts/bench/load.mjs
