#!/usr/bin/env bash
# pnpm bench:api: the real API's authenticated GET /users/me against a bare
# Fastify + pg baseline reading one row by primary key, measured in the same
# run with wrk on loopback, in alternating rounds. Goals: throughput ratio >= 0.75, p99 <= 20 ms,
# API resident memory <= 250 MB. Exit 0 when all goals pass, 1 when one
# fails, 2 on an error. Uses its own database (app_bench, recreated each run)
# and Redis database 3; results also go to .bench/api.json.
#
# With tracing on, the same API runs again exporting to a local sink, in its own
# rounds: the cost of tracing on and off side by side (goals on the off figures).
#
# Settings: BENCH_DURATION (20 s), BENCH_WARMUP (10 s: the JIT still compiles
# after 5, and the first round after a 5 s warm-up had twice the p99), BENCH_CONNECTIONS (50),
# BENCH_ROUNDS (5), BENCH_API_PORT (3200), BENCH_BARE_PORT (3201), BENCH_TRACED_PORT (3202),
# BENCH_TRACING=0 to leave the traced API out, BENCH_REDIS_DB (3), BENCH_DB to run on
# an existing database instead (kept; e.g. app_bench_scale), BENCH_NO_BUILD=1
# to reuse dist, BENCH_RUNTIME=local to run the servers without the API image's
# NODE_OPTIONS (scripts/lib/bench.sh, on_production_node).
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
bench_database app_bench
REDIS_URL=$(with_redis_db "$base_redis" "${BENCH_REDIS_DB:-3}")
redis-cli -u "$REDIS_URL" flushdb >/dev/null 2>&1

build_api

# Production settings with throwaway secrets, on the image's Node and flags:
# the API runs as it would deployed (the baseline on the same Node).
production_api +998900000009

on_production_node scripts/bench/api.mjs
