// Shared pieces of the benchmarks that drive the real API (api.mjs, load.mjs,
// faults.mjs): child processes with their logs, readiness polling, a bounded
// task pool, resident memory, the bench members, trailers and posts, and the
// report's columns and PASS/FAIL rows, the median of rounds and the Node
// runtime's name (api.mjs and ledger.mjs too).
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { clearInterval, setInterval } from 'node:timers';
import { URLSearchParams, fileURLToPath } from 'node:url';

const { AbortSignal } = globalThis;

export const root = fileURLToPath(new URL('../../', import.meta.url));
export const requireApi = createRequire(new URL('../../apps/api/package.json', import.meta.url));
export const outDir = `${root}.bench`;
mkdirSync(outDir, { recursive: true });

/**
 * Child processes of one bench: `start` spawns a Node script with its output
 * in .bench/<prefix>-<name>.log, `stopAll` ends them all (TERM, then KILL
 * after 5 s), `logs` names the log files for an error message, `fail` says
 * why a run ended, names the logs, stops the children and exits 2, and
 * `waitFor` fails unless a child answers at a URL within 60 s. The children
 * write their logs to the file themselves: piped through this process, the
 * API's thousands of lines a second cost a tenth of a core on the cores the
 * measured processes share.
 */
export function processes(prefix) {
  const children = [];
  const start = (name, args, extraEnv = {}, command = process.execPath) => {
    // A restarted process (same name) appends to the log of its first run.
    const again = children.some((c) => c.name === name);
    const log = openSync(`${outDir}/${prefix}-${name}.log`, again ? 'a' : 'w');
    let child;
    try {
      child = spawn(command, args, {
        cwd: root,
        env: { ...process.env, ...extraEnv },
        stdio: ['ignore', log, log],
      });
    } finally {
      closeSync(log);
    }
    child.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve(code ?? signal)),
    );
    children.push({ name, child });
    return child;
  };
  const stopAll = async () => {
    const running = children.filter(({ child }) => child.exitCode === null && !child.signalCode);
    for (const { child } of running) child.kill('SIGTERM');
    await Promise.race([Promise.all(running.map(({ child }) => child.exited)), sleep(5000)]);
    for (const { child } of running)
      if (child.exitCode === null && !child.signalCode) child.kill('SIGKILL');
  };
  const logs = () => [...new Set(children.map(({ name }) => `.bench/${prefix}-${name}.log`))];
  const fail = async (message) => {
    console.error(`bench: ${message}`);
    for (const log of logs()) console.error(`  (output: ${log})`);
    await stopAll();
    process.exit(2);
  };
  const waitFor = async (name, child, url) => {
    if (await waitReady(url, { child, timeoutMs: 60_000 })) return;
    if (child.exitCode !== null)
      await fail(`${name} exited with ${child.exitCode} before it was ready`);
    await fail(`${name} was not ready within 60 s (${url})`);
  };
  return { start, stopAll, logs, fail, waitFor };
}

/** Polls `url` until it answers 2xx; false after `timeoutMs` or when `child` exits. */
export async function waitReady(url, { child, timeoutMs = 60_000 } = {}) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && (child.exitCode !== null || child.signalCode)) return false;
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return true;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  return false;
}

/** Runs `task` over `items`, `limit` at a time. */
export async function pool(items, limit, task) {
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i], i);
      }
    }),
  );
  return results;
}

/** A process's resident memory now (VmRSS), or its peak so far (VmHWM), in MB. */
export function rssMb(pid, which = 'VmRSS') {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`^${which}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
}

/** CPU seconds (user + system) a process has used so far (utime, stime in clock ticks). */
export function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The pids of a database's PostgreSQL backends, but the asking connection's own. */
async function backendsOf({ queryRows, database }) {
  const rows = await queryRows(
    `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
    [database],
  );
  return rows.map((r) => r.pid);
}

/** cpuSeconds, or undefined once the process is gone (a backend that ended). */
function cpuSecondsIfRunning(pid) {
  try {
    return cpuSeconds(pid);
  } catch {
    return undefined;
  }
}

/**
 * CPU used by a set of processes while it runs, sampled every 100 ms (a
 * process that exits loses at most its last 100 ms): the `pids` given, plus
 * the PostgreSQL backends of `backends.database` (found anew each sample, as
 * pools open and close connections; `backends.queryRows(sql, params)` runs a
 * query on a connection of the caller's and returns its rows). A shared
 * machine's other work slows a run's rate but hardly its CPU per request or
 * transaction, so CPU per unit of work is the steadier comparison.
 */
