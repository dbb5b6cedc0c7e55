#!/usr/bin/env bash
# pnpm bench:statement: GET /users/me/statement's query (LedgerStatementService)
# on a ledger of BENCH_POSTINGS postings (default 4,000,000; 20000000 for the
# "tens of millions" check, a few minutes to load), where one member holds a
# quarter of them. Prints the median time of a statement page for that member
# (first page, a page deep in the history, a filtered page) as ratios to the
# same page of a member with 50 postings in the same table: the page must not
# grow with the history. Exit 0 when every goal passes, 1 when one fails.
#
# Settings: BENCH_POSTINGS, BENCH_NO_BUILD=1 to reuse dist,
# BENCH_DATABASE_URL (default: the app database's name + _bench_statement).
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

DATABASE_URL=${BENCH_DATABASE_URL:-$(with_db_name "$base_db" app_bench_statement)}
recreate_db "$DATABASE_URL"
export DATABASE_URL NODE_ENV=production JWT_SECRET=bench-statement-secret-0123456789abcdefgh
throwaway_audit_key
# The bench's database, never a development .env's owner.
export DATABASE_OWNER_URL=$DATABASE_URL
export ADMIN_PHONE=+998900000009 ADMIN_PASSWORD=bench-admin-password
node apps/api/dist/database/migrate.js >/dev/null
node apps/api/dist/seed/seed.js >/dev/null
node scripts/bench/statement.mjs
