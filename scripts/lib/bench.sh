# Shared steps of the benchmark scripts (scripts/bench/*.sh). Source after
# scripts/lib/env.sh, from the repository root.

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

# build_api: builds @app/domain and @app/api unless BENCH_NO_BUILD=1 and a
# build exists.
build_api() {
  if [[ ${BENCH_NO_BUILD:-0} != 1 || ! -f apps/api/dist/main.js ]]; then
    echo "bench: building @app/domain and @app/api"
    pnpm --silent --filter @app/domain run build
    pnpm --silent --filter @app/api run build
  fi
}

# production_api ADMIN_PHONE: production settings with a throwaway JWT secret
# for DATABASE_URL and REDIS_URL (exported), then the migrations and the seed.
production_api() {
  JWT_SECRET=$(node -e 'console.log(require("crypto").randomBytes(32).toString("hex"))')
  export DATABASE_URL REDIS_URL JWT_SECRET
  export NODE_ENV=production ADMIN_PHONE=$1 ADMIN_PASSWORD=bench-admin-password
  node apps/api/dist/database/migrate.js >/dev/null
  node apps/api/dist/seed/seed.js >/dev/null
}
