#!/usr/bin/env bash
# pnpm test: every check and every test suite, against real PostgreSQL and
# Redis, failing fast. Ends with a plain "N passed, N failed" line: test cases
# as counted by each runner (vitest, jest, Playwright) plus one per check
# (build, lint, format, typecheck, contracts, alert rules, web build).
#
# The API's integration tests use their own database (app_test) and Redis
# database 1; the Playwright config starts its own API on app_e2e and Redis
# database 2. TEST_DATABASE_URL, TEST_REDIS_URL, E2E_DATABASE_URL and
# E2E_REDIS_URL override them.
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 1
# shellcheck source=scripts/lib/env.sh
source scripts/lib/env.sh

# Only the connection settings come from .env: a NODE_ENV=development there
# would, for one, make vite build a development bundle.
unset NODE_ENV
base_urls
TEST_DATABASE_URL=${TEST_DATABASE_URL:-$(with_db_name "$base_db" app_test)}
TEST_REDIS_URL=${TEST_REDIS_URL:-$(with_redis_db "$base_redis" 1)}
export TEST_DATABASE_URL TEST_REDIS_URL
E2E_DATABASE_URL=${E2E_DATABASE_URL:-$(with_db_name "$base_db" app_e2e)}
E2E_REDIS_URL=${E2E_REDIS_URL:-$(with_redis_db "$base_redis" 2)}
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
# A cap for a hung step, not a budget: the API suite takes 9 to 21 minutes, by the machine.
STEP_TIMEOUT=${TEST_STEP_TIMEOUT:-1800}

LOG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/test-logs.XXXXXX")
trap 'rm -rf "$LOG_DIR"' EXIT

passed=0
failed=0
skipped=0
rows=()
started=$SECONDS

# counts KIND LOG: prints "passed failed skipped" read from a runner's summary.
counts() {
  local kind=$1 text line p=0 f=0 s=0 n word
  text=$(sed 's/\x1b\[[0-9;]*[A-Za-z]//g' "$2")
  case $kind in
    vitest) line=$(grep -E '^[[:space:]]*Tests[[:space:]]+[0-9]' <<<"$text" | tail -n 1) ;;
    jest) line=$(grep -E '^Tests:' <<<"$text" | tail -n 1) ;;
    playwright)
      line=$(grep -E '^[[:space:]]*[0-9]+ (passed|failed|flaky|skipped|interrupted|did not run)' <<<"$text" |
        tr '\n' ' ')
      ;;
  esac
  while read -r n word; do
    case $word in
      passed | flaky) p=$((p + n)) ;;
      failed | interrupted) f=$((f + n)) ;;
      skipped | todo | did) s=$((s + n)) ;;
    esac
  done < <(grep -oE '[0-9]+ (passed|failed|flaky|skipped|todo|interrupted|did)' <<<"${line:-}")
  echo "$p $f $s"
}

summary() {
  local row
  echo
  echo "──── test summary ($((SECONDS - started)) s) ────"
  for row in "${rows[@]}"; do echo "  $row"; done
  if ((skipped)); then
    echo "$passed passed, $failed failed, $skipped skipped"
  else
    echo "$passed passed, $failed failed"
  fi
}

