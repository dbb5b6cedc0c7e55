# Shared steps of the benchmark scripts (scripts/bench/*.sh). Source after
# scripts/lib/env.sh, from the repository root. Sourcing it puts the project's
# Node (.nvmrc) first on PATH, as env.sh does.

# shellcheck source=scripts/lib/node.sh
source scripts/lib/node.sh
use_project_node || exit 2

# ensure_wrk: installs Debian's wrk when root, else says how.
ensure_wrk() {
  command -v wrk >/dev/null && return 0
  if ((EUID == 0)); then
    echo "bench: installing wrk"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
  else
    echo "bench: wrk is missing (apt-get install wrk)" >&2
    exit 2
  fi
}

# bench_database NAME: sets DATABASE_URL to the benchmark's own database NAME,
# recreated empty; or, with BENCH_DB set, to that existing database (a
# month-three one from bench:scale, `BENCH_DB=app_bench_scale`), migrated and
# kept, so the same benchmark measures months of data (issue 27).
bench_database() {
  if [[ -n ${BENCH_DB:-} ]]; then
    DATABASE_URL=$(with_db_name "$base_db" "$BENCH_DB")
    echo "bench: on the existing database $BENCH_DB (kept, not recreated)"
  else
    DATABASE_URL=$(with_db_name "$base_db" "$1")
    recreate_db "$DATABASE_URL"
  fi
}

# build_api: builds @app/domain and @app/api unless BENCH_NO_BUILD=1 and a
# build exists.
build_api() {
  if [[ ${BENCH_NO_BUILD:-0} != 1 || ! -f apps/api/dist/main.js ]]; then
    echo "bench: building @app/domain and @app/api"
    pnpm --silent --filter @app/domain run build
    pnpm --silent --filter @app/api run build
  fi
}

# throwaway_audit_key: exports AUDIT_SIGNING_KEY, a fresh Ed25519 key (production
# requires one) for a bench's database, which is thrown away after the run.
throwaway_audit_key() {
  AUDIT_SIGNING_KEY=$(node -e 'console.log(require("crypto").generateKeyPairSync("ed25519").privateKey.export({ format: "der", type: "pkcs8" }).toString("base64"))')
  export AUDIT_SIGNING_KEY
}

# production_api ADMIN_PHONE: production settings with a throwaway JWT secret
# and audit signing key for DATABASE_URL and REDIS_URL (exported), then the
# migrations and the seed.
production_api() {
  JWT_SECRET=$(node -e 'console.log(require("crypto").randomBytes(32).toString("hex"))')
  throwaway_audit_key
  # The bench's database, never a development .env's owner.
  DATABASE_OWNER_URL=$DATABASE_URL
  export DATABASE_URL DATABASE_OWNER_URL REDIS_URL JWT_SECRET
  export NODE_ENV=production ADMIN_PHONE=$1 ADMIN_PASSWORD=bench-admin-password
  node apps/api/dist/database/migrate.js >/dev/null
  node apps/api/dist/seed/seed.js >/dev/null
}

# production_node: sets PRODUCTION_NODE and PRODUCTION_NODE_OPTIONS to the
# Node the API's image runs (apps/api/Dockerfile: its base image's release and
# NODE_OPTIONS), so that a benchmark's script, and the API and worker processes
# it starts, measure the API as deployed. The release is the project's (.nvmrc,
# already first on PATH); a Dockerfile that names another one is an error.
# BENCH_RUNTIME=local keeps the caller's NODE_OPTIONS. The image's API-only
# flags (API_NODE_OPTIONS: benches pass them to the API processes they start,
# lib.mjs apiScript) and its malloc setting are exported the same way.
production_node() {
  local dockerfile=apps/api/Dockerfile image want
  PRODUCTION_NODE=$(command -v node)
  PRODUCTION_NODE_OPTIONS=${NODE_OPTIONS:-}
  if [[ ${BENCH_RUNTIME:-production} == local ]]; then
    return
  fi
  image=$(sed -n 's/^FROM node:\([0-9][0-9.]*\)-.*/\1/p' "$dockerfile" | tail -n 1)
  want=$(tr -d ' \t\r\nv' <.nvmrc)
  if [[ $image != "$want" ]]; then
    echo "bench: $dockerfile runs Node ${image:-?}, .nvmrc says $want: make them one release" >&2
    exit 2
  fi
  # The value as the image sets it, without the quotes a value with spaces needs.
  PRODUCTION_NODE_OPTIONS=$(sed -n 's/^ENV NODE_OPTIONS=//p' "$dockerfile" | tail -n 1 | tr -d '"')
  API_NODE_OPTIONS=$(sed -n 's/^ENV API_NODE_OPTIONS=//p' "$dockerfile" | tail -n 1 | tr -d '"')
  MALLOC_MMAP_THRESHOLD_=$(sed -n 's/^ENV MALLOC_MMAP_THRESHOLD_=//p' "$dockerfile" | tail -n 1)
  export API_NODE_OPTIONS MALLOC_MMAP_THRESHOLD_
}

