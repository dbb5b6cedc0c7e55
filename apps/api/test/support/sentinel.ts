import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { eventually } from './eventually';

/**
 * A Redis master, its replica and one Sentinel watching them (quorum 1), on
 * free ports of this machine, from the redis-server binary Debian installs
 * (`redis-server <conf> --sentinel` is redis-sentinel). Nothing is kept on disk.
 */
export interface SentinelSet {
  name: string;
  sentinels: string;
  master(): Promise<number>;
  failover(): Promise<number>;
  close(): Promise<void>;
}

const BASE = 26_400 + (process.pid % 50) * 3;

export async function startSentinelSet(name = 'club'): Promise<SentinelSet> {
  const dir = mkdtempSync(join(tmpdir(), 'sentinel-'));
  const [first, second, sentinelPort] = [BASE, BASE + 1, BASE + 2];
  const children: ChildProcess[] = [];
  const server = (args: string[]) => {
    const child = spawn('redis-server', args, { stdio: 'ignore' });
    children.push(child);
  };
  const plain = ['--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
  server(['--port', String(first), ...plain]);
  server(['--port', String(second), ...plain, '--replicaof', '127.0.0.1', String(first)]);
  const conf = join(dir, 'sentinel.conf');
  writeFileSync(
    conf,
    [
      `port ${sentinelPort}`,
      'bind 127.0.0.1',
      `dir ${dir}`,
      `sentinel monitor ${name} 127.0.0.1 ${first} 1`,
      `sentinel down-after-milliseconds ${name} 1000`,
      `sentinel failover-timeout ${name} 10000`,
      '',
    ].join('\n'),
  );
  server([conf, '--sentinel']);

  const sentinel = new Redis({ port: sentinelPort, lazyConnect: true, maxRetriesPerRequest: 1 });
  const master = async () => {
    const [, port] = (await sentinel.call('SENTINEL', 'get-master-addr-by-name', name)) as string[];
    return Number(port);
  };
  await eventually(async () => {
    try {
      if (sentinel.status !== 'ready') await sentinel.connect();
      const replicas = (await sentinel.call('SENTINEL', 'replicas', name)) as string[][];
      const replica = new Redis({ port: second, lazyConnect: true });
      await replica.connect();
      const info = await replica.info('replication');
      replica.disconnect();
      return (await master()) === first &&
        replicas.length === 1 &&
        info.includes('master_link_status:up')
        ? true
        : undefined;
    } catch {
      return undefined;
    }
  }, 20_000);

  return {
    name,
    sentinels: `127.0.0.1:${sentinelPort}`,
    master,
    /** Makes the replica the master (SENTINEL FAILOVER); resolves with the new master's port. */
    async failover() {
      const before = await master();
      await sentinel.call('SENTINEL', 'failover', name);
      return eventually(async () => {
        const now = await master();
        if (now === before) return undefined;
        const promoted = new Redis({ port: now, lazyConnect: true });
        await promoted.connect();
        const role = await promoted.info('replication');
        promoted.disconnect();
        return role.includes('role:master') ? now : undefined;
      }, 30_000);
    },
    async close() {
      sentinel.disconnect();
      for (const child of children) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
