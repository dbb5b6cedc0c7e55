#!/usr/bin/env bash
# The alerts and dashboards as code, checked by promtool (Debian's prometheus
# package; .ci/run installs it): the rules' syntax, their unit tests (each alert
# fires on trouble and stays quiet on health), the Prometheus configuration the
# observability profile runs, and every Grafana panel's query (one recording
# rule per query); then scripts/alert-rules.mjs: runbook sections, tests per
# alert, and metric names the app exports. Used by scripts/test.sh.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
PROMTOOL=${PROMTOOL:-promtool}
if ! command -v "$PROMTOOL" >/dev/null; then
  echo "alert-rules: promtool is missing (apt-get install prometheus; .ci/run does it)" >&2
  exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/alert-rules.XXXXXX")
trap 'rm -rf "$work"' EXIT

"$PROMTOOL" check rules ops/prometheus/rules/*.yml
"$PROMTOOL" test rules ops/prometheus/tests/*.yml
# The compose profile's configuration, its rule files where this checkout has them.
sed "s|/etc/prometheus/rules/|$ROOT/ops/prometheus/rules/|" ops/prometheus/prometheus.yml \
  >"$work/prometheus.yml"
"$PROMTOOL" check config "$work/prometheus.yml"
node scripts/alert-rules.mjs "$work/dashboard-panels.yml"
"$PROMTOOL" check rules "$work/dashboard-panels.yml"
