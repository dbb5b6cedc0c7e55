#!/usr/bin/env bash
# pnpm bench:chaos [--minutes N] [--seed S]: random faults, alone and
# overlapping, under a mixed member load, with every money invariant checked
# during the run and at the end. Starts its OWN PostgreSQL (initdb into a
# temporary folder), and chaos.mjs its own Redis master, replica and Sentinel,
# the local TRON node, an SMTP server, an S3 stand-in and a TCP proxy in front
# of PostgreSQL (the database delay); 2 APIs and 2 workers reach Redis through
# the Sentinel. Never touches the machine's PostgreSQL or Redis. Exit 0 when
# every invariant holds, 1 when one fails, 2 on an error.
#
# Settings: BENCH_CHAOS_MINUTES (10; --minutes, fractions allowed),
# BENCH_CHAOS_SEED (random when unset; --seed; printed so a run can be
# replayed), BENCH_CHAOS_CONNECTIONS (12 requests in flight),
# BENCH_CHAOS_PORT_BASE (5600: PostgreSQL on it, the rest on the next ports),
# BENCH_NO_BUILD=1 to reuse dist, BENCH_RUNTIME=local to run the API without
# the API image's NODE_OPTIONS.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
# shellcheck source=scripts/lib/bench.sh
source scripts/lib/bench.sh

while (($#)); do
  case $1 in
    --minutes) BENCH_CHAOS_MINUTES=$2 && shift 2 ;;
    --minutes=*) BENCH_CHAOS_MINUTES=${1#*=} && shift ;;
    --seed) BENCH_CHAOS_SEED=$2 && shift 2 ;;
    --seed=*) BENCH_CHAOS_SEED=${1#*=} && shift ;;
    *)
      echo "usage: pnpm bench:chaos [--minutes N] [--seed S]" >&2
      exit 2
      ;;
  esac
done
export BENCH_CHAOS_MINUTES=${BENCH_CHAOS_MINUTES:-10}
export BENCH_CHAOS_SEED=${BENCH_CHAOS_SEED:-$((RANDOM * 32768 + RANDOM))}
BASE=${BENCH_CHAOS_PORT_BASE:-5600}
export BENCH_CHAOS_PORT_BASE=$BASE
PG_PORT=$BASE
for tool in redis-server redis-cli; do
  if ! command -v $tool >/dev/null; then
    echo "bench: $tool is missing" >&2
    exit 2
  fi
done
# PostgreSQL, its proxy, Redis master, replica, Sentinel, 2 APIs, 2 worker metrics, TRON, SMTP, S3.
ports_free $(seq "$BASE" $((BASE + 12)))

TMP=$(mktemp -d /tmp/bench-chaos.XXXXXX)
export BENCH_CHAOS_DIR=$TMP
OWN_PG_KILL=true
cleanup() {
  local status=$?
  trap - EXIT INT TERM
  bash -c "$OWN_PG_KILL" >/dev/null 2>&1 || true
  rm -rf "$TMP"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "bench: own PostgreSQL on 127.0.0.1:$PG_PORT ($TMP/pg)"
own_postgres "$PG_PORT" "$TMP"
export BENCH_CHAOS_PG_STOP=$OWN_PG_STOP BENCH_CHAOS_PG_START=$OWN_PG_START
DATABASE_URL=postgres://postgres@127.0.0.1:$PG_PORT/app_chaos
psql "postgres://postgres@127.0.0.1:$PG_PORT/postgres" -X -q -c 'CREATE DATABASE app_chaos' >/dev/null

if [[ ${BENCH_NO_BUILD:-0} != 1 || ! -f apps/api/dist/main.js || ! -f apps/tron-node/dist/index.js ]]; then
  echo "bench: building @app/domain, @app/api and @app/tron-node"
  pnpm --silent --filter @app/domain run build
  pnpm --silent --filter @app/api run build
  pnpm --silent --filter @app/tron-node run build
fi

# Production settings with throwaway secrets, every per-client limit off (all
# the load comes from one address), tokens that outlive the run. The
# migrations and the seed run on a plain Redis URL; the APIs and workers get
# the Sentinel from chaos.mjs.
load_bench_settings
# Warnings and errors only: the faults' logs are read for causes, not every request.
export LOG_LEVEL=${LOG_LEVEL:-warn}
export PASSWORD_RESET_LIMIT_PER_HOUR=0 MAIL_CODE_RESEND_SECONDS=0 OPERATOR_DAILY_LIMIT=0
REDIS_URL=redis://127.0.0.1:$((BASE + 2))/0
production_api +998900000007

run_bench_script scripts/bench/chaos.mjs
