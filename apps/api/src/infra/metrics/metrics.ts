import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import { PerformanceObserver, constants as perf } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus registry (GET /metrics serves it) and the metrics
 * that code outside the metrics module updates as things happen. Gauges that
 * read PostgreSQL, Redis or the chain are computed at scrape time by
 * modules/metrics.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/**
 * The heap still in use right after the latest full (mark-compact)
 * collection: the live objects. Resident memory and the heap's size move by
 * a hundred megabytes with the collector's cycle and with each sign-in's
 * 64 MiB password hash; a leak shows here as a floor that keeps rising
 * (`pnpm bench:load` checks it).
 */
const heapAfterFullGc = new Gauge({
  name: 'nodejs_heap_used_after_full_gc_bytes',
  help: 'V8 heap in use right after the latest full (mark-compact) garbage collection',
  registers: [metricsRegistry],
});
new PerformanceObserver((entries) => {
  for (const entry of entries.getEntries()) {
    const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
    if (kind === perf.NODE_PERFORMANCE_GC_MAJOR)
      heapAfterFullGc.set(getHeapStatistics().used_heap_size);
  }
}).observe({ entryTypes: ['gc'] });

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One (method, route, status class) series of the request latency histogram. */
interface LatencySeries {
  labels: { method: string; route: string; status: string };
  /** Observations per bucket, not cumulative; the last one is +Inf. */
  counts: number[];
  sum: number;
  count: number;
}

/**
 * The HTTP latency histogram, observed on every answered request. It is
 * registered in the prom-client registry like any metric and exported in
 * the same shape as prom-client's Histogram (cumulative `le` buckets, `_sum`,
 * `_count`), but observing costs a map lookup and an increment: prom-client's
 * Histogram validates and hashes the labels and looks the bucket up by its
 * bound's string on every call, a fiftieth of `/users/me`
 * (docs/decisions.md, "Hot paths").
 */
export class RequestLatencyHistogram {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'HTTP request duration by method, route pattern and status class';
  readonly type = 'histogram' as const;
  readonly aggregator = 'sum' as const;
  /** Series by route, then method, then status class: lookups by strings V8 has already hashed. */
  private series = new Map<string, Map<string, Map<string, LatencySeries>>>();
  /** The same series in the order they first appeared (prom-client's export order). */
  private ordered: LatencySeries[] = [];

  /** Labelled by the route pattern (`/users/:id`), never the raw URL: bounded cardinality. */
  observe(method: string, route: string, statusClass: string, seconds: number) {
    let byMethod = this.series.get(route);
    if (!byMethod) this.series.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(statusClass);
    if (!series) {
      series = {
        labels: { method, route, status: statusClass },
        counts: new Array<number>(LATENCY_BUCKETS.length + 1).fill(0),
        sum: 0,
        count: 0,
      };
      byStatus.set(statusClass, series);
      this.ordered.push(series);
    }
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]) bucket++;
    series.counts[bucket]++;
    series.sum += seconds;
    series.count++;
  }

  async get() {
    const values: { metricName: string; labels: Record<string, string | number>; value: number }[] =
      [];
    for (const { labels, counts, sum, count } of this.ordered) {
      let cumulative = 0;
      for (let i = 0; i <= LATENCY_BUCKETS.length; i++) {
        cumulative += counts[i];
        values.push({
          metricName: `${this.name}_bucket`,
          labels: { le: i < LATENCY_BUCKETS.length ? LATENCY_BUCKETS[i] : '+Inf', ...labels },
          value: cumulative,
        });
      }
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return {
      name: this.name,
      help: this.help,
      type: this.type,
      values,
      aggregator: this.aggregator,
    };
  }

  reset() {
    this.series.clear();
    this.ordered = [];
  }
}

export const httpDuration = new RequestLatencyHistogram();
// The registry reads any object of prom-client's metric shape (name, help, type, get).
metricsRegistry.registerMetric(httpDuration as unknown as Histogram);

/**
 * Counted when `ledger_post` answers in this process (the API; the worker
 * keeps its own registry). A caller's transaction that later rolls back is
 * still counted: these show the posting rate, the ledger report the truth.
 */
export const ledgerPostings = new Counter({
  name: 'ledger_postings_total',
  help: 'Ledger postings by kind; result is posted or replayed (same key, nothing changed)',
  labelNames: ['kind', 'result'] as const,
  registers: [metricsRegistry],
});

export const ledgerPostingFailures = new Counter({
  name: 'ledger_posting_failures_total',
  help: 'Ledger postings refused by kind and reason (insufficient_funds, idempotency_conflict, error)',
  labelNames: ['kind', 'reason'] as const,
  registers: [metricsRegistry],
});

/** Status classes by hundreds (fixed strings, so the histogram's lookups hash nothing). */
const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

/** The histogram's labels for one answered request. */
export function observeRequest(
  method: string,
  route: string | undefined,
  status: number,
  seconds: number,
) {
  httpDuration.observe(
    method,
    route ?? 'unmatched',
    STATUS_CLASSES[Math.floor(status / 100)] ?? `${Math.floor(status / 100)}xx`,
    seconds,
  );
}

const INTERNAL = new BlockList();
INTERNAL.addSubnet('127.0.0.0', 8, 'ipv4');
INTERNAL.addSubnet('10.0.0.0', 8, 'ipv4');
INTERNAL.addSubnet('172.16.0.0', 12, 'ipv4');
INTERNAL.addSubnet('192.168.0.0', 16, 'ipv4');
INTERNAL.addSubnet('169.254.0.0', 16, 'ipv4');
INTERNAL.addAddress('::1', 'ipv6');
INTERNAL.addSubnet('fc00::', 7, 'ipv6');
INTERNAL.addSubnet('fe80::', 10, 'ipv6');

/** Loopback, private (RFC 1918, unique local) or link-local; IPv4-mapped IPv6 counts as IPv4. */
export function isInternalAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  try {
    return INTERNAL.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read the metrics (API and worker alike): with METRICS_TOKEN set,
 * whoever sends it as a Bearer token; without, only internal addresses.
 */
export function mayReadMetrics(
  token: string | undefined,
  ip: string,
  authorization: string | undefined,
): boolean {
  if (!token) return isInternalAddress(ip);
  const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '';
  // Equal-length digests: the comparison time says nothing about the token.
  return timingSafeEqual(digest(given), digest(token));
}

export const METRICS_REFUSAL = 'Metrics are for the internal network or the metrics token';

/** A background tick that threw (infra/jobs/background.runner.ts), by tick name. */
export const backgroundTickFailures = new Counter({
  name: 'background_tick_failures_total',
  help: 'Background ticks that failed, by tick name (the log line says why)',
  labelNames: ['tick'] as const,
  registers: [metricsRegistry],
});

/** A queued job that failed for good: out of attempts, or a name no handler takes. */
export const backgroundJobFailures = new Counter({
  name: 'background_job_failures_total',
  help: 'Queued jobs failed for good (attempts used up, or no handler), by queue and job name',
  labelNames: ['queue', 'job'] as const,
  registers: [metricsRegistry],
});
