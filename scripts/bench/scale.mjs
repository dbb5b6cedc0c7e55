// pnpm bench:scale (scale.sh prepares both databases): fills the month-three
// database with generate_series (COPY speed, the ledger's gate and foreign keys
// off for the load as a restore would), sums its checkpoint through the
// worker's own code, then times every route listed in ROUTES on both databases
// in alternation, and the CSV exports' first byte and memory.
import { URLSearchParams } from 'node:url';
import {
  BENCH_PASSWORD,
  lpad,
  nodeRuntime,
  pad,
  processes,
  reportChecks,
  requireApi,
  rssMb,
  root,
} from './lib.mjs';

const { setInterval, clearInterval, setTimeout } = globalThis;
const { Client } = requireApi('pg');
const argon2 = requireApi('argon2');

const MEMBERS = Number(process.env.BENCH_SCALE_MEMBERS ?? 1_000_000);
const POSTINGS = Number(process.env.BENCH_SCALE_POSTINGS ?? 50_000_000);
const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS ?? 200);
const PORT = Number(process.env.BENCH_SCALE_PORT ?? 3271);
const REUSE = process.env.BENCH_SCALE_REUSE === '1';
/** Goals (issue 27). */
const MEMBER_P99_MS = 20;
const MEMBER_RATIO = 1.5;
const OPERATOR_P99_MS = 300;
/**
 * A streamed export's memory is flat. Resident memory alone cannot say so: V8 lets its heap
 * grow with garbage until it chooses to collect (a full export of records grew it by 120 to
 * 250 MB over runs, with the live heap unchanged). So both APIs run with their old space capped
 * at EXPORT_HEAP_CAP_MB (an export that kept its rows would die of it, and the cap makes full
 * collections come during the export), and the live heap right after the full collections of
 * the export's second half may be at most EXPORT_LATE_GROWTH_MB above the first half's.
 */
const EXPORT_HEAP_CAP_MB = 256;
const EXPORT_LATE_GROWTH_MB = 16;
/** A table this big is not read whole on a request (sequential scans are counted). */
const LARGE_TABLE_ROWS = 10_000;
/** The member with the largest team (10,000 direct invitees). */
const TEAM_SIZE = 10_000;

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * The month-three database, in proportion to `members` and `postings`:
 * members in teams (member 1 with TEAM_SIZE invitees of its own; past them,
 * trees of about ten invitees a member, three levels and more deep), two ledger accounts each, postings
 * (rewards, commissions, deposits, promotions, purchases, withdrawal holds)
 * over 90 days with balances and earnings that match them, balance records
 * (a tenth of the postings), Moments (half the members) with four likes each,
 * trailer watches (three per member) and their days, withdrawals in every state and chain
 * deposits (a tenth of the members each), operator audit rows, messages.
 */
