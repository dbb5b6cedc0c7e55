import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

/**
 * PostgreSQL servers and a PgBouncer of a suite's own, in a temporary folder
 * on free ports (never the machine's 5432): Debian's server binaries under
 * /usr/lib/postgresql/<version>/bin, run as the postgres user when the tests
 * run as root (PostgreSQL refuses root).
 */
const PG_BIN = (() => {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions
    .map((v) => join(root, v, 'bin'))
    .find((d) => existsSync(join(d, 'initdb')));
  if (!found)
    throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin');
  return found;
})();

const asRoot = process.getuid?.() === 0;
const pgUid = asRoot ? Number(execFileSync('id', ['-u', 'postgres']).toString()) : undefined;
const pgGid = asRoot ? Number(execFileSync('id', ['-g', 'postgres']).toString()) : undefined;

/** Runs a PostgreSQL binary as the cluster's owner. */
function pg(binary: string, args: string[]) {
  const file = join(PG_BIN, binary);
  return asRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe' })
    : execFileSync(file, args, { stdio: 'pipe' });
}

/** A TCP port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A folder the postgres user owns (for data directories and sockets). */
function ownedDir(path: string) {
  mkdirSync(path, { recursive: true });
  chmodSync(path, 0o700);
  if (asRoot) chownSync(path, pgUid!, pgGid!);
  return path;
}

export interface OwnPostgres {
  port: number;
  url: (database: string) => string;
  query: <T = any>(database: string, text: string, values?: unknown[]) => Promise<T[]>;
  stop: () => void;
}

function started(dir: string, port: number, options: string[]): OwnPostgres {
  const socket = ownedDir(join(dir, 'sock'));
  const opts = ['-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-k', socket, ...options];
  pg('pg_ctl', [
    '-D',
    join(dir, 'data'),
    '-o',
    opts.join(' '),
    '-l',
    join(dir, 'server.log'),
    '-w',
    '-t',
    '60',
    'start',
  ]);
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    query: async (database, text, values) => {
      const client = new Client({ connectionString: url(database) });
      await client.connect();
      try {
        return (await client.query(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    stop: () => {
      try {
        pg('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', '-w', '-t', '20', 'stop']);
      } catch {
        // already stopped
      }
    },
  };
}

/** A primary that streams its WAL (wal_level=replica), trust authentication. */
export async function startPrimary(root: string): Promise<OwnPostgres> {
  const dir = join(root, 'primary');
  mkdirSync(dir, { recursive: true });
  if (asRoot) chownSync(dir, pgUid!, pgGid!);
  ownedDir(join(dir, 'data'));
  pg('initdb', ['-D', join(dir, 'data'), '-U', 'postgres', '-A', 'trust', '--no-sync']);
  return started(dir, await freePort(), [
    '-c fsync=off',
    '-c wal_level=replica',
    '-c max_wal_senders=5',
    '-c max_connections=100',
  ]);
}

/** A streaming standby of `primary` (pg_basebackup -R): read-only, replaying the primary's WAL. */
export async function startStandby(root: string, primary: OwnPostgres): Promise<OwnPostgres> {
  const dir = join(root, 'standby');
  mkdirSync(dir, { recursive: true });
  if (asRoot) chownSync(dir, pgUid!, pgGid!);
  ownedDir(join(dir, 'data'));
  pg('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    '-D',
    join(dir, 'data'),
    '-R',
    '-X',
    'stream',
    // An immediate checkpoint: the default spread one waits minutes.
    '--checkpoint=fast',
    '--no-sync',
  ]);
  return started(dir, await freePort(), [
    '-c fsync=off',
    '-c hot_standby=on',
    '-c max_connections=100',
  ]);
}

/** A temporary folder the postgres user may enter. */
export function clusterRoot(prefix: string): { root: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(root, 0o755);
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

export interface OwnPgBouncer {
  port: number;
  /** DATABASE_URL through the pooler for `database` (any database of the server behind it). */
  url: (database: string) => string;
  stop: () => Promise<void>;
  log: () => string;
}

/**
 * PgBouncer (Debian's /usr/sbin/pgbouncer) in transaction mode on a free
 * port, in front of 127.0.0.1:`serverPort`, trusting every user.
 */
export async function startPgBouncer(root: string, serverPort: number): Promise<OwnPgBouncer> {
  const binary = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((f) => existsSync(f));
  if (!binary) throw new Error('pgbouncer is not installed (apt-get install pgbouncer)');
  const dir = join(root, 'pgbouncer');
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o777);
  const port = await freePort();
  const ini = join(dir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=127.0.0.1 port=${serverPort}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'max_client_conn = 500',
      'default_pool_size = 20',
      // node-postgres sends statement_timeout as a start-up parameter when set.
      'ignore_startup_parameters = extra_float_digits,statement_timeout',
      'admin_users = postgres',
      '',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'users.txt'), '"postgres" ""\n');
  // pgbouncer refuses to run as root: -u switches to the postgres user.
  const child: ChildProcess = spawn(binary, asRoot ? ['-u', 'postgres', ini] : [ini], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  for (let i = 0; ; i++) {
    try {
      const client = new Client({
        connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
      });
      await client.connect();
      await client.end();
      break;
    } catch (error) {
      if (i > 100 || child.exitCode !== null)
        throw new Error(`pgbouncer did not start: ${output || error}`, { cause: error });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGINT');
      await exited;
    },
    log: () => output,
  };
}