export function cpuMeter({ pids = [], backends } = {}) {
  const atStart = new Map(); // processes running when the meter started: their CPU so far
  const last = new Map();
  const sample = async (initial = false) => {
    const backendPids = backends ? await backendsOf(backends) : [];
    for (const pid of [...pids, ...backendPids]) {
      const used = cpuSecondsIfRunning(pid);
      if (used === undefined) continue;
      if (initial) atStart.set(pid, used);
      last.set(pid, used);
    }
  };
  let running = sample(true);
  const timer = setInterval(() => (running = running.then(() => sample())), 100);
  return {
    add: (pid) => pids.push(pid),
    /** Stops sampling; CPU seconds used since the meter started. */
    stop: async () => {
      clearInterval(timer);
      await running;
      await sample();
      let total = 0;
      for (const [pid, used] of last) total += used - (atStart.get(pid) ?? 0);
      return total;
    },
  };
}

export const BENCH_PASSWORD = 'secret12';

/**
 * The first of the phone series `+998<nn>` (nn from `from` up to 99) that no
 * member of the database has: a benchmark run on a kept database (BENCH_DB, a
 * month-three one whose members are +99872…, or one a run before used) signs
 * up its own members beside the others.
 */
export async function freePhoneSeries(db, from = 71, skip = []) {
  for (let nn = from; nn <= 99; nn++) {
    const prefix = `+998${nn}`;
    if (skip.includes(prefix)) continue;
    const { rows } = await db.query(`SELECT 1 FROM users WHERE phone LIKE $1 LIMIT 1`, [
      `${prefix}%`,
    ]);
    if (rows.length === 0) return prefix;
  }
  throw new Error('no free phone series +99871… to +99899… left in this database');
}

/** The view a bench's watch of `trailerId` by `memberId` names (opened by openBenchViews). */
export const benchViewId = (memberId, trailerId) =>
  `bv${String(memberId).padStart(9, '0')}t${String(trailerId).padStart(6, '0')}`;

/**
 * A view of every trailer for every member, already played 10 s, written to
 * Redis as the API keeps them (apps/api/src/modules/trailers/trailer-view-keys.ts):
 * a watch names a view whose beats the server counted (issue 38), and the
 * benches measure the watch, not ten seconds of beats.
 */
export async function openBenchViews(redisUrl, memberIds, trailerIds) {
  const Redis = requireApi('ioredis');
  const { viewKey } = requireApi('./dist/modules/trailers/trailer-view-keys.js');
  const redis = new Redis(redisUrl);
  try {
    const pairs = trailerIds.flatMap((t) => memberIds.map((u) => [u, t]));
    for (let from = 0; from < pairs.length; from += 5000) {
      const batch = redis.pipeline();
      for (const [u, t] of pairs.slice(from, from + 5000)) {
        const key = viewKey(benchViewId(u, t));
        batch.hset(key, { u, t, s: 'paused', p: 0, at: 0, played: 10_000 });
        batch.expire(key, 86_400);
      }
      await batch.exec();
    }
  } finally {
    redis.disconnect();
  }
}

/**
 * Level-9 members (phones in the first free series, +99871… on a new
 * database) with a raised daily quota (operators can raise it), trailers
 * with a view each member played already (openBenchViews, in Redis at
 * `redisUrl`), posts in the feed. Their password hash is argon2id at a low
 * cost, so signing hundreds in takes seconds. Returns the members ({id,
 * phone}), the trailer ids and the phone series used.
 */
export async function prepareMembers(
  databaseUrl,
  { members, trailers, posts, redisUrl = process.env.REDIS_URL },
) {
  const argon2 = requireApi('argon2');
  return withDatabase(databaseUrl, async (db) => {
    const cheapHash = await argon2.hash(BENCH_PASSWORD, {
      memoryCost: 1024,
      timeCost: 1,
      parallelism: 1,
    });
    const series = await freePhoneSeries(db);
    await db.query(`UPDATE packages SET daily_trailers = 100000 WHERE vip_level = 9`);
    await db.query(
      `INSERT INTO trailers (title, image_url, trailer_key)
       SELECT jsonb_build_object('en', 'Load ' || g), '/static/trailers/1.svg', 'aqz-KE-bpKQ' FROM generate_series(1, $1) g`,
      [trailers],
    );
    const rows = (
      await db.query(
        `INSERT INTO users (phone, password_hash, vip_level, vip_expire)
         SELECT $3 || lpad(g::text, 7, '0'), $2, 9, now() + interval '30 days'
         FROM generate_series(1, $1) g RETURNING id, phone`,
        [members, cheapHash, series],
      )
    ).rows;
    const trailerIds = (await db.query(`SELECT id FROM trailers ORDER BY id`)).rows
      .map((r) => r.id)
      .slice(-trailers);
    await openBenchViews(
      redisUrl,
      rows.map((r) => r.id),
      trailerIds,
    );
    await db.query(
      `INSERT INTO moments (user_id, text)
       SELECT u.id, 'Load post ' || g FROM generate_series(1, $1) g
       JOIN users u ON u.phone = $3 || lpad((g % $2 + 1)::text, 7, '0')`,
      [posts, members, series],
    );
    return { members: rows, trailerIds, series };
  });
}