async function build(db, { members, postings }) {
  const hash = await argon2.hash(BENCH_PASSWORD, { memoryCost: 1024, timeCost: 1, parallelism: 1 });
  const q = (sql, values) => db.query(sql, values);
  const step = async (name, sql, values) => {
    const t0 = process.hrtime.bigint();
    await q(sql, values);
    console.log(`    ${pad(name, 26)}${lpad((ms(t0) / 1000).toFixed(1), 7)} s`);
  };
  const [{ u0 }] = (await q(`SELECT COALESCE(max(id), 0) + 1 AS u0 FROM users`)).rows;
  const [{ a0 }] = (await q(`SELECT COALESCE(max(id), 0) + 1 AS a0 FROM ledger_accounts`)).rows;
  const pairs = Math.floor(postings / 2);
  await q(`SET session_replication_role = replica`);
  await q(`SET maintenance_work_mem = '256MB'`);
  await q(`SET work_mem = '64MB'`);
  // Member n (1..members) is user u0 + n - 1; its money and points accounts are a0 + 2(n-1) (+1).
  await step(
    'users',
    `INSERT INTO users (id, phone, password_hash, nickname, inviter_id, vip_level, vip_expire, created_at, verification)
     OVERRIDING SYSTEM VALUE
     SELECT $1 + n - 1, '+99872' || lpad(n::text, 7, '0'), $3, 'm' || n,
            CASE WHEN n = 1 THEN NULL WHEN n <= $4 + 1 THEN $1 WHEN n / 10 > $4 + 1 THEN $1 + n / 10 - 1 END,
            -- A third of the memberships ran out up to 20 days ago: level 0, as the worker's
            -- membership expiry leaves them (it runs all the time in a club).
            CASE WHEN n % 60 <= 20 THEN 0 ELSE n % 10 END::smallint,
            CASE WHEN n % 60 > 20 THEN now() + ((n % 60) - 20) * interval '1 day' END,
            now() - interval '120 days' + (n::float / $2) * interval '119 days',
            (ARRAY['none', 'pending', 'approved', 'rejected'])[1 + n % 4]
     FROM generate_series(1, $2) n`,
    [u0, members, hash, Math.min(TEAM_SIZE, members - 1)],
  );
  // What the users_set_uplines trigger sets at registration (triggers are off for the load).
  await step(
    'uplines 2',
    `UPDATE users u SET inviter2_id = i.inviter_id FROM users i
     WHERE u.id >= $1 AND i.id = u.inviter_id AND i.inviter_id IS NOT NULL`,
    [u0],
  );
  await step(
    'uplines 3',
    `UPDATE users u SET inviter3_id = i.inviter2_id FROM users i
     WHERE u.id >= $1 AND i.id = u.inviter_id AND i.inviter2_id IS NOT NULL`,
    [u0],
  );
  await step(
    'ledger accounts',
    `INSERT INTO ledger_accounts (id, user_id, kind, currency) OVERRIDING SYSTEM VALUE
     SELECT $1 + 2 * (n - 1) + k, $2 + n - 1, (ARRAY['money', 'points'])[k + 1], (ARRAY['USDT', 'POINTS'])[k + 1]
     FROM generate_series(1, $3) n, generate_series(0, 1) k`,
    [a0, u0, members],
  );
  const system = Object.fromEntries(
    (await q(`SELECT kind, id FROM ledger_accounts WHERE user_id IS NULL`)).rows.map((r) => [
      r.kind,
      r.id,
    ]),
  );
  // Pair k (one transaction of two postings) pays member n = k % members in
  // round r = k / members; its kind by (r + n) % 20. Debits (purchases,
  // withdrawal holds) come only from round 2 on and are small, so no balance
  // ever goes below zero.
  const [{ t0: tx0, p0 }] = (
    await q(
      `SELECT COALESCE((SELECT max(id) FROM ledger_transactions), 0) + 1 AS t0,
              COALESCE((SELECT max(id) FROM ledger_postings), 0) + 1 AS p0`,
    )
  ).rows;
  await q(
    `
    CREATE TEMP TABLE bench_legs AS
    SELECT k, n, r, c, created_at FROM (
      SELECT k, k % $1 + 1 AS n, k / $1 AS r, ((k / $1) + (k % $1 + 1)) % 20 AS c,
             now() - interval '90 days' + (k::float / $2) * interval '90 days' AS created_at
      FROM generate_series(0, $2 - 1) k
    ) x`
      .replace(/\$1/g, String(members))
      .replace(/\$2/g, String(Math.max(pairs, 1))),
  );
  const legKind = `CASE WHEN c = 17 THEN 'deposit' WHEN c = 16 THEN 'promotion'
                        WHEN c = 18 AND r >= 2 THEN 'buy_vip' WHEN c = 19 AND r >= 2 THEN 'withdrawal_request'
                        ELSE 'reward' END`;
  await step(
    'ledger transactions',
    `INSERT INTO ledger_transactions (id, idempotency_key, kind, fingerprint, user_id, memo, created_at)
     OVERRIDING SYSTEM VALUE
     SELECT $1 + k, 'bench:' || k, ${legKind}, repeat('0', 64), $2 + n - 1,
            CASE WHEN c = 18 AND r >= 2 THEN jsonb_build_object('vip_level', 1 + n % 9) ELSE '{}' END, created_at
     FROM bench_legs`,
    [tx0, u0],
  );
  // Each leg: (member account, system account, signed amount for the member).
  await step(
    'ledger postings',
    `WITH legs AS (
       SELECT k, created_at,
              $3 + 2 * (n - 1) + CASE WHEN c = 16 THEN 1 ELSE 0 END AS member_account,
              CASE WHEN c = 17 THEN $4::bigint WHEN c = 16 THEN $5::bigint
                   WHEN c = 18 AND r >= 2 THEN $6::bigint WHEN c = 19 AND r >= 2 THEN $7::bigint
                   WHEN c IN (13, 14, 15) THEN $8::bigint ELSE $9::bigint END AS system_account,
              CASE WHEN c = 17 THEN 5000000 WHEN c = 16 THEN 2000000
                   WHEN c IN (18, 19) AND r >= 2 THEN -1000 WHEN c IN (13, 14, 15) THEN 10000 ELSE 100000 END AS amount
       FROM bench_legs
     )
     INSERT INTO ledger_postings (id, transaction_id, account_id, contra_account_id, amount, created_at)
     OVERRIDING SYSTEM VALUE
     SELECT $1 + 2 * k + side, $2 + k,
            CASE WHEN side = 0 THEN system_account ELSE member_account END,
            CASE WHEN side = 0 THEN member_account ELSE system_account END,
            CASE WHEN side = 0 THEN -amount ELSE amount END, created_at
     FROM legs, generate_series(0, 1) side
     ORDER BY 1`,
    [
      p0,
      tx0,
      a0,
      system.deposits,
      system.promotions,
      system.vip_sales,
      system.pending_withdrawals,
      system.team_commissions,
      system.rewards,
    ],
  );
  await step(
    'cached balances',
    `UPDATE ledger_accounts a SET balance = s.balance, earned_rewards = s.rewards, earned_commissions = s.commissions
     FROM (
       SELECT p.account_id, sum(p.amount) AS balance,
              COALESCE(sum(p.amount) FILTER (WHERE p.contra_account_id = $1), 0) AS rewards,
              COALESCE(sum(p.amount) FILTER (WHERE p.contra_account_id = $2), 0) AS commissions
       FROM ledger_postings p WHERE p.account_id >= $3 GROUP BY p.account_id
     ) s
     WHERE a.id = s.account_id AND a.user_id IS NOT NULL`,
    [system.rewards, system.team_commissions, a0],
  );
  await q(`DROP TABLE bench_legs`);
  const records = Math.max(1, Math.floor(postings / 10));
  await step(
    'balance records',
    `INSERT INTO balance_records (user_id, type, is_add, amount_micro, fee_micro, status, failure, tx_id, wallet, created_at, updated_at)
     SELECT $1 + g % $2, (ARRAY['deposit', 'withdrawal', 'adjustment', 'card'])[1 + g % 4], g % 4 <> 1,
            1000000 + g % 1000, CASE WHEN g % 4 = 1 THEN 1000000 ELSE 0 END,
            (ARRAY['success', 'under_review', 'fail'])[1 + g % 3],
            -- A failed record says why (balance_records_failure_status_check): a card refused, the rest failed.
            CASE WHEN g % 3 = 2 THEN CASE WHEN g % 4 = 3 THEN 'refused' ELSE 'failed' END END,
            md5(g::text), 'TBench' || g % 1000,
            now() - interval '90 days' + (g::float / $3) * interval '90 days',
            now() - interval '90 days' + (g::float / $3) * interval '90 days'
     FROM generate_series(1, $3) g`,
    [u0, members, records],
  );
  const moments = Math.max(1, Math.floor(members / 2));
  await step(
    'moments and likes',
    `WITH m AS (
       INSERT INTO moments (user_id, text, created_at)
       SELECT $1 + g % $2, 'Moment ' || g, now() - interval '90 days' + (g::float / $3) * interval '90 days'
       FROM generate_series(1, $3) g RETURNING id
     )
     INSERT INTO moment_likes (moment_id, user_id)
     SELECT id, $1 + ((id * 7 + j * 13) % $2) FROM m, generate_series(0, 3) j`,
    [u0, members, moments],
  );
  const [{ trailer }] = (await q(`SELECT min(id) AS trailer FROM trailers`)).rows;
  await step(
    'trailer watches',
    `INSERT INTO trailer_watches (user_id, trailer_id, watch_day, reward_micro, created_at)
     SELECT $1 + n - 1, $3, (now() - d * interval '1 day')::date, 100000, now() - d * interval '1 day'
     FROM generate_series(1, $2) n, generate_series(0, 2) d`,
    [u0, members, trailer],
  );
  await step(
    'watch days',
    `INSERT INTO watch_days (user_id, watch_day, count, amount_micro)
     SELECT user_id, watch_day, count(*), sum(reward_micro) FROM trailer_watches WHERE user_id >= $1
     GROUP BY 1, 2`,
    [u0],
  );
  const tenth = Math.max(1, Math.floor(members / 10));
  await step(
    'withdrawals, deposits',
    `WITH w AS (
       INSERT INTO withdrawals (user_id, record_id, wallet, amount_micro, fee_micro, net_micro, status, tx_id, created_at, updated_at)
       SELECT $1 + (g * 7) % $2, g, 'TBenchWallet' || lpad(g::text, 22, '0'), 2000000, 1000000, 1000000,
              (ARRAY['requested', 'approved', 'signed', 'sent', 'confirmed', 'failed', 'rejected', 'refunded'])[1 + g % 8],
              CASE WHEN g % 8 IN (3, 4) THEN md5(g::text) || md5(g::text) END,
              now() - (g % 90) * interval '1 day', now() - (g % 90) * interval '1 day'
       FROM generate_series(1, $3) g RETURNING 1
     )
     INSERT INTO chain_deposits (tx_id, log_index, user_id, from_address, amount_micro, block_number, block_time, source, created_at)
     SELECT md5('d' || g) || md5('e' || g), 0, $1 + (g * 11) % $2, 'TBenchFrom', 5000000, g, now() - (g % 90) * interval '1 day',
            'scan', now() - (g % 90) * interval '1 day'
     FROM generate_series(1, (SELECT count(*) FROM w)) g`,
    [u0, members, tenth],
  );
  // The figures the watch statement and the deposit triggers keep (triggers are off for the load).
  await step(
    'kept counters',
    `WITH a AS (
       INSERT INTO watch_daily_active (day, shard, count)
       SELECT watch_day, user_id % 16, count(*) FROM watch_days WHERE user_id >= $1 GROUP BY 1, 2
       ON CONFLICT (day, shard) DO UPDATE SET count = watch_daily_active.count + EXCLUDED.count
       RETURNING 1
     )
     UPDATE deposit_totals SET credited_micro = (SELECT coalesce(sum(amount_micro), 0) FROM chain_deposits),
       swept_micro = (SELECT coalesce(sum(amount_micro), 0) FROM sweeps)
     WHERE (SELECT count(*) FROM a) >= 0`,
    [u0],
  );
  // What the worker's closed-day-signups tick keeps (UsersRepository.keepClosedSignups).
  await step(
    'closed days of sign-ups',
    `INSERT INTO users_daily_signups (day, count)
     SELECT (created_at AT TIME ZONE 'UTC')::date, count(*) FROM users
     WHERE created_at < ((now() AT TIME ZONE 'UTC')::date - 1) AT TIME ZONE 'UTC' GROUP BY 1
     ON CONFLICT (day) DO UPDATE SET count = EXCLUDED.count`,
  );
  // The audit log's rows are chained (hash and sequence) by its trigger: written with triggers on.
  await q(`SET session_replication_role = origin`);
  const [{ admin }] = (await q(`SELECT id AS admin FROM users WHERE role = 'admin' LIMIT 1`)).rows;
  await step(
    'audit, messages',
    `WITH a AS (
       INSERT INTO audit_log (actor_id, action, target_user_id, details, created_at)
       SELECT $1, 'ledger.adjust', $2 + g % $3, jsonb_build_object('amount', 1), now() - (g % 90) * interval '1 day'
       FROM generate_series(1, $4) g RETURNING 1
     )
     INSERT INTO messages (user_id, title, description)
     SELECT CASE WHEN g % 2 = 0 THEN NULL ELSE $2 + g % $3 END, jsonb_build_object('en', 'Message ' || g), jsonb_build_object('en', 'Text ' || g)
     FROM generate_series(1, 1000) g`,
    [admin, u0, members, tenth],
  );
  for (const [table, column] of [
    ['users', 'id'],
    ['ledger_accounts', 'id'],
    ['ledger_transactions', 'id'],
    ['ledger_postings', 'id'],
  ])
    await q(
      `SELECT setval(pg_get_serial_sequence('${table}', '${column}'), (SELECT max(${column}) FROM ${table}))`,
    );
  return { firstMember: u0 };
}

