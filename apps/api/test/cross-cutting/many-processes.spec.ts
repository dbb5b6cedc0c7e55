import { randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import Redis from 'ioredis';
import { Client } from 'pg';
import { DEFAULT_ECONOMY, DEFAULT_TEAM_RATES_BP } from '@app/domain';
import { MAINTENANCE_QUEUE, bullConnection } from '../../src/infra/jobs/queues';
import { viewKey } from '../../src/modules/trailers/trailer-view-keys';
import { BuiltProcess, runBuilt } from '../support/built-process';
import { separateDatabase } from '../support/database';
import { useTestEnv } from '../support/env';
import { eventually } from '../support/eventually';
import { OwnPgBouncer, clusterRoot, startPgBouncer } from '../support/own-postgres';
import { SOUND_LEDGER_REPORT } from '../support/ledger-report';

useTestEnv();

/**
 * Two API processes and two worker processes (apps/api/dist, as production
 * runs them) on one PostgreSQL and one Redis. The money races go to both APIs
 * at once, one worker is killed with SIGKILL while both hold a job, and
 * afterwards every job's effect happened once, every balance is the figure
 * computed here from what was sent and answered, the ledger balances, and
 * deactivations and role changes count on both APIs.
 *
 * All four run through PgBouncer in transaction mode (a pooler of this
 * suite's own, in front of the test database's server), as production may:
 * named prepared statements off (DATABASE_PREPARED_STATEMENTS=false, Debian
 * 12's PgBouncer 1.18 cannot keep them), LISTEN and the session advisory
 * locks on DATABASE_SESSION_URL (the server itself).
 */
const BASE_PORT = 3400 + (process.pid % 45) * 2;
const JWT_SECRET = 'many-processes-test-secret-0123456789abcdef';
const MICRO = 1_000_000;
const micro = (usdt: number) => Math.round(usdt * MICRO);

const INVITERS = 3;
const MEMBERS = 12; // each invited by one of the inviters
const CAMPAIGNS = 30; // each VIP2 purchase records one grant per campaign
const FUNDING = 500;
const TRANSFER = 13.5; // 40 of them ask for 540 of the 500
const TRANSFERS_PER_MEMBER = 40;
const BUYS_PER_MEMBER = 10;
const TRAILERS = [1, 2, 3];
const WATCHES_PER_TRAILER = 8;
const IDEMPOTENT_TRANSFER = 7;
const VIP2 = {
  price: Number(DEFAULT_ECONOMY[2].price),
  rewardPerTrailer: Number(DEFAULT_ECONOMY[2].rewardPerTrailer),
};

type Proc = BuiltProcess & { name: string };

const running: Proc[] = [];
// Whatever happens to jest, no process of ours outlives it.
process.once('exit', () => running.forEach((p) => p.child.kill('SIGKILL')));

function start(name: string, entry: string, env: Record<string, string>): Proc {
  const proc = { name, ...runBuilt(entry, env) };
  running.push(proc);
  return proc;
}

async function stop(proc: Proc, signal: NodeJS.Signals, ms = 5000) {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return proc.exited;
  proc.child.kill(signal);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), ms);
  const result = await proc.exited;
  clearTimeout(timer);
  return result;
}

/** Polls like the other suites, with this suite's longer default wait. */
const until = <T>(what: string, check: () => Promise<T | undefined>, ms = 20_000) =>
  eventually(check, ms, what);

type Answer = { status: number; body: any };

