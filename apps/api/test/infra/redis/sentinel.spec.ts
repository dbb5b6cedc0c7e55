import { INestApplicationContext } from '@nestjs/common';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { MAINTENANCE_QUEUE, bullConnection } from '../../../src/infra/jobs/queues';
import { eventually } from '../../support/eventually';
import { TestApp, member, operator, startApp } from '../../support/harness';
import { SentinelSet, startSentinelSet } from '../../support/sentinel';
import { startWorker } from '../../support/tron';

/**
 * Redis through Sentinel (REDIS_SENTINELS, REDIS_SENTINEL_NAME): two API
 * processes' worth of apps and a worker reach the master the Sentinel names,
 * and keep working across a failover to the replica: revocations published
 * before and after it reach the other API, and queued jobs are all done.
 */
describe('Redis through Sentinel: a failover loses no job and no revocation', () => {
  let set: SentinelSet;
  let a: TestApp;
  let b: TestApp;
  let worker: INestApplicationContext;
  let admin: Record<string, string>;
  let queue: Queue;
  let settings: Record<string, string>;

  beforeAll(async () => {
    set = await startSentinelSet();
    settings = {
      // Only credentials and database come from the URL: the Sentinel names the server.
      REDIS_URL: 'redis://127.0.0.1/0',
      REDIS_SENTINELS: set.sentinels,
      REDIS_SENTINEL_NAME: set.name,
      SWEEP_INTERVAL_MS: '3600000',
      TRON_SCAN_INTERVAL_MS: '0',
      TRON_SETTLE_INTERVAL_MS: '0',
    };
    a = await startApp(settings);
    b = await startApp(settings);
    worker = await startWorker(settings);
    admin = await operator(a);
    queue = new Queue(MAINTENANCE_QUEUE, { connection: bullConnection(settings as never) });
  }, 90_000);
  afterAll(async () => {
    await queue?.close();
    await worker?.close();
    await a?.close();
    await b?.close();
    await set?.close();
  });

  /** A member at level 1 whose membership ran out, and the job that settles it. */
  async function expiredMember(t: TestApp) {
    const m = await member(t);
    await t.db.query(
      `UPDATE users SET vip_level = 1, vip_expire = now() - interval '1 day' WHERE id = $1`,
      [m.id],
    );
    const job = await queue.add('expire-membership', { userId: m.id }, { jobId: `expire-${m.id}` });
    return { m, job };
  }
  /** Revocations and queue keys written on the server the Sentinel calls master now. */
  async function onMaster() {
    const redis = new Redis({ port: await set.master(), lazyConnect: true });
    await redis.connect();
    try {
      return {
        revoked: (await redis.keys('revoked-session:*')).length,
        queued: (await redis.keys(`bull:${MAINTENANCE_QUEUE}:*`)).length,
      };
    } finally {
      redis.disconnect();
    }
  }
  const levelOf = async (id: number) =>
    (await a.db.query(`SELECT vip_level FROM users WHERE id = $1`, [id]))[0].vip_level as number;
  /** A's operator ends the member's logins; B refuses the token once the revocation reached it. */
  async function revokedOnB(m: { id: number; auth: Record<string, string> }) {
    await b.http().get('/users/me').set(m.auth).expect(200);
    await a.http().post(`/admin/users/${m.id}/end_logins`).set(admin).expect(200);
    await eventually(async () =>
      (await b.http().get('/users/me').set(m.auth)).status === 401 ? true : undefined,
    );
  }

  it('works on the master the Sentinel names', async () => {
    expect(await set.master()).toBeGreaterThan(0);
    await revokedOnB(await member(a));
    const { m } = await expiredMember(a);
    await eventually(async () => ((await levelOf(m.id)) === 0 ? true : undefined));
    // Through the Sentinel's master, not REDIS_URL's host.
    expect(await onMaster()).toMatchObject({ revoked: 1, queued: expect.any(Number) });
    expect((await onMaster()).queued).toBeGreaterThan(0);
  });

  it('after a failover: jobs queued before and after are done, revocations still reach every API', async () => {
    const before = await member(a);
    const queuedBefore = await expiredMember(a);
    const old = await set.master();
    const now = await set.failover();
    expect(now).not.toBe(old);
    // Writes go to the new master: the apps notice the switch (or a READONLY answer) and follow.
    const after = await eventually(async () => {
      const res = await a.http().post('/token').type('form').send({
        username: before.phone,
        password: before.password,
      });
      return res.status === 200 ? res : undefined;
    }, 30_000);
    expect(after.body.access_token).toBeTruthy();
    const queuedAfter = await eventually(async () => {
      try {
        return await expiredMember(a);
      } catch {
        return undefined;
      }
    }, 30_000);
    for (const { m } of [queuedBefore, queuedAfter])
      await eventually(async () => ((await levelOf(m.id)) === 0 ? true : undefined), 30_000);
    expect(await queuedBefore.job.getState()).toBe('completed');
    await revokedOnB(await member(a));
    // Both revocations are on the new master: the one replicated before, the one written after.
    expect((await onMaster()).revoked).toBe(2);
  }, 120_000);
});