/** The worker's checkpoint step over everything, as the worker would catch up. */
async function checkpoint(url) {
  const { DataSource } = requireApi('typeorm');
  requireApi('@nestjs/common').Logger.overrideLogger(['log', 'warn', 'error']);
  const { dataSourceOptions } = requireApi('./dist/database/data-source-options.js');
  const { loadConfig } = requireApi('./dist/config/config.js');
  const { LedgerAuditService } = requireApi('./dist/modules/ledger/ledger-audit.service.js');
  const { LedgerAuditRepository } = requireApi('./dist/modules/ledger/ledger-audit.repository.js');
  const { SessionLocks } = requireApi('./dist/database/session-locks.js');
  const config = loadConfig({ ...process.env, DATABASE_URL: url });
  const ds = new DataSource(dataSourceOptions(config));
  await ds.initialize();
  try {
    // As Nest would wire them in the worker: the primary as the reports database too.
    const repository = new LedgerAuditRepository(
      ds,
      { dataSource: ds, replica: false },
      new SessionLocks(config),
    );
    const audit = new LedgerAuditService(repository);
    const t0 = process.hrtime.bigint();
    while (await audit.advance(5_000_000));
    const sumMs = ms(t0);
    // The worker's scheduled full audit, once, for its cost (BENCH_SCALE_FULL_AUDIT=0 skips it).
    let fullMs = null;
    if (process.env.BENCH_SCALE_FULL_AUDIT !== '0') {
      const f0 = process.hrtime.bigint();
      const result = await audit.fullAudit();
      fullMs = ms(f0);
      if (!result?.balanced || !result?.consistent)
        throw new Error(`the generated ledger is not sound: ${JSON.stringify(result)}`);
    }
    return { sumMs, fullMs };
  } finally {
    await ds.destroy();
  }
}