class Api {
  constructor(
    readonly name: string,
    readonly port: number,
  ) {}
  async call(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; form?: Record<string, string>; key?: string } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.key) headers['idempotency-key'] = options.key;
    let body: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const res = await fetch(`http://127.0.0.1:${this.port}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: res.status, body: parsed };
  }
}

interface Account {
  id: number;
  token: string;
}

describe('many processes: two APIs and two workers on one PostgreSQL and one Redis', () => {
  let databaseUrl: string;
  let pooled: string;
  let bouncer: OwnPgBouncer;
  const bouncerFolder = clusterRoot('many-processes-pgbouncer-');
  let db: Client;
  let redis: Redis;
  let queue: Queue;
  let events: QueueEvents;
  let a: Api;
  let b: Api;
  let apis: Api[];
  let w1: Proc;
  let w2: Proc;
  let admin: string;
  const dirs: string[] = [];
  const stalled: string[] = [];
  const settledHolds = new Map<string, number>();

  const inviters: Account[] = [];
  const members: (Account & { inviter: Account })[] = [];
  // What each member must hold, in micro-USDT, computed from what was sent and answered.
  const expected = new Map<number, { money: number; points: number; hold: number }>();
  const add = (id: number, part: Partial<{ money: number; points: number; hold: number }>) => {
    const e = expected.get(id) ?? { money: 0, points: 0, hold: 0 };
    expected.set(id, {
      money: e.money + (part.money ?? 0),
      points: e.points + (part.points ?? 0),
      hold: e.hold + (part.hold ?? 0),
    });
  };
  const campaignPoints = Array.from({ length: CAMPAIGNS }, (_, c) => ({
    member: (c + 1) * 100_000,
    inviter: (c + 1) * 200_000,
  }));

  beforeAll(async () => {
    databaseUrl = await separateDatabase('multi');
    const server = new URL(databaseUrl);
    bouncer = await startPgBouncer(bouncerFolder.root, Number(server.port || 5432));
    pooled = bouncer.url(server.pathname.slice(1));
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    redis = new Redis(process.env.REDIS_URL!);
    await redis.flushdb();
    const connection = bullConnection(process.env.REDIS_URL!);
    queue = new Queue(MAINTENANCE_QUEUE, { connection });
    events = new QueueEvents(MAINTENANCE_QUEUE, { connection });
    events.on('stalled', ({ jobId }) => stalled.push(jobId));
    events.on('completed', ({ jobId, returnvalue }) => {
      const value = (typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue) as {
        handled?: string;
        outcome?: string;
      };
      if (value?.handled === 'release-hold' && value.outcome === 'settled')
        settledHolds.set(jobId, (settledHolds.get(jobId) ?? 0) + 1);
    });
    await events.waitUntilReady();

    const shared = {
      DATABASE_URL: pooled,
      DATABASE_SESSION_URL: databaseUrl,
      DATABASE_PREPARED_STATEMENTS: 'false',
      REDIS_URL: process.env.REDIS_URL!,
      NODE_ENV: 'test',
      JWT_SECRET,
      API_HOST: '127.0.0.1',
      REGISTER_LIMIT_PER_HOUR: '0',
      MONEY_RATE_LIMIT_PER_MINUTE: '0',
      PASSWORD_HASH_QUEUE_MS: '0',
      // The races queue hundreds of requests for two pools of ten: on a busy shared machine a wait
      // for a pooled connection passes the 3 s default and answers 503, which is not what this tests.
      DATABASE_CONNECT_TIMEOUT_MS: '30000',
      METRICS_CHAIN_REFRESH_SECONDS: '0',
      // No chain here: the scanner and withdrawal settlement stay off.
      TRON_SCAN_INTERVAL_MS: '0',
      TRON_SETTLE_INTERVAL_MS: '0',
      SWEEP_INTERVAL_MS: '200',
      // A dead worker's job goes to the other one within about 4 s, not a minute.
      JOB_LOCK_MS: '2000',
    };
    a = new Api('A', BASE_PORT);
    b = new Api('B', BASE_PORT + 1);
    apis = [a, b];
    for (const api of apis)
      start(`api ${api.name}`, 'main.js', {
        ...shared,
        API_PORT: String(api.port),
        LOG_LEVEL: 'error',
      });
    const worker = (name: string) => {
      const dir = mkdtempSync(join(tmpdir(), `many-processes-${name}-`));
      dirs.push(dir);
      return start(name, 'worker.js', { ...shared, TMPDIR: dir, LOG_LEVEL: 'warn' });
    };
    w1 = worker('worker 1');
    w2 = worker('worker 2');
    // Four Node processes booting at once on a small, shared machine: give them time.
    for (const api of apis)
      await until(
        `API ${api.name} ready`,
        async () => ((await api.call('GET', '/health/ready')).status === 200 ? true : undefined),
        60_000,
      );
    await until(
      'both workers heartbeating',
      async () =>
        dirs.every((dir) => existsSync(join(dir, 'worker-heartbeat'))) ? true : undefined,
      60_000,
    );
    const login = await a.call('POST', '/token', {
      form: { username: process.env.ADMIN_PHONE!, password: process.env.ADMIN_PASSWORD! },
    });
    expect(login.status).toBe(200);
    admin = login.body.access_token;
  }, 150_000);

  afterAll(async () => {
    // A process that stopped on its own (a crash) tells why.
    for (const p of running.filter((x) => x.child.exitCode !== null))
      process.stdout.write(`${p.name} exited ${p.child.exitCode}:\n${p.output().slice(-4000)}\n`);
    await Promise.all(running.map((p) => stop(p, 'SIGTERM')));
    const left = running.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
    await events?.close();
    await queue?.close();
    await redis?.quit();
    await db?.end();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await bouncer?.stop();
    bouncerFolder.remove();
    expect(left.map((p) => p.name)).toEqual([]);
  }, 30_000);

  /** Registers on one API and signs in on the other: the token is good everywhere. */
  async function account(on: number, inviteCode = 0): Promise<Account> {
    const phone = `+998${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
    const reg = await apis[on % 2].call('POST', '/users/', {
      body: { email: phone, password: 'secret12', invite_code: inviteCode },
    });
    if (reg.status !== 200) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
    const login = await apis[(on + 1) % 2].call('POST', '/token', {
      form: { username: phone, password: 'secret12' },
    });
    if (login.status !== 200) throw new Error(`login: ${login.status}`);
    return { id: reg.body.id, token: login.body.access_token };
  }

  async function me(api: Api, m: Account) {
    const res = await api.call('GET', '/users/me', { token: m.token });
    if (res.status !== 200) throw new Error(`me on ${api.name}: ${res.status}`);
    return res.body as { money: number; points: number; points_hold: number; vip_level: number };
  }

  async function ledgerSound(api: Api) {
    const res = await api.call('GET', '/admin/reports/ledger', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(SOUND_LEDGER_REPORT);
  }

  /** Every member's balances, read on both APIs, equal the figures computed in this file. */
  async function expectBalances() {
    for (const [id, e] of expected) {
      const m = [...inviters, ...members].find((x) => x.id === id)!;
      for (const api of apis) {
        const got = await me(api, m);
        expect({ id, api: api.name, ...got }).toMatchObject({
          id,
          api: api.name,
          money: e.money / MICRO,
          points: e.points / MICRO,
          points_hold: e.hold / MICRO,
        });
      }
    }
  }

  it('spreads the money races over both APIs: each race settles once, no balance goes below zero', async () => {
    for (let c = 0; c < CAMPAIGNS; c++)
      await db.query(
        `INSERT INTO promotion_campaigns (name, starts_at, ends_at, min_vip_level, inviter_points_micro, member_points_micro, hold_days)
         VALUES ($1, now() - interval '1 day', now() + interval '1 day', 2, $2, $3, 30)`,
        [`many-processes ${c}`, campaignPoints[c].inviter, campaignPoints[c].member],
      );
    for (let i = 0; i < INVITERS; i++) {
      inviters.push(await account(i));
      add(inviters[i].id, {});
    }
    // Only VIP 1 and above invite.
    await db.query(
      `UPDATE users SET vip_level = 1, vip_expire = now() + interval '30 days' WHERE id = ANY($1::int[])`,
      [inviters.map((inviter) => inviter.id)],
    );
    await Promise.all(
      Array.from({ length: MEMBERS }, async (_, i) => {
        const inviter = inviters[i % INVITERS];
        members[i] = { ...(await account(i, inviter.id)), inviter };
      }),
    );
    // Funded by the operator, alternately through A and B.
    await Promise.all(
      members.map(async (m, i) => {
        const res = await apis[i % 2].call('POST', `/admin/users/${m.id}/adjust`, {
          token: admin,
          body: { account: 'money', amount: FUNDING, reason: 'many processes' },
        });
        expect(res.status).toBe(200);
        add(m.id, { money: micro(FUNDING) });
      }),
    );

    // Round 1, every member at once, each request to A or B in turn: VIP purchases against
    // transfers that ask for more than the balance, and a keyed transfer sent to both APIs.
    const started = Date.now();
    let requests = 0;
    await Promise.all(
      members.map(async (m) => {
        const sends: Promise<{ kind: string; res: Answer }>[] = [];
        const send = (kind: string, api: Api, path: string, body: unknown, key?: string) => {
          requests++;
          sends.push(
            api.call('POST', path, { token: m.token, body, key }).then((res) => ({ kind, res })),
          );
        };
        for (let i = 0; i < TRANSFERS_PER_MEMBER; i++) {
          send('transfer', apis[i % 2], '/users/transfer', { amount: TRANSFER });
          if (i < BUYS_PER_MEMBER)
            send('buy', apis[(i + 1) % 2], '/balance/buy_vip', { vip_level: 2 });
          if (i === TRANSFERS_PER_MEMBER / 2)
            for (const api of apis)
              send(
                'keyed',
                api,
                '/users/transfer',
                { amount: IDEMPOTENT_TRANSFER },
                `retry-${m.id}`,
              );
        }
        const answers = await Promise.all(sends);
        const of = (kind: string) => answers.filter((x) => x.kind === kind).map((x) => x.res);
        expect(answers.filter(({ res }) => ![200, 400].includes(res.status))).toEqual([]);
        const transfers = of('transfer');
        expect(
          transfers.every((r) => r.status === 200 || r.body.code === 'INSUFFICIENT_FUNDS'),
        ).toBe(true);
        const moved = transfers.filter((r) => r.status === 200).length * micro(TRANSFER);
        const keyed = of('keyed');
        expect(keyed.every((r) => r.status === 200 || r.body.code === 'INSUFFICIENT_FUNDS')).toBe(
          true,
        );
        // Sent twice, applied at most once: the balances below tell whether it was once.
        const keyedMoved = keyed.some((r) => r.status === 200) ? micro(IDEMPOTENT_TRANSFER) : 0;
        const buys = of('buy');
        const bought = buys.filter((r) => r.status === 200);
        // Money plus points always cover the price, so exactly one purchase goes through.
        expect(bought).toHaveLength(1);
        expect(
          buys
            .filter((r) => r.status !== 200)
            .every((r) =>
              ['VIP_LEVEL_NOT_ABOVE_CURRENT', 'INSUFFICIENT_FUNDS'].includes(r.body.code),
            ),
        ).toBe(true);
        const fromPoints = bought[0].body.paid_from === 'points';
        add(m.id, {
          money: -moved - keyedMoved - (fromPoints ? 0 : VIP2.price),
          points: moved + keyedMoved - (fromPoints ? VIP2.price : 0),
        });
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(
      `many-processes: ${requests} money requests over 2 APIs in ${seconds.toFixed(1)} s (${Math.round(requests / seconds)}/s)\n`,
    );

    // Round 2: watches of three trailers, each sent to both APIs many times; the level-2
    // reward is paid once per trailer and 10% of it to the inviter.
    // Each view counted as played 20 s (the beats have their own tests).
    const views = new Map<string, string>();
    for (const [i, m] of members.entries())
      for (const trailer of TRAILERS) {
        const open = await apis[i % 2].call('GET', `/trailers/${trailer}`, { token: m.token });
        expect(open.status).toBe(200);
        views.set(`${m.id}:${trailer}`, open.body.view_id);
        await redis.hset(viewKey(open.body.view_id), 'played', 20_000);
      }
    await Promise.all(
      members.flatMap((m) =>
        TRAILERS.map(async (trailer) => {
          const body = { view_id: views.get(`${m.id}:${trailer}`) };
          const answers = await Promise.all(
            Array.from({ length: WATCHES_PER_TRAILER }, (_, i) =>
              apis[i % 2].call('POST', `/trailers/${trailer}/watch`, { token: m.token, body }),
            ),
          );
          expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
          expect(answers.filter((r) => r.body.code === 'ALREADY_WATCHED')).toHaveLength(
            WATCHES_PER_TRAILER - 1,
          );
          const reward = VIP2.rewardPerTrailer;
          add(m.id, { money: reward });
          add(m.inviter.id, { money: (reward * DEFAULT_TEAM_RATES_BP[0]) / 10_000 });
        }),
      ),
    );

    // The workers settle one grant per purchase and campaign: held points for member and inviter.
    for (const m of members) {
      const sum = (role: 'member' | 'inviter') =>
        campaignPoints.reduce((total, c) => total + c[role], 0);
      add(m.id, { hold: sum('member') });
      add(m.inviter.id, { hold: sum('inviter') });
    }
    await until(
      'every grant settled',
      async () => {
        const [row] = (
          await db.query(
            `SELECT count(*) FILTER (WHERE status = 'done')::int AS done, count(*)::int AS total FROM promotion_grants`,
          )
        ).rows;
        return row.done === MEMBERS * CAMPAIGNS && row.total === MEMBERS * CAMPAIGNS
          ? true
          : undefined;
      },
      45_000,
    );
    const grantPostings = await db.query(
      `SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE 'promotion:%'`,
    );
    expect(grantPostings.rows[0].n).toBe(MEMBERS * CAMPAIGNS);
    const holds = await db.query(`SELECT count(*)::int AS n FROM points_holds`);
    expect(holds.rows[0].n).toBe(2 * MEMBERS * CAMPAIGNS);

    for (const e of expected.values()) {
      expect(e.money).toBeGreaterThanOrEqual(0);
      expect(e.points).toBeGreaterThanOrEqual(0);
    }
    await expectBalances();
    for (const api of apis) await ledgerSound(api);
  }, 120_000);

  it('does every job once when one of two workers is killed while holding one', async () => {
    const total = 2 * MEMBERS * CAMPAIGNS;
    // A member whose held points are released mid-run: its ledger accounts are locked here,
    // so each worker stops on a job of that member, inside its database transaction.
    const middle = (
      await db.query(
        `SELECT user_id FROM points_holds WHERE user_id = ANY($1) ORDER BY id OFFSET $2 LIMIT 1`,
        // Half the holds are the members' own: the middle one of those.
        [members.map((m) => m.id), Math.floor(total / 4)],
      )
    ).rows[0].user_id as number;
    const blocker = new Client({ connectionString: databaseUrl });
    await blocker.connect();
    let killedAt: number;
    try {
      await blocker.query('BEGIN');
      await blocker.query(`SELECT id FROM ledger_accounts WHERE user_id = $1 FOR UPDATE`, [middle]);
      const [{ pid }] = (await blocker.query('SELECT pg_backend_pid() AS pid')).rows;
      // Every hold comes due: the sweepers queue a release job per hold.
      await db.query(`UPDATE points_holds SET release_at = now() - interval '1 second'`);
      // The first waits on this transaction, the second on the first (queued for the same row).
      await until('both workers waiting on the locked member', async () => {
        const { rows } = await db.query(
          `SELECT count(*)::int AS n, bool_or($1 = ANY(pg_blocking_pids(pid))) AS on_us
           FROM pg_stat_activity WHERE datname = current_database() AND cardinality(pg_blocking_pids(pid)) > 0`,
          [pid],
        );
        return rows[0].n === 2 && rows[0].on_us ? true : undefined;
      });
      const released = await db.query(
        `SELECT count(*)::int AS n FROM points_holds WHERE released_at IS NOT NULL`,
      );
      killedAt = released.rows[0].n;
      expect(await stop(w1, 'SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    } finally {
      await blocker.query('ROLLBACK').catch(() => undefined);
      await blocker.end();
    }
    process.stdout.write(`many-processes: worker 1 killed with ${killedAt}/${total} released\n`);
    expect(killedAt).toBeGreaterThan(0);
    expect(killedAt).toBeLessThan(total);

    // Worker 2 finishes everything, the dead worker's job included once its lock lapses.
    await until(
      'every hold released and the queue empty',
      async () => {
        const { rows } = await db.query(
          `SELECT count(*)::int AS n FROM points_holds WHERE released_at IS NULL`,
        );
        const counts = await queue.getJobCounts(
          'waiting',
          'active',
          'delayed',
          'prioritized',
          'failed',
        );
        return rows[0].n === 0 && Object.values(counts).every((n) => n === 0) ? true : undefined;
      },
      45_000,
    );
    expect(w2.child.exitCode).toBeNull();
    // The killed worker's job was found stalled and handed out again.
    expect(stalled.length).toBeGreaterThanOrEqual(1);
    // No hold was settled twice, and each has exactly one ledger posting.
    expect([...settledHolds.values()].every((n) => n === 1)).toBe(true);
    const postings = await db.query(
      `SELECT count(*)::int AS n, count(DISTINCT idempotency_key)::int AS keys FROM ledger_transactions
       WHERE idempotency_key LIKE 'hold-release:%'`,
    );
    expect(postings.rows[0]).toEqual({ n: total, keys: total });

    for (const [id, e] of expected) expected.set(id, { ...e, points: e.points + e.hold, hold: 0 });
    await expectBalances();
    for (const api of apis) await ledgerSound(api);
  }, 90_000);

  it('refuses a deactivated member and a demoted operator on both APIs at once', async () => {
    const m = members[0];
    const status = async (api: Api, path: string, who: Account = m) =>
      (await api.call('GET', path, { token: who.token })).status;
    const everywhere = async (path: string, want: number, who: Account = m) => {
      await until(
        `${path} answering ${want} on both APIs`,
        async () => {
          const got = await Promise.all(apis.map((api) => status(api, path, who)));
          return got.every((s) => s === want) ? true : undefined;
        },
        2000,
      );
    };
    for (const api of apis) expect(await status(api, '/users/me')).toBe(200);
    await db.query('UPDATE users SET is_active = false WHERE id = $1', [m.id]);
    await everywhere('/users/me', 401);
    for (const api of apis)
      expect(
        (await api.call('POST', '/users/transfer', { token: m.token, body: { amount: 1 } })).status,
      ).toBe(401);
    await db.query('UPDATE users SET is_active = true WHERE id = $1', [m.id]);
    await everywhere('/users/me', 200);

    const op = members[1];
    for (const api of apis) expect(await status(api, '/admin/audit', op)).toBe(403);
    await db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [op.id]);
    await everywhere('/admin/audit', 200, op);
    await db.query(`UPDATE users SET role = 'member' WHERE id = $1`, [op.id]);
    await everywhere('/admin/audit', 403, op);
    for (const api of apis)
      expect(
        (
          await api.call('POST', `/admin/users/${m.id}/adjust`, {
            token: op.token,
            body: { account: 'money', amount: 5, reason: 'demoted operator' },
          })
        ).status,
      ).toBe(403);

    await expectBalances();
    for (const api of apis) await ledgerSound(api);
  });

  it('ran every API and worker query through the pooler', async () => {
    const admin = new Client({ connectionString: bouncer.url('pgbouncer') });
    await admin.connect();
    try {
      // The admin console speaks the simple protocol only: a query without parameters.
      const { rows } = await admin.query('SHOW STATS');
      const database = new URL(databaseUrl).pathname.slice(1);
      const stats = rows.find((r: { database: string }) => r.database === database);
      expect(Number(stats?.total_xact_count)).toBeGreaterThan(1000);
    } finally {
      await admin.end();
    }
  });
});
