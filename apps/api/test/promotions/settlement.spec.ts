import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue, QueueEvents } from 'bullmq';
import { MAINTENANCE_QUEUE, bullConnection } from '../../src/infra/jobs/queues';
import { BackgroundRunner } from '../../src/infra/jobs/background.runner';
import { PromotionsService } from '../../src/modules/promotions/promotions.service';
import { UsersService } from '../../src/modules/users/users.service';
import { WorkerModule } from '../../src/worker/worker.module';
import {
  TestApp,
  adjust,
  expectLedgerSound,
  me,
  member,
  operator,
  setLevel,
  startApp,
} from '../support/harness';

// Sweeps run when the test says so, not on the worker's timer.
process.env.SWEEP_INTERVAL_MS = String(3_600_000);

/** The ticks that queue maintenance work (src/background-registry.ts). */
const MAINTENANCE_SWEEPS = ['promotions-sweep', 'memberships-sweep', 'proofs-sweep'];
const sweep = async (context: INestApplicationContext) => {
  let enqueued = 0;
  for (const name of MAINTENANCE_SWEEPS)
    enqueued += (await context.get(BackgroundRunner).run(name)) as number;
  return enqueued;
};

/**
 * The worker process as production runs it (BullMQ on Redis, PostgreSQL as
 * the record of pending work), against the HTTP app for the member side.
 */
