import { randomBytes } from 'node:crypto';
import { type Auth, type ConsoleApp, startConsole } from '../support/console';
import { type TestApp, member } from '../support/harness';
import { TEST_WALLET, TronTestNode, startTronNode, tronSettings } from '../support/tron';

/**
 * GET /admin/dashboard/health: the figures the console's home shows and the
 * alerts watch, from the real app, PostgreSQL and the TRON test node.
 */
describe('dashboard: the health figures of the console home', () => {
  let tron: TronTestNode;
  let app: ConsoleApp;
  let t: TestApp;
  let admin: Auth;

  beforeAll(async () => {
    tron = await startTronNode();
    // 50 TRX on the hot wallet, before the app first reads the chain, and so much energy of its
    // own that the TRX is what runs out first, whatever other spec files' withdrawals in the same
    // database used of it.
    await tron.control('account', {
      address: TEST_WALLET.hotWalletAddress,
      trx: '50000000',
      energy: '1000000000000',
    });
    await tron.solidify();
    app = await startConsole({ ...tronSettings(tron), METRICS_DB_REFRESH_SECONDS: '0' });
    ({ t, admin } = app);
  });
  afterAll(async () => {
    await app.close();
    await tron.close();
  });

  const figures = async (auth: Auth = admin) => {
    const res = await t.http().get('/admin/dashboard/health').set(auth);
    expect(res.status).toBe(200);
    return res.body as Record<string, number | string | boolean | null>;
  };

  it('is for staff only', async () => {
    const m = await member(t);
    const res = await t.http().get('/admin/dashboard/health').set(m.auth);
    expect(res.status).toBe(403);
    expect(res.body.code).toBeDefined();
    await figures(app.staff.support);
  });

  it('ages the scanner from its last catch-up and the outbox from its oldest waiting mail', async () => {
    await t.db.query(
      `INSERT INTO chain_cursors (name, block_number, caught_up_at)
       VALUES ('tron', 1, now() - interval '90 seconds')
       ON CONFLICT (name) DO UPDATE SET caught_up_at = now() - interval '90 seconds'`,
    );
    const m = await member(t);
    // No worker runs here: the mail stays in the outbox.
    await t
      .http()
      .post('/users/mail/code')
      .set(m.auth)
      .send({ mail: `health-${m.id}@example.com` })
      .expect(200);
    await t.db.query(
      `UPDATE mail_outbox SET created_at = now() - interval '10 minutes' WHERE user_id = $1`,
      [m.id],
    );
    const f = await figures();
    expect(f.scanner_lag_seconds).toBeGreaterThanOrEqual(90);
    expect(f.scanner_lag_seconds).toBeLessThan(120);
    expect(f.mail_outbox_oldest_seconds).toBeGreaterThanOrEqual(600);
    expect(f.ledger_balanced).toBe(true);
    expect(f.replica_lag_seconds).toBe(0);
    expect(Date.parse(f.as_of as string)).toBeGreaterThan(Date.now() - 60_000);
    // Caught up again: the lag starts over.
    await t.db.query(`UPDATE chain_cursors SET caught_up_at = now() WHERE name = 'tron'`);
    expect((await figures()).scanner_lag_seconds).toBeLessThan(5);
  });

  it('shows the last proof, and the days of withdrawals the hot wallet still covers', async () => {
    await t.http().post('/admin/proofs').set(admin).expect(200);
    const f = await figures();
    expect(f.last_proof_age_seconds).toBeLessThan(60);
    expect(Math.abs(Date.parse(f.last_proof_at as string) - Date.now())).toBeLessThan(60_000);

    // A day of withdrawals that burnt a known amount of TRX: the wallet's TRX over it.
    await t.db.query(
      `INSERT INTO tron_costs (tx_id, kind, ref_id, fee_sun, energy_used)
       VALUES ($1, 'withdrawal', 999999, 2000000, 0)`,
      [randomBytes(32).toString('hex')],
    );
    const [{ fee }] = await t.db.query(
      `SELECT sum(fee_sun)::float8 AS fee FROM tron_costs
       WHERE kind = 'withdrawal' AND created_at > now() - interval '24 hours'`,
    );
    const expected = Math.floor((50_000_000 / fee) * 10) / 10;
    expect(expected).toBeGreaterThan(0);
    expect((await figures()).hot_wallet_days_left).toBeCloseTo(expected, 1);
  });
});
