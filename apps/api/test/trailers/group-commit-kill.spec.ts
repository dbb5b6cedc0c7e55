import { randomInt } from 'node:crypto';
import Redis from 'ioredis';
import { Client } from 'pg';
import { viewKey } from '../../src/modules/trailers/trailer-view-keys';
import { BuiltProcess, killBuilt, runBuilt } from '../support/built-process';
import { separateDatabase } from '../support/database';
import { useTestEnv } from '../support/env';
import { eventually } from '../support/eventually';
import { SOUND_LEDGER_REPORT } from '../support/ledger-report';

useTestEnv();

/**
 * Group commit and a killed API (issue 41): a real API process (dist/main.js)
 * posts watches in batches made slow by a trigger of this test's (each watch
 * row sleeps), is killed with SIGKILL while batches are in flight, and is
 * started again; the members send again every watch that got no answer,
 * with the same view. Afterwards every member is paid exactly once per
 * trailer watched, nothing else, and the ledger balances.
 */
const PORT = 3500 + (process.pid % 40);
const JWT_SECRET = 'group-commit-kill-test-secret-0123456789abcdef';
const MEMBERS = 10;
const TRAILERS = [1, 2, 3, 4];
const REWARD_MICRO = 800_000; // level 2
const COMMISSION_MICRO = 80_000; // 10 % to the inviter
const BASE = `http://127.0.0.1:${PORT}`;

type Answer = { status: number; body: { code?: string; reward?: number } } | 'none';

