// Runs by scripts/bench/faults.sh, which starts the bench's own PostgreSQL and
// Redis and prepares the environment (BENCH_FAULTS_PG_STOP/START and
// BENCH_FAULTS_REDIS_STOP/START restart them). Starts two APIs and two
// workers, prepares members, applies a mixed member load to both APIs (a
// closed loop of BENCH_FAULTS_CONNECTIONS requests in flight, every answer
// classified and timed), and injects the faults one after another. Every wait
// is bounded and every child is stopped at the end, also on an error.
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { clearTimeout, setTimeout } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  answerKind,
  apisAnswer,
  lpad,
  noAnswerKind,
  nodeRuntime,
  outDir,
  pad,
  benchViewId,
  prepareMembers,
  processes,
  reportChecks,
  requireApi,
  signInAndFund,
  waitReady,
  apiArgs,
} from './lib.mjs';

const { AbortSignal } = globalThis;
const env = process.env;
const CONNECTIONS = Number(env.BENCH_FAULTS_CONNECTIONS ?? 40);
const STEADY = Number(env.BENCH_FAULTS_STEADY_SECONDS ?? 10);
const DOWN = Number(env.BENCH_FAULTS_DOWN_SECONDS ?? 5);
const RECOVERY_GOAL = Number(env.BENCH_FAULTS_RECOVERY_GOAL ?? 30);
const TIMEOUT_MS = Number(env.BENCH_FAULTS_TIMEOUT_MS ?? 5000);
const API_PORTS = (env.BENCH_FAULTS_API_PORTS ?? '3510,3511').split(',').map(Number);
const WORKER_PORTS = [3520, 3521];
const MEMBERS = 200;
const TRAILERS = 60;
const apiUrls = API_PORTS.map((port) => `http://127.0.0.1:${port}`);
// Mostly reads, a watch (a ledger write) one request in ten.
const ROUTES = [
  ['me', 40],
  ['trailers', 17],
  ['records', 17],
  ['moments', 16],
  ['watch', 10],
];

const procs = processes('faults');
let stopping = false;
async function finish(code, message) {
  stopping = true;
  if (message) {
    console.error(`bench: ${message}`);
    for (const log of procs.logs()) console.error(`  (output: ${log})`);
  }
  await procs.stopAll();
  process.exit(code);
}
const deadline = setTimeout(
  () => finish(2, 'took too long, stopped'),
  (300 + 6 * STEADY + 4 * (DOWN + RECOVERY_GOAL)) * 1000,
);
deadline.unref();
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => finish(130));
// Anything unexpected is an error of the bench (2), never a failed goal (1).
process.on('uncaughtException', (error) => finish(2, error.stack ?? String(error)));
process.on('unhandledRejection', (error) => finish(2, error?.stack ?? String(error)));

const apis = [];
const workers = [];
function startApi(i) {
  apis[i] = procs.start(`api${i + 1}`, apiArgs(), {
    API_PORT: String(API_PORTS[i]),
    API_HOST: '127.0.0.1',
  });
}
function startWorker(i) {
  workers[i] = procs.start(`worker${i + 1}`, ['apps/api/dist/worker.js'], {
    WORKER_METRICS_PORT: String(WORKER_PORTS[i]),
    API_HOST: '127.0.0.1',
  });
}
const sh = (command) =>
  execSync(command, { stdio: ['ignore', 'ignore', 'pipe'], timeout: 90_000, shell: '/bin/bash' });

