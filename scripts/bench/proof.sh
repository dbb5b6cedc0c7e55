#!/usr/bin/env bash
# pnpm bench:proof: a proof-of-liabilities snapshot of 1,000,000 members (the
# real ProofsService in the worker's module tree, reserves read from the local
# TRON node: the hot wallet and 100 deposit addresses), against a baseline in
# the same run: the least any snapshot must do, reading the same balances page
# by page in one transaction and hashing every node of the tree once. Then
# member paths from the stored snapshot against the one indexed read each
# needs. Prints times, ratios and memory with PASS/FAIL per goal (issue 29):
# snapshot at most 3x the baseline, resident memory growth at most 300 MB,
# path p50 and p99 at most 3x those of its read alone; exit 0 when all hold,
# 1 when one fails, 2 on an error.
#
# Settings: BENCH_PROOF_MEMBERS (1000000), BENCH_PROOF_PATHS (2000),
# BENCH_DATABASE_URL (app_bench_proof on the local server), BENCH_NO_BUILD=1 to
# reuse dist, BENCH_RUNTIME=local without the image's NODE_OPTIONS.
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

DATABASE_URL=${BENCH_DATABASE_URL:-$(with_db_name "$base_db" app_bench_proof)}
REDIS_URL=${BENCH_REDIS_URL:-$(with_redis_db "$base_redis" 5)}
recreate_db "$DATABASE_URL"
export DATABASE_URL REDIS_URL NODE_ENV=production JWT_SECRET=bench-proof-secret-0123456789abcdefghijkl
throwaway_audit_key
# The bench's database, never a development .env's owner.
export DATABASE_OWNER_URL=$DATABASE_URL
export ADMIN_PHONE=+998900000008 ADMIN_PASSWORD=bench-admin-password
node apps/api/dist/database/migrate.js >/dev/null
on_production_node scripts/bench/proof.mjs