async function prepare(url, sizes, label) {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const existing = Number(
      (await db.query(`SELECT count(*) AS n FROM users WHERE phone LIKE '+99872%'`)).rows[0].n,
    );
    let firstMember;
    if (REUSE && existing > 0) {
      firstMember = (await db.query(`SELECT min(id) AS id FROM users WHERE phone LIKE '+99872%'`))
        .rows[0].id;
      console.log(`  ${label}: reusing ${existing} members`);
    } else {
      console.log(`  ${label}: ${sizes.members} members, ${sizes.postings} postings`);
      const t0 = process.hrtime.bigint();
      ({ firstMember } = await build(db, sizes));
      const { sumMs, fullMs } = await checkpoint(url);
      console.log(
        `    ${pad('checkpoint and rollups', 26)}${lpad((sumMs / 1000).toFixed(1), 7)} s`,
      );
      if (fullMs !== null)
        console.log(`    ${pad('full audit (sound)', 26)}${lpad((fullMs / 1000).toFixed(1), 7)} s`);
      const v0 = process.hrtime.bigint();
      await db.query(`VACUUM ANALYZE`);
      console.log(`    ${pad('vacuum analyze', 26)}${lpad((ms(v0) / 1000).toFixed(1), 7)} s`);
      console.log(`    ${pad('built in', 26)}${lpad((ms(t0) / 1000).toFixed(1), 7)} s`);
    }
    const [{ size }] = (
      await db.query(`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`)
    ).rows;
    const [{ postings }] = (
      await db.query(
        `SELECT posting_id AS postings FROM ledger_checkpoints ORDER BY id DESC LIMIT 1`,
      )
    ).rows;
    console.log(`    database ${size}, checkpoint at posting ${postings}`);
    return { firstMember: Number(firstMember), members: Math.max(existing, sizes.members) };
  } finally {
    await db.end();
  }
}

