#!/usr/bin/env bash
# pnpm bench:ledger: the project's reward posting (the call POST /trailers/{id}/watch
# makes: a reward plus three team commissions, one database transaction) against
# pgbench's built-in tpcb-like bank transaction, on the same PostgreSQL in the
# same run, in alternating rounds (pgbench, postings, pgbench, ...: a shared
# machine's slow minutes fall on both sides). Two modes of posting each round:
# today's (each watch its own transaction, goal >= 0.7 of pgbench) and group
# commit (WATCH_BATCH_SIZE, issue 41: goal >= 2.0 of pgbench with the watches'
# p99 <= 50 ms). Prints every rate and ratio and checks at the end that no
# posting was lost or duplicated. Exit 0 when the goals and the checks pass, 1
# when one fails, 2 on an error (a posting process that crashes ends the run
# at once).
#
# Settings: BENCH_DURATION (21 s a side), BENCH_ROUNDS (3), BENCH_WARMUP (3 s of
# postings a mode before the rounds, not measured), BENCH_CLIENTS (16,
# today's mode and pgbench), BENCH_BATCH_CLIENTS (64, group commit's members at
# once), BENCH_BATCH_SIZE (32), BENCH_BATCH_FLUSHES (the API's default),
# BENCH_NO_BUILD=1 to reuse dist,
# BENCH_RUNTIME=local to post without the API image's NODE_OPTIONS.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
# shellcheck source=scripts/lib/env.sh
source scripts/lib/env.sh
# shellcheck source=scripts/lib/bench.sh
source scripts/lib/bench.sh

base_urls
duration=${BENCH_DURATION:-21}
clients=${BENCH_CLIENTS:-16}

bash scripts/services.sh
build_api

# 1. The baseline's database: pgbench tpcb-like, scale 1 (ledger.mjs runs it).
PGBENCH_URL=$(with_db_name "$base_db" app_bench_pgbench)
recreate_db "$PGBENCH_URL"
pgbench -q -i -s 1 "$PGBENCH_URL" >/dev/null 2>&1

# 2. The project: the watch service's reward posting on a migrated, seeded database.
DATABASE_URL=$(with_db_name "$base_db" app_bench_ledger)
REDIS_URL=$(with_redis_db "$base_redis" 3)
recreate_db "$DATABASE_URL"
# A fresh database numbers its members and trailers as the last run did: its views
# (ledger.mjs opens one per pair, by those ids) must not find the last run's claims.
redis-cli -u "$REDIS_URL" flushdb >/dev/null 2>&1
export DATABASE_URL REDIS_URL NODE_ENV=production JWT_SECRET=bench-ledger-secret-0123456789abcdefghij
throwaway_audit_key
# The bench's database, never a development .env's owner.
export DATABASE_OWNER_URL=$DATABASE_URL
export ADMIN_PHONE=+998900000008 ADMIN_PASSWORD=bench-admin-password
node apps/api/dist/database/migrate.js >/dev/null
node apps/api/dist/seed/seed.js >/dev/null

# The posting processes on the image's Node and flags, as the API runs deployed.
PGBENCH_URL=$PGBENCH_URL BENCH_DURATION=$duration BENCH_CLIENTS=$clients \
  on_production_node scripts/bench/ledger.mjs
