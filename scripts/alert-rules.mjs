// What promtool cannot see, for scripts/alert-rules.sh:
// - writes one recording rule per dashboard panel query (ops/grafana/dashboards/*.json)
//   into the file named by the first argument, for `promtool check rules`;
// - every alert has a runbook_url naming a section of docs/operations.md that exists,
//   and unit tests (ops/prometheus/tests) that expect it to fire and to stay quiet;
// - every metric a rule or a panel reads is one the app exports (apps/api/src), a
//   recorded rule, or one of the scrapers' own (up, process_*, nodejs_*, pg_*).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const { parse, stringify } = createRequire(join(ROOT, 'apps/api/package.json'))('yaml');
const out = process.argv[2];
const problems = [];

const yamlFiles = (dir) =>
  readdirSync(join(ROOT, dir))
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => join(ROOT, dir, f));

const rules = yamlFiles('ops/prometheus/rules').flatMap((file) =>
  parse(readFileSync(file, 'utf8')).groups.flatMap((g) => g.rules),
);
const alerts = rules.filter((r) => r.alert);
const recorded = new Set(rules.filter((r) => r.record).map((r) => r.record));

// Dashboards: each panel's queries, Grafana's interval variables as a plain range.
const panels = [];
for (const file of readdirSync(join(ROOT, 'ops/grafana/dashboards')).filter((f) =>
  f.endsWith('.json'),
)) {
  const dashboard = JSON.parse(readFileSync(join(ROOT, 'ops/grafana/dashboards', file), 'utf8'));
  for (const panel of dashboard.panels ?? []) {
    if (!panel.targets?.length) problems.push(`${file}: panel "${panel.title}" has no query`);
    for (const target of panel.targets ?? []) {
      const expr = String(target.expr ?? '').replace(/\$__(rate_interval|interval|range)/g, '5m');
      if (!expr.trim()) problems.push(`${file}: panel "${panel.title}" has an empty query`);
      panels.push({
        record: `dashboard:${dashboard.uid}:panel_${panel.id}_${target.refId}`.replace(/-/g, '_'),
        expr,
        where: `${file}: "${panel.title}"`,
      });
    }
  }
}
writeFileSync(
  out,
  stringify({
    groups: [
      { name: 'dashboard-panels', rules: panels.map(({ record, expr }) => ({ record, expr })) },
    ],
  }),
);

// Runbooks: GitHub's heading anchors of docs/operations.md.
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchors = new Set(
  readFileSync(join(ROOT, 'docs/operations.md'), 'utf8')
    .split('\n')
    .filter((l) => /^#{1,6} /.test(l))
    .map((l) => slug(l.replace(/^#+ /, ''))),
);
for (const alert of alerts) {
  const url = alert.annotations?.runbook_url;
  const anchor = /^docs\/operations\.md#(.+)$/.exec(url ?? '')?.[1];
  if (!anchor) problems.push(`${alert.alert}: runbook_url must be docs/operations.md#<section>`);
  else if (!anchors.has(anchor))
    problems.push(`${alert.alert}: docs/operations.md has no section #${anchor}`);
}

// Unit tests: every alert expected to fire once and to stay quiet once.
const cases = yamlFiles('ops/prometheus/tests').flatMap((file) =>
  parse(readFileSync(file, 'utf8')).tests.flatMap((t) => t.alert_rule_test ?? []),
);
for (const { alert } of alerts) {
  const mine = cases.filter((c) => c.alertname === alert);
  if (!mine.some((c) => c.exp_alerts?.length > 0))
    problems.push(`${alert}: no unit test expects it to fire`);
  if (!mine.some((c) => !c.exp_alerts?.length))
    problems.push(`${alert}: no unit test expects it to stay quiet`);
}

// Metric names: what remains of a query without strings, label matchers, ranges,
// grouping lists, numbers and PromQL's own words.
const PROMQL = new Set(
  `sum min max avg count stddev stdvar topk bottomk quantile count_values group by without on
   ignoring group_left group_right and or unless bool offset rate irate increase delta idelta
   deriv predict_linear histogram_quantile min_over_time max_over_time avg_over_time
   sum_over_time count_over_time last_over_time quantile_over_time abs ceil floor round clamp
   clamp_min clamp_max absent absent_over_time changes resets label_replace label_join vector
   scalar time timestamp sort sort_desc exp ln log2 log10 sqrt inf nan e`.split(/\s+/),
);
const source = readdirSync(join(ROOT, 'apps/api/src'), { recursive: true })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => readFileSync(join(ROOT, 'apps/api/src', f), 'utf8'))
  .join('\n');
const exported = (name) => {
  const base = name.replace(/_(bucket|count|sum)$/, '');
  return source.includes(`'${name}'`) || source.includes(`'${base}'`);
};
const external = (name) => /^(up|process_|nodejs_|pg_|otelcol_|prometheus_)/.test(name);
const metricsOf = (expr) =>
  expr
    .replace(/"[^"]*"/g, '')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/(^|[^a-zA-Z0-9_:])\d+(\.\d+)?(e[+-]?\d+)?/gi, '$1 ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)
    ?.filter((w) => !PROMQL.has(w) && !/^\d/.test(w)) ?? [];
for (const { expr, where } of [
  ...rules.map((r) => ({ expr: String(r.expr), where: r.alert ?? r.record })),
  ...panels,
]) {
  for (const name of metricsOf(expr)) {
    if (name.includes(':') ? recorded.has(name) : external(name) || exported(name)) continue;
    problems.push(`${where}: reads ${name}, which neither the app exports nor a rule records`);
  }
}

if (problems.length > 0) {
  for (const p of problems) console.error(`alert-rules: ${p}`);
  process.exit(1);
}
console.log(
  `alert-rules: ${alerts.length} alerts with runbooks and tests, ${panels.length} panel queries, metric names known`,
);
