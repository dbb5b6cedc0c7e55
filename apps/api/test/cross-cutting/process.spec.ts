import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Client } from 'pg';
import { DIST, runBuilt } from '../support/built-process';
import { useTestEnv } from '../support/env';

useTestEnv();

/**
 * The built entry points as real processes (pnpm test builds them first):
 * they refuse bad settings and shut down cleanly on SIGTERM.
 */
const PORT = 3190 + (process.pid % 9);

async function waitFor(check: () => Promise<boolean> | boolean, ms = 30_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

/** Each thread's nice value (field 19 of /proc/<pid>/task/<tid>/stat), main thread first. */
function niceValues(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`)
    .sort((a, b) => Number(a) - Number(b))
    .map((tid) => {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    });
}

describe('processes', () => {
  let running: ChildProcess | undefined;
  afterEach(() => running?.kill('SIGKILL'));

  it.each([
    [{ API_PORT: 'not-a-port' }, 'API_PORT'],
    [{ NODE_ENV: 'production', JWT_SECRET: '' }, 'JWT_SECRET is required in production'],
    [
      {
        NODE_ENV: 'production',
        JWT_SECRET: 'p'.repeat(40),
        ADMIN_PHONE: '+998900000001',
        ADMIN_PASSWORD: 'long-enough-pw',
        AUDIT_SIGNING_KEY: '',
      },
      'AUDIT_SIGNING_KEY is required in production',
    ],
  ])('the API refuses to boot with %p', async (env, message) => {
    const api = runBuilt('main.js', env);
    running = api.child;
    expect((await api.exited).code).toBe(1);
    expect(api.output()).toContain(message);
  });

  it('the API serves, then on SIGTERM closes its connections and stops', async () => {
    const api = runBuilt('main.js', { API_PORT: String(PORT), API_HOST: '127.0.0.1' });
    running = api.child;
    const health = () =>
      fetch(`http://127.0.0.1:${PORT}/health`).then(
        (r) => r.status,
        () => 0,
      );
    await waitFor(async () => (await health()) === 200);
    // Lines go out in batches, but a quiet server's lines still come within
    // LOG_FLUSH_MS (250 ms), not only when it stops.
    await waitFor(() => api.output().includes('"url":"/health"'), 3_000);
    api.child.kill('SIGTERM');
    // A polite stop: the shutdown hooks run, then the process exits 0 (infra/process/graceful-stop.ts).
    expect(await api.exited).toEqual({ code: 0, signal: null });
    expect(api.output()).toContain('API stopped on SIGTERM');
    // Every line is JSON (pino), the request's completion line among them.
    const lines = api
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.some((l) => l.req?.url === '/health' && l.res?.statusCode === 200)).toBe(true);
    expect(await health()).toBe(0);
  });

  it('the API and the worker stop at once when the reader of their output is gone', async () => {
    // `pnpm start`'s prefixer ended by the same signal (issue 42): the stop's own lines then
    // met a pipe without a reader, and sonic-boom 4's synchronous flush retried them forever.
    for (const [entry, ready, env] of [
      ['main.js', 'API listening', { API_PORT: String(PORT), API_HOST: '127.0.0.1' }],
      ['worker.js', 'worker started', {}],
    ] as const) {
      const p = runBuilt(entry, env);
      running = p.child;
      await waitFor(() => p.output().includes(ready));
      p.child.stdout!.destroy();
      p.child.stderr!.destroy();
      const started = Date.now();
      p.child.kill('SIGTERM');
      const outcome = await Promise.race([
        p.exited,
        new Promise((r) => setTimeout(() => r('still running after 10 s'), 10_000)),
      ]);
      expect(outcome).toEqual({ code: 0, signal: null });
      expect(Date.now() - started).toBeLessThan(10_000);
    }
  }, 60_000);

  it("the API's thread pool (password hashes) runs below its event loop, at THREADPOOL_NICE", async () => {
    for (const nice of [10, 0]) {
      const api = runBuilt('main.js', {
        API_PORT: String(PORT),
        API_HOST: '127.0.0.1',
        THREADPOOL_NICE: String(nice),
      });
      running = api.child;
      await waitFor(() => api.output().includes('API listening'));
      const [main, ...others] = niceValues(api.child.pid!);
      expect(main).toBe(0);
      // libuv's default pool of four; V8's own threads stay with the event loop.
      expect(others.filter((value) => value === nice)).toHaveLength(nice ? 4 : others.length);
      expect(api.output()).not.toContain('thread pool priority was left');
      api.child.kill('SIGTERM');
      await api.exited;
    }
  });

  it('the worker connects, then on SIGTERM closes its queue and stops', async () => {
    const worker = runBuilt('worker.js');
    running = worker.child;
    await waitFor(() => worker.output().includes('worker started'));
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toEqual({ code: 0, signal: null });
    expect(worker.output()).toContain('worker stopped on SIGTERM');
    for (const line of worker.output().trim().split('\n'))
      expect(() => JSON.parse(line)).not.toThrow();
  });

  it('a stop asked for while the app is still starting closes it once made: exit 0, not death by the signal', async () => {
    // As worker.ts and main.ts use it, in a process of its own; the app takes 1.5 s to make
    // (bench:chaos stopped a worker whose metrics port was up but whose start was not over).
    const script = `
      const { stopPolitely } = require(${JSON.stringify(join(DIST, 'infra/process/graceful-stop.js'))});
      const started = stopPolitely(10000);
      console.log('armed');
      setTimeout(() => {
        const app = { close: async (signal) => console.log('closed on ' + signal) };
        console.log('go on: ' + started(app));
      }, 1500);
      setInterval(() => undefined, 1000);
    `;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    running = child;
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    const exited = new Promise((done) =>
      child.on('exit', (code, signal) => done({ code, signal })),
    );
    await waitFor(() => output.includes('armed'));
    child.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(output).toContain('go on: false');
    expect(output).toContain('closed on SIGTERM');
  });

  it("the worker's health check passes while its heartbeat is fresh, fails before and after", async () => {
    // os.tmpdir() follows TMPDIR: a folder of our own, whatever else runs here.
    const dir = mkdtempSync(join(tmpdir(), 'worker-health-'));
    const env = { TMPDIR: dir };
    const check = async () => (await runBuilt('worker-health.js', env).exited).code;
    try {
      expect(await check()).toBe(1);
      const worker = runBuilt('worker.js', env);
      running = worker.child;
      await waitFor(() => existsSync(join(dir, 'worker-heartbeat')));
      expect(await check()).toBe(0);
      worker.child.kill('SIGTERM');
      await worker.exited;
      const stale = new Date(Date.now() - 31_000);
      utimesSync(join(dir, 'worker-heartbeat'), stale, stale);
      expect(await check()).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('a polite stop (SIGTERM) mid-work', () => {
    let db: Client;
    beforeEach(async () => {
      db = new Client({ connectionString: process.env.DATABASE_URL });
      await db.connect();
    });
    afterEach(async () => {
      await db.query('ROLLBACK').catch(() => undefined);
      await db.end();
    });

    /** Holds `table` until ROLLBACK: whatever reads it waits, as a slow query would. */
    const hold = async (table: string) => {
      await db.query('BEGIN');
      await db.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
    };
    /** Resolves once another connection waits for a lock (the process is mid-work). */
    const someoneWaits = () =>
      waitFor(async () => {
        const { rows } = await db.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND datname = current_database()`,
        );
        return rows[0].n > 0;
      });
    const api = (env: Record<string, string> = {}) =>
      runBuilt('main.js', { API_PORT: String(PORT), API_HOST: '127.0.0.1', ...env });
    const up = () =>
      waitFor(async () =>
        fetch(`http://127.0.0.1:${PORT}/health`).then(
          (r) => r.status === 200,
          () => false,
        ),
      );

    it('the API answers the request in flight, then exits 0', async () => {
      const p = api();
      running = p.child;
      await up();
      await hold('packages');
      const answer = fetch(`http://127.0.0.1:${PORT}/packages`);
      await someoneWaits();
      p.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      expect(p.child.exitCode).toBeNull(); // still finishing the request
      await db.query('ROLLBACK');
      const res = await answer;
      expect(res.status).toBe(200);
      expect(Array.isArray(await res.json())).toBe(true);
      expect(await p.exited).toEqual({ code: 0, signal: null });
    });

    it('a request that comes on a kept connection while the API stops gets 503 with Retry-After', async () => {
      const p = api();
      running = p.child;
      await up();
      await hold('packages');
      // Two requests on one connection: the second is read once the first is answered.
      const socket = connect(PORT, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => (received += chunk));
      const closed = new Promise((resolve) => socket.on('close', resolve));
      const get = 'GET /packages HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
      socket.write(get);
      await someoneWaits();
      p.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      socket.write(get);
      await db.query('ROLLBACK');
      await closed;
      const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
      expect(first).toMatch(/^HTTP\/1\.1 200/);
      // Fastify's own had no Retry-After and not the contract's body (found by bench:chaos).
      expect(second).toMatch(/^HTTP\/1\.1 503/);
      expect(second).toMatch(/\r\nretry-after: \d+\r\n/i);
      expect(second).toContain('"code":"SERVICE_UNAVAILABLE"');
      expect(await p.exited).toEqual({ code: 0, signal: null });
    });

    it('the API gives up after SHUTDOWN_GRACE_MS and exits 1, even with its output pipe closed', async () => {
      const p = api({ SHUTDOWN_GRACE_MS: '1500' });
      running = p.child;
      await up();
      await hold('packages');
      void fetch(`http://127.0.0.1:${PORT}/packages`).catch(() => undefined);
      await someoneWaits();
      // The reader of its output goes away: writing the log must not stop or hang the stop.
      p.child.stdout!.destroy();
      p.child.stderr!.destroy();
      const started = Date.now();
      p.child.kill('SIGTERM');
      expect(await p.exited).toEqual({ code: 1, signal: null });
      expect(Date.now() - started).toBeLessThan(10_000);
    });

    it('the worker finishes its running tick, then exits 0; one still going at half the grace is left to the exit, still 0 in time', async () => {
      for (const grace of ['0', '1500']) {
        const w = runBuilt('worker.js', {
          LEDGER_CHECKPOINT_INTERVAL_MS: '200',
          SHUTDOWN_GRACE_MS: grace,
        });
        running = w.child;
        await waitFor(() => w.output().includes('worker started'));
        await hold('ledger_postings');
        await someoneWaits();
        const started = Date.now();
        w.child.kill('SIGTERM');
        if (grace === '0') {
          // No limit: it waits for the tick, which ends once the table is free.
          await new Promise((r) => setTimeout(r, 1000));
          expect(w.child.exitCode).toBeNull();
          await db.query('ROLLBACK');
          expect(await w.exited).toEqual({ code: 0, signal: null });
          expect(w.output()).toContain('worker stopped on SIGTERM');
        } else {
          // Exit 1 would be the grace's timer; the tick (crash-safe) ends with the process.
          expect(await w.exited).toEqual({ code: 0, signal: null });
          expect(Date.now() - started).toBeLessThan(1500);
          expect(w.output()).toContain('tick ledger-checkpoint left running by the stop');
          await db.query('ROLLBACK');
        }
      }
    }, 60_000);
  });
});
