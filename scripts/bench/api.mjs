// Runs by scripts/bench/api.sh, which prepares the bench database and the
// environment. Starts the bare baseline and the real API, signs a member in,
// loads them with wrk in alternating rounds (bare, API, bare, API, ...: a
// shared machine's slow minutes then fall on both sides, not on one) and
// reports the API's throughput relative to the baseline, its p99 latency, the
// CPU time each server spends per request and the API's resident memory.
// A second API process with tracing on (OTEL_EXPORTER_OTLP_ENDPOINT: a sink
// this script runs, taking OTLP/HTTP exports as a collector would and
// dropping them) takes its own round after each, so that the cost of tracing
// on and off is measured side by side (issue 40); the goals are the off API's.
// Everything stays on 127.0.0.1 and every child process is stopped at the end.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { clearTimeout, setTimeout } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';
import { URLSearchParams } from 'node:url';
import {
  cpuSeconds,
  lpad,
  median,
  nodeRuntime,
  outDir,
  pad,
  processes,
  reportChecks,
  rssMb,
  apiArgs,
} from './lib.mjs';

const env = process.env;
const apiPort = Number(env.BENCH_API_PORT ?? 3200);
const barePort = Number(env.BENCH_BARE_PORT ?? 3201);
const tracedPort = Number(env.BENCH_TRACED_PORT ?? 3202);
// BENCH_TRACING=0: no traced API (the run takes a third less time).
const tracing = env.BENCH_TRACING !== '0';
const duration = Number(env.BENCH_DURATION ?? 20);
const warmup = Number(env.BENCH_WARMUP ?? 10);
const connections = Number(env.BENCH_CONNECTIONS ?? 50);
const rounds = Math.max(1, Number(env.BENCH_ROUNDS ?? 5));
// The servers run on this script's Node and flags (api.sh: the API image's).
const runtime = nodeRuntime();
// Issue 10: /users/me at 0.75 of the bare route or better, p99 at most 20 ms.
const GOALS = { ratio: 0.75, p99Ms: 20, rssMb: 250 };
const PHONE = '+998901234567';
const PASSWORD = 'secret12';

const { start, stopAll, fail, waitFor } = processes('api');

// Bounded: whatever happens, nothing runs longer than this.
const deadline = setTimeout(
  () => fail('took too long, stopped'),
  (120 + 3 * (duration + warmup + rounds) + 6 * (rounds + 1)) * 1000,
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await stopAll();
    process.exit(130);
  });
}

/** Runs wrk and returns its parsed summary. */
function wrk(url, seconds, headers = []) {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency'];
  for (const header of headers) args.push('-H', header);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`wrk exited with ${code}:\n${out}`));
      resolve(parseWrk(out));
    });
  });
}

function parseWrk(out) {
  const num = (re) => {
    const m = re.exec(out);
    return m ? Number(m[1]) : null;
  };
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s)\b/m.exec(out);
  const unit = { us: 0.001, ms: 1, s: 1000 };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    requestsPerSecond: num(/Requests\/sec:\s+([\d.]+)/),
    p99Ms: p99 ? Number(p99[1]) * unit[p99[2]] : null,
    requests: num(/(\d+) requests in/),
    non2xx: num(/Non-2xx or 3xx responses:\s+(\d+)/) ?? 0,
    socketErrors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    raw: out,
  };
}

/** wrk for `seconds` and the server's CPU time over the same run. */
async function measure(url, seconds, headers, pid) {
  const before = cpuSeconds(pid);
  const run = await wrk(url, seconds, headers);
  if (run.requestsPerSecond === null || run.p99Ms === null || run.requests === null) {
    throw new Error(`could not read wrk's output for ${url}:\n${run.raw}`);
  }
  return { ...run, cpuSeconds: cpuSeconds(pid) - before };
}

/**
 * Rounds added up: requests, CPU and time. The p99 is the median round's, as
 * the ratio is: one round that another tenant of the VM slowed down moves
 * neither (each round's p99 is printed too).
 */
function combine(runs) {
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const seconds = runs.reduce((sum, run) => sum + run.requests / run.requestsPerSecond, 0);
  return {
    requestsPerSecond: requests / seconds,
    p99Ms: median(runs.map((run) => run.p99Ms)),
    roundP99Ms: runs.map((run) => run.p99Ms),
    requests,
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    socketErrors: runs.reduce((sum, run) => sum + run.socketErrors, 0),
    cpuUsPerRequest: (runs.reduce((sum, run) => sum + run.cpuSeconds, 0) / requests) * 1e6,
  };
}

