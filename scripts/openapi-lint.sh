#!/usr/bin/env bash
# OpenAPI lint: the committed libs/contracts/openapi.json against Redocly CLI's
# `recommended` rules and Spectral CLI's `spectral:oas`, none switched off.
# Fails on any problem, warnings included: an integrator reads this document.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
# shellcheck source=scripts/lib/node.sh
source scripts/lib/node.sh
use_project_node
spec=libs/contracts/openapi.json

out=$(pnpm exec redocly lint "$spec" --config redocly.yaml --format=stylish 2>&1) || {
  echo "$out"
  echo "openapi-lint: Redocly found errors" >&2
  exit 1
}
if grep -qE '(warning|error) +[a-z0-9-]+ ' <<<"$out"; then
  echo "$out"
  echo "openapi-lint: Redocly found warnings" >&2
  exit 1
fi
echo "redocly: no problems"

pnpm exec spectral lint "$spec" --ruleset .spectral.yaml --fail-severity=hint
