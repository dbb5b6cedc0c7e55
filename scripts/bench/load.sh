#!/usr/bin/env bash
# pnpm bench:load: a mixed member workload at 200 connections against the real
# API and worker (sign in, /users/me, trailers, a watch, records, the moments
# feed), one wrk per route running at the same time, after the bare Fastify + pg
# baseline at the same connection count in the same run. Prints throughput,
# p50 and p99 per route, and the resident memory of each process sampled during
# the run. Goals (issue 41): p99 <= 50 ms for reads and <= 200 ms for the money
# write, the API's mixed throughput >= 0.45 of the bare server's, no error
# response, the API resident in 300 MB at its peak and at the end, memory stable
# (the heap left after each full collection does not climb). Exit 0 when all
# goals pass, 1 when one fails, 2 on an error. Its own database (app_bench_load, recreated each run)
# and Redis database 5; results also go to .bench/load.json.
#
# Settings: BENCH_LOAD_SECONDS (600: the memory goal is over ten minutes), BENCH_LOAD_BARE_SECONDS (20),
# BENCH_LOAD_WARMUP (5), BENCH_LOAD_API_PORT (3210), BENCH_LOAD_BARE_PORT (3211),
# BENCH_LOAD_PROCESSES (2: API processes, as docker-compose.yml's replicas, as copies on one
# port by replicas.mjs; the bare baseline runs as many),
# BENCH_DB to run on an existing database instead (kept; e.g. app_bench_scale),
# BENCH_NO_BUILD=1 to reuse dist, BENCH_RUNTIME=local to run the API without
# the API image's NODE_OPTIONS, API_NODE_OPTIONS and malloc setting, BENCH_LOAD_CPU_PROFILE=DIR to write CPU
# profiles of the API (DIR) and the worker (DIR/worker) over the whole run
# (open them in Chrome's DevTools).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
# shellcheck source=scripts/lib/env.sh
source scripts/lib/env.sh
# shellcheck source=scripts/lib/bench.sh
source scripts/lib/bench.sh

base_urls

ensure_wrk

bash scripts/services.sh
bench_database app_bench_load
REDIS_URL=$(with_redis_db "$base_redis" 5)
redis-cli -u "$REDIS_URL" flushdb >/dev/null 2>&1

build_api

# Production settings with throwaway secrets (the production log level, as
# deployed), and every per-client limit off: all the load comes from one
# address and a few hundred members.
load_bench_settings
production_api +998900000007

# With pg_stat_statements loaded (shared_preload_libraries), the ten statements that took the
# most time during the measured run (load.mjs resets the counts after the warm-up) are printed
# after it (docs/operations.md keeps a month-three run's).
statements=0
if [[ $(psql "$DATABASE_URL" -XAtqc 'SHOW shared_preload_libraries') == *pg_stat_statements* ]]; then
  psql "$DATABASE_URL" -XAtqc 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements' >/dev/null
  statements=1
fi
export BENCH_LOAD_STATEMENTS=$statements

# The API and worker on the image's Node and flags, as deployed.
rc=0
on_production_node scripts/bench/load.mjs || rc=$?
if ((statements)); then
  echo "top ten statements by total time during the run (pg_stat_statements):"
  psql "$DATABASE_URL" -XAq -F ' | ' -c "
    SELECT calls, round(total_exec_time) AS total_ms, round(mean_exec_time::numeric, 2) AS mean_ms,
           rows, left(regexp_replace(query, '\s+', ' ', 'g'), 120) AS query
    FROM pg_stat_statements
    WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
    ORDER BY total_exec_time DESC LIMIT 10"
fi
exit "$rc"