async function signIn() {
  const base = `http://127.0.0.1:${apiPort}`;
  const reg = await fetch(`${base}/users/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: PHONE, password: PASSWORD, invite_code: 0 }),
  });
  if (reg.status !== 200 && reg.status !== 400) {
    await fail(`POST /users/ answered ${reg.status}: ${await reg.text()}`);
  }
  const tokenRes = await fetch(`${base}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: PHONE, password: PASSWORD }),
  });
  const body = await tokenRes.json().catch(() => ({}));
  if (tokenRes.status !== 200 || !body.access_token) {
    await fail(`POST /token answered ${tokenRes.status}: ${JSON.stringify(body)}`);
  }
  const me = await fetch(`${base}/users/me`, {
    headers: { authorization: `Bearer ${body.access_token}` },
  });
  if (me.status !== 200) await fail(`GET /users/me answered ${me.status}: ${await me.text()}`);
  return body.access_token;
}

/**
 * A collector's OTLP/HTTP door that keeps nothing: it reads each export and
 * answers 200, counting exports and bytes (that traces did arrive).
 */
async function startSink() {
  const received = { exports: 0, bytes: 0 };
  const server = createServer((req, res) => {
    req.on('data', (chunk) => (received.bytes += chunk.length));
    req.on('end', () => {
      received.exports += 1;
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  /**
   * Resolves once no export has come for longer than the SDK's batch delay
   * (5 s): the traced API's last batches (and this process reading them) then
   * no longer share the cores with the next round of the others.
   */
  const settled = async () => {
    for (let last = -1; last !== received.bytes;) {
      last = received.bytes;
      await sleep(5500);
    }
  };
  return { url: `http://127.0.0.1:${server.address().port}`, received, server, settled };
}

const sink = tracing ? await startSink() : undefined;
const bare = start('bare-server', ['scripts/bench/bare-server.mjs'], {
  BENCH_BARE_PORT: String(barePort),
});
const api = start('api', apiArgs(), {
  NODE_ENV: 'production',
  API_PORT: String(apiPort),
  API_HOST: '127.0.0.1',
  // Off, whatever the environment says.
  OTEL_EXPORTER_OTLP_ENDPOINT: '',
});
// The same API with tracing on, as deployed with a collector: the SDK's defaults (http/protobuf,
// every trace kept, batches of up to 512 spans every 5 s or sooner when 512 wait).
const traced = tracing
  ? start('api-traced', apiArgs(), {
      NODE_ENV: 'production',
      API_PORT: String(tracedPort),
      API_HOST: '127.0.0.1',
      OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
    })
  : undefined;
await waitFor('bare server', bare, `http://127.0.0.1:${barePort}/rows/1`);
await waitFor('API', api, `http://127.0.0.1:${apiPort}/health`);
if (traced) await waitFor('traced API', traced, `http://127.0.0.1:${tracedPort}/health`);
const token = await signIn();

const bareUrl = `http://127.0.0.1:${barePort}/rows/1`;
const apiUrl = `http://127.0.0.1:${apiPort}/users/me`;
const tracedUrl = `http://127.0.0.1:${tracedPort}/users/me`;
const auth = [`Authorization: Bearer ${token}`];
const bareRounds = [];
const apiRounds = [];
const tracedRounds = [];
const roundSeconds = Math.max(1, Math.round(duration / rounds));
try {
  console.log(
    `bench: warming up the ${traced ? 'three' : 'two'} servers (${warmup} s each), then ${rounds} alternating rounds of ${roundSeconds} s`,
  );
  await wrk(bareUrl, warmup);
  await wrk(apiUrl, warmup, auth);
  if (traced) {
    await wrk(tracedUrl, warmup, auth);
    await sink.settled();
  }
  for (let round = 0; round < rounds; round++) {
    bareRounds.push(await measure(bareUrl, roundSeconds, [], bare.pid));
    apiRounds.push(await measure(apiUrl, roundSeconds, auth, api.pid));
    if (traced) {
      tracedRounds.push(await measure(tracedUrl, roundSeconds, auth, traced.pid));
      await sink.settled();
    }
  }
} catch (error) {
  await fail(error.message);
}
if (api.exitCode !== null) await fail(`the API exited with ${api.exitCode} during the run`);
if (traced && traced.exitCode !== null)
  await fail(`the traced API exited with ${traced.exitCode} during the run`);
const memory = { rss: rssMb(api.pid), peak: rssMb(api.pid, 'VmHWM') };
const tracedMemory = traced
  ? { rss: rssMb(traced.pid), peak: rssMb(traced.pid, 'VmHWM') }
  : undefined;
clearTimeout(deadline);
await stopAll();
sink?.server.close();

const bareRun = combine(bareRounds);
const apiRun = combine(apiRounds);
const tracedRun = traced ? combine(tracedRounds) : undefined;
const roundRatios = apiRounds.map(
  (run, i) => run.requestsPerSecond / bareRounds[i].requestsPerSecond,
);
// Tracing's cost: the traced API's throughput against the untraced one's, round by round.
const tracedRatios = tracedRounds.map(
  (run, i) => run.requestsPerSecond / apiRounds[i].requestsPerSecond,
);

const ratio = median(roundRatios);
const errorsFree = apiRun.non2xx === 0 && bareRun.non2xx === 0 && (tracedRun?.non2xx ?? 0) === 0;
const checks = [
  [`throughput ratio api/bare >= ${GOALS.ratio}`, ratio.toFixed(2), ratio >= GOALS.ratio],
  [`API p99 <= ${GOALS.p99Ms} ms`, `${apiRun.p99Ms.toFixed(1)} ms`, apiRun.p99Ms <= GOALS.p99Ms],
  [`API RSS <= ${GOALS.rssMb} MB`, `${memory.rss.toFixed(0)} MB`, memory.rss <= GOALS.rssMb],
  [
    'every response 2xx',
    `${apiRun.non2xx + bareRun.non2xx + (tracedRun?.non2xx ?? 0)} other`,
    errorsFree,
  ],
];
// Traces did reach the sink (a traced API that exported nothing measured nothing).
if (traced)
  checks.push([
    'traced API exported',
    `${sink.received.exports} exports`,
    sink.received.exports > 0,
  ]);

console.log('');
console.log(
  `API benchmark: wrk -t1 -c${connections} --latency, ${rounds} alternating rounds of ${roundSeconds} s ` +
    `after a ${warmup} s warm-up, loopback, wrk sharing the cores, servers on Node ${runtime}`,
);
console.log(
  `  ${pad('', 34)}${lpad('req/s', 9)}${lpad('p99', 11)}${lpad('non-2xx', 9)}${lpad('CPU/req', 10)}`,
);
for (const [label, run] of [
  ['bare Fastify + pg, GET one row', bareRun],
  ['API GET /users/me (Bearer)', apiRun],
  ...(tracedRun ? [['  the same, tracing on', tracedRun]] : []),
]) {
  console.log(
    `  ${pad(label, 34)}${lpad(run.requestsPerSecond.toFixed(0), 9)}` +
      `${lpad(run.p99Ms.toFixed(1) + ' ms', 11)}${lpad(run.non2xx, 9)}` +
      `${lpad(run.cpuUsPerRequest.toFixed(0) + ' us', 10)}`,
  );
}
console.log(
  `  ratio api/bare: ${ratio.toFixed(2)} (median of the rounds: ${roundRatios.map((r) => r.toFixed(2)).join(', ')})`,
);
console.log(
  `  API p99: ${apiRun.p99Ms.toFixed(1)} ms (median of the rounds: ${apiRun.roundP99Ms.map((p) => p.toFixed(1)).join(', ')})`,
);
console.log(
  `  API resident memory at the end: ${memory.rss.toFixed(0)} MB (peak ${memory.peak.toFixed(0)} MB)`,
);
const tracingCost = tracedRun && {
  throughputOfOff: median(tracedRatios),
  roundThroughputOfOff: tracedRatios,
  p99AddedMs: tracedRun.p99Ms - apiRun.p99Ms,
  cpuUsAddedPerRequest: tracedRun.cpuUsPerRequest - apiRun.cpuUsPerRequest,
  rssAddedMb: tracedMemory.rss - memory.rss,
  sink: { ...sink.received },
};
if (tracingCost) {
  console.log(
    `  tracing on/off: throughput ${tracingCost.throughputOfOff.toFixed(2)} of off (rounds: ${tracedRatios.map((r) => r.toFixed(2)).join(', ')}), ` +
      `p99 ${tracingCost.p99AddedMs >= 0 ? '+' : ''}${tracingCost.p99AddedMs.toFixed(1)} ms, ` +
      `CPU/req ${tracingCost.cpuUsAddedPerRequest >= 0 ? '+' : ''}${tracingCost.cpuUsAddedPerRequest.toFixed(0)} us, ` +
      `memory ${tracedMemory.rss.toFixed(0)} MB (peak ${tracedMemory.peak.toFixed(0)} MB); ` +
      `the sink took ${sink.received.exports} exports, ${(sink.received.bytes / 1e6).toFixed(1)} MB`,
  );
}
console.log('');
const pass = reportChecks(checks, 36, 12);

writeFileSync(
  `${outDir}/api.json`,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      node: runtime,
      wrk: { threads: 1, connections, rounds, roundSeconds, warmupSeconds: warmup },
      bare: { ...bareRun, raw: undefined },
      api: { ...apiRun, raw: undefined },
      traced: tracedRun && { ...tracedRun, raw: undefined, rssMb: tracedMemory.rss },
      tracingCost,
      ratio,
      roundRatios,
      apiRssMb: memory.rss,
      apiPeakRssMb: memory.peak,
      goals: GOALS,
      pass,
    },
    null,
    2,
  ) + '\n',
);
process.exit(pass ? 0 : 1);