async function signIn(base, phone, password) {
  const res = await fetch(`${base}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: phone, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${phone} answered ${res.status}`);
  return { Authorization: `Bearer ${(await res.json()).access_token}` };
}

/** One GET, timed to its last byte; throws unless 200. */
async function timedGet(base, path, headers) {
  const t0 = process.hrtime.bigint();
  const res = await fetch(`${base}${path}`, { headers });
  await res.arrayBuffer();
  const elapsed = ms(t0);
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
  return elapsed;
}

/** The API's live heap after its latest full collection, and how many it has run (its /metrics). */
async function heapAfterFullGc(base) {
  try {
    const text = await (await fetch(`${base}/metrics`)).text();
    const live = /^nodejs_heap_used_after_full_gc_bytes (\S+)$/m.exec(text)?.[1];
    const majors = /^nodejs_gc_duration_seconds_count\{kind="major"\} (\S+)$/m.exec(text)?.[1];
    return { live: Number(live ?? NaN) / 2 ** 20, majors: Number(majors ?? 0) };
  } catch {
    return { live: NaN, majors: 0 };
  }
}

/**
 * A full export: its first byte's time; the API's resident memory growth while it streams and
 * how much of it came in the second half of the time; its live heap (after full collections)
 * at the end against the highest of the first half, and the full collections of the second half.
 */
