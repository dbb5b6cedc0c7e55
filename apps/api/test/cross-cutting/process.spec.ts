import { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBuilt } from '../support/built-process';
import { useTestEnv } from '../support/env';

useTestEnv();

/**
 * The built entry points as real processes (pnpm test builds them first):
 * they refuse bad settings and shut down cleanly on SIGTERM.
 */
const PORT = 3190 + (process.pid % 9);

async function waitFor(check: () => Promise<boolean> | boolean, ms = 15_000) {
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
    // Nest finishes its shutdown hooks, then re-raises the signal to exit.
    expect(await api.exited).toEqual({ code: null, signal: 'SIGTERM' });
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
    expect(await worker.exited).toEqual({ code: null, signal: 'SIGTERM' });
    expect(worker.output()).toContain('worker stopped on SIGTERM');
    for (const line of worker.output().trim().split('\n'))
      expect(() => JSON.parse(line)).not.toThrow();
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
});
