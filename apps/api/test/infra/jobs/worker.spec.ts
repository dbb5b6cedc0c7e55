import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue, QueueEvents } from 'bullmq';
import { DataSource } from 'typeorm';
import { useTestEnv } from '../../support/env';
import { MAINTENANCE_QUEUE, bullConnection } from '../../../src/infra/jobs/queues';
import { WorkerModule } from '../../../src/worker/worker.module';

useTestEnv();
// The worker's own timer drives the sweep in this file.
process.env.SWEEP_INTERVAL_MS = '200';

describe('worker process', () => {
  let worker: INestApplicationContext;
  let queue: Queue;
  let events: QueueEvents;

  beforeAll(async () => {
    const connection = bullConnection(process.env.REDIS_URL!);
    queue = new Queue(MAINTENANCE_QUEUE, { connection });
    events = new QueueEvents(MAINTENANCE_QUEUE, { connection });
    await events.waitUntilReady();
    worker = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
  });

  afterAll(async () => {
    await worker.close();
    await queue.obliterate({ force: true });
    await queue.close();
    await events.close();
  });

  it('consumes a job from Redis and reports it done', async () => {
    const job = await queue.add(
      'expire-membership',
      { userId: 0 },
      { jobId: `expire-none-${Date.now()}` },
    );
    const result = await job.waitUntilFinished(events, 10_000);
    expect(result).toEqual({ handled: 'expire-membership', outcome: 'already' });
  });

  it('fails a job whose name no handler takes, at once and saying why', async () => {
    const job = await queue.add(
      'ping',
      { at: Date.now() },
      { jobId: `ping-${Date.now()}`, attempts: 5 },
    );
    await expect(job.waitUntilFinished(events, 10_000)).rejects.toThrow(
      'no handler for job ping on queue maintenance',
    );
    const failed = await queue.getJob(job.id!);
    // Unrecoverable: not tried again.
    expect(failed?.attemptsMade).toBe(1);
    expect(await failed?.getState()).toBe('failed');
  });

  it('sweeps on its own timer: an expired membership is reset without anyone asking', async () => {
    const db = worker.get(DataSource);
    const [user] = await db.query(
      `INSERT INTO users (phone, password_hash, vip_level, vip_expire)
       VALUES ('+99800' || floor(random() * 1e7)::text, 'x', 3, now() - interval '1 minute') RETURNING id`,
    );
    let level = 3;
    for (let i = 0; i < 100 && level !== 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      [{ vip_level: level }] = await db.query(`SELECT vip_level FROM users WHERE id = $1`, [
        user.id,
      ]);
    }
    expect(level).toBe(0);
  });

  it('collapses duplicate deliveries of one deterministic job id', async () => {
    const jobId = `dedupe-${Date.now()}`;
    const first = await queue.add('expire-membership', { userId: 0 }, { jobId });
    const second = await queue.add('expire-membership', { userId: 0 }, { jobId });
    expect(second.id).toBe(first.id);
    await first.waitUntilFinished(events, 10_000);
    const completed = await queue.getJobs(['completed', 'active', 'waiting']);
    expect(completed.filter((job) => job.id === jobId)).toHaveLength(1);
  });
});