try {
  for (const i of [0, 1]) {
    startApi(i);
    startWorker(i);
  }
  for (const i of [0, 1]) {
    if (!(await waitReady(`${apiUrls[i]}/health/ready`, { child: apis[i] })))
      await finish(2, `API ${i + 1} was not ready within 60 s`);
    if (!(await waitReady(`http://127.0.0.1:${WORKER_PORTS[i]}/metrics`, { child: workers[i] })))
      await finish(2, `worker ${i + 1} was not ready within 60 s`);
  }

  console.log(`bench: preparing ${MEMBERS} members, ${TRAILERS} trailers`);
  const { members, trailerIds } = await prepareMembers(env.DATABASE_URL, {
    members: MEMBERS,
    trailers: TRAILERS,
    posts: 100,
  });
  const { adminAuth, tokens } = await signInAndFund(apiUrls[0], env, members, {
    amount: 10,
    reason: 'faults bench',
  });
  const pairs = [];
  for (const trailer of trailerIds)
    for (let m = 0; m < members.length; m++) pairs.push([m, trailer]);

  // The load: every answer is classified as ok, 4xx, 503, other 5xx, timeout
  // (no answer within TIMEOUT_MS) or connection error, with its time.
  const events = [];
  const watches = { ok: 0, unknown: 0 };
  let nextPair = 0;
  let n = 0;
  const weightSum = ROUTES.reduce((s, [, w]) => s + w, 0);
  const pickRoute = (k) => {
    let x = k % weightSum;
    for (const [name, w] of ROUTES) if ((x -= w) < 0) return name;
    return 'me';
  };
  async function one() {
    const k = n++;
    const route = pickRoute((k * 7919) % 100_003);
    const base = apiUrls[k % apiUrls.length];
    const token = tokens[k % tokens.length];
    let path = { me: '/users/me', trailers: '/trailers', records: '/balance', moments: '/moments' }[
      route
    ];
    let method = 'GET';
    let auth = token;
    let body;
    if (route === 'watch') {
      if (nextPair >= pairs.length) return one();
      const [m, trailer] = pairs[nextPair++];
      path = `/trailers/${trailer}/watch`;
      method = 'POST';
      auth = tokens[m];
      body = JSON.stringify({ view_id: benchViewId(members[m].id, trailer) });
    }
    const started = Date.now();
    let kind;
    try {
      const res = await fetch(base + path, {
        method,
        headers: {
          authorization: `Bearer ${auth}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await res.arrayBuffer();
      kind = answerKind(res);
    } catch (error) {
      kind = noAnswerKind(error);
    }
    events.push({ t: started, ms: Date.now() - started, kind, route });
    if (route === 'watch') {
      if (kind === 'ok') watches.ok++;
      // No answer or a 5xx: the watch may or may not have committed.
      else if (!/^4/.test(kind)) watches.unknown++;
    }
    // A client backs off a moment after a failure instead of spinning.
    if (kind !== 'ok') await sleep(50);
  }
  let loadDone = false;
  const loops = Array.from({ length: CONNECTIONS }, async () => {
    while (!stopping && !loadDone) await one();
  });

  /** Until every API is ready and answers a real request, polled every 100 ms. */
  const recovered = (timeoutS) => apisAnswer(apiUrls, tokens[0], timeoutS);

  /** Stops a service with BENCH_FAULTS_<SERVICE>_STOP, keeps it down DOWN seconds, starts it again. */
  const restart = (service) => async () => {
    sh(env[`BENCH_FAULTS_${service}_STOP`]);
    await sleep(DOWN * 1000);
    sh(env[`BENCH_FAULTS_${service}_START`]);
  };

  const FAULTS = [
    { name: 'restart PostgreSQL', act: restart('PG'), noHang: true },
    { name: 'restart Redis', act: restart('REDIS'), noHang: true },
    {
      name: 'SIGKILL a worker',
      act: async () => {
        workers[0].kill('SIGKILL');
        await workers[0].exited;
        startWorker(0);
      },
      // Back when the new worker answers its /metrics (its queues are open by then).
      ready: (timeoutS) =>
        waitReady(`http://127.0.0.1:${WORKER_PORTS[0]}/metrics`, {
          child: workers[0],
          timeoutMs: timeoutS * 1000,
        }),
    },
    {
      name: 'SIGKILL an API',
      act: async () => {
        apis[0].kill('SIGKILL');
        await apis[0].exited;
        startApi(0);
      },
    },
  ];

  console.log(
    `bench: mixed load, ${CONNECTIONS} requests in flight over ${apiUrls.length} APIs; ` +
      `${STEADY} s steady, then each fault (PostgreSQL and Redis down ${DOWN} s) and ${STEADY} s after`,
  );
  const loadStarted = Date.now();
  await sleep(STEADY * 1000);
  const results = [];
  for (const fault of FAULTS) {
    const t0 = Date.now();
    await fault.act();
    const back = Date.now();
    const ok = (await (fault.ready?.(RECOVERY_GOAL) ?? true)) && (await recovered(RECOVERY_GOAL));
    const t1 = Date.now();
    // Answers to requests sent during the fault, up to a second after recovery.
    await sleep(Math.min(TIMEOUT_MS + 500, STEADY * 1000));
    // Requests answered (or given up) after the fault began and sent before recovery + 1 s.
    const during = events.filter((e) => e.t + e.ms >= t0 && e.t <= t1 + 1000);
    const counts = {};
    for (const e of during) counts[e.kind] = (counts[e.kind] ?? 0) + 1;
    const slowest = Math.max(0, ...during.filter((e) => e.kind !== 'timeout').map((e) => e.ms));
    const result = {
      name: fault.name,
      faultSeconds: (back - t0) / 1000,
      recoverSeconds: ok ? (t1 - back) / 1000 : null,
      totalSeconds: ok ? (t1 - t0) / 1000 : null,
      requests: during.length,
      counts,
      slowestAnswerMs: slowest,
      noHang: fault.noHang ?? false,
    };
    results.push(result);
    console.log(
      `  ${fault.name}: back after ${result.totalSeconds?.toFixed(1) ?? 'never'} s ` +
        `(${result.faultSeconds.toFixed(1)} s fault + ${result.recoverSeconds?.toFixed(1) ?? '-'} s to recover); ` +
        `${JSON.stringify(counts)}`,
    );
    await sleep(Math.max(0, STEADY * 1000 - (Date.now() - t1)));
  }
  loadDone = true;
  await Promise.race([Promise.all(loops), sleep(TIMEOUT_MS + 2000)]);
  const loadSeconds = (Date.now() - loadStarted) / 1000;
  // Jobs a restart left behind get their turn before the counts.
  await sleep(2000);

  // Nothing lost or done twice.
  const ledgerRes = await fetch(`${apiUrls[0]}/admin/reports/ledger`, {
    headers: adminAuth,
    signal: AbortSignal.timeout(30_000),
  });
  const ledger = await ledgerRes.json().catch(() => ({}));
  const { Client } = requireApi('pg');
  const db = new Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  const q = async (sql) => Number((await db.query(sql)).rows[0].n);
  const stored = await q(
    `SELECT count(*) AS n FROM trailer_watches w JOIN users u ON u.id = w.user_id WHERE u.phone LIKE '+99871%'`,
  );
  const rewards = await q(
    `SELECT count(*) AS n FROM ledger_transactions t JOIN users u ON u.id = t.user_id
     WHERE t.kind = 'reward' AND u.phone LIKE '+99871%'`,
  );
  const rewardedWatches = await q(
    `SELECT count(*) AS n FROM trailer_watches w JOIN users u ON u.id = w.user_id
     WHERE u.phone LIKE '+99871%' AND w.reward_micro > 0`,
  );
  await db.end();
  const Redis = requireApi('ioredis');
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  await redis.connect();
  let failedJobs = 0;
  for (const key of await redis.keys('bull:*:failed')) failedJobs += await redis.zcard(key);
  redis.disconnect();
  const alive = [...apis, ...workers].every((c) => c.exitCode === null && !c.signalCode);
  clearTimeout(deadline);
  await procs.stopAll();

  const total = {};
  for (const e of events) total[e.kind] = (total[e.kind] ?? 0) + 1;
  console.log('');
  console.log(
    `Fault benchmark: ${CONNECTIONS} requests in flight over ${apiUrls.length} APIs and 2 workers, ` +
      `${loadSeconds.toFixed(0)} s of load, ${events.length} requests ` +
      `(${(events.length / loadSeconds).toFixed(0)} req/s); the bench shares the 2 cores; ` +
      `APIs and workers on Node ${nodeRuntime()}`,
  );
  console.log(
    `  ${pad('fault', 22)}${lpad('fault s', 8)}${lpad('recover', 9)}${lpad('requests', 9)}` +
      `${lpad('503', 6)}${lpad('5xx', 6)}${lpad('timeout', 8)}${lpad('conn', 6)}${lpad('slowest', 9)}`,
  );
  for (const r of results)
    console.log(
      `  ${pad(r.name, 22)}${lpad(r.faultSeconds.toFixed(1), 8)}` +
        `${lpad(r.recoverSeconds === null ? 'never' : `${r.recoverSeconds.toFixed(1)} s`, 9)}` +
        `${lpad(r.requests, 9)}${lpad((r.counts['503'] ?? 0) + (r.counts['503 no Retry-After'] ?? 0), 6)}` +
        `${lpad(r.counts['5xx'] ?? 0, 6)}${lpad(r.counts.timeout ?? 0, 8)}` +
        `${lpad(r.counts.connection ?? 0, 6)}${lpad(`${r.slowestAnswerMs} ms`, 9)}`,
    );
  console.log(`  all requests by kind: ${JSON.stringify(total)}`);
  console.log(
    `  watches: ${watches.ok} acknowledged 200, ${watches.unknown} without a clear answer, ` +
      `${stored} stored, ${rewards} reward transactions for ${rewardedWatches} paying watches`,
  );
  console.log(
    `  load average at the end (1, 5 min): ${loadavg()
      .slice(0, 2)
      .map((l) => l.toFixed(1))
      .join(', ')}`,
  );
  console.log('');

  const checks = [];
  for (const r of results) {
    checks.push([
      `${r.name}: recovered within ${RECOVERY_GOAL} s`,
      r.recoverSeconds === null ? 'never' : `${r.recoverSeconds.toFixed(1)} s`,
      r.recoverSeconds !== null,
    ]);
    if (r.noHang) {
      const hung =
        (r.counts.timeout ?? 0) + (r.counts['503 no Retry-After'] ?? 0) + (r.counts['5xx'] ?? 0);
      checks.push([
        `${r.name}: only 503 + Retry-After, no hang`,
        `${hung} other failures`,
        hung === 0,
      ]);
    }
  }
  checks.push([
    'ledger balanced and consistent after',
    ledger.balanced && ledger.consistent ? 'yes' : JSON.stringify(ledger).slice(0, 60),
    ledger.balanced === true && ledger.consistent === true,
  ]);
  checks.push([
    'every acknowledged watch stored (none lost)',
    `${stored} >= ${watches.ok}`,
    stored >= watches.ok,
  ]);
  checks.push([
    'no watch stored without a request for it',
    `${stored} <= ${watches.ok} + ${watches.unknown}`,
    stored <= watches.ok + watches.unknown,
  ]);
  checks.push([
    'each paying watch paid exactly once',
    `${rewards} = ${rewardedWatches}`,
    rewards === rewardedWatches,
  ]);
  checks.push(['no failed background job (BullMQ)', `${failedJobs}`, failedJobs === 0]);
  checks.push(['every API and worker running at the end', alive ? 'yes' : 'no', alive]);
  const pass = reportChecks(checks, 54, 24);
  writeFileSync(
    `${outDir}/faults.json`,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        connections: CONNECTIONS,
        steadySeconds: STEADY,
        downSeconds: DOWN,
        loadSeconds,
        requests: events.length,
        total,
        faults: results,
        watches: { ...watches, stored, rewards, rewardedWatches },
        failedJobs,
        ledger,
        pass,
      },
      null,
      2,
    ) + '\n',
  );
  process.exit(pass ? 0 : 1);
} catch (error) {
  await finish(2, error.stack ?? String(error));
}
