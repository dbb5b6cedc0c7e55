#!/usr/bin/env bash
# pnpm bench:deposits: the deposit scanner of the real worker process against
# the local TRON node. 10,000 USDT transfers to 1,000 member addresses over 200
# blocks; prints blocks scanned per second and deposits credited per second
# (against a bare baseline in the same run: the same blocks fetched from the
# node with no database work), then, with blocks arriving live, the p99 delay
# from a block's solidification to its credits. Exit 0 when the goals hold
# (>= 20 blocks/s, p99 < 5 s), 1 when one fails, 2 on an error.
#
# Settings: BENCH_TRANSFERS (10000), BENCH_MEMBERS (1000), BENCH_BLOCKS (200),
# BENCH_LIVE_BLOCKS (30), BENCH_NO_BUILD=1 to reuse dist.
#
# BENCH_DEPOSITS_SHAPE=mainnet (issue 43, deposits-mainnet.mjs): blocks full of strangers,
# BENCH_LOGS_PER_BLOCK (300) TRC-20 logs a block, BENCH_OURS_PER_BLOCK (3) of them ours,
# BENCH_ADDRESSES (1000000) deposit addresses stored, BENCH_BLOCKS (2000; 28800 for a whole
# day of catch-up); prints blocks/s, provider calls per block, the worker's resident memory
# (against a first pass of the same backlog with BENCH_SMALL_ADDRESSES, 10000, stored), the
# solidification-to-credit p99 and the day's catch-up time, FAIL on a missed goal.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
# shellcheck source=scripts/lib/env.sh
source scripts/lib/env.sh
# shellcheck source=scripts/lib/bench.sh
source scripts/lib/bench.sh

base_urls
bash scripts/services.sh
if [[ ${BENCH_NO_BUILD:-0} != 1 || ! -f apps/api/dist/worker.js || ! -f apps/tron-node/dist/index.js ]]; then
  echo "bench: building @app/domain, @app/api and @app/tron-node"
  pnpm --silent --filter @app/domain run build
  pnpm --silent --filter @app/api run build
  pnpm --silent --filter @app/tron-node run build
fi

DATABASE_URL=$(with_db_name "$base_db" "${BENCH_DB:-app_bench_deposits}")
REDIS_URL=$(with_redis_db "$base_redis" "${BENCH_REDIS_DB:-4}")
recreate_db "$DATABASE_URL"
export DATABASE_URL REDIS_URL NODE_ENV=production JWT_SECRET=bench-deposits-secret-0123456789abcdefghij
throwaway_audit_key
# The bench's database, never a development .env's owner.
export DATABASE_OWNER_URL=$DATABASE_URL
export ADMIN_PHONE=+998900000007 ADMIN_PASSWORD=bench-admin-password
node apps/api/dist/database/migrate.js >/dev/null
# The worker as deployed: the API image's Node and options.
production_node
if [[ ${BENCH_DEPOSITS_SHAPE:-} == mainnet ]]; then
  NODE_OPTIONS=$PRODUCTION_NODE_OPTIONS exec "$PRODUCTION_NODE" scripts/bench/deposits-mainnet.mjs
fi
NODE_OPTIONS=$PRODUCTION_NODE_OPTIONS exec "$PRODUCTION_NODE" scripts/bench/deposits.mjs