# on_production_node SCRIPT [ARGS]: runs a benchmark's script on that Node.
on_production_node() {
  production_node
  NODE_OPTIONS=$PRODUCTION_NODE_OPTIONS "$PRODUCTION_NODE" "$@"
}

# own_postgres PORT DIR: a PostgreSQL of the bench's own (initdb into DIR/pg,
# listening on 127.0.0.1:PORT, fsync off), so that restarting it touches
# nobody else's database. Sets OWN_PG_STOP and OWN_PG_START (commands that
# stop it fast and start it again) and OWN_PG_KILL (stops it at once, for the
# cleanup). As root the cluster belongs to the postgres user (PostgreSQL
# refuses to run as root). BENCH_PG_BIN names the server binaries' folder.
own_postgres() {
  local port=$1 dir=$2 bin as_pg=() opts
  bin=${BENCH_PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
  if [[ ! -x $bin/initdb ]]; then
    echo "bench: PostgreSQL server binaries not found (set BENCH_PG_BIN)" >&2
    exit 2
  fi
  if ((EUID == 0)); then as_pg=(runuser -u postgres --); fi
  chmod 755 "$dir"
  mkdir -p "$dir/pg" "$dir/sock"
  if ((EUID == 0)); then chown postgres: "$dir/pg" "$dir/sock"; fi
  "${as_pg[@]}" "$bin/initdb" -D "$dir/pg" -U postgres -A trust --no-sync >"$dir/initdb.log" 2>&1 ||
    {
      cat "$dir/initdb.log" >&2
      exit 2
    }
  opts="-p $port -c listen_addresses=127.0.0.1 -k $dir/sock -c fsync=off -c max_connections=100"
  OWN_PG_STOP="${as_pg[*]} $bin/pg_ctl -D $dir/pg stop -m fast -w -t 30"
  OWN_PG_START="${as_pg[*]} $bin/pg_ctl -D $dir/pg -o '$opts' -l $dir/pg/server.log start -w -t 60"
  OWN_PG_KILL="${as_pg[*]} $bin/pg_ctl -D $dir/pg stop -m immediate -w -t 20"
  bash -c "$OWN_PG_START" >/dev/null
}

# ports_free PORT...: exits 2 naming the first port something listens on.
ports_free() {
  local port
  for port in "$@"; do
    if (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "bench: port $port is taken" >&2
      exit 2
    fi
  done
}

# load_bench_settings: every per-client limit off (a load bench's requests all
# come from one address) and access tokens that outlive the run (the members
# sign in once, before it).
load_bench_settings() {
  export REGISTER_LIMIT_PER_HOUR=0 MONEY_RATE_LIMIT_PER_MINUTE=0 PUBLIC_RATE_LIMIT_PER_MINUTE=0 MOMENTS_PER_HOUR=0
  export LOGIN_MAX_FAILURES_PER_PHONE=1000000 LOGIN_MAX_FAILURES_PER_IP=1000000 LOGIN_SLOWDOWN_AFTER=0
  export ACCESS_TOKEN_TTL_SECONDS=86400
}

# run_bench_script SCRIPT: runs a bench's script on the production Node in the
# background, so that a signal to the calling script reaches it at once (it
# stops its children, then the caller's cleanup stops the servers); exits with
# its status.
run_bench_script() {
  production_node
  NODE_OPTIONS=$PRODUCTION_NODE_OPTIONS "$PRODUCTION_NODE" "$1" &
  local bench=$!
  # shellcheck disable=SC2064 # the pid is fixed now
  trap "kill -TERM $bench 2>/dev/null; wait $bench; exit 130" INT TERM
  set +e
  wait "$bench"
  local status=$?
  set -e
  exit "$status"
}
