// Runs by scripts/bench/chaos.sh, which starts the bench's own PostgreSQL
// (BENCH_CHAOS_PG_STOP/START restart it), migrates and seeds it. This script
// starts the rest: a Redis master, its replica and a Sentinel; in this
// process the local TRON node, an SMTP server, an S3 stand-in and a TCP proxy
// between the APIs and PostgreSQL; then 2 APIs and 2 workers reaching Redis
// through the Sentinel. Under a mixed member load it injects a seeded random
// schedule of faults, alone and overlapping, checks the money invariants
// every CHECK_EVERY_S seconds and once more after the faults are healed and
// the backlog drained, and prints per fault kind how many, recovery p50/p99
// and failed requests, then PASS/FAIL per invariant. Every wait is bounded
// and every child is stopped at the end, also on an error.
import { execSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, connect } from 'node:net';
import { loadavg } from 'node:os';
import { clearTimeout, setTimeout } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  answerKind,
  apisAnswer,
  benchViewId,
  BENCH_PASSWORD,
  lpad,
  noAnswerKind,
  nodeRuntime,
  outDir,
  pad,
  pool,
  postOk,
  prepareMembers,
  processes,
  reportChecks,
  requireApi,
  signInAndFund,
  waitReady,
  apiArgs,
} from './lib.mjs';

const { AbortSignal, FormData, Blob } = globalThis;
const env = process.env;
const MINUTES = Number(env.BENCH_CHAOS_MINUTES ?? 10);
const SEED_TEXT = String(env.BENCH_CHAOS_SEED ?? Date.now());
const CONNECTIONS = Number(env.BENCH_CHAOS_CONNECTIONS ?? 12);
const BASE = Number(env.BENCH_CHAOS_PORT_BASE ?? 5600);
const DIR = env.BENCH_CHAOS_DIR;
if (!(MINUTES > 0) || !DIR) {
  console.error('bench: run it through scripts/bench/chaos.sh (BENCH_CHAOS_MINUTES > 0)');
  process.exit(2);
}
/** A request without an answer after this long has hung (the longest a dependency may take). */
const TIMEOUT_MS = 20_000;
/** The time a fault's effects may take to clear once it is healed. */
const RECOVERY_LIMIT_S = 60;
/**
 * After the load the backlog drains: it may take as long as it keeps going down (a backlog of
 * ten minutes' withdrawals settles at the hot wallet's pace), but not DRAIN_STALL_S without
 * progress (something stuck) nor longer than the load itself.
 */
const DRAIN_STALL_S = 120;
const CHECK_EVERY_S = 20;
/** The production default: a polite stop must end within it, with exit code 0. */
const SHUTDOWN_GRACE_MS = 10_000;
const MEMBERS = 150;
const TRAILERS = 60;
const RESET_MEMBERS = 40;
const PORTS = {
  pg: BASE,
  pgProxy: BASE + 1,
  redis: [BASE + 2, BASE + 3],
  sentinel: BASE + 4,
  api: [BASE + 5, BASE + 6],
  worker: [BASE + 7, BASE + 8],
  tron: BASE + 9,
  smtp: BASE + 10,
  s3: BASE + 11,
};
const apiUrls = PORTS.api.map((port) => `http://127.0.0.1:${port}`);
const SENTINEL_NAME = 'chaos';

// ---------------------------------------------------------------------------
// The seeded randomness: the schedule and the load's choices replay with the seed.

function seededRandom(text) {
  let a = createHash('sha256').update(text).digest().readUInt32LE(0);
  return () => {
    // mulberry32
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const scheduleRandom = seededRandom(`${SEED_TEXT}/schedule`);
const loadRandom = seededRandom(`${SEED_TEXT}/load`);
const between = (random, lo, hi) => lo + random() * (hi - lo);
const pickWeighted = (random, items) => {
  let x = random() * items.reduce((s, i) => s + i.weight, 0);
  for (const item of items) if ((x -= item.weight) < 0) return item;
  return items.at(-1);
};

// ---------------------------------------------------------------------------
// Lifecycle: children, in-process servers, a bounded run.

const procs = processes('chaos');
const closers = [];
let stopping = false;
async function finish(code, message) {
  stopping = true;
  if (message) {
    console.error(`bench: ${message}`);
    for (const log of procs.logs()) console.error(`  (output: ${log})`);
  }
  await procs.stopAll();
  for (const close of closers.reverse()) await close().catch(() => undefined);
  process.exit(code);
}
const LOAD_S = Math.round(MINUTES * 60);
const deadline = setTimeout(
  () => finish(2, 'took too long, stopped'),
  (240 + LOAD_S + RECOVERY_LIMIT_S + Math.max(LOAD_S, DRAIN_STALL_S)) * 1000,
);
deadline.unref();
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => finish(130));
process.on('uncaughtException', (error) => finish(2, error.stack ?? String(error)));
process.on('unhandledRejection', (error) => finish(2, error?.stack ?? String(error)));
const sh = (command) =>
  execSync(command, { stdio: ['ignore', 'ignore', 'pipe'], timeout: 90_000, shell: '/bin/bash' });
const since = (t) => (Date.now() - t) / 1000;

// ---------------------------------------------------------------------------
// Redis: a master, its replica and one Sentinel (quorum 1), as the Sentinel spec starts them.

const Redis = requireApi('ioredis');
const redisArgs = (port, replicaOf) => [
  '--bind',
  '127.0.0.1',
  '--port',
  String(port),
  '--save',
  '',
  '--appendonly',
  'no',
  '--dir',
  DIR,
  ...(replicaOf ? ['--replicaof', '127.0.0.1', String(replicaOf)] : []),
];
const redisChildren = new Map();
function startRedis(port, replicaOf) {
  redisChildren.set(
    port,
    procs.start(`redis-${port}`, redisArgs(port, replicaOf), {}, 'redis-server'),
  );
}
const sentinelConf = `${DIR}/sentinel.conf`;
writeFileSync(
  sentinelConf,
  [
    `port ${PORTS.sentinel}`,
    'bind 127.0.0.1',
    `dir ${DIR}`,
    `sentinel monitor ${SENTINEL_NAME} 127.0.0.1 ${PORTS.redis[0]} 1`,
    `sentinel down-after-milliseconds ${SENTINEL_NAME} 1000`,
    `sentinel failover-timeout ${SENTINEL_NAME} 10000`,
    '',
  ].join('\n'),
);
startRedis(PORTS.redis[0]);
startRedis(PORTS.redis[1], PORTS.redis[0]);
procs.start('sentinel', [sentinelConf, '--sentinel'], {}, 'redis-server');
const sentinel = new Redis({ port: PORTS.sentinel, lazyConnect: true, maxRetriesPerRequest: 1 });
sentinel.on('error', () => undefined);
closers.push(async () => sentinel.disconnect());
const redisMaster = async () =>
  Number((await sentinel.call('SENTINEL', 'get-master-addr-by-name', SENTINEL_NAME))[1]);

// ---------------------------------------------------------------------------
// The TRON node (blocks every second), in this process: its faults are set directly.

const { TronNode, loadOptions, createDevWallet } = requireApi('@app/tron-node');
const { labelAddress, hexToBase58, base58ToHex } = requireApi('@app/tron-node/dist/codec');
const { deriveTronAddress } = requireApi('@app/domain');
const wallet = createDevWallet(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);
const tron = new TronNode(
  loadOptions({}, { host: '127.0.0.1', port: PORTS.tron, blockIntervalMs: 1000, solidLag: 2 }),
);
const tronUrl = await tron.listen();
closers.push(() => tron.close());
async function tronControl(path, body = {}) {
  const res = await fetch(`${tronUrl}/_stub/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`tron control ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
const usdtOnChain = (hex) => tron.chain.view().tokenBalance(tron.options.usdtContract, hex);

// ---------------------------------------------------------------------------
// SMTP: keeps every mail; refuses or hangs while a fault says so.

const { SMTPServer } = requireApi('smtp-server');
const { simpleParser } = requireApi('mailparser');
const mails = [];
const smtpState = { mode: 'ok', held: [] };
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onConnect(session, callback) {
    if (smtpState.mode === 'refuse') {
      const error = new Error('Service not available, try later');
      error.responseCode = 421;
      return callback(error);
    }
    // Hanging: the greeting never comes (until the fault is healed: then 421).
    if (smtpState.mode === 'hang') return smtpState.held.push(callback);
    callback();
  },
  onData(stream, session, done) {
    simpleParser(stream)
      .then((parsed) => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: parsed.messageId ?? '',
          text: parsed.text ?? '',
          at: Date.now(),
        });
        done();
      })
      .catch(done);
  },
});
smtp.on('error', () => undefined);
await new Promise((resolve) => smtp.listen(PORTS.smtp, '127.0.0.1', resolve));
closers.push(() => new Promise((resolve) => smtp.close(resolve)));
function setSmtp(mode) {
  smtpState.mode = mode;
  if (mode === 'ok') {
    for (const callback of smtpState.held.splice(0)) {
      const error = new Error('Service not available, try later');
      error.responseCode = 421;
      callback(error);
    }
  }
}

