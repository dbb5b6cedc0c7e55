#!/usr/bin/env bash
# pnpm bench:faults: faults under a mixed member load. Starts its OWN
# PostgreSQL (initdb into a temporary folder) and its OWN Redis on other ports,
# so restarting them touches nobody else's database; two APIs and two workers
# on them; then, one after another under the load: restart PostgreSQL, restart
# Redis, SIGKILL a worker (and start it again), SIGKILL an API (and start it
# again). Prints per fault the seconds until requests succeed again and the
# failed requests by kind, then checks that nothing was lost or done twice
# (ledger report, watches paid exactly once, no failed background job).
# Exit 0 when every goal passes, 1 when one fails, 2 on an error.
#
# Settings: BENCH_FAULTS_CONNECTIONS (40), BENCH_FAULTS_STEADY_SECONDS (10,
# load before and between faults), BENCH_FAULTS_DOWN_SECONDS (5, how long
# PostgreSQL and Redis stay stopped), BENCH_FAULTS_RECOVERY_GOAL (30 s),
# BENCH_FAULTS_TIMEOUT_MS (5000, a request slower than this is a timeout),
# BENCH_FAULTS_PG_PORT (5499), BENCH_FAULTS_REDIS_PORT (6399),
# BENCH_FAULTS_API_PORTS (3510,3511), BENCH_NO_BUILD=1 to reuse dist.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
# shellcheck source=scripts/lib/bench.sh
source scripts/lib/bench.sh

PG_PORT=${BENCH_FAULTS_PG_PORT:-5499}
REDIS_PORT=${BENCH_FAULTS_REDIS_PORT:-6399}
BENCH_PG_BIN=${BENCH_PG_BIN:-${BENCH_FAULTS_PG_BIN:-}}
if ! command -v redis-server >/dev/null; then
  echo "bench: redis-server is missing" >&2
  exit 2
fi
ports_free "$PG_PORT" "$REDIS_PORT"

TMP=$(mktemp -d /tmp/bench-faults.XXXXXX)
OWN_PG_KILL=true
cleanup() {
  local status=$?
  trap - EXIT INT TERM
  bash -c "$OWN_PG_KILL" >/dev/null 2>&1 || true
  redis-cli -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
  rm -rf "$TMP"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "bench: own PostgreSQL on 127.0.0.1:$PG_PORT ($TMP/pg), own Redis on 127.0.0.1:$REDIS_PORT"
own_postgres "$PG_PORT" "$TMP"
redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --save "" --appendonly no --daemonize yes \
  --logfile "$TMP/redis.log" >/dev/null

DATABASE_URL=postgres://postgres@127.0.0.1:$PG_PORT/app_faults
REDIS_URL=redis://127.0.0.1:$REDIS_PORT/0
psql "postgres://postgres@127.0.0.1:$PG_PORT/postgres" -X -q -c 'CREATE DATABASE app_faults' >/dev/null

build_api

# Production settings with throwaway secrets, every per-client limit off (all
# the load comes from one address), tokens that outlive the run.
load_bench_settings
# Warnings and errors only: the faults' logs are read for causes, not every request.
export LOG_LEVEL=${LOG_LEVEL:-warn}
production_api +998900000007

# faults.mjs restarts PostgreSQL and Redis through these.
export BENCH_FAULTS_PG_STOP=$OWN_PG_STOP BENCH_FAULTS_PG_START=$OWN_PG_START
export BENCH_FAULTS_REDIS_STOP="redis-cli -p $REDIS_PORT shutdown nosave"
export BENCH_FAULTS_REDIS_START="redis-server --bind 127.0.0.1 --port $REDIS_PORT --save '' --appendonly no --daemonize yes --logfile $TMP/redis.log"

run_bench_script scripts/bench/faults.mjs
