import { Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { JobOptions } from './background';
import type { JobOf, QueueName } from './job-payloads';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { bullConnection } from './queues';
import { jobTraceMetadata } from '../tracing/trace-context';

/**
 * The one door jobs go through onto a queue (issue 42): a job name of
 * infra/jobs/job-payloads.ts with the payload that name takes, checked by the
 * compiler. The API's routes (deposit claims, mail) and the worker's ticks
 * (through BackgroundRunner) add their jobs here; `pnpm lint` refuses a
 * BullMQ producer anywhere else (eslint.config.mjs, JOB_DOOR).
 */
@Injectable()
export class JobQueue implements OnApplicationShutdown {
  private readonly producers = new Map<QueueName, Queue>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * Adds `jobs` to `queue` in one call, each with its own `jobId` (repeated adds of one id
   * collapse) and `options` (attempts, backoff, removal) shared; answers how many. While
   * tracing is on, each job carries the running trace (the request's that queued it), which
   * the worker's BackgroundRunner continues.
   */
  async enqueue<Q extends QueueName>(
    queue: Q,
    jobs: JobOf<Q>[],
    options: JobOptions = {},
  ): Promise<number> {
    if (jobs.length === 0) return 0;
    const metadata = jobTraceMetadata();
    const telemetry = metadata ? { telemetry: { metadata } } : {};
    await this.producer(queue).addBulk(
      jobs.map(({ name, data, jobId }) => ({
        name,
        data,
        opts: { ...options, ...telemetry, jobId },
      })),
    );
    return jobs.length;
  }

  private producer(queue: QueueName): Queue {
    let producer = this.producers.get(queue);
    if (!producer) {
      producer = new Queue(queue, { connection: bullConnection(this.config) });
      this.producers.set(queue, producer);
    }
    return producer;
  }

  async onApplicationShutdown() {
    await Promise.all([...this.producers.values()].map((queue) => queue.close()));
  }
}

/** Imported by every module that adds jobs (one JobQueue per process). */
@Module({ providers: [JobQueue], exports: [JobQueue] })
export class JobQueueModule {}