// ---------------------------------------------------------------------------
// S3 stand-in: objects in memory; writes fail (500 or 503) while a fault says so.

const BUCKET = 'chaos';
const objects = new Map();
const s3State = { failWrites: 0 };
/** A body sent with aws-chunked encoding, decoded; any other body as it came. */
function s3Body(req, raw) {
  if (!String(req.headers['content-encoding'] ?? '').includes('aws-chunked')) return raw;
  const parts = [];
  let at = 0;
  for (;;) {
    const eol = raw.indexOf('\r\n', at);
    const size = parseInt(raw.subarray(at, eol).toString().split(';')[0], 16);
    if (!size) break;
    parts.push(raw.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
const s3 = createHttpServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const url = new URL(req.url, 'http://s3');
    const key = decodeURIComponent(url.pathname.slice(`/${BUCKET}/`.length));
    const write = req.method === 'PUT' || req.method === 'DELETE';
    if (write && s3State.failWrites) {
      const code = s3State.failWrites === 503 ? 'SlowDown' : 'InternalError';
      res.writeHead(s3State.failWrites, { 'content-type': 'application/xml' });
      return res.end(`<Error><Code>${code}</Code><Message>chaos</Message></Error>`);
    }
    if (req.method === 'PUT') {
      objects.set(key, s3Body(req, Buffer.concat(chunks)));
      res.writeHead(200, { etag: `"${randomUUID()}"` });
      return res.end();
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      return res.end();
    }
    const body = objects.get(key);
    if (!body) {
      res.writeHead(404, { 'content-type': 'application/xml' });
      return res.end('<Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
    }
    res.writeHead(200, { 'content-length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
});
await new Promise((resolve) => s3.listen(PORTS.s3, '127.0.0.1', resolve));
closers.push(async () => {
  s3.closeAllConnections();
  s3.close();
});

// ---------------------------------------------------------------------------
// The database's network: a TCP proxy that can hold every chunk a while.

const proxyState = { delayMs: 0 };
const proxySockets = new Set();
const pgProxy = createTcpServer((client) => {
  const server = connect(PORTS.pg, '127.0.0.1');
  for (const s of [client, server]) {
    proxySockets.add(s);
    s.on('close', () => proxySockets.delete(s));
    s.on('error', () => undefined);
  }
  const pipe = (from, to) => {
    let lastDue = 0;
    from.on('data', (chunk) => {
      if (!proxyState.delayMs && lastDue <= Date.now()) return void to.write(chunk);
      // Every chunk keeps its order: it leaves no earlier than the one before.
      const due = Math.max(Date.now() + proxyState.delayMs, lastDue);
      lastDue = due;
      setTimeout(() => !to.destroyed && to.write(chunk), due - Date.now());
    });
    from.on('close', () => setTimeout(() => to.destroy(), Math.max(0, lastDue - Date.now())));
  };
  pipe(client, server);
  pipe(server, client);
});
await new Promise((resolve) => pgProxy.listen(PORTS.pgProxy, '127.0.0.1', resolve));
closers.push(async () => {
  for (const s of proxySockets) s.destroy();
  pgProxy.close();
});

// ---------------------------------------------------------------------------
// The APIs and workers.

const dbUrl = new URL(env.DATABASE_URL);
const proxiedDbUrl = new URL(env.DATABASE_URL);
proxiedDbUrl.port = String(PORTS.pgProxy);
const appEnv = {
  DATABASE_URL: proxiedDbUrl.href,
  REDIS_URL: `redis://127.0.0.1:${PORTS.redis[0]}/0`,
  REDIS_SENTINELS: `127.0.0.1:${PORTS.sentinel}`,
  REDIS_SENTINEL_NAME: SENTINEL_NAME,
  API_HOST: '127.0.0.1',
  SHUTDOWN_GRACE_MS: String(SHUTDOWN_GRACE_MS),
  TRON_FULL_NODE_URL: tronUrl,
  TRON_DEPOSIT_XPUB: wallet.depositXpub,
  TRON_HOT_WALLET_PRIVATE_KEY: wallet.hotWalletPrivateKey,
  TRON_MIN_CONFIRMATIONS: '1',
  TRON_SCAN_INTERVAL_MS: '500',
  TRON_SETTLE_INTERVAL_MS: '1000',
  TRON_REQUEST_TIMEOUT_MS: '3000',
  SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}`,
  MAIL_FROM: 'Chaos <no-reply@chaos.test>',
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: `http://127.0.0.1:${PORTS.s3}`,
  S3_FORCE_PATH_STYLE: 'true',
  S3_ACCESS_KEY_ID: 'chaos',
  S3_SECRET_ACCESS_KEY: 'chaos-secret',
  // The bench's setup credits every member from the admin (signInAndFund), and the admin and
  // the finance operator approve every card deposit: with the rule on, neither may approve
  // those members' withdrawals for a day, and none would ever settle. A club's operators are
  // not its funders; the rule has its own tests (test/cross-cutting/no-single-person.spec.ts).
  CREDITOR_WITHDRAWAL_APPROVAL_HOURS: '0',
};
/** Each process: its child, whether the bench stopped it on purpose, how it ended. */
const nodes = {};
const unexpectedExits = [];
function startNode(name) {
  const api = name.startsWith('api');
  const i = Number(name.at(-1)) - 1;
  const child = procs.start(
    name,
    api ? apiArgs() : ['apps/api/dist/worker.js'],
    api
      ? { ...appEnv, API_PORT: String(PORTS.api[i]) }
      : { ...appEnv, WORKER_METRICS_PORT: String(PORTS.worker[i]) },
  );
  // down: no load sent to it (stopped, or not ready yet); stopped: the bench ended it on purpose.
  const node = { name, child, down: false, stopped: false, readyUrl: '' };
  node.readyUrl = api
    ? `${apiUrls[i]}/health/ready`
    : `http://127.0.0.1:${PORTS.worker[i]}/metrics`;
  child.exited.then((how) => {
    // A process that dies during its start counts too (not only as a recovery not reached).
    if (!node.stopped && !stopping) unexpectedExits.push(`${name} ended (${how})`);
  });
  nodes[name] = node;
  return node;
}
const NODE_NAMES = ['api1', 'api2', 'worker1', 'worker2'];

try {
  // Sentinel sees its replica, the replica its master.
  const redisUntil = Date.now() + 30_000;
  for (;;) {
    try {
      if (sentinel.status !== 'ready' && sentinel.status !== 'connecting') await sentinel.connect();
      const replicas = await sentinel.call('SENTINEL', 'replicas', SENTINEL_NAME);
      if ((await redisMaster()) === PORTS.redis[0] && replicas.length === 1) break;
    } catch {
      // not up yet
    }
    if (Date.now() > redisUntil) await finish(2, 'Redis Sentinel was not ready within 30 s');
    await sleep(250);
  }

  // The hot wallet: USDT to send, TRX and energy to send it with.
  await tronControl('account', {
    address: wallet.hotWalletAddress,
    trx: String(1_000_000n * 1_000_000n),
    energy: 1_000_000_000,
  });
  await tronControl('usdt/transfer', {
    to: wallet.hotWalletAddress,
    amount: String(1_000_000n * 1_000_000n),
  });

  for (const name of NODE_NAMES) startNode(name);
  for (const name of NODE_NAMES) {
    if (!(await waitReady(nodes[name].readyUrl, { child: nodes[name].child })))
      await finish(2, `${name} was not ready within 60 s`);
  }

  console.log(
    `bench: preparing ${MEMBERS} members, ${RESET_MEMBERS} with a mailbox, ${TRAILERS} trailers`,
  );
  const { members, trailerIds } = await prepareMembers(dbUrl.href, {
    members: MEMBERS,
    trailers: TRAILERS,
    posts: 50,
    redisUrl: `redis://127.0.0.1:${PORTS.redis[0]}/0`,
  });
  const { Client, Pool } = requireApi('pg');
  const db = new Client({ connectionString: dbUrl.href });
  await db.connect();
  // Members who only ask for reset codes (a reset would end the load's logins).
  const resetMails = (
    await db.query(
      `INSERT INTO users (phone, password_hash, mail)
       SELECT '+99873' || lpad(g::text, 7, '0'), 'x', 'reset' || g || '@chaos.test'
       FROM generate_series(1, $1) g RETURNING phone, mail`,
      [RESET_MEMBERS],
    )
  ).rows;
  // The second operator of the four-eyes approvals: finance, the bench members' password.
  const [finance] = (
    await db.query(
      `INSERT INTO users (phone, password_hash)
       SELECT '+998740000001', password_hash FROM users WHERE id = $1 RETURNING id, phone`,
      [members[0].id],
    )
  ).rows;
  // An update, so that the APIs hear of the role (LISTEN/NOTIFY) as from the console.
  await db.query(`UPDATE users SET role = 'finance' WHERE id = $1`, [finance.id]);
  await db.end();

  const { adminToken, adminAuth, tokens } = await signInAndFund(apiUrls[0], env, members, {
    amount: 100,
    reason: 'chaos bench',
  });
  const financeToken = (
    await postOk(apiUrls[0], '/token', { username: finance.phone, password: BENCH_PASSWORD })
  ).access_token;
  // A card, so that card deposits are taken.
  {
    const get = await fetch(`${apiUrls[0]}/admin/settings`, { headers: adminAuth });
    const settings = await get.json();
    const put = await fetch(`${apiUrls[0]}/admin/settings`, {
      method: 'PUT',
      headers: { ...adminAuth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...settings, card: '8600 4444 5555 6666' }),
    });
    if (!put.ok) await finish(2, `PUT /admin/settings: ${put.status} ${await put.text()}`);
  }
  const sharp = requireApi('sharp');
  const photo = await sharp({
    create: { width: 48, height: 48, channels: 3, background: '#336699' },
  })
    .jpeg()
    .toBuffer();

  // -------------------------------------------------------------------------
  // The schedule, printed before anything happens.

  const FAULT_KINDS = [
    { kind: 'SIGKILL API', weight: 2, targets: ['api1', 'api2'], down: [1, 6] },
    { kind: 'SIGTERM API', weight: 2, targets: ['api1', 'api2'], down: [1, 6] },
    { kind: 'SIGKILL worker', weight: 2, targets: ['worker1', 'worker2'], down: [1, 6] },
    { kind: 'SIGTERM worker', weight: 2, targets: ['worker1', 'worker2'], down: [1, 6] },
    { kind: 'PostgreSQL restart', weight: 1.5, targets: ['pg'], down: [1, 5] },
    { kind: 'Redis failover', weight: 1, targets: ['redis'], down: [0, 0] },
    { kind: 'Redis master killed', weight: 1, targets: ['redis'], down: [2, 8] },
    { kind: 'TRON 429', weight: 1, targets: ['tron'], down: [3, 12] },
    { kind: 'TRON 503', weight: 1, targets: ['tron'], down: [3, 12] },
    { kind: 'TRON hangs', weight: 1, targets: ['tron'], down: [3, 12] },
    { kind: 'TRON lags', weight: 1, targets: ['tron'], down: [5, 15] },
    { kind: 'TRON drops a broadcast', weight: 1, targets: ['broadcast'], down: [0, 0] },
    { kind: 'SMTP refuses', weight: 1, targets: ['smtp'], down: [3, 15] },
    { kind: 'SMTP hangs', weight: 1, targets: ['smtp'], down: [3, 15] },
    { kind: 'storage writes fail', weight: 1.5, targets: ['storage'], down: [3, 12] },
    { kind: 'database delay', weight: 1.5, targets: ['db-net'], down: [3, 12] },
  ];
  const schedule = [];
  {
    const busy = {};
    const last = Math.max(6, LOAD_S - 15);
    for (let at = between(scheduleRandom, 4, 8); at < last; at += between(scheduleRandom, 3, 14)) {
      for (let attempt = 0; attempt < 5; attempt++) {
        const k = pickWeighted(scheduleRandom, FAULT_KINDS);
        const target = k.targets[Math.floor(scheduleRandom() * k.targets.length)];
        if ((busy[target] ?? 0) > at) continue;
        const down = Math.round(between(scheduleRandom, k.down[0], k.down[1]) * 10) / 10;
        const param =
          k.kind === 'database delay'
            ? Math.round(between(scheduleRandom, 50, 300))
            : k.kind === 'storage writes fail'
              ? scheduleRandom() < 0.5
                ? 500
                : 503
              : k.kind === 'TRON lags'
                ? Math.round(between(scheduleRandom, 25, 60))
                : undefined;
        schedule.push({ at: Math.round(at * 10) / 10, kind: k.kind, target, down, param });
        // The same thing is not hit again before it is back (with room to recover).
        busy[target] = at + down + 15;
        break;
      }
    }
  }
  console.log(
    `bench: chaos for ${MINUTES} min (${LOAD_S} s of load), seed ${SEED_TEXT} ` +
      `(replay: BENCH_CHAOS_SEED=${SEED_TEXT} BENCH_CHAOS_MINUTES=${MINUTES} pnpm bench:chaos); ` +
      `${CONNECTIONS} requests in flight over 2 APIs, 2 workers; schedule:`,
  );
  for (const f of schedule)
    console.log(
      `  ${lpad(f.at.toFixed(1), 6)} s  ${pad(f.kind, 24)}${pad(f.target, 10)}` +
        `${f.down ? `${f.down.toFixed(1)} s` : ''}${f.param !== undefined ? ` (${f.param})` : ''}`,
    );

  // -------------------------------------------------------------------------
  // The load. Every answer is classified (lib.mjs answerKind) with its time.

  const events = [];
  let loadOn = true;
  const liveApis = () => {
    const up = [0, 1].filter((i) => !nodes[`api${i + 1}`].down);
    return up.length ? up : [0, 1];
  };
  let rr = 0;
  /** One request to a live API (as a load balancer would pick): its kind and JSON body. */
  async function request(route, method, path, { auth, json, form, idempotent } = {}) {
    const apis = liveApis();
    const base = apiUrls[apis[rr++ % apis.length]];
    const headers = { ...(auth ? { authorization: `Bearer ${auth}` } : {}) };
    if (json) headers['content-type'] = 'application/json';
    if (idempotent) headers['idempotency-key'] = randomUUID();
    const started = Date.now();
    let kind;
    let body = null;
    let status = 0;
    try {
      const res = await fetch(base + path, {
        method,
        headers,
        body: json ? JSON.stringify(json) : form,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      status = res.status;
      kind = answerKind(res);
      const text = await res.text();
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
      if (kind !== 'ok' && body?.code) kind = kind.startsWith('4') ? `${kind} ${body.code}` : kind;
    } catch (error) {
      kind = noAnswerKind(error);
    }
    events.push({ t: started, ms: Date.now() - started, kind, route, status });
    return { kind, body };
  }

  const pairs = [];
  for (const trailer of trailerIds)
    for (let m = 0; m < members.length; m++) pairs.push([m, trailer]);
  let nextPair = 0;
  let nextWithdrawal = 0;
  const forgots = []; // {mail, kind}
  const pickMember = () => Math.floor(loadRandom() * members.length);
  const ACTIONS = [
    { name: 'me', weight: 30, run: (m) => request('me', 'GET', '/users/me', { auth: tokens[m] }) },
    {
      name: 'trailers',
      weight: 10,
      run: (m) => request('trailers', 'GET', '/trailers', { auth: tokens[m] }),
    },
    {
      name: 'records',
      weight: 10,
      run: (m) => request('records', 'GET', '/balance', { auth: tokens[m] }),
    },
    {
      name: 'feed',
      weight: 10,
      run: (m) => request('feed', 'GET', '/moments', { auth: tokens[m] }),
    },
    {
      name: 'watch',
      weight: 12,
      run: () => {
        if (nextPair >= pairs.length) return undefined;
        const [m, trailer] = pairs[nextPair++];
        return request('watch', 'POST', `/trailers/${trailer}/watch`, {
          auth: tokens[m],
          json: { view_id: benchViewId(members[m].id, trailer) },
        });
      },
    },
    {
      name: 'moment upload',
      weight: 5,
      run: (m) => {
        const form = new FormData();
        form.append('text', 'chaos');
        form.append('images', new Blob([photo], { type: 'image/jpeg' }), 'p.jpg');
        return request('moment upload', 'POST', '/moments', { auth: tokens[m], form });
      },
    },
    {
      name: 'card deposit',
      weight: 3,
      run: (m) => {
        const form = new FormData();
        form.append('currency', 'USD');
        form.append('amount', '5');
        form.append('receipt', new Blob([photo], { type: 'image/jpeg' }), 'r.jpg');
        return request('card deposit', 'POST', '/card/deposits', {
          auth: tokens[m],
          form,
          idempotent: true,
        });
      },
    },
    {
      name: 'withdrawal',
      weight: 2,
      run: (m) => {
        // Each to its own address: the chain then says how often each was sent.
        const to = hexToBase58(labelAddress(`chaos ${SEED_TEXT} ${nextWithdrawal++}`));
        return request('withdrawal', 'POST', '/balance/take', {
          auth: tokens[m],
          json: { wallet: to, amount: 20 },
          idempotent: true,
        });
      },
    },
    {
      name: 'reset code',
      weight: 4,
      run: async () => {
        const { phone, mail } = resetMails[Math.floor(loadRandom() * resetMails.length)];
        const r = await request('reset code', 'POST', '/password/forgot', {
          json: { email: phone },
        });
        forgots.push({ mail, kind: r.kind, t: Date.now() });
        return r;
      },
    },
  ];
  const loops = Array.from({ length: CONNECTIONS }, async () => {
    while (loadOn && !stopping) {
      const action = pickWeighted(loadRandom, ACTIONS);
      const r = await action.run(pickMember());
      // A client backs off a moment after a failure instead of spinning.
      if (r && r.kind !== 'ok') await sleep(100);
    }
  });

  // Deposits arrive on chain, to members' addresses, about two a second.
  const deposits = []; // {txid, userId, amount}
  const depositLoop = (async () => {
    while (loadOn && !stopping) {
      const m = members[Math.floor(loadRandom() * members.length)];
      const amount = 1_000_000 + Math.floor(loadRandom() * 5_000_000);
      try {
        const { txid } = await tronControl('usdt/transfer', {
          to: deriveTronAddress(wallet.depositXpub, m.id),
          amount: String(amount),
        });
        deposits.push({ txid, userId: m.id, amount });
      } catch (error) {
        console.error(`bench: a deposit was not made: ${error.message}`);
      }
      await sleep(500);
    }
  })();

  // Operators: approve what members ask for (through whichever API is up). A member's
  // withdrawals or card deposits past their 24-hour threshold need two operators (four eyes):
  // the admin approves first, the finance operator second, as two people would.
  let operatorOn = true;
  /** Approves one request; a second operator's approval when it waits for one. */
  async function approveTwice(path, json) {
    const first = await request('operator', 'POST', path, { auth: adminToken, json });
    // The admin's approval was given in an earlier round (or was the one now answered).
    const given =
      first.kind === '403 SELF_APPROVAL_FORBIDDEN' || first.body?.awaiting_second_approval === true;
    if (given) await request('operator', 'POST', path, { auth: financeToken, json });
  }
  /** One pass over what waits for an operator; true when there was any. */
  async function operatorRound() {
    const w = await request('operator', 'GET', '/admin/withdrawals?status=requested', {
      auth: adminToken,
    });
    // Four operators at once: members ask faster than one approves on this machine.
    await pool(Array.isArray(w.body) ? w.body : [], 4, (item) =>
      approveTwice(`/admin/withdrawals/${item.id}/approve`),
    );
    const c = await request('operator', 'GET', '/admin/card_deposits?status=under_review', {
      auth: adminToken,
    });
    await pool(Array.isArray(c.body) ? c.body : [], 4, (item) =>
      approveTwice(`/admin/card_deposits/${item.id}/approve`, { amount: 5 }),
    );
    return [w.body, c.body].some((list) => Array.isArray(list) && list.length > 0);
  }
  const operatorLoop = (async () => {
    // Straight on while there is a backlog; a pause when there was nothing to do.
    while (operatorOn && !stopping) if (!(await operatorRound())) await sleep(1000);
  })();

  // -------------------------------------------------------------------------
  // The invariants, checked every CHECK_EVERY_S seconds and at the end.

  // A pool, so that the checks reconnect after a PostgreSQL restart.
  const checkDb = new Pool({ connectionString: dbUrl.href, max: 2, connectionTimeoutMillis: 5000 });
  checkDb.on('error', () => undefined);
  closers.push(() => checkDb.end());
  const query = async (sql, params = []) => (await checkDb.query(sql, params)).rows;
  const violations = {}; // invariant -> [messages]
  const violated = (name, message) => (violations[name] ??= []).push(message);
  let checksRun = 0;
  let ledgerChecks = 0;
  async function checkInvariants(final) {
    const at = since(loadStarted).toFixed(0);
    // Ledger: balanced, every cached balance equal to its postings (the report says both).
    for (const i of liveApis()) {
      try {
        const res = await fetch(`${apiUrls[i]}/admin/reports/ledger`, {
          headers: adminAuth,
          signal: AbortSignal.timeout(30_000),
        });
        if (!res.ok) continue;
        const ledger = await res.json();
        ledgerChecks++;
        if (!(ledger.balanced === true && ledger.consistent === true))
          violated('ledger', `${at} s: ${JSON.stringify(ledger).slice(0, 200)}`);
        break;
      } catch {
        // that API is away now: the other, or the next round
      }
    }
    let rows;
    try {
      rows = {
        credits: await query(
          `SELECT tx_id, count(*)::int AS n, sum(amount_micro)::bigint AS micro, min(user_id) AS user_id
           FROM chain_deposits GROUP BY tx_id`,
        ),
        withdrawals: await query(
          `SELECT id, wallet, net_micro::bigint AS net, status FROM withdrawals`,
        ),
      };
    } catch {
      if (final) violated('checks ran', 'the database did not answer the final check');
      return null;
    }
    checksRun++;
    // Deposits: never credited twice, never more than sent, never to someone else.
    const sent = new Map(deposits.map((d) => [d.txid, d]));
    const credited = new Map(rows.credits.map((r) => [r.tx_id.trim(), r]));
    for (const [txid, r] of credited) {
      const d = sent.get(txid);
      if (!d) continue; // not one of the bench's (none are expected)
      if (r.n !== 1 || Number(r.micro) !== d.amount || r.user_id !== d.userId)
        violated('deposits', `${at} s: ${txid} credited ${r.n}x ${r.micro} to ${r.user_id}`);
    }
    // Withdrawals: the chain never holds more than one transfer's worth at an address.
    for (const w of rows.withdrawals) {
      let hex;
      try {
        hex = base58ToHex(w.wallet);
      } catch {
        continue;
      }
      const onChain = usdtOnChain(hex);
      if (onChain > BigInt(w.net))
        violated('withdrawals', `${at} s: withdrawal ${w.id} sent ${onChain} for ${w.net}`);
      // A settled one: exactly its net when confirmed, nothing otherwise (one still on its
      // way counts as not drained instead).
      if (final && !['requested', 'approved', 'signed', 'sent'].includes(w.status)) {
        const expected = w.status === 'confirmed' ? BigInt(w.net) : 0n;
        if (onChain !== expected)
          violated(
            'withdrawals',
            `withdrawal ${w.id} ${w.status}: ${onChain} on chain, ${expected} expected`,
          );
      }
    }
    if (final) {
      // Every transfer on a solidified block credited once.
      const solid = tron.chain.solidifiedNumber;
      for (const d of deposits) {
        const tx = tron.chain.transaction(d.txid, true);
        if (tx && !credited.has(d.txid))
          violated(
            'deposits',
            `${d.txid} (block ${tx.blockNumber ?? '?'} <= ${solid}) not credited`,
          );
      }
    }
    return rows;
  }

  // -------------------------------------------------------------------------
  // Faults: act, heal, and how long until things work again.

  const probeToken = tokens[0];
  const results = [];
  const stops = []; // how long each SIGTERM took, ms
  async function stopNode(name, signal) {
    const node = nodes[name];
    node.down = true;
    node.stopped = true;
    const t0 = Date.now();
    node.child.kill(signal);
    const how = await Promise.race([node.child.exited, sleep(SHUTDOWN_GRACE_MS + 10_000)]);
    if (signal === 'SIGTERM') {
      // A polite stop ends by itself, with 0, within the grace period (and a little).
      const ms = Date.now() - t0;
      stops.push(ms);
      if (how !== 0 || ms > SHUTDOWN_GRACE_MS + 3000)
        violated('graceful stop', `${name}: SIGTERM ended with ${how ?? 'nothing'} after ${ms} ms`);
      if (how === undefined) {
        node.child.kill('SIGKILL');
        await node.child.exited;
      }
    }
  }
  async function cursorCaughtUp(target, timeoutS) {
    const until = Date.now() + timeoutS * 1000;
    while (Date.now() < until) {
      try {
        const [row] = await query(`SELECT block_number FROM chain_cursors WHERE name = 'tron'`);
        if (row && Number(row.block_number) >= target) return true;
      } catch {
        // the database is restarting
      }
      await sleep(250);
    }
    return false;
  }
  async function mailWorks(timeoutS) {
    const until = Date.now() + timeoutS * 1000;
    const probe = resetMails[0];
    while (Date.now() < until) {
      const before = mails.length;
      const r = await request('probe', 'POST', '/password/forgot', {
        json: { email: probe.phone },
      });
      forgots.push({ mail: probe.mail, kind: r.kind, t: Date.now() });
      const wait = Date.now() + 3000;
      while (Date.now() < wait) {
        if (mails.slice(before).some((m) => m.to.includes(probe.mail))) return true;
        await sleep(100);
      }
    }
    return false;
  }
  async function uploadWorks(timeoutS) {
    const until = Date.now() + timeoutS * 1000;
    while (Date.now() < until) {
      const form = new FormData();
      form.append('images', new Blob([photo], { type: 'image/jpeg' }), 'p.jpg');
      if ((await request('probe', 'POST', '/moments', { auth: probeToken, form })).kind === 'ok')
        return true;
      await sleep(250);
    }
    return false;
  }
  const allAnswer = (timeoutS) =>
    apisAnswer(
      liveApis().map((i) => apiUrls[i]),
      probeToken,
      timeoutS,
    );

  /** Runs one fault of the schedule: {act, heal, recovered} per kind. */
  async function inject(f) {
    const r = { ...f, startedAt: Date.now(), healedAt: null, recoveredAt: null, note: '' };
    results.push(r);
    let recovered = () => allAnswer(RECOVERY_LIMIT_S);
    const hold = () => sleep(f.down * 1000);
    switch (f.kind) {
      case 'SIGKILL API':
      case 'SIGTERM API':
      case 'SIGKILL worker':
      case 'SIGTERM worker': {
        // A process still coming back from an earlier fault is hit once it is up again.
        const until = Date.now() + RECOVERY_LIMIT_S * 1000;
        while (nodes[f.target].down && Date.now() < until) await sleep(200);
        r.startedAt = Date.now();
        await stopNode(f.target, f.kind.startsWith('SIGKILL') ? 'SIGKILL' : 'SIGTERM');
        await hold();
        const node = startNode(f.target);
        node.down = true; // no load until it is ready
        recovered = async () => {
          const ok = await waitReady(node.readyUrl, { child: node.child, timeoutMs: 60_000 });
          node.down = false;
          return ok;
        };
        break;
      }
      case 'PostgreSQL restart':
        sh(env.BENCH_CHAOS_PG_STOP);
        await hold();
        sh(env.BENCH_CHAOS_PG_START);
        break;
      case 'Redis failover': {
        const before = await redisMaster();
        await sentinel.call('SENTINEL', 'failover', SENTINEL_NAME);
        const until = Date.now() + 30_000;
        while ((await redisMaster()) === before && Date.now() < until) await sleep(100);
        r.note = `${before} -> ${await redisMaster()}`;
        break;
      }
      case 'Redis master killed': {
        // The fault is a master lost while its replica can take over: first the replica is in
        // sync (a replica still loading after an earlier kill would leave no Redis at all).
        const syncUntil = Date.now() + 30_000;
        for (;;) {
          const current = await redisMaster();
          const replica = PORTS.redis.find((port) => port !== current);
          const probe = new Redis({ port: replica, lazyConnect: true, maxRetriesPerRequest: 1 });
          probe.on('error', () => undefined);
          const info = await probe
            .connect()
            .then(() => probe.info('replication'))
            .catch(() => '');
          probe.disconnect();
          if (info.includes('master_link_status:up') || Date.now() > syncUntil) break;
          await sleep(250);
        }
        r.startedAt = Date.now();
        const master = await redisMaster();
        const child = redisChildren.get(master);
        child.kill('SIGKILL');
        await child.exited;
        await hold();
        // Sentinel has promoted the other one by now (down after 1 s); the old one comes back as its replica.
        const until = Date.now() + 30_000;
        while ((await redisMaster()) === master && Date.now() < until) await sleep(100);
        const now = await redisMaster();
        startRedis(master, now === master ? undefined : now);
        r.note = `${master} -> ${now}`;
        break;
      }
      case 'TRON 429':
      case 'TRON 503':
      case 'TRON hangs':
      case 'TRON lags': {
        tron.faults.set(
          f.kind === 'TRON hangs'
            ? { hang: true }
            : f.kind === 'TRON lags'
              ? { lag: f.param }
              : { status: f.kind === 'TRON 429' ? 429 : 503, retry_after: 1 },
        );
        await hold();
        await tronControl('faults', {}); // also ends the hung requests
        const target = tron.chain.solidifiedNumber;
        recovered = () => cursorCaughtUp(target, RECOVERY_LIMIT_S);
        break;
      }
      case 'TRON drops a broadcast':
        await tronControl('broadcast/next', { mode: 'drop' });
        recovered = null;
        break;
      case 'SMTP refuses':
      case 'SMTP hangs':
        setSmtp(f.kind === 'SMTP refuses' ? 'refuse' : 'hang');
        await hold();
        setSmtp('ok');
        recovered = () => mailWorks(RECOVERY_LIMIT_S);
        break;
      case 'storage writes fail':
        s3State.failWrites = f.param;
        await hold();
        s3State.failWrites = 0;
        recovered = () => uploadWorks(RECOVERY_LIMIT_S);
        break;
      case 'database delay':
        proxyState.delayMs = f.param;
        await hold();
        proxyState.delayMs = 0;
        break;
    }
    r.healedAt = Date.now();
    if (recovered) {
      if (await recovered()) r.recoveredAt = Date.now();
      else
        violated(
          'recovery',
          `${f.kind} at ${f.at} s (${f.target}): not back within ${RECOVERY_LIMIT_S} s`,
        );
    }
  }

  // -------------------------------------------------------------------------
  // The run.

  const loadStarted = Date.now();
  const injections = [];
  const faultTimer = (async () => {
    for (const f of schedule) {
      const wait = loadStarted + f.at * 1000 - Date.now();
      if (wait > 0) await sleep(wait);
      if (stopping) return;
      const p = inject(f).catch((error) =>
        violated('faults injected', `${f.kind} at ${f.at} s: ${error.message}`),
      );
      injections.push(p);
    }
  })();
  while (since(loadStarted) < LOAD_S) {
    await sleep(Math.min(CHECK_EVERY_S * 1000, Math.max(0, (LOAD_S - since(loadStarted)) * 1000)));
    if (since(loadStarted) < LOAD_S - 1) await checkInvariants(false);
  }
  loadOn = false;
  await faultTimer;
  await Promise.all(injections);
  await Promise.race([Promise.all([...loops, depositLoop]), sleep(TIMEOUT_MS + 2000)]);
  const loadSeconds = since(loadStarted);

  // Drain: every fault healed; withdrawals decided and settled, deposits credited, mail sent.
  console.log(
    `bench: load over after ${loadSeconds.toFixed(0)} s; draining (while it goes down, ` +
      `${DRAIN_STALL_S} s without progress at most, ${Math.max(LOAD_S, DRAIN_STALL_S)} s in all)`,
  );
  const drainStarted = Date.now();
  const drainLimitS = Math.max(LOAD_S, DRAIN_STALL_S);
  let drained = false;
  let nextDrainNote = 0;
  let leastOpen = Infinity;
  let lastProgress = Date.now();
  while (since(drainStarted) < drainLimitS && since(lastProgress) < DRAIN_STALL_S) {
    try {
      const open = await query(
        `SELECT count(*)::int AS n FROM withdrawals WHERE status IN ('requested', 'approved', 'signed', 'sent')`,
      );
      const cards = await query(
        `SELECT count(*)::int AS n FROM card_deposits WHERE status = 'under_review'`,
      );
      const credited = new Set(
        (await query(`SELECT tx_id FROM chain_deposits`)).map((r) => r.tx_id.trim()),
      );
      const solidUncredited = deposits.filter(
        (d) => tron.chain.transaction(d.txid, true) && !credited.has(d.txid),
      ).length;
      const onChain = deposits.filter((d) => tron.chain.transaction(d.txid, true)).length;
      const unsent = await query(
        `SELECT count(*)::int AS n FROM mail_outbox WHERE status IN ('queued', 'sending')`,
      );
      const stillOpenCount =
        open[0].n + cards[0].n + unsent[0].n + solidUncredited + deposits.length - onChain;
      if (stillOpenCount < leastOpen) {
        leastOpen = stillOpenCount;
        lastProgress = Date.now();
      }
      // Progress every 20 s: a backlog going down slowly and one stuck read differently.
      if (since(drainStarted) >= nextDrainNote) {
        nextDrainNote += 20;
        console.log(
          `bench: draining ${since(drainStarted).toFixed(0)} s: ${open[0].n} withdrawals, ` +
            `${cards[0].n} card deposits, ${solidUncredited} solid transfers uncredited ` +
            `(${deposits.length - onChain} not solid), ${unsent[0].n} mails open`,
        );
      }
      if (stillOpenCount === 0) {
        drained = true;
        break;
      }
    } catch {
      // the database is still coming back
    }
    await sleep(1000);
  }
  const drainSeconds = since(drainStarted);
  operatorOn = false;
  await operatorLoop;
  await sleep(1000); // mail still on its way
  const final = await checkInvariants(true);
  if (!drained)
    violated(
      'drained',
      `still open after ${drainSeconds.toFixed(0)} s (${since(lastProgress).toFixed(0)} s without ` +
        `progress): ${await stillOpen().catch(String)}`,
    );

  /** What kept the drain from ending, by row: enough to find out why from the logs. */
  async function stillOpen() {
    const parts = [];
    const withdrawals = await query(
      `SELECT w.id, w.status, w.reason, round(extract(epoch FROM now() - w.updated_at))::int AS idle_s,
              a.status AS attempt, a.tx_id
         FROM withdrawals w
         LEFT JOIN LATERAL (SELECT status, tx_id FROM withdrawal_attempts WHERE withdrawal_id = w.id
                            ORDER BY id DESC LIMIT 1) a ON true
        WHERE w.status IN ('requested', 'approved', 'signed', 'sent') ORDER BY w.id`,
    );
    if (withdrawals.length > 0)
      parts.push(
        `${withdrawals.length} withdrawals (` +
          withdrawals
            .slice(0, 10)
            .map(
              (w) =>
                `#${w.id} ${w.status}, idle ${w.idle_s} s` +
                (w.attempt ? `, attempt ${w.attempt} ${w.tx_id}` : '') +
                (w.reason ? `, "${w.reason}"` : ''),
            )
            .join('; ') +
          ')',
      );
    const cards = await query(
      `SELECT id FROM card_deposits WHERE status = 'under_review' ORDER BY id LIMIT 10`,
    );
    if (cards.length > 0) parts.push(`card deposits under review: ${cards.map((c) => `#${c.id}`)}`);
    const credited = new Set(
      (await query(`SELECT tx_id FROM chain_deposits`)).map((r) => r.tx_id.trim()),
    );
    const uncredited = deposits.filter((d) => !credited.has(d.txid));
    if (uncredited.length > 0)
      parts.push(
        `${uncredited.length} chain transfers not credited (` +
          uncredited
            .slice(0, 5)
            .map((d) => `${d.txid} ${tron.chain.transaction(d.txid, true) ? 'solid' : 'not solid'}`)
            .join('; ') +
          `; cursor at ${(await query(`SELECT block_number FROM chain_cursors WHERE name = 'tron'`))[0]?.block_number})`,
      );
    const mail = await query(
      `SELECT id, status, attempts, last_error FROM mail_outbox
        WHERE status IN ('queued', 'sending') ORDER BY id LIMIT 10`,
    );
    if (mail.length > 0)
      parts.push(
        `mail: ${mail.map((m) => `#${m.id} ${m.status} (${m.attempts} tries${m.last_error ? `, ${m.last_error}` : ''})`).join('; ')}`,
      );
    return parts.join(' | ') || 'nothing (it drained just after the limit)';
  }

  // Uploads: every row's object whole in the store; objects without a row counted.
  const uploadRows = await query(
    `SELECT url AS key FROM moment_images UNION ALL SELECT thumb_url FROM moment_images
     UNION ALL SELECT receipt_key FROM card_deposits`,
  );
  const keys = uploadRows.map((r) =>
    r.key.startsWith('/media/') ? `public/${r.key.slice('/media/'.length)}` : r.key,
  );
  const missing = keys.filter((k) => !objects.get(k)?.length);
  const orphans = [...objects.keys()].filter((k) => !keys.includes(k)).length;
  const withdrawalStatus = {};
  for (const w of final?.withdrawals ?? [])
    withdrawalStatus[w.status] = (withdrawalStatus[w.status] ?? 0) + 1;
  const confirmedNet = (final?.withdrawals ?? [])
    .filter((w) => w.status === 'confirmed')
    .reduce((s, w) => s + BigInt(w.net), 0n);

  // Mail: every code a 200 promised is in the outbox, and every outbox row is
  // sent (arrived, by its Message-ID) or was overtaken (a newer code for the
  // same member, or expired: the member asks again). Never given up on, never
  // left waiting, never twice beyond the one window a worker killed between
  // the server's yes and the row's mark can open (a killed worker each).
  const asked = forgots.filter((f) => f.kind === 'ok').length;
  // Overtaken: expired unsent because a newer code for the member replaced it,
  // or because the code itself ran out; one whose code still works and that
  // nothing replaced was dropped, so it counts as lost.
  const outbox = await query(
    `SELECT o.id::text, o.status,
            o.status = 'expired' AND c.expires_at > now() AND NOT EXISTS (
              SELECT 1 FROM mail_outbox l WHERE l.user_id = o.user_id AND l.kind = o.kind AND l.id > o.id
            ) AS dropped
     FROM mail_outbox o JOIN one_time_codes c ON c.id = o.code_id`,
  ).catch(() => []);
  const received = new Map();
  for (const m of mails) received.set(m.messageId, (received.get(m.messageId) ?? 0) + 1);
  const arrived = (row) => received.get(`<mail-outbox-${row.id}@chaos.test>`) ?? 0;
  const lostCodes = outbox.filter(
    (row) =>
      row.dropped ||
      ['failed', 'queued', 'sending'].includes(row.status) ||
      (row.status === 'sent' && arrived(row) === 0),
  ).length;
  const overtaken = outbox.filter((row) => row.status === 'expired' && !row.dropped).length;
  const twice = outbox.reduce((sum, row) => sum + Math.max(0, arrived(row) - 1), 0);
  const workerKills = schedule.filter((f) => f.kind === 'SIGKILL worker').length;
  let failedJobs = 0;
  try {
    const redis = new Redis({
      sentinels: [{ host: '127.0.0.1', port: PORTS.sentinel }],
      name: SENTINEL_NAME,
      lazyConnect: true,
      maxRetriesPerRequest: 1,
    });
    await redis.connect();
    for (const key of await redis.keys('bull:*:failed')) failedJobs += await redis.zcard(key);
    redis.disconnect();
  } catch {
    failedJobs = NaN;
  }
  const alive = NODE_NAMES.every(
    (n) => nodes[n].child.exitCode === null && !nodes[n].child.signalCode,
  );
  clearTimeout(deadline);
  stopping = true;
  await procs.stopAll();

  // -------------------------------------------------------------------------
  // The report.

  const BAD = new Set(['5xx', '503 no Retry-After', 'timeout']);
  const FAILED = new Set(['5xx', '503 no Retry-After', 'timeout', '503', 'connection']);
  const total = {};
  for (const e of events) total[e.kind] = (total[e.kind] ?? 0) + 1;
  const byRoute = {};
  for (const e of events) {
    const r = (byRoute[e.route] ??= { n: 0, ok: 0, bad: {} });
    r.n++;
    if (e.kind === 'ok') r.ok++;
    else r.bad[e.kind] = (r.bad[e.kind] ?? 0) + 1;
  }
  const pct = (values, q) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  };
  const kinds = {};
  for (const r of results) {
    const k = (kinds[r.kind] ??= { count: 0, recovery: [], failed: 0, never: 0 });
    k.count++;
    if (r.recoveredAt) k.recovery.push((r.recoveredAt - r.healedAt) / 1000);
    else if (r.healedAt && r.kind !== 'TRON drops a broadcast') k.never++;
    const end = (r.recoveredAt ?? r.healedAt ?? Date.now()) + 1000;
    k.failed += events.filter(
      (e) => FAILED.has(e.kind) && e.t + e.ms >= r.startedAt && e.t <= end,
    ).length;
  }
  console.log('');
  console.log(
    `Chaos benchmark: seed ${SEED_TEXT}, ${LOAD_S} s of load (${loadSeconds.toFixed(0)} s with the last ` +
      `faults' recovery) and ${drainSeconds.toFixed(0)} s of drain; ${events.length} requests ` +
      `(${(events.length / loadSeconds).toFixed(0)} req/s) over 2 APIs and 2 workers on Node ${nodeRuntime()}; ` +
      `${results.length} faults; the bench and every server share the 2 cores`,
  );
  console.log(
    `  ${pad('fault', 26)}${lpad('count', 6)}${lpad('recovery p50', 14)}${lpad('p99', 8)}` +
      `${lpad('never', 7)}${lpad('failed requests', 17)}`,
  );
  for (const [kind, k] of Object.entries(kinds))
    console.log(
      `  ${pad(kind, 26)}${lpad(k.count, 6)}` +
        `${lpad(k.recovery.length ? `${pct(k.recovery, 0.5).toFixed(1)} s` : '-', 14)}` +
        `${lpad(k.recovery.length ? `${pct(k.recovery, 0.99).toFixed(1)} s` : '-', 8)}` +
        `${lpad(k.never, 7)}${lpad(k.failed, 17)}`,
    );
  console.log('  requests by route (answered ok / sent, and the rest by kind):');
  for (const [route, r] of Object.entries(byRoute))
    console.log(`    ${pad(route, 16)}${lpad(`${r.ok}/${r.n}`, 12)}  ${JSON.stringify(r.bad)}`);
  console.log(
    `  deposits: ${deposits.length} sent on chain, withdrawals: ${JSON.stringify(withdrawalStatus)} ` +
      `(${Number(confirmedNet) / 1e6} USDT net confirmed on chain)`,
  );
  console.log(
    `  uploads: ${keys.length} objects named by rows, ${missing.length} missing, ${orphans} without a row; ` +
      `mail: ${mails.length} received, ${asked} reset codes answered 200, ${outbox.length} in the outbox (${overtaken} overtaken by a newer code)`,
  );
  console.log(
    `  failed background jobs (BullMQ, after their retries): ${failedJobs}; invariant rounds: ${checksRun}, ` +
      `ledger reports read: ${ledgerChecks}`,
  );
  if (stops.length)
    console.log(
      `  SIGTERM to exit: ${stops.length} stops, p50 ${pct(stops, 0.5)} ms, max ${Math.max(...stops)} ms ` +
        `(SHUTDOWN_GRACE_MS ${SHUTDOWN_GRACE_MS})`,
    );
  if (unexpectedExits.length) console.log(`  unexpected exits: ${unexpectedExits.join('; ')}`);
  console.log(
    `  load average at the end (1, 5 min): ${loadavg()
      .slice(0, 2)
      .map((l) => l.toFixed(1))
      .join(', ')}`,
  );
  for (const [name, list] of Object.entries(violations)) {
    console.log(`  ${name}: ${list.length} violation(s), first: ${list.slice(0, 3).join(' | ')}`);
  }
  console.log('');

  const bad = events.filter((e) => BAD.has(e.kind));
  const badKinds = {};
  for (const e of bad)
    badKinds[`${e.route} ${e.kind}`] = (badKinds[`${e.route} ${e.kind}`] ?? 0) + 1;
  const v = (name) => violations[name]?.length ?? 0;
  const checks = [
    [
      'ledger balanced, balances = postings (every round)',
      `${ledgerChecks} reports, ${v('ledger')} bad`,
      ledgerChecks > 0 && v('ledger') === 0,
    ],
    [
      'every chain transfer to a member credited once',
      `${deposits.length} sent, ${v('deposits')} bad`,
      checksRun > 0 && v('deposits') === 0,
    ],
    [
      'every approved withdrawal sent once, chain agrees',
      `${(final?.withdrawals ?? []).length} asked, ${v('withdrawals')} bad`,
      final !== null && v('withdrawals') === 0,
    ],
    [
      'everything settled after the faults (drained)',
      drained ? `${drainSeconds.toFixed(0)} s` : 'no',
      drained,
    ],
    [
      'no upload half-written (rows vs stored objects)',
      `${missing.length} missing of ${keys.length}`,
      missing.length === 0,
    ],
    [
      'no mail code lost after a 200 (outbox sent)',
      `${lostCodes} lost of ${outbox.length}`,
      outbox.length > 0 && lostCodes === 0,
    ],
    [
      'no mail sent twice (but a killed worker mid-send)',
      `${twice} twice, ${workerKills} worker kills`,
      twice <= workerKills,
    ],
    [
      'every request ok or a clean error (no 5xx, no hang)',
      bad.length ? JSON.stringify(badKinds).slice(0, 60) : '0',
      bad.length === 0,
    ],
    [
      'SIGTERM: exit 0 within SHUTDOWN_GRACE_MS',
      `${v('graceful stop')} bad`,
      v('graceful stop') === 0,
    ],
    [
      `every fault recovered within ${RECOVERY_LIMIT_S} s`,
      `${v('recovery') + v('faults injected')} not`,
      v('recovery') + v('faults injected') === 0,
    ],
    [
      'no API or worker ended by itself; all up at the end',
      unexpectedExits.length ? `${unexpectedExits.length} ended` : alive ? 'yes' : 'no',
      unexpectedExits.length === 0 && alive,
    ],
  ];
  const pass = reportChecks(checks, 54, 28);
  writeFileSync(
    `${outDir}/chaos.json`,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        seed: SEED_TEXT,
        minutes: MINUTES,
        loadSeconds,
        drainSeconds,
        requests: events.length,
        total,
        byRoute,
        schedule,
        faults: results.map((r) => ({
          ...r,
          recoverySeconds: r.recoveredAt ? (r.recoveredAt - r.healedAt) / 1000 : null,
        })),
        kinds,
        violations,
        lostCodes,
        failedJobs,
        checks: checks.map(([goal, value, ok, label]) => ({ goal, value, ok, label })),
        pass,
      },
      (_, value) => (typeof value === 'bigint' ? value.toString() : value),
      2,
    ) + '\n',
  );
  for (const close of closers.reverse()) await close().catch(() => undefined);
  process.exit(pass ? 0 : 1);
} catch (error) {
  await finish(2, error.stack ?? String(error));
}
