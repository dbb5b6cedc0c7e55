#!/usr/bin/env bash
# pnpm db:schema: the database schema the migrations produce, as reviewed
# text. Migrates an empty database from zero, dumps its schema with pg_dump
# and normalises it (no comments, no session settings, no pg_dump session
# keys) into apps/api/src/database/schema.sql.
#
#   scripts/db-schema.sh            rewrite schema.sql (commit the result)
#   scripts/db-schema.sh --check    fail when the migrations produce another schema
#   --no-build                      reuse the current API build (scripts/test.sh)
#
# Uses its own database, SCHEMA_DATABASE_URL (default: the test database's
# name plus "_schema"), dropped and created each run.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# shellcheck source=scripts/lib/env.sh
source scripts/lib/env.sh

check=0
build=1
for arg in "$@"; do
  case $arg in
    --check) check=1 ;;
    --no-build) build=0 ;;
    *)
      echo "usage: scripts/db-schema.sh [--check] [--no-build]" >&2
      exit 2
      ;;
  esac
done

base_urls
test_db=${TEST_DATABASE_URL:-$(with_db_name "$base_db" app_test)}
url=${SCHEMA_DATABASE_URL:-$(with_db_name "$test_db" "$(db_name "$test_db")_schema")}
snapshot=apps/api/src/database/schema.sql

if ((build)); then
  pnpm --silent --filter @app/domain run build
  pnpm --silent --filter @app/api run build
fi

recreate_db "$url"
DATABASE_URL=$url DATABASE_OWNER_URL=$url node apps/api/dist/database/migrate.js >/dev/null

current=$(mktemp)
trap 'rm -f "$current"; pg_admin_query "$url" "DROP DATABASE IF EXISTS :\"db\" WITH (FORCE)" -v db="$(db_name "$url")" >/dev/null 2>&1 || true' EXIT
{
  echo '-- The schema the migrations produce (scripts/db-schema.sh). Do not edit: change'
  echo '-- a migration, run `pnpm db:schema` and commit both.'
  echo
  pg_dump "$url" --schema-only --no-owner --no-privileges --no-comments --exclude-table=migrations |
    grep -vE '^(--|SET |SELECT pg_catalog\.set_config|\\(un)?restrict )' |
    cat -s | sed '/./,$!d'
} >"$current"

if ((check)); then
  if ! diff -u "$snapshot" "$current"; then
    echo "db-schema: the migrations produce a schema that differs from $snapshot:" >&2
    echo "  review the diff above, run 'pnpm db:schema' and commit the result" >&2
    exit 1
  fi
  echo "db-schema: $snapshot matches the migrations"
else
  cp "$current" "$snapshot"
  echo "db-schema: wrote $snapshot"
fi
