import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { setTimeout as sleep } from 'node:timers/promises';
import { TestApp, adjust, member, operator, setLevel, startApp } from '../support/harness';
import { separateDatabase } from '../support/database';
import {
  TEST_WALLET,
  TronTestNode,
  startTronNode,
  startWorker,
  tronSettings,
} from '../support/tron';

const USDT = 1_000_000;
const OUTSIDE = 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16';
const TOKEN = 'metrics-token-0123456789';

/** One sample of a Prometheus text answer (labels in the order prom-client writes them). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const sum = (text: string, name: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
    .reduce((total, l) => total + Number(l.split(' ').pop()), 0);

/** Behind one proxy (TRUST_PROXY=1) like under compose; the TRON node is the in-process stub. */
describe('metrics: GET /metrics for the internal network or the token', () => {
  let tron: TronTestNode;
  let t: TestApp;
  const outside = { 'X-Forwarded-For': '203.0.113.7' };
  const inside = { 'X-Forwarded-For': '10.20.30.40' };

  beforeAll(async () => {
    tron = await startTronNode();
    await tron.payUsdt(TEST_WALLET.hotWalletAddress, 7 * USDT);
    await tron.solidify();
    t = await startApp({ ...tronSettings(tron), TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t.close();
    await tron.close();
  });

  const scrape = async () => {
    const res = await t.http().get('/metrics').set(inside);
    expect(res.status).toBe(200);
    return res.text;
  };

  it('refuses an outside address in the contract shape and serves private ones', async () => {
    const refused = await t.http().get('/metrics').set(outside);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      detail: 'Metrics are for the internal network or the metrics token',
      code: 'FORBIDDEN',
    });
    const served = await t.http().get('/metrics').set(inside);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(served.text).toContain('process_cpu_seconds_total');
    expect(served.text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('shows the heap in use after the latest full collection', async () => {
    // A full collection on demand: V8's gc() without starting Node with --expose-gc.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const series = 'nodejs_heap_used_after_full_gc_bytes';
    gc();
    await sleep(50); // GC entries reach their observers asynchronously
    const before = sample(await scrape(), series)!;
    expect(before).toBeGreaterThan(1_000_000);
    // Live objects raise the floor; once dropped, the next collection lowers it again.
    const kept = Array.from({ length: 300_000 }, (_, i) => ({ i, text: `kept ${i}` }));
    gc();
    await sleep(50);
    const withKept = sample(await scrape(), series)!;
    expect(withKept - before).toBeGreaterThan(10_000_000);
    kept.length = 0; // (also what keeps the array alive until here)
    gc();
    await sleep(50);
    expect(sample(await scrape(), series)!).toBeLessThan(withKept - 10_000_000);
  });

  it('times requests by route pattern, never the raw URL, and counts ledger postings', async () => {
    const m = await member(t);
    const before = await scrape();
    for (let i = 0; i < 3; i++) await t.http().get('/packages').expect(200);
    await t.http().get('/messages/987654').set(m.auth);
    const admin = await operator(t);
    await adjust(t, admin, m.id, 25);
    const after = await scrape();

    const packages =
      'http_request_duration_seconds_count{method="GET",route="/packages",status="2xx"}';
    expect(sample(after, packages)! - (sample(before, packages) ?? 0)).toBe(3);
    expect(after).toContain('route="/messages/:id"');
    expect(after).not.toContain('987654');
    expect(sum(after, 'ledger_postings_total') - sum(before, 'ledger_postings_total')).toBe(1);
  });

  it('shows a pending withdrawal, a waiting deposit check, the hot wallet and the scanner lag', async () => {
    const gauges = await scrape();
    const m = await member(t);
    await setLevel(t, m.id, 1);
    await adjust(t, await operator(t), m.id, 50);
    const take = await t
      .http()
      .post('/balance/take')
      .set(m.auth)
      .send({ wallet: OUTSIDE, amount: 20 });
    expect(take.status).toBe(200);
    // No worker runs here: the claim's check job waits in the deposits queue.
    const claim = await t
      .http()
      .post('/balance/add')
      .set(m.auth)
      .send({ tx_id: 'cd'.repeat(32) });
    expect(claim.status).toBe(200);
    const after = await scrape();

    const requested = (text: string, name: string) => sample(text, `${name}{status="requested"}`)!;
    expect(requested(after, 'withdrawals_pending') - requested(gauges, 'withdrawals_pending')).toBe(
      1,
    );
    expect(
      requested(after, 'withdrawals_pending_micro_usdt') -
        requested(gauges, 'withdrawals_pending_micro_usdt'),
    ).toBe(20 * USDT);
    const waiting = 'bullmq_queue_jobs{queue="deposits",state="waiting"}';
    expect(sample(after, waiting)! - sample(gauges, waiting)!).toBe(1);
    expect(sample(after, 'bullmq_queue_jobs{queue="maintenance",state="failed"}')).toBe(0);

    // The chain was read once (the first scrape) and is not asked again within the minute.
    const safe = sample(after, 'tron_safe_block')!;
    expect(safe).toBeGreaterThan(0);
    expect(sample(after, 'hot_wallet_usdt_micro')).toBe(7 * USDT);
    await tron.payUsdt(TEST_WALLET.hotWalletAddress, 5 * USDT);
    await tron.solidify();
    // The scanner's cursor (no scanner runs here) is read from PostgreSQL on every scrape.
    const [saved] = await t.db.query(`SELECT block_number FROM chain_cursors WHERE name = 'tron'`);
    await t.db.query(
      `INSERT INTO chain_cursors (name, block_number) VALUES ('tron', 1)
       ON CONFLICT (name) DO UPDATE SET block_number = 1`,
    );
    try {
      const cached = await scrape();
      expect(sample(cached, 'hot_wallet_usdt_micro')).toBe(7 * USDT);
      expect(sample(cached, 'tron_safe_block')).toBe(safe);
      expect(sample(cached, 'deposit_scanner_cursor_block')).toBe(1);
      expect(sample(cached, 'deposit_scanner_lag_blocks')).toBe(safe - 1);
    } finally {
      if (saved)
        await t.db.query(`UPDATE chain_cursors SET block_number = $1 WHERE name = 'tron'`, [
          saved.block_number,
        ]);
      else await t.db.query(`DELETE FROM chain_cursors WHERE name = 'tron'`);
    }
  });
});

describe('metrics: with METRICS_TOKEN set, the token is required', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ TRUST_PROXY: '1', METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  it('serves the bearer of the token from anywhere and refuses everyone else', async () => {
    const outside = { 'X-Forwarded-For': '203.0.113.7' };
    const ok = await t.http().get('/metrics').set(outside).set('Authorization', `Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('http_request_duration_seconds');
    for (const headers of [
      outside,
      { ...outside, Authorization: `Bearer ${TOKEN}x` },
      { ...outside, Authorization: TOKEN },
      // A private address is not enough once a token is set.
      { 'X-Forwarded-For': '10.0.0.5' },
    ]) {
      const res = await t.http().get('/metrics').set(headers);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
  });
});

describe('metrics: the worker serves its own on WORKER_METRICS_PORT', () => {
  it('answers the token with its registry (ledger postings of the worker) and refuses without', async () => {
    const port = 3290 + (process.pid % 9);
    const worker = await startWorker({
      WORKER_METRICS_PORT: String(port),
      METRICS_TOKEN: TOKEN,
      TRON_SCAN_INTERVAL_MS: '0',
      TRON_SETTLE_INTERVAL_MS: '0',
    });
    try {
      const url = `http://127.0.0.1:${port}/metrics`;
      const ok = await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      const text = await ok.text();
      expect(text).toContain('# TYPE ledger_postings_total counter');
      expect(text).toContain('process_cpu_seconds_total');
      const refused = await fetch(url);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        detail: 'Metrics are for the internal network or the metrics token',
        code: 'FORBIDDEN',
      });
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      await worker.close();
    }
  });
});

describe('health: liveness apart from readiness', () => {
  it('is live and ready on a migrated database', async () => {
    const t = await startApp();
    try {
      expect((await t.http().get('/health/live')).body).toEqual({ status: 'ok' });
      const ready = await t.http().get('/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({
        status: 'ok',
        postgres: 'up',
        redis: 'up',
        migrations: 'applied',
      });
    } finally {
      await t.close();
    }
  });

  it('stays live but is not ready (503, Retry-After) while a migration is pending', async () => {
    const url = await separateDatabase('obs_ready');
    const t = await startApp({ DATABASE_URL: url });
    try {
      await t.db.query(`DELETE FROM migrations WHERE id = (SELECT max(id) FROM migrations)`);
      for (const path of ['/health/ready', '/health']) {
        const res = await t.http().get(path);
        expect(res.status).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.body).toEqual({
          status: 'degraded',
          postgres: 'up',
          redis: 'up',
          migrations: 'pending',
          detail: 'Database migrations are pending',
          code: 'SERVICE_UNAVAILABLE',
        });
      }
      expect((await t.http().get('/health/live')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
