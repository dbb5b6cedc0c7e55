#!/usr/bin/env bash
# pnpm db:restore FILE TARGET_URL [--replace]: restores a pg_dump custom-format
# backup (pnpm db:backup) into the database of TARGET_URL, creating it when
# missing. A target that already holds tables, sequences or functions is
# refused unless --replace is given, which drops that database (closing its
# connections) and restores into a fresh one, so the result is exactly the
# backup and never a mix. The restore runs in one transaction: it applies
# whole or not at all. The target is always explicit: nothing is read from
# .env, so a restore never lands on the development database by default.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# shellcheck source=scripts/lib/env.sh
source scripts/lib/env.sh

usage() {
  echo "usage: pnpm db:restore FILE TARGET_DATABASE_URL [--replace]" >&2
  exit 2
}

replace=0
args=()
for arg in "$@"; do
  case $arg in
    --replace) replace=1 ;;
    -*) usage ;;
    *) args+=("$arg") ;;
  esac
done
((${#args[@]} == 2)) || usage
file=${args[0]}
target=${args[1]}
[[ $target == postgres://* || $target == postgresql://* ]] || usage

if [[ ! -r $file ]]; then
  echo "db:restore: cannot read $file" >&2
  exit 1
fi
# Also proves the file is a complete custom-format archive before anything changes.
if ! listing=$(pg_restore --list "$file"); then
  echo "db:restore: $file is not a pg_dump custom-format archive" >&2
  exit 1
fi
made_at=$(sed -n 's/^; Archive created at //p' <<<"$listing")
source_db=$(sed -n 's/^;[[:space:]]*dbname: //p' <<<"$listing")

name=$(db_name "$target")
shown=$(redact_url "$target")
exists=$(pg_admin_query "$target" "SELECT count(*) FROM pg_database WHERE datname = :'db'" -v db="$name")
if ((exists)); then
  objects=$(psql "$target" -X -w -q -t -A -v ON_ERROR_STOP=1 <<'SQL'
SELECT (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname <> 'information_schema' AND n.nspname !~ '^pg_')
     + (SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname <> 'information_schema' AND n.nspname !~ '^pg_')
SQL
  )
  if ((objects > 0 && !replace)); then
    echo "db:restore: refusing: $shown is not empty ($objects objects)." >&2
    echo "  Restore into a new database, or add --replace to drop this one first." >&2
    exit 1
  fi
  if ((objects > 0)); then
    echo "db:restore: dropping $shown ($objects objects; --replace)"
    pg_admin_query "$target" 'DROP DATABASE :"db" WITH (FORCE)' -v db="$name" >/dev/null
    pg_admin_query "$target" 'CREATE DATABASE :"db"' -v db="$name" >/dev/null
    action="replaced"
  else
    action="existing, empty"
  fi
else
  echo "db:restore: creating database $name"
  pg_admin_query "$target" 'CREATE DATABASE :"db"' -v db="$name" >/dev/null
  action="created"
fi

started=$(date +%s.%N)
echo "db:restore: restoring $file (dump of ${source_db:-?} made at ${made_at:-?}) into $shown"
# Roles and grants belong to the server the dump came from: the restored
# objects belong to the user restoring them.
pg_restore --exit-on-error --single-transaction --no-owner --no-privileges \
  --dbname="$target" "$file"
# The planner's statistics are not part of a dump.
psql "$target" -X -w -q -v ON_ERROR_STOP=1 -c 'ANALYZE' >/dev/null

seconds=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
tables=$(grep -c ' TABLE DATA ' <<<"$listing" || true)
echo "db:restore: restored $tables tables into $shown ($action) in ${seconds} s"
