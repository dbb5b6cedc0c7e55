import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus registry (GET /metrics serves it) and the metrics
 * that code outside the metrics module updates as things happen. Gauges that
 * read PostgreSQL, Redis or the chain are computed at scrape time by
 * modules/metrics.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** Labelled by the route pattern (`/users/:id`), never the raw URL: bounded cardinality. */
export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration by method, route pattern and status class',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

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

/** The histogram's labels for one answered request. */
export function observeRequest(
  method: string,
  route: string | undefined,
  status: number,
  seconds: number,
) {
  httpDuration.observe(
    { method, route: route ?? 'unmatched', status: `${Math.floor(status / 100)}xx` },
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
