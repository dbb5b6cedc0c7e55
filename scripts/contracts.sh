#!/usr/bin/env bash
# pnpm contracts: the contract pipeline in one command. Builds the domain
# library and the API, writes libs/contracts/openapi.json from the app (keys
# sorted) and regenerates the React Query hooks from it with orval.
#
#   scripts/contracts.sh            regenerate (commit the result)
#   scripts/contracts.sh --check    regenerate and fail if libs/contracts changed
#   --no-build                      reuse the current builds (scripts/test.sh)
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# shellcheck source=scripts/lib/node.sh
source scripts/lib/node.sh
use_project_node

check=0
build=1
for arg in "$@"; do
  case $arg in
    --check) check=1 ;;
    --no-build) build=0 ;;
    *)
      echo "usage: scripts/contracts.sh [--check] [--no-build]" >&2
      exit 2
      ;;
  esac
done

if ((build)); then
  pnpm --silent --filter @app/domain run build
  pnpm --silent --filter @app/api run build
fi

# The spec writer boots the app without a database or a listening socket.
node apps/api/dist/openapi.js
# orval formats its output itself (prettier: true in orval.config.cjs); the
# generated folder is in .prettierignore.
if ! out=$(pnpm --filter @app/contracts run generate 2>&1); then
  echo "$out" >&2
  echo "contracts: orval failed" >&2
  exit 1
fi

if ((check)); then
  untracked=$(git ls-files --others --exclude-standard -- libs/contracts)
  if ! git diff --quiet -- libs/contracts || [[ -n $untracked ]]; then
    {
      echo
      echo "contracts: DRIFT. The committed libs/contracts no longer matches the API:"
      git diff --stat -- libs/contracts
      while IFS= read -r file; do [[ -z $file ]] || echo "  new file: $file"; done <<<"$untracked"
      echo "Run 'pnpm contracts' and commit libs/contracts/openapi.json and libs/contracts/src/generated."
      echo "Never edit generated files by hand."
    } >&2
    exit 1
  fi
  echo "contracts: openapi.json and the generated hooks are up to date"
fi
