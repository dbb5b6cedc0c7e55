#!/usr/bin/env bash
# Makes PostgreSQL and Redis (from DATABASE_URL / REDIS_URL, else the defaults)
# reachable, starting local ones that are installed but stopped, and creates
# the database named in DATABASE_URL plus any database named as an argument,
# as the tables' owner (DATABASE_OWNER_URL, else DATABASE_URL: the app's role
# may not create databases, and may not exist yet). Idempotent and quiet when
# everything is already there.
#
#   scripts/services.sh [extra-database ...]
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/lib/env.sh
source "$ROOT/scripts/lib/env.sh"
load_dotenv "$ROOT/.env"
DATABASE_URL=${DATABASE_OWNER_URL:-${DATABASE_URL:-$DEFAULT_DATABASE_URL}}
REDIS_URL=${REDIS_URL:-$DEFAULT_REDIS_URL}
WAIT_SECONDS=${SERVICES_WAIT_SECONDS:-30}

say() { echo "services: $*" >&2; }
die() {
  say "error: $*"
  exit 1
}

IFS=$'\t' read -r PG_HOST PG_PORT REDIS_HOST REDIS_PORT < <(
  node -e '
    const pg = new URL(process.argv[1]);
    const redis = new URL(process.argv[2]);
    const host = (u) => u.hostname.replace(/^\[|\]$/g, "") || "127.0.0.1";
    console.log([host(pg), pg.port || "5432", host(redis), redis.port || "6379"].join("\t"));
  ' "$DATABASE_URL" "$REDIS_URL"
) || die "cannot parse DATABASE_URL or REDIS_URL"

is_local() { [[ $1 == 127.* || $1 == localhost || $1 == ::1 ]]; }

# wait_for NAME CHECK...: runs CHECK until it succeeds or WAIT_SECONDS pass.
wait_for() {
  local name=$1 i
  shift
  for ((i = 0; i < WAIT_SECONDS * 2; i++)); do
    if "$@"; then return 0; fi
    sleep 0.5
  done
  die "$name did not become ready within ${WAIT_SECONDS}s"
}

pg_ready() { pg_isready -q -h "$PG_HOST" -p "$PG_PORT" -t 2; }
redis_ready() { [[ $(redis-cli -u "$REDIS_URL" ping 2>/dev/null) == PONG ]]; }

start_postgres() {
  if ! command -v pg_ctlcluster >/dev/null || [[ ! -d /etc/postgresql ]]; then
    die "PostgreSQL at $PG_HOST:$PG_PORT is down and no local cluster is installed (apt-get install postgresql)"
  fi
  # The cluster that listens on our port, else the newest version's "main".
  local version cluster
  read -r version cluster < <(pg_lsclusters -h 2>/dev/null | awk -v p="$PG_PORT" '$3 == p { print $1, $2; exit }') || true
  if [[ -z ${version:-} ]]; then
    if [[ -n $(pg_lsclusters -h 2>/dev/null) ]]; then
      die "PostgreSQL at $PG_HOST:$PG_PORT is down and no local cluster uses port $PG_PORT (see pg_lsclusters)"
    fi
    version=$(find /etc/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' | sort -V | tail -n 1)
    cluster=main
  fi
  [[ -n $version ]] || die "no PostgreSQL cluster found under /etc/postgresql"
  say "starting PostgreSQL $version/$cluster"
  local out
  if ! out=$(pg_ctlcluster --skip-systemctl-redirect "$version" "$cluster" start 2>&1); then
    # "already running" is fine: it may still be starting up.
    [[ $out == *"already running"* ]] || die "pg_ctlcluster failed: $out"
  fi
}

start_redis() {
  command -v redis-server >/dev/null ||
    die "Redis at $REDIS_HOST:$REDIS_PORT is down and redis-server is not installed (apt-get install redis-server)"
  say "starting Redis on $REDIS_HOST:$REDIS_PORT"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" --save "" --appendonly no \
    --dir "${TMPDIR:-/tmp}" >/dev/null || die "redis-server failed to start"
}

# PostgreSQL
if ! command -v pg_isready >/dev/null || ! command -v psql >/dev/null; then
  die "the PostgreSQL client tools (pg_isready, psql) are missing (apt-get install postgresql-client)"
fi
if ! pg_ready; then
  if is_local "$PG_HOST"; then start_postgres; fi
  wait_for "PostgreSQL at $PG_HOST:$PG_PORT" pg_ready
fi

# Redis
command -v redis-cli >/dev/null || die "redis-cli is missing (apt-get install redis-tools)"
if ! redis_ready; then
  if is_local "$REDIS_HOST"; then start_redis; fi
  wait_for "Redis at $REDIS_HOST:$REDIS_PORT" redis_ready
fi

# Databases
for db in "$(db_name "$DATABASE_URL")" "$@"; do
  exists=$(pg_admin_query "$DATABASE_URL" "SELECT 1 FROM pg_database WHERE datname = :'db'" -v db="$db") ||
    die "cannot query PostgreSQL at $PG_HOST:$PG_PORT"
  if [[ $exists != 1 ]]; then
    # Another run may create it at the same moment: check again on error.
    if pg_admin_query "$DATABASE_URL" 'CREATE DATABASE :"db"' -v db="$db" >/dev/null 2>&1; then
      say "created database $db"
    elif [[ $(pg_admin_query "$DATABASE_URL" "SELECT 1 FROM pg_database WHERE datname = :'db'" -v db="$db") != 1 ]]; then
      die "cannot create database $db"
    fi
  fi
done
