import { Histogram, Registry } from 'prom-client';
import { RequestLatencyHistogram } from '../../src/infra/metrics/metrics';

/**
 * The API's own latency histogram (infra/metrics/metrics.ts) must read exactly as
 * prom-client's Histogram would for the same observations: same series,
 * buckets, sums and counts in the same exposition text.
 */
describe('RequestLatencyHistogram', () => {
  const observations: [string, string, string, number][] = [
    ['GET', '/users/me', '2xx', 0.0031],
    ['GET', '/users/me', '2xx', 0.005], // on a bound: counted in that bucket
    ['GET', '/users/me', '2xx', 0.0123],
    ['POST', '/trailers/:id/watch', '2xx', 0.07],
    ['GET', '/users/me', '4xx', 0.2], // a route's new series after another route's
    ['POST', '/trailers/:id/watch', '2xx', 12], // past the last bound: +Inf only
    ['GET', 'unmatched', '4xx', 0],
  ];

  async function exposition(
    observe: (o: (typeof observations)[number]) => void,
    registry: Registry,
  ) {
    for (const o of observations) observe(o);
    return registry.metrics();
  }

  it('exports the same text as prom-client Histogram', async () => {
    const ours = new Registry();
    const histogram = new RequestLatencyHistogram();
    ours.registerMetric(histogram as unknown as Histogram);

    const theirs = new Registry();
    const reference = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by method, route pattern and status class',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [theirs],
    });

    const expected = await exposition(
      ([method, route, status, seconds]) => reference.observe({ method, route, status }, seconds),
      theirs,
    );
    const actual = await exposition(
      ([method, route, status, seconds]) => histogram.observe(method, route, status, seconds),
      ours,
    );
    expect(expected).toContain('le="+Inf"');
    expect(actual).toBe(expected);

    histogram.reset();
    expect(await ours.metrics()).not.toContain('/users/me');
  });
});