/** Runs `work` with a connection of its own to the database at `databaseUrl`, closed after. */
export async function withDatabase(databaseUrl, work) {
  const { Client } = requireApi('pg');
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** Times postOk tries a request the API answered 503 (busy: its password-hash queue), as a client would. */
const BUSY_ATTEMPTS = 10;

/**
 * POSTs JSON (or the /token form) and returns the answer of a 200, else throws. A 503 (the API's
 * password-hash queue is full: PASSWORD_HASH_CONCURRENCY, an overload the
 * product answers on purpose) is tried again after its Retry-After, as a real
 * client does, up to BUSY_ATTEMPTS times.
 */
export async function postOk(baseUrl, path, body, headers = {}) {
  const form = path === '/token';
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
        ...headers,
      },
      body: form ? new URLSearchParams(body) : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const json = await res.json().catch(() => ({}));
    if (res.status === 503 && attempt < BUSY_ATTEMPTS) {
      const seconds = Number(res.headers.get('retry-after'));
      await sleep((Number.isFinite(seconds) && seconds > 0 ? seconds : 1) * 1000);
      continue;
    }
    if (res.status !== 200)
      throw new Error(`POST ${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  }
}

/** The middle value (the upper middle of an even count; NaN of none). */
/**
 * Signs the seeded operator in, then each bench member (BENCH_PASSWORD), four
 * at a time, crediting each `amount` USDT by an operator adjustment so that
 * money calls have something to move. Returns the operator's token and header
 * and the members' access tokens, in `members` order.
 */
export async function signInAndFund(apiUrl, env, members, { amount, reason }) {
  const admin = await postOk(apiUrl, '/token', {
    username: env.ADMIN_PHONE,
    password: env.ADMIN_PASSWORD,
  });
  const adminAuth = { authorization: `Bearer ${admin.access_token}` };
  const tokens = await pool(members, 4, async (m) => {
    const { access_token } = await postOk(apiUrl, '/token', {
      username: m.phone,
      password: BENCH_PASSWORD,
    });
    await postOk(
      apiUrl,
      `/admin/users/${m.id}/adjust`,
      { account: 'money', amount, reason },
      adminAuth,
    );
    return access_token;
  });
  return { adminToken: admin.access_token, adminAuth, tokens };
}

export const median = (values) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** The Node this process (and the processes it starts) runs, with its NODE_OPTIONS and the API's own flags. */
export const nodeRuntime = () =>
  [
    process.versions.node,
    process.env.NODE_OPTIONS,
    process.env.API_NODE_OPTIONS && `(API process: ${process.env.API_NODE_OPTIONS})`,
  ]
    .filter(Boolean)
    .join(' ');

/**
 * The arguments that start the API as its image does: the image's API-only
 * flags (API_NODE_OPTIONS, its heap cap; scripts/lib/bench.sh exports them)
 * before `script`.
 */
export const apiArgs = (...script) => [
  ...(process.env.API_NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean),
  ...(script.length ? script : ['apps/api/dist/main.js']),
];

/** Report columns: text padded to a width, left- or right-aligned. */
export const pad = (text, width) => String(text).padEnd(width);
export const lpad = (text, width) => String(text).padStart(width);

/**
 * Prints each `[goal, value, ok, label?]` check as a PASS or FAIL row (or its
 * label, e.g. FINDING for a known fault that does not fail the run yet); true
 * when all pass.
 */
export function reportChecks(checks, goalWidth, valueWidth) {
  for (const [goal, value, ok, label] of checks)
    console.log(
      `  ${pad(goal, goalWidth)}${pad(value, valueWidth)}${label ?? (ok ? 'PASS' : 'FAIL')}`,
    );
  return checks.every(([, , ok]) => ok);
}

/**
 * What an answer was, for the fault benches: ok (2xx), the 4xx status,
 * '503' (with Retry-After: a clean "come back later"), '503 no Retry-After',
 * '5xx' (any other server error: a bug).
 */
export function answerKind(res) {
  if (res.status < 300) return 'ok';
  if (res.status === 503) return res.headers.get('retry-after') ? '503' : '503 no Retry-After';
  return res.status >= 500 ? '5xx' : String(res.status);
}

/** What a request that got no answer was: 'timeout' (past its signal's time) or 'connection'. */
export const noAnswerKind = (error) => (error?.name === 'TimeoutError' ? 'timeout' : 'connection');

/**
 * Until every API at `apiUrls` is ready and answers GET /users/me for
 * `token`, polled every 100 ms; false after `timeoutS` seconds.
 */
export async function apisAnswer(apiUrls, token, timeoutS) {
  const until = Date.now() + timeoutS * 1000;
  while (Date.now() < until) {
    const ok = await Promise.all(
      apiUrls.map(async (url) => {
        try {
          const opts = { signal: AbortSignal.timeout(2000) };
          const ready = await fetch(`${url}/health/ready`, opts);
          if (!ready.ok) return false;
          const me = await fetch(`${url}/users/me`, {
            ...opts,
            headers: { authorization: `Bearer ${token}` },
          });
          return me.ok;
        } catch {
          return false;
        }
      }),
    );
    if (ok.every(Boolean)) return true;
    await sleep(100);
  }
  return false;
}
