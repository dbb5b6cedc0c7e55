#!/usr/bin/env bash
# pnpm bench:abuse: the ring finder (issue 38) on a seeded synthetic club of
# 10,000 honest members (families on one home network, some sharing a tablet
# or a paying parent's address, most funding from a few exchanges' hot
# wallets, big honest teams) and 20 farm rings of 25 accounts in several
# patterns, some partial. The members and their risk signals are written
# straight to a database of its own; the API's RiskRingsService finds the
# rings (its full scan, as the worker's tick runs it). Prints recall (farm
# accounts found), the false-positive rate (honest members put in a ring)
# and the scan's run time with PASS/FAIL per goal (recall >= 0.9, false
# positives <= 1 %, under 60 s); exit 0 when all hold, 1 when one fails,
# 2 on an error.
#
# Settings: BENCH_ABUSE_SEED (38), BENCH_ABUSE_HONEST (10000), BENCH_ABUSE_RINGS (20),
# BENCH_ABUSE_RING_SIZE (25), BENCH_DATABASE_URL (app_bench_abuse on the local
# server), BENCH_NO_BUILD=1 to reuse dist.
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

DATABASE_URL=${BENCH_DATABASE_URL:-$(with_db_name "$base_db" app_bench_abuse)}
recreate_db "$DATABASE_URL"
# The bench's database, never a development .env's owner.
export DATABASE_URL DATABASE_OWNER_URL=$DATABASE_URL
node apps/api/dist/database/migrate.js >/dev/null
node scripts/bench/abuse.mjs