async function exportRun(base, path, headers, pid) {
  const started = Date.now();
  const before = rssMb(pid);
  const samples = [];
  const sampler = setInterval(() => samples.push([Date.now() - started, rssMb(pid)]), 20);
  const heaps = [[0, await heapAfterFullGc(base)]];
  let reading = true;
  const heapSampler = (async () => {
    while (reading) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      heaps.push([Date.now() - started, await heapAfterFullGc(base)]);
    }
  })();
  const peakOf = (list) => list.reduce((m, [, rss]) => Math.max(m, rss), before);
  try {
    const t0 = process.hrtime.bigint();
    const res = await fetch(`${base}${path}`, { headers });
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    const reader = res.body.getReader();
    let first = null;
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      first ??= ms(t0);
      bytes += value.length;
    }
    const total = ms(t0);
    const half = (Date.now() - started) / 2;
    const peak = peakOf(samples);
    reading = false;
    await heapSampler;
    heaps.push([Date.now() - started, await heapAfterFullGc(base)]);
    const firstHalf = heaps.filter(([t]) => t <= half);
    const halfway = firstHalf.at(-1)[1];
    const end = heaps.at(-1)[1];
    const liveFirstHalf = Math.max(...firstHalf.map(([, h]) => h.live).filter(Number.isFinite));
    return {
      first: first ?? total,
      total,
      bytes,
      growth: Math.max(0, peak - before),
      late: Math.max(0, peak - peakOf(samples.filter(([t]) => t <= half))),
      liveLate: end.live - liveFirstHalf,
      lateMajors: end.majors - halfway.majors,
    };
  } finally {
    reading = false;
    clearInterval(sampler);
  }
}

