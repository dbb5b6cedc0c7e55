import { prepareDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { TestApp, member, operator, startApp } from '../support/harness';
import { OwnPostgres, clusterRoot, startPrimary, startStandby } from '../support/own-postgres';

/**
 * Operators' heavy reads on a real streaming replica (DATABASE_REPLICA_URL,
 * issue 27): a primary and a standby of this suite's own (initdb,
 * pg_basebackup -R, on free ports). The dashboard and the ledger report read
 * the standby, so with its replay paused they show the data as of the
 * standby, without an error, while the primary takes writes.
 */
describe('reports on a streaming replica', () => {
  const folder = clusterRoot('replica-spec-');
  let primary: OwnPostgres;
  let standby: OwnPostgres;
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    primary = await startPrimary(folder.root);
    await primary.query('postgres', 'CREATE DATABASE app');
    await prepareDatabase(primary.url('app'));
    standby = await startStandby(folder.root, primary);
    t = await startApp({
      DATABASE_URL: primary.url('app'),
      DATABASE_REPLICA_URL: standby.url('app'),
      // The health figures (replica lag) read on every scrape.
      METRICS_DB_REFRESH_SECONDS: '0',
    });
    admin = await operator(t);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    standby?.stop();
    primary?.stop();
    folder.remove();
  });

  const today = () => new Date().toISOString().slice(0, 10);
  const joinedToday = async () => {
    const res = await t.http().get('/admin/dashboard?days=7').set(admin);
    expect(res.status).toBe(200);
    return (
      (res.body.days as { day: string; new_members: number }[]).find((d) => d.day === today())
        ?.new_members ?? 0
    );
  };
  const replayed = async () => {
    const [{ n }] = await standby.query<{ n: number }>(
      'app',
      `SELECT count(*)::int AS n FROM users WHERE role = 'member'`,
    );
    return n;
  };

  it('is a real standby, and the dashboard reads it', async () => {
    expect(await standby.query('app', 'SELECT pg_is_in_recovery() AS standby')).toEqual([
      { standby: true },
    ]);
    // The seeded operator joined today too.
    const before = await joinedToday();
    await member(t);
    await eventually(async () => ((await replayed()) === 1 ? true : undefined), 20_000, 'replayed');
    expect(await joinedToday()).toBe(before + 1);
    // The app holds connections on the standby (its reports pool) that ran the dashboard's reads.
    const [{ n }] = await standby.query<{ n: number }>(
      'app',
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = 'app' AND backend_type = 'client backend' AND pid <> pg_backend_pid()
         AND query ~ '(users_daily_signups|watch_daily_active|ledger_|deposit_totals)'`,
    );
    expect(n).toBeGreaterThan(0);
  });

  it('shows the data as of the standby while its replay is paused, without an error', async () => {
    const before = await joinedToday();
    await standby.query('app', 'SELECT pg_wal_replay_pause()');
    try {
      await eventually(
        async () =>
          (
            await standby.query<{ state: string }>(
              'app',
              'SELECT pg_get_wal_replay_pause_state() AS state',
            )
          )[0].state === 'paused'
            ? true
            : undefined,
        10_000,
        'replay paused',
      );
      // Writes on the primary: two members join (and sign in: the primary answers).
      const joined = [await member(t), await member(t)];
      expect(joined.every((m) => m.access_token)).toBe(true);
      // The standby has not seen them: the operator's pages answer, as of the standby.
      expect(await joinedToday()).toBe(before);
      const report = await t.http().get('/admin/reports/ledger').set(admin);
      expect(report.status).toBe(200);
      expect(report.body.balanced).toBe(true);
      // The member's own reads are the primary's.
      expect((await t.http().get('/users/me').set(joined[1].auth)).status).toBe(200);
      // The replica is behind, and /metrics and the console say by how much (alert ReplicaLagging).
      const lag = await eventually(
        async () => {
          const text = (await t.http().get('/metrics').expect(200)).text;
          const value = Number(/^database_replica_lag_seconds (\S+)$/m.exec(text)?.[1]);
          return value > 1 ? value : undefined;
        },
        15_000,
        'the replica lag to show',
      );
      expect(lag).toBeGreaterThan(1);
      // Each source of the figures is given 2 s; on a busy machine one read may miss it (null).
      const consoleLag = await eventually(
        async () => {
          const figures = await t.http().get('/admin/dashboard/health').set(admin).expect(200);
          const value = figures.body.replica_lag_seconds as number | null;
          return value !== null && value > 1 ? value : undefined;
        },
        15_000,
        'the console to show the replica lag',
      );
      expect(consoleLag).toBeGreaterThan(1);
    } finally {
      await standby.query('app', 'SELECT pg_wal_replay_resume()');
    }
    await eventually(
      async () => ((await joinedToday()) === before + 2 ? true : undefined),
      20_000,
      'the dashboard catching up after the replay resumed',
    );
    // Replayed all it received: not behind, however old the last commit.
    await eventually(
      async () => {
        const text = (await t.http().get('/metrics').expect(200)).text;
        return /^database_replica_lag_seconds 0$/m.test(text) ? true : undefined;
      },
      20_000,
      'the replica lag back to 0',
    );
  });
});