describe('worker: promotions, held points, membership expiry', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let worker: INestApplicationContext | undefined;
  let queue: Queue;
  let events: QueueEvents;

  const startWorker = async () => {
    worker = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
    return worker;
  };
  const stopWorker = async () => {
    await worker?.close();
    worker = undefined;
  };
  /** Sweeps, then waits until the queue has nothing waiting or running. */
  const sweepAndDrain = async (context: INestApplicationContext) => {
    const enqueued = await sweep(context);
    for (let i = 0; i < 200; i++) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      if (Object.values(counts).every((n) => n === 0)) return enqueued;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('queue did not drain');
  };

  beforeAll(async () => {
    t = await startApp();
    admin = await operator(t);
    const connection = bullConnection(process.env.REDIS_URL!);
    queue = new Queue(MAINTENANCE_QUEUE, { connection });
    events = new QueueEvents(MAINTENANCE_QUEUE, { connection });
    await t.db.query(
      `INSERT INTO promotion_campaigns (name, starts_at, ends_at, min_vip_level, inviter_points_micro, member_points_micro, hold_days)
       VALUES ('test campaign', now() - interval '1 day', now() + interval '1 day', 2, 10000000, 5000000, 30)`,
    );
  });
  afterEach(async () => {
    await stopWorker();
    await expectLedgerSound(t, admin);
  });
  afterAll(async () => {
    await t.db.query(
      `UPDATE promotion_campaigns SET ends_at = starts_at + interval '1 second' WHERE name = 'test campaign'`,
    );
    await queue.obliterate({ force: true });
    await queue.close();
    await events.close();
    await t.close();
  });

  /** An invited member who buys `level` with money the operator credited. */
  async function invitedBuyer(level: number) {
    const inviter = await member(t);
    await setLevel(t, inviter.id, 1); // only VIP 1 and above invite
    const buyer = await member(t, inviter.id);
    await adjust(t, admin, buyer.id, 1000);
    const res = await t.http().post('/balance/buy_vip').set(buyer.auth).send({ vip_level: level });
    expect(res.status).toBe(200);
    const [grant] = await t.db.query(
      `SELECT id, status FROM promotion_grants WHERE member_id = $1`,
      [buyer.id],
    );
    return { inviter, buyer, grant };
  }

  it('pays the promotion once as held points, even when the job is delivered twice', async () => {
    const { inviter, buyer, grant } = await invitedBuyer(2);
    expect(grant.status).toBe('pending');
    const context = await startWorker();
    expect(await sweepAndDrain(context)).toBeGreaterThanOrEqual(1);
    expect(await me(t, buyer)).toMatchObject({ points_hold: 5, points: 0 });
    expect(await me(t, inviter)).toMatchObject({ points_hold: 10, points: 0 });

    // A second delivery under another job id, and a direct call: both no-ops.
    const again = await queue.add(
      'settle-promotion',
      { grantId: Number(grant.id) },
      { jobId: `redelivery-${grant.id}` },
    );
    expect(await again.waitUntilFinished(events, 10_000)).toEqual({
      handled: 'settle-promotion',
      outcome: 'already',
    });
    expect(await context.get(PromotionsService).settleGrant(Number(grant.id))).toBe('already');
    expect(await me(t, buyer)).toMatchObject({ points_hold: 5 });
    expect(await me(t, inviter)).toMatchObject({ points_hold: 10 });
  });

  it('gives nothing for VIP1, for a member without inviter, or a second time for the same member', async () => {
    const { buyer, grant } = await invitedBuyer(1);
    expect(grant).toBeUndefined();
    await adjust(t, admin, buyer.id, 1000);
    await t.http().post('/balance/buy_vip').set(buyer.auth).send({ vip_level: 3 }).expect(200);
    await t.http().post('/balance/buy_vip').set(buyer.auth).send({ vip_level: 4 }).expect(200);
    const grants = await t.db.query(`SELECT id FROM promotion_grants WHERE member_id = $1`, [
      buyer.id,
    ]);
    expect(grants).toHaveLength(1);
    const loner = await member(t);
    await adjust(t, admin, loner.id, 500);
    await t.http().post('/balance/buy_vip').set(loner.auth).send({ vip_level: 2 }).expect(200);
    expect(
      await t.db.query(`SELECT id FROM promotion_grants WHERE member_id = $1`, [loner.id]),
    ).toHaveLength(0);
  });

  it('loses nothing when Redis is flushed between enqueueing and processing', async () => {
    const { inviter, buyer } = await invitedBuyer(2);
    // Enqueue with no worker running, then lose every job.
    const producer = await startWorker();
    await sweep(producer);
    await stopWorker();
    await t.redis.flushdb();
    expect((await queue.getJobCounts('waiting')).waiting).toBe(0);
    expect(await me(t, buyer)).toMatchObject({ points_hold: 0 });
    // The next sweep finds the pending grant in PostgreSQL again.
    const context = await startWorker();
    await sweepAndDrain(context);
    expect(await me(t, buyer)).toMatchObject({ points_hold: 5 });
    expect(await me(t, inviter)).toMatchObject({ points_hold: 10 });
  });

  it('releases held points to points at expiry, once', async () => {
    const { inviter, buyer } = await invitedBuyer(2);
    const context = await startWorker();
    await sweepAndDrain(context);
    // Not due yet: nothing moves.
    await sweepAndDrain(context);
    expect(await me(t, buyer)).toMatchObject({ points_hold: 5, points: 0 });
    await t.db.query(
      `UPDATE points_holds SET release_at = now() - interval '1 second' WHERE user_id = ANY($1)`,
      [[buyer.id, inviter.id]],
    );
    await sweepAndDrain(context);
    expect(await me(t, buyer)).toMatchObject({ points_hold: 0, points: 5 });
    expect(await me(t, inviter)).toMatchObject({ points_hold: 0, points: 10 });
    const [hold] = await t.db.query(`SELECT id FROM points_holds WHERE user_id = $1`, [buyer.id]);
    expect(await context.get(PromotionsService).releaseHold(Number(hold.id))).toBe('already');
    await t.redis.flushdb();
    await sweepAndDrain(context);
    expect(await me(t, buyer)).toMatchObject({ points_hold: 0, points: 5 });
  });

  it('resets an expired membership to level 0', async () => {
    const m = await member(t);
    await adjust(t, admin, m.id, 50);
    await t.http().post('/balance/buy_vip').set(m.auth).send({ vip_level: 1 }).expect(200);
    await t.db.query(`UPDATE users SET vip_expire = now() - interval '1 second' WHERE id = $1`, [
      m.id,
    ]);
    const context = await startWorker();
    await sweepAndDrain(context);
    const [row] = await t.db.query(`SELECT vip_level, vip_expire FROM users WHERE id = $1`, [m.id]);
    expect(row).toEqual({ vip_level: 0, vip_expire: null });
    expect(await context.get(UsersService).expireMembership(m.id)).toBe(false);
  });
});