async function main() {
  const scaleUrl = process.env.SCALE_URL;
  const emptyUrl = process.env.EMPTY_URL;
  console.log(`bench:scale: Node ${nodeRuntime()}`);
  const big = await prepare(scaleUrl, { members: MEMBERS, postings: POSTINGS }, 'month three');
  // The empty side: the same routes need a few members (and the team owner).
  const small = await prepare(emptyUrl, { members: 25, postings: 0 }, 'empty');

  const proc = processes('scale');
  const sides = [
    { name: 'empty', url: emptyUrl, redis: process.env.EMPTY_REDIS_URL, port: PORT + 1, ...small },
    { name: 'month three', url: scaleUrl, redis: process.env.SCALE_REDIS_URL, port: PORT, ...big },
  ];
  try {
    for (const side of sides) {
      const args = [`--max-old-space-size=${EXPORT_HEAP_CAP_MB}`, `${root}apps/api/dist/main.js`];
      side.child = proc.start(side.name.replace(' ', '-'), args, {
        DATABASE_URL: side.url,
        REDIS_URL: side.redis,
        API_PORT: String(side.port),
        // No TRON node: solvency's chain read fails at once (connection refused) on both sides.
        TRON_FULL_NODE_URL: `http://127.0.0.1:${PORT + 18}`,
        LOG_LEVEL: 'warn',
        LOGIN_MAX_FAILURES_PER_IP: '100000',
      });
      side.base = `http://127.0.0.1:${side.port}`;
      await proc.waitFor(side.name, side.child, `${side.base}/health`);
      side.admin = await signIn(side.base, process.env.ADMIN_PHONE, process.env.ADMIN_PASSWORD);
      // Members spread over the whole id range (cold and warm rows alike).
      side.tokens = [];
      for (let i = 0; i < 20; i++) {
        const n = 1 + Math.floor(((i * 7919) % 20) * (side.members / 20)) + (i % 3);
        side.tokens.push(
          await signIn(
            side.base,
            `+99872${String(Math.min(n, side.members)).padStart(7, '0')}`,
            BENCH_PASSWORD,
          ),
        );
      }
      side.owner = await signIn(side.base, '+998720000001', BENCH_PASSWORD);
      side.someone = side.firstMember + Math.floor(side.members / 2);
    }

    const member = (path, who = 'tokens') => ({ path, kind: 'member', who });
    const operator = (name, path) => ({ name, path, kind: 'operator' });
    const routes = [
      member('/users/me'),
      member('/users/me/today'),
      member('/balance'),
      member('/trailers'),
      member('/moments'),
      // The team screen's calls (the first page of each level, with its counts), then the
      // contract's unpaged answer, printed as information (no goal: it is the whole team).
      ...[1, 2, 3].map((level) => ({
        ...member(`/users/invites?level=${level}&limit=50`, 'owner'),
        name: `/users/invites L${level} page (largest team)`,
      })),
      { ...member('/users/invites', 'owner'), kind: 'info', name: '/users/invites whole (info)' },
      { ...member('/messages?limit=30'), name: '/messages page (the screen)' },
      { ...member('/messages'), kind: 'info', name: '/messages whole (info)' },
      operator('dashboard (30 days)', '/admin/dashboard?days=30'),
      operator('ledger report, solvency', '/admin/reports/ledger'),
      operator('members by phone', () => '/admin/users?q=' + encodeURIComponent('+99872000012')),
      operator('members by id', (s) => `/admin/users?q=${s.someone}`),
      operator('member detail', (s) => `/admin/users/${s.someone}`),
      operator('withdrawals queue', '/admin/withdrawals?status=requested'),
      operator('audit list', '/admin/audit'),
    ];
    // Sequential scans counted from here on, over the timed requests.
    const stats = new Client({ connectionString: scaleUrl });
    await stats.connect();
    await stats.query(`SELECT pg_stat_reset()`);
    const rows = [];
    for (const route of routes) {
      const count = route.kind !== 'operator' ? REQUESTS : Math.max(10, Math.floor(REQUESTS / 5));
      const times = { empty: [], 'month three': [] };
      for (const side of sides) {
        const path = typeof route.path === 'function' ? route.path(side) : route.path;
        const headers = (i) =>
          route.kind === 'operator'
            ? side.admin
            : route.who === 'owner'
              ? side.owner
              : side.tokens[i % side.tokens.length];
        for (let i = 0; i < 3; i++) await timedGet(side.base, path, headers(i)); // warm-up
      }
      // Alternating sides, so a busy moment of the shared machine falls on both.
      for (let i = 0; i < count; i++) {
        for (const side of sides) {
          const path = typeof route.path === 'function' ? route.path(side) : route.path;
          const headers =
            route.kind === 'operator'
              ? side.admin
              : route.who === 'owner'
                ? side.owner
                : side.tokens[i % side.tokens.length];
          times[side.name].push(await timedGet(side.base, path, headers));
        }
      }
      rows.push({
        name: route.name ?? route.path,
        kind: route.kind,
        empty: { p50: pct(times.empty, 50), p99: pct(times.empty, 99) },
        big: { p50: pct(times['month three'], 50), p99: pct(times['month three'], 99) },
      });
    }
    // Statistics reach the shared counters within a second of a transaction's end.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const scanned = (
      await stats.query(
        // Table sizes from pg_class: pg_stat_reset() zeroed the live-row counts too.
        `SELECT s.relname, s.seq_scan::int, s.seq_tup_read::bigint AS tuples, c.reltuples::bigint AS live
         FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
         WHERE s.seq_scan > 0 AND c.reltuples >= $1 ORDER BY s.seq_tup_read DESC`,
        [LARGE_TABLE_ROWS],
      )
    ).rows;
    await stats.end();
    const exportsRows = [];
    for (const name of ['members.csv', 'records.csv', 'audit.csv']) {
      const out = {};
      for (const side of sides)
        out[side.name] = await exportRun(
          side.base,
          `/admin/exports/${name}`,
          side.admin,
          side.child.pid,
        );
      exportsRows.push({ name, ...out });
    }

    const f = (v) => lpad(v.toFixed(1), 8);
    console.log(
      `\n  ${pad('route', 34)}${lpad('empty p50', 10)}${lpad('p99', 8)}${lpad('m3 p50', 10)}${lpad('p99', 8)}${lpad('p99 x', 8)}`,
    );
    for (const r of rows)
      console.log(
        `  ${pad(r.name, 34)}${lpad(r.empty.p50.toFixed(1), 10)}${f(r.empty.p99)}${lpad(r.big.p50.toFixed(1), 10)}${f(r.big.p99)}${lpad((r.big.p99 / r.empty.p99).toFixed(2), 8)}`,
      );
    console.log(
      `\n  ${pad('export', 34)}${lpad('first byte', 12)}${lpad('total', 10)}${lpad('MB out', 9)}${lpad('RSS +MB', 9)}${lpad('2nd half', 10)}${lpad('live +MB', 10)}${lpad('full GCs', 10)}`,
    );
    for (const e of exportsRows)
      for (const side of sides) {
        const x = e[side.name];
        console.log(
          `  ${pad(`${e.name} (${side.name})`, 34)}${lpad(x.first.toFixed(1), 12)}${lpad(x.total.toFixed(0), 10)}${lpad((x.bytes / 1e6).toFixed(1), 9)}${lpad(x.growth.toFixed(1), 9)}${lpad(x.late.toFixed(1), 10)}${lpad(Number.isFinite(x.liveLate) ? x.liveLate.toFixed(1) : '-', 10)}${lpad(x.lateMajors, 10)}`,
        );
      }
    console.log('\n  (milliseconds)\n');
    const checks = [];
    for (const r of rows) {
      if (r.kind === 'info') continue;
      if (r.kind === 'member') {
        checks.push([
          `${r.name} p99 <= ${MEMBER_P99_MS} ms`,
          `${r.big.p99.toFixed(1)} ms`,
          r.big.p99 <= MEMBER_P99_MS,
        ]);
        const ratio = r.big.p99 / r.empty.p99;
        checks.push([
          `${r.name} p99 <= ${MEMBER_RATIO}x empty`,
          `${ratio.toFixed(2)}x`,
          ratio <= MEMBER_RATIO,
        ]);
      } else {
        checks.push([
          `${r.name} p99 <= ${OPERATOR_P99_MS} ms`,
          `${r.big.p99.toFixed(1)} ms`,
          r.big.p99 <= OPERATOR_P99_MS,
        ]);
      }
    }
    for (const e of exportsRows) {
      const x = e['month three'];
      checks.push([
        `${e.name} first byte <= ${OPERATOR_P99_MS} ms`,
        `${x.first.toFixed(1)} ms`,
        x.first <= OPERATOR_P99_MS,
      ]);
      // Whole under the cap (it got here), and flat where the second half needed full collections.
      const measured = x.lateMajors > 0 && Number.isFinite(x.liveLate);
      checks.push([
        `${e.name} memory flat (${EXPORT_HEAP_CAP_MB} MB heap, 2nd half live +<= ${EXPORT_LATE_GROWTH_MB} MB)`,
        measured ? `${x.liveLate >= 0 ? '+' : ''}${x.liveLate.toFixed(1)} MB` : 'no full GC needed',
        !measured || x.liveLate <= EXPORT_LATE_GROWTH_MB,
      ]);
    }
    for (const t of scanned)
      console.log(
        `  sequential scans of ${t.relname} (${t.live} rows): ${t.seq_scan}, ${t.tuples} rows read`,
      );
    checks.push([
      `no sequential scan of a table of ${LARGE_TABLE_ROWS}+ rows`,
      scanned.map((t) => t.relname).join(', ') || 'none',
      scanned.length === 0,
    ]);
    const ok = reportChecks(checks, 68, 18);
    await proc.stopAll();
    process.exit(ok ? 0 : 1);
  } catch (error) {
    await proc.fail(error instanceof Error ? error.message : String(error));
  }
}

await main();
