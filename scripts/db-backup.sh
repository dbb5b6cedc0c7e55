#!/usr/bin/env bash
# pnpm db:backup [FILE]: a consistent backup of the database in DATABASE_URL
# (environment, then .env, then the default), in pg_dump's custom format (-Fc:
# compressed, restored selectively and in parallel by pg_restore). pg_dump
# reads every table in one snapshot, so the app may keep writing meanwhile.
# FILE defaults to backups/<database>-<UTC time>.dump (backups/ is gitignored).
# Restore with scripts/db-restore.sh; docs/operations.md has the drill.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# shellcheck source=scripts/lib/env.sh
source scripts/lib/env.sh

if (($# > 1)) || [[ ${1:-} == -* ]]; then
  echo "usage: pnpm db:backup [FILE]" >&2
  exit 2
fi

# DATABASE_URL's own login is enough (it reads every table and sequence); the
# owner's (base_urls) would name another database when only DATABASE_URL is given.
url=$(
  load_dotenv .env
  echo "${DATABASE_URL:-$DEFAULT_DATABASE_URL}"
)
name=$(db_name "$url")
file=${1:-backups/$name-$(date -u +%Y%m%dT%H%M%SZ).dump}
mkdir -p "$(dirname "$file")"

# Written beside the target and renamed when complete, so that a failed or
# interrupted dump never leaves a file that looks like a backup.
partial="$file.partial"
trap 'rm -f "$partial"' EXIT
started=$(date +%s.%N)
echo "db:backup: dumping $(redact_url "$url") to $file"
pg_dump --format=custom --compress=6 --file="$partial" "$url"
mv "$partial" "$file"
trap - EXIT

seconds=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
tables=$(pg_restore --list "$file" | grep -c ' TABLE DATA ' || true)
echo "db:backup: wrote $file ($(du -h "$file" | cut -f1), $tables tables, ${seconds} s)"
