#!/usr/bin/env bash
# pnpm bench:scale: the screens on a month-three database (issue 27). Builds a
# database of BENCH_SCALE_MEMBERS members (1,000,000) and BENCH_SCALE_POSTINGS
# ledger postings (50,000,000) over 90 days, with everything else in
# proportion (scale.mjs lists it), sums its checkpoint as the worker would,
# then times each member read and operator page against the same routes on a
# nearly empty database in the same run, and the CSV exports' first byte and
# memory. Prints PASS/FAIL per goal; exit 0 when all pass, 1 when one fails,
# 2 on an error.
#
# Settings: BENCH_SCALE_MEMBERS, BENCH_SCALE_POSTINGS; BENCH_SCALE_DB (database
# name, app_bench_scale) and BENCH_SCALE_REUSE=1 to time an existing one again;
# BENCH_SCALE_REQUESTS (200 per member read, a fifth of it per operator page);
# BENCH_SCALE_PORT (3271: the month-three API; the next port: the empty one's);
# BENCH_SCALE_FULL_AUDIT=0 to skip timing one full ledger audit after the build;
# BENCH_NO_BUILD=1 to reuse dist; BENCH_RUNTIME=local to run the APIs without the
# API image's NODE_OPTIONS. The APIs run on the image's Node (on_production_node).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$ROOT"
# shellcheck source=scripts/lib/env.sh
source scripts/lib/env.sh
# shellcheck source=scripts/lib/bench.sh
source scripts/lib/bench.sh

base_urls
bash scripts/services.sh
build_api

SCALE_URL=$(with_db_name "$base_db" "${BENCH_SCALE_DB:-app_bench_scale}")
EMPTY_URL=$(with_db_name "$base_db" "${BENCH_SCALE_DB:-app_bench_scale}_empty")
if [[ ${BENCH_SCALE_REUSE:-0} != 1 ]]; then
  recreate_db "$SCALE_URL"
fi
recreate_db "$EMPTY_URL"

JWT_SECRET=$(node -e 'console.log(require("crypto").randomBytes(32).toString("hex"))')
export JWT_SECRET NODE_ENV=production ADMIN_PHONE=+998900000027 ADMIN_PASSWORD=bench-admin-password
throwaway_audit_key
for url in "$SCALE_URL" "$EMPTY_URL"; do
  DATABASE_URL=$url DATABASE_OWNER_URL=$url node apps/api/dist/database/migrate.js >/dev/null
  DATABASE_URL=$url DATABASE_OWNER_URL=$url node apps/api/dist/seed/seed.js >/dev/null
done

SCALE_URL=$SCALE_URL EMPTY_URL=$EMPTY_URL SCALE_REDIS_URL=$(with_redis_db "$base_redis" "${BENCH_SCALE_REDIS_DB:-13}") \
  EMPTY_REDIS_URL=$(with_redis_db "$base_redis" "${BENCH_SCALE_EMPTY_REDIS_DB:-14}") \
  on_production_node scripts/bench/scale.mjs