# step NAME KIND COMMAND...: KIND is check (counts as one) or a runner name
# whose summary line gives the counts. Stops everything on the first failure.
step() {
  local name=$1 kind=$2 log rc t0 p f s result
  shift 2
  log="$LOG_DIR/${name// /-}.log"
  t0=$SECONDS
  echo
  echo "──── $name ────"
  if declare -F "$1" >/dev/null; then
    "$@" 2>&1 | tee "$log"
  else
    # --foreground keeps the step in our process group, so Ctrl-C reaches it.
    timeout --foreground --kill-after=30 "$STEP_TIMEOUT" "$@" 2>&1 | tee "$log"
  fi
  rc=${PIPESTATUS[0]}
  ((rc == 124)) && echo "$name: timed out after ${STEP_TIMEOUT}s"
  if [[ $kind == check ]]; then
    if ((rc == 0)); then p=1 f=0 s=0 result=ok; else p=0 f=1 s=0 result=FAILED; fi
  else
    read -r p f s < <(counts "$kind" "$log")
    # A runner that failed without reporting a failed test (crash, no tests
    # found, bad config) still counts as a failure.
    ((rc != 0 && f == 0)) && f=1
    result="$p passed, $f failed"
    ((s)) && result+=", $s skipped"
  fi
  passed=$((passed + p))
  failed=$((failed + f))
  skipped=$((skipped + s))
  rows+=("$(printf '%-22s %-32s %4ss' "$name" "$result" "$((SECONDS - t0))")")
  if ((rc != 0)); then
    summary
    echo "test: '$name' failed (exit $rc)" >&2
    exit 1
  fi
}

ensure_chromium() {
  [[ -x $CHROMIUM ]] && return 0
  echo "test: $CHROMIUM is missing; installing Debian's chromium"
  local sudo=()
  if ((EUID != 0)); then
    command -v sudo >/dev/null || {
      echo "test: not root and no sudo: install chromium (apt-get install chromium)" >&2
      return 1
    }
    sudo=(sudo -n)
  fi
  "${sudo[@]}" apt-get update -qq &&
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null &&
    [[ -x $CHROMIUM ]]
}

if [[ ! -d node_modules ]]; then
  echo "test: dependencies are missing: run 'pnpm install' first" >&2
  exit 1
fi
echo "test: Node $(node -v) ($(command -v node))"

step services check bash scripts/services.sh "$(db_name "$TEST_DATABASE_URL")" "$(db_name "$E2E_DATABASE_URL")"
step chromium check ensure_chromium
step build check bash -c 'pnpm --filter @app/domain run build && pnpm --filter @app/api run build &&
  pnpm --filter @app/tron-node run build'
# .env.example, the README's settings table and the owners table are written from the code.
step docs check node apps/api/dist/tools/docs.js --check
step lint check pnpm run lint
step format check pnpm run format:check
step typecheck check pnpm run typecheck
step contracts check bash scripts/contracts.sh --check --no-build
step "openapi lint" check bash scripts/openapi-lint.sh
step "db schema" check bash scripts/db-schema.sh --check --no-build
# The alerts and dashboards (ops/): promtool's checks and unit tests, runbooks, metric names.
step "alert rules" check bash scripts/alert-rules.sh
step "domain unit" vitest pnpm --filter @app/domain run test
# The local TRON node stub, driven by real tronweb over HTTP on free ports.
step "tron node" vitest pnpm --filter @app/tron-node run test
step "api integration" jest env DATABASE_URL="$TEST_DATABASE_URL" REDIS_URL="$TEST_REDIS_URL" \
  pnpm --filter @app/api run test
# A minute of random faults under load (fixed seed: a PostgreSQL restart, an API and a worker
# killed, storage, TRON, SMTP and database-network faults) on its own PostgreSQL, Redis and
# Sentinel; every money invariant must hold. On the project's Node without the image's
# NODE_OPTIONS, with the dist built above.
step "chaos 60 s" check env BENCH_NO_BUILD=1 BENCH_RUNTIME=local BENCH_CHAOS_MINUTES=1 \
  BENCH_CHAOS_SEED=15 bash scripts/bench/chaos.sh
step "web unit" vitest pnpm --filter @app/web run test
step "web build" check pnpm --filter @app/web run build
# Explicit, so that a DATABASE_URL exported for development is never used here. The
# journeys are served the build of the step above (E2E_PREBUILT), not a second one.
step "web e2e" playwright env DATABASE_URL="$E2E_DATABASE_URL" REDIS_URL="$E2E_REDIS_URL" \
  E2E_PREBUILT=1 pnpm --filter @app/web run e2e

summary
