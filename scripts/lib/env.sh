# Shared helpers for the scripts in this folder; source it, don't run it.
# Sourcing it also puts the project's Node (.nvmrc) first on PATH.
# shellcheck shell=bash

# shellcheck source=scripts/lib/node.sh
source "$(dirname "${BASH_SOURCE[0]}")/node.sh"
use_project_node || exit 1

# shellcheck disable=SC2034 # used by the scripts that source this file
DEFAULT_DATABASE_URL='postgres://postgres@127.0.0.1:5432/app'
# shellcheck disable=SC2034
DEFAULT_REDIS_URL='redis://127.0.0.1:6379'
# The role the API and the worker log in as when only the owner's URL is known
# (docs/operations.md, "The database roles"); `pnpm db:migrate` creates it.
# shellcheck disable=SC2034
DEFAULT_APP_DATABASE_USER='club_app'

# load_dotenv FILE: exports each KEY=VALUE of FILE that the environment does
# not already set (the environment wins, as with dotenv in the app).
load_dotenv() {
  local file=$1 line key value
  [[ -f $file ]] || return 0
  while IFS= read -r line || [[ -n $line ]]; do
    line=${line%$'\r'}
    [[ $line =~ ^[[:space:]]*(export[[:space:]]+)?([A-Za-z_][A-Za-z0-9_]*)[[:space:]]*=[[:space:]]*(.*)$ ]] || continue
    key=${BASH_REMATCH[2]}
    value=${BASH_REMATCH[3]}
    if [[ $value =~ ^\"(.*)\"[[:space:]]*(#.*)?$ || $value =~ ^\'(.*)\'[[:space:]]*(#.*)?$ ]]; then
      value=${BASH_REMATCH[1]}
    else
      # Unquoted: a " #" starts a comment, surrounding blanks do not count.
      value=${value%%[[:space:]]#*}
      value=${value%"${value##*[![:space:]]}"}
    fi
    [[ -n ${!key+set} ]] || export "$key=$value"
  done <"$file"
}

# with_db_name URL NAME: the same PostgreSQL URL pointing at database NAME.
with_db_name() {
  node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + encodeURIComponent(process.argv[2]); console.log(u.href)' "$1" "$2"
}

# with_db_user URL USER PASSWORD: the same PostgreSQL URL logging in as USER.
with_db_user() {
  node -e 'const u = new URL(process.argv[1]); u.username = encodeURIComponent(process.argv[2]); u.password = encodeURIComponent(process.argv[3]); console.log(u.href)' "$1" "$2" "$3"
}

# db_user URL: the role a PostgreSQL URL logs in as (empty: none named).
db_user() {
  node -e 'console.log(decodeURIComponent(new URL(process.argv[1]).username))' "$1"
}

# app_and_owner_urls: when DATABASE_OWNER_URL is unset, takes DATABASE_URL as
# the owner's (an .env from before the app had a role of its own) and points
# DATABASE_URL at DEFAULT_APP_DATABASE_USER on the same database, so that the
# app never runs as the tables' owner; exports both.
app_and_owner_urls() {
  if [[ -z ${DATABASE_OWNER_URL:-} ]]; then
    DATABASE_OWNER_URL=$DATABASE_URL
    DATABASE_URL=$(with_db_user "$DATABASE_URL" "$DEFAULT_APP_DATABASE_USER" "$DEFAULT_APP_DATABASE_USER")
  fi
  export DATABASE_URL DATABASE_OWNER_URL
}

# with_redis_db URL N: the same Redis URL selecting logical database N.
with_redis_db() {
  node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.href)' "$1" "$2"
}

# db_name URL: the database named by a PostgreSQL URL.
db_name() {
  node -e 'const u = new URL(process.argv[1]); console.log(decodeURIComponent(u.pathname.slice(1)) || "postgres")' "$1"
}

# pg_admin_query URL SQL [psql -v args...]: runs SQL on the server of URL,
# connected to its maintenance database "postgres"; SQL may use :'var'.
pg_admin_query() {
  local url sql=$2
  url=$(with_db_name "$1" postgres)
  shift 2
  psql "$url" -X -w -q -t -A -v ON_ERROR_STOP=1 "$@" <<<"$sql"
}

# recreate_db URL: drops and creates the database of URL (tests and benches
# start from a clean database every run).
recreate_db() {
  local name
  name=$(db_name "$1")
  pg_admin_query "$1" 'SET client_min_messages = warning; DROP DATABASE IF EXISTS :"db" WITH (FORCE)' -v db="$name" >/dev/null
  pg_admin_query "$1" 'CREATE DATABASE :"db"' -v db="$name" >/dev/null
}

# base_urls: sets base_db and base_redis to the configured PostgreSQL and Redis
# URLs (environment, then .env, then the defaults) without exporting anything
# else from .env; scripts derive their own databases from them, so base_db is
# the tables' owner's (DATABASE_OWNER_URL) when one is set: it may create and
# drop databases, which the app's role may not.
base_urls() {
  base_db=$(
    load_dotenv .env
    echo "${DATABASE_OWNER_URL:-${DATABASE_URL:-$DEFAULT_DATABASE_URL}}"
  )
  base_redis=$(
    load_dotenv .env
    echo "${REDIS_URL:-$DEFAULT_REDIS_URL}"
  )
}

# redact_url URL: the URL without its password, for messages.
redact_url() {
  node -e 'const u = new URL(process.argv[1]); if (u.password) u.password = "***"; console.log(u.href)' "$1"
}