async function call(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; form?: Record<string, string> } = {},
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${BASE}${path}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe('group commit: an API killed mid-batch loses and doubles nothing', () => {
  let databaseUrl: string;
  let db: Client;
  let redis: Redis;
  let api: BuiltProcess | undefined;

  const env = () => ({
    DATABASE_URL: databaseUrl,
    DATABASE_OWNER_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL!,
    NODE_ENV: 'test',
    JWT_SECRET,
    API_HOST: '127.0.0.1',
    API_PORT: String(PORT),
    LOG_LEVEL: 'error',
    WATCH_BATCH_SIZE: '16',
    WATCH_BATCH_WAIT_MS: '5',
    WATCH_BATCH_FLUSHES: '2',
    PASSWORD_HASH_QUEUE_MS: '0',
    REGISTER_LIMIT_PER_HOUR: '0',
    MONEY_RATE_LIMIT_PER_MINUTE: '0',
    DATABASE_CONNECT_TIMEOUT_MS: '30000',
    METRICS_CHAIN_REFRESH_SECONDS: '0',
    TRON_SCAN_INTERVAL_MS: '0',
    TRON_SETTLE_INTERVAL_MS: '0',
  });

  async function startApi() {
    api = runBuilt('main.js', env());
    await eventually(
      async () =>
        (await call('GET', '/health/ready').catch(() => undefined))?.status === 200
          ? true
          : undefined,
      60_000,
      'API ready',
    ).catch((error) => {
      throw new Error(`${String(error)}\n${api?.output().slice(-4000)}`);
    });
  }

  beforeAll(async () => {
    databaseUrl = await separateDatabase('group_kill');
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    redis = new Redis(process.env.REDIS_URL!);
    await redis.flushdb();
    await startApi();
  }, 120_000);

  afterAll(async () => {
    await killBuilt(api);
    await redis?.quit();
    await db?.end();
  });

  async function account(inviteCode = 0) {
    const phone = `+998${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
    const reg = await call('POST', '/users/', {
      body: { email: phone, password: 'secret12', invite_code: inviteCode },
    });
    if (reg.status !== 200) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
    const login = await call('POST', '/token', { form: { username: phone, password: 'secret12' } });
    if (login.status !== 200) throw new Error(`login: ${login.status}`);
    await db.query(
      `UPDATE users SET vip_level = 2, vip_expire = now() + interval '30 days' WHERE id = $1`,
      [reg.body.id],
    );
    return { id: reg.body.id as number, token: login.body.access_token as string };
  }

  const watch = async (m: { token: string }, trailer: number, viewId: string): Promise<Answer> => {
    try {
      return await call('POST', `/trailers/${trailer}/watch`, {
        token: m.token,
        body: { view_id: viewId },
      });
    } catch {
      return 'none'; // the process died before it answered
    }
  };

  it('pays every member once per trailer after a SIGKILL mid-batch and the retries of the unanswered', async () => {
    const inviter = await account();
    const members = await Promise.all(Array.from({ length: MEMBERS }, () => account(inviter.id)));
    // A view of each trailer for each member, played 10 s as far as the server knows.
    const views = new Map<string, string>();
    for (const m of members)
      for (const trailer of TRAILERS) {
        const res = await call('GET', `/trailers/${trailer}`, { token: m.token });
        expect(res.status).toBe(200);
        await redis.hset(viewKey(res.body.view_id), 'played', 11_000);
        views.set(`${m.id}:${trailer}`, res.body.view_id);
      }

    // Each watch row sleeps 50 ms inside its batch's transaction: a batch of 16 takes 0.8 s.
    await db.query(`CREATE FUNCTION group_kill_slow() RETURNS trigger LANGUAGE plpgsql
      AS $$ BEGIN PERFORM pg_sleep(0.05); RETURN NULL; END $$`);
    await db.query(`CREATE TRIGGER group_kill_slow AFTER INSERT ON trailer_watches
      FOR EACH ROW EXECUTE FUNCTION group_kill_slow()`);
    const pairs = members.flatMap((m) => TRAILERS.map((trailer) => ({ m, trailer })));
    const sent = Promise.all(
      pairs.map(({ m, trailer }) => watch(m, trailer, views.get(`${m.id}:${trailer}`)!)),
    );
    // Killed once some batch has committed and others are in flight.
    await eventually(
      async () => {
        const [row] = (
          await db.query(
            `SELECT (SELECT count(*)::int FROM trailer_watches) AS committed,
                    (SELECT count(*)::int FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'PgSleep') AS sleeping`,
          )
        ).rows;
        return row.committed > 0 && row.sleeping > 0 ? true : undefined;
      },
      30_000,
      'a batch committed and another in flight',
    );
    api!.child.kill('SIGKILL');
    await api!.exited;
    const first = await sent;
    await db.query(`DROP TRIGGER group_kill_slow ON trailer_watches`);

    const unanswered = pairs.filter(
      (_, i) => first[i] === 'none' || (first[i] as { status: number }).status >= 500,
    );
    // Killed between batches: some committed before, some were in flight (no answer).
    expect(unanswered.length).toBeGreaterThan(0);
    const committed = (await db.query(`SELECT count(*)::int AS n FROM trailer_watches`)).rows[0].n;
    expect(committed).toBeGreaterThan(0);
    expect(committed).toBeLessThan(pairs.length);
    // Every watch answered 200 is among those committed.
    const paid = first.filter((a) => a !== 'none' && a.status === 200).length;
    expect(paid).toBeLessThanOrEqual(committed);

    await startApi();
    // The members send again what got no answer, with the same views.
    const retried = await Promise.all(
      unanswered.map(({ m, trailer }) => watch(m, trailer, views.get(`${m.id}:${trailer}`)!)),
    );
    for (const answer of retried) {
      expect(answer).not.toBe('none');
      const { status, body } = answer as { status: number; body: { code?: string } };
      // Paid now, or (committed just before the kill, its answer lost) counted already.
      if (status !== 200)
        expect({ status, code: body.code }).toEqual({ status: 400, code: 'ALREADY_WATCHED' });
    }
    // A second round changes nothing.
    for (const { m, trailer } of pairs.slice(0, 5)) {
      const again = await watch(m, trailer, views.get(`${m.id}:${trailer}`)!);
      expect(again !== 'none' && again.body.code).toBe('ALREADY_WATCHED');
    }

    // Exactly once per member and trailer, in the watches, the ledger and the balances.
    const watches = (
      await db.query(
        `SELECT user_id, trailer_id, count(*)::int AS n FROM trailer_watches GROUP BY 1, 2`,
      )
    ).rows;
    expect(watches).toHaveLength(pairs.length);
    expect(watches.every((w) => w.n === 1)).toBe(true);
    const rewards = (
      await db.query(
        `SELECT user_id, count(*)::int AS n FROM ledger_transactions WHERE kind = 'reward' GROUP BY 1`,
      )
    ).rows;
    expect(rewards).toHaveLength(MEMBERS);
    expect(rewards.every((r) => r.n === TRAILERS.length)).toBe(true);
    for (const m of [...members, inviter]) {
      const me = await call('GET', '/users/me', { token: m.token });
      const expected =
        m === inviter
          ? MEMBERS * TRAILERS.length * COMMISSION_MICRO
          : TRAILERS.length * REWARD_MICRO;
      expect(Math.round(me.body.money * 1_000_000)).toBe(expected);
    }
    const [sums] = (
      await db.query(
        `SELECT (SELECT COALESCE(sum(amount), 0)::text FROM ledger_postings) AS total,
                (SELECT count(*)::int FROM ledger_accounts WHERE user_id IS NOT NULL AND balance < 0) AS negative`,
      )
    ).rows;
    expect(sums).toEqual({ total: '0', negative: 0 });
    const admin = await call('POST', '/token', {
      form: { username: process.env.ADMIN_PHONE!, password: process.env.ADMIN_PASSWORD! },
    });
    const report = await call('GET', '/admin/reports/ledger', { token: admin.body.access_token });
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject(SOUND_LEDGER_REPORT);
  }, 180_000);
});
