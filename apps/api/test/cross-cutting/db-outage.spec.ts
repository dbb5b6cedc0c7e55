import { AddressInfo, Server, Socket, createServer, connect } from 'node:net';
import { Client } from 'pg';
import { isUnavailable } from '../../src/common/unavailable';
import { NoNodeError } from '../../src/infra/tron/node-pool';
import { TronNodeError } from '../../src/infra/tron/tron.client';
import { poolOf } from '../../src/database/typeorm-internals';
import { TEST_DATABASE_URL } from '../support/env';
import { TestApp, member, startApp } from '../support/harness';

/**
 * PostgreSQL going away under a running API, without touching the shared
 * server: the app reaches the test database through a TCP proxy that the
 * test turns off (connections refused, open ones cut, as in a restart) or
 * into a black hole (accepted, never answered, as on a dead network), then
 * on again. Requests must answer 503 SERVICE_UNAVAILABLE with Retry-After
 * quickly, never hang, and succeed again without restarting the app.
 */
class PgProxy {
  mode: 'up' | 'refuse' | 'blackhole' = 'up';
  private readonly sockets = new Set<Socket>();
  private server!: Server;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async listen() {
    this.server = createServer((client) => {
      this.sockets.add(client);
      client.on('close', () => this.sockets.delete(client));
      client.on('error', () => client.destroy());
      if (this.mode === 'refuse') return client.destroy();
      if (this.mode === 'blackhole') return; // accepted, never answered
      const upstream = connect(this.target.port, this.target.host);
      this.sockets.add(upstream);
      upstream.on('close', () => {
        this.sockets.delete(upstream);
        client.destroy();
      });
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** Every open connection cut; new ones refused (a reset right after accept) or held silent. */
  down(mode: 'refuse' | 'blackhole') {
    this.mode = mode;
    for (const socket of this.sockets) socket.destroy();
  }

  up() {
    this.mode = 'up';
    for (const socket of this.sockets) socket.destroy(); // black-holed ones
  }

  async close() {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A proxy to the server of `url` (PostgreSQL or Redis), and `url` through it. */
async function proxied(url: string): Promise<{ proxy: PgProxy; via: string }> {
  const target = new URL(url);
  const port = Number(target.port || (target.protocol.startsWith('redis') ? 6379 : 5432));
  const proxy = new PgProxy({ host: target.hostname, port });
  await proxy.listen();
  const via = new URL(url);
  via.hostname = '127.0.0.1';
  via.port = String(proxy.port);
  return { proxy, via: via.href };
}

const BOUND_MS = 3000;

describe('PostgreSQL away (through a proxy the test turns off)', () => {
  let proxy: PgProxy;
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    let via: string;
    ({ proxy, via } = await proxied(TEST_DATABASE_URL));
    t = await startApp({
      DATABASE_URL: via,
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      // Reads that reach the database: the catalogue kept a second per process would answer from memory.
      TRAILERS_CACHE_MS: '0',
    });
    ({ auth } = await member(t));
  });

  afterAll(async () => {
    proxy.up();
    await t?.close();
    await proxy?.close();
  });

  async function timed(path: string) {
    const started = Date.now();
    const res = await t.http().get(path).set(auth).timeout(10_000);
    return { res, ms: Date.now() - started };
  }

  async function expectUnavailable(path: string) {
    const { res, ms } = await timed(path);
    expect({ path, status: res.status }).toEqual({ path, status: 503 });
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(ms).toBeLessThan(BOUND_MS);
    if (path.startsWith('/health')) expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
    else
      expect(res.body).toEqual({
        detail: 'A dependency is unavailable',
        code: 'SERVICE_UNAVAILABLE',
      });
  }

  async function expectBack(path: string) {
    const until = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < until) {
      status = (await timed(path)).res.status;
      if (status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect({ path, status }).toEqual({ path, status: 200 });
  }

  const routes = ['/users/me', '/trailers', '/balance', '/health/ready'];

  it.each(['refuse', 'blackhole'] as const)(
    'answers 503 with Retry-After within 3 s (database: %s), then 200 again',
    async (mode) => {
      for (const path of routes) expect((await timed(path)).res.status).toBe(200);
      proxy.down(mode);
      for (const path of routes) await expectUnavailable(path);
      // Several at once (more than the pool) all answer, none hangs.
      const many = await Promise.all(Array.from({ length: 15 }, () => timed('/trailers')));
      for (const { res, ms } of many) {
        expect(res.status).toBe(503);
        expect(ms).toBeLessThan(2 * BOUND_MS);
      }
      expect((await timed('/health/live')).res.status).toBe(200);
      proxy.up();
      for (const path of routes) await expectBack(path);
    },
  );
});

describe('PostgreSQL restarting while the API starts', () => {
  it('delays the start instead of ending it, and the access state it then loads is current', async () => {
    // The access listener's own session (DATABASE_SESSION_URL) goes through the proxy: down
    // while the app starts, as when a restart meets it (pnpm bench:chaos: the API exited).
    const { proxy, via } = await proxied(TEST_DATABASE_URL);
    proxy.down('refuse');
    const admin = await startApp();
    const blocked = await member(admin);
    await admin.db.query('UPDATE users SET is_active = false WHERE id = $1', [blocked.id]);
    const upLater = setTimeout(() => proxy.up(), 2500);
    let t: TestApp | undefined;
    try {
      t = await startApp({ DATABASE_SESSION_URL: via, DATABASE_CONNECT_TIMEOUT_MS: '1000' });
      expect((await t.http().get('/users/me').set(blocked.auth)).status).toBe(401);
      const { auth } = await member(t);
      expect((await t.http().get('/users/me').set(auth)).status).toBe(200);
    } finally {
      clearTimeout(upLater);
      proxy.up();
      await t?.close();
      await admin.close();
      await proxy.close();
    }
  });
});

describe('Redis away while the API starts', () => {
  it('delays the start instead of ending it, and the revocations it then loads are current', async () => {
    // The app's Redis goes through the proxy, down while it starts (pnpm bench:chaos: a master
    // killed during a start-up ended the process with ioredis's "Connection is closed.").
    const { proxy, via } = await proxied(process.env.REDIS_URL!);
    const admin = await startApp();
    const revoked = await member(admin);
    proxy.down('refuse');
    let t: TestApp | undefined;
    try {
      const starting = startApp({ REDIS_URL: via });
      // After startApp's own flush of the test Redis: a login ended while the new app starts.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await admin.http().post('/logout').set(revoked.auth).expect(200);
      setTimeout(() => proxy.up(), 1500);
      t = await starting;
      expect((await t.http().get('/users/me').set(revoked.auth)).status).toBe(401);
      const { auth } = await member(t);
      expect((await t.http().get('/users/me').set(auth)).status).toBe(200);
    } finally {
      proxy.up();
      await t?.close();
      await admin.close();
      await proxy.close();
    }
  });
});

describe('a connection PostgreSQL ends while it is checked out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  it('leaves the app running and the pool drops it (found by bench:chaos: it ended the process)', async () => {
    const { auth } = await member(t);
    // As the hot path (database/prepared.ts) holds one: from the pool itself, no TypeORM runner.
    const client = await poolOf(t.db).connect();
    const [{ pid }] = (await client.query('SELECT pg_backend_pid() AS pid')).rows;
    // As a restart does: the server ends the connection while it is checked out.
    const admin = new Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const error = await client.query('SELECT 1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    client.release();
    for (let i = 0; i < 12; i++)
      expect((await t.http().get('/users/me').set(auth)).status).toBe(200);
  });

  it('fails a transaction whose connection ended with an error that answers 503', async () => {
    const admin = new Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    const error = await t.db
      .transaction(async (manager) => {
        const [{ pid }] = await manager.query('SELECT pg_backend_pid() AS pid');
        await admin.query('SELECT pg_terminate_backend($1)', [pid]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await manager.query('SELECT 1');
      })
      .catch((e: unknown) => e);
    await admin.end();
    expect(error).toBeInstanceOf(Error);
    expect(isUnavailable(error)).toBe(true);
  });
});

describe('isUnavailable', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it.each([
    ['pg refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['pg restart', withCode('57P01', 'terminating connection due to administrator command')],
    ['pg starting up', withCode('57P03', 'the database system is starting up')],
    ['pg connection lost', new Error('Connection terminated unexpectedly')],
    ['pool wait', new Error('timeout exceeded when trying to connect')],
    ['TypeORM wrapper', Object.assign(new Error('q'), { driverError: withCode('08006') })],
    ['released runner', Object.assign(new Error('x'), { name: 'QueryRunnerAlreadyReleasedError' })],
    [
      "released runner's manager",
      Object.assign(new Error('x'), { name: 'QueryRunnerProviderAlreadyReleasedError' }),
    ],
    ['ioredis gave up', Object.assign(new Error('x'), { name: 'MaxRetriesPerRequestError' })],
    ['ioredis closed', new Error('Connection is closed.')],
    [
      'no TRON node answered',
      new TronNodeError('no TRON node answered', { cause: new NoNodeError('HTTP 502') }),
    ],
    ['statement_timeout', withCode('57014', 'canceling statement due to statement timeout')],
    ['disk full', withCode('ENOSPC', 'no space left on device')],
    ['read-only storage', withCode('EROFS', 'read-only file system')],
    [
      'S3 SlowDown after retries',
      Object.assign(new Error('Please reduce your request rate.'), {
        name: 'SlowDown',
        $fault: 'server',
        $metadata: { httpStatusCode: 503 },
      }),
    ],
    [
      'S3 InternalError',
      Object.assign(new Error('x'), { $fault: 'server', $metadata: { httpStatusCode: 500 } }),
    ],
  ])('%s: yes', (_name, error) => expect(isUnavailable(error)).toBe(true));

  it.each([
    ['unique violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a bug', new TypeError('Cannot read properties of undefined')],
    ["a TRON node's own error answer", new TronNodeError('gettransactioninfobyid: bad id')],
    [
      'S3 access denied (a setting, not an outage)',
      Object.assign(new Error('Access Denied'), {
        $fault: 'client',
        $metadata: { httpStatusCode: 403 },
      }),
    ],
    ['a missing folder', withCode('ENOENT', 'no such file or directory')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s: no', (_name, error) => expect(isUnavailable(error)).toBe(false));
});
