import type { INestApplicationContext } from '@nestjs/common';
import { eventually } from '../support/eventually';
import { TestApp, operator, startApp } from '../support/harness';
import { TronTestNode, startTronNode, startWorker, tronSettings } from '../support/tron';

/** One unlabelled sample of a Prometheus text answer. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const inside = { 'X-Forwarded-For': '10.20.30.40' };

/**
 * The figures the alerts watch (ops/prometheus/rules/app-alerts.yml), from the
 * real app, worker and TRON test node: a stopped scanner's lag grows by itself
 * past the alert's threshold scale within a minute.
 */
describe('health metrics: the deposit scanner lag', () => {
  let tron: TronTestNode;
  let t: TestApp;
  let worker: INestApplicationContext | null = null;

  beforeAll(async () => {
    tron = await startTronNode();
    // PostgreSQL read on every scrape: what the test sees is the scanner's, not a cache's.
    t = await startApp({
      ...tronSettings(tron),
      TRUST_PROXY: '1',
      METRICS_DB_REFRESH_SECONDS: '0',
    });
  });
  afterAll(async () => {
    await worker?.close();
    await t.close();
    await tron.close();
  });

  const scrape = async () => {
    const res = await t.http().get('/metrics').set(inside);
    expect(res.status).toBe(200);
    return res.text;
  };
  const lag = async () => sample(await scrape(), 'deposit_scanner_lag_seconds')!;

  it('stays low while the scanner keeps up, and passes 15 s within a minute of its stop', async () => {
    worker = await startWorker({ ...tronSettings(tron), TRON_SETTLE_INTERVAL_MS: '0' });
    await tron.control('blocks', { count: 5 });
    // The scanner follows the chain: its cursor reaches the safe head and its lag is small.
    const safe = async () => {
      const text = await scrape();
      const cursor = sample(text, 'deposit_scanner_cursor_block');
      return cursor !== undefined && cursor >= 4 ? text : undefined;
    };
    await eventually(safe, 20_000, 'the scanner reached the chain head');
    // Below the 5 s between marks and a tick's delay on a busy machine.
    await eventually(async () => ((await lag()) < 8 ? true : undefined), 10_000, 'a low lag');
    // Idle chain, running scanner: no block for a while is no lag (the scanner is caught up).
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    expect(await lag()).toBeLessThan(8);

    await worker.close();
    worker = null;
    const stopped = Date.now();
    const seen = await eventually(
      async () => {
        const value = await lag();
        return value > 15 ? value : undefined;
      },
      60_000,
      'the lag to pass 15 s',
    );
    expect(seen).toBeGreaterThan(15);
    expect(Date.now() - stopped).toBeLessThan(60_000);
    // It keeps growing by itself: no scanner, no new mark.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await lag()).toBeGreaterThan(seen + 1);
  }, 120_000);

  it('exports the other figures the alerts watch', async () => {
    const text = await scrape();
    expect(sample(text, 'ledger_balanced')).toBe(1);
    expect(sample(text, 'ledger_unbalanced_transactions')).toBe(0);
    expect(sample(text, 'database_replica_lag_seconds')).toBe(0);
    expect(sample(text, 'mail_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'tron_withdrawals_day_fee_sun')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'tron_withdrawals_day_own_energy')).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^proof_last_age_seconds /m);
    expect(text).toContain('bullmq_queue_jobs{queue="mail",state="waiting"}');
    // The console's home reads the same figures.
    const admin = await operator(t);
    const res = await t.http().get('/admin/dashboard/health').set(admin);
    expect(res.status).toBe(200);
    expect(res.body.scanner_lag_seconds).toBeGreaterThan(15);
  });
});
