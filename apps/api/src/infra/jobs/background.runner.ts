import {
  Inject,
  Injectable,
  BeforeApplicationShutdown,
  Logger,
  OnApplicationBootstrap,
  OnModuleInit,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Job, UnrecoverableError, WaitingError, Worker } from 'bullmq';
import { backgroundJobFailures, backgroundTickFailures } from '../metrics/metrics';
import { APP_CONFIG, AppConfig } from '../../config/config';
import {
  BackgroundDeclaration,
  BackgroundProcess,
  JobOptions,
  QueuedJob,
  Tick,
  TickContext,
  tickPeriod,
  validateBackground,
} from './background';
import type { JobOf, QueueName } from './job-payloads';
import { JobQueue } from './job-queue';
import { bullConnection } from './queues';
import { inSpan, SpanKind, traceparentOfJob } from '../tracing/trace-context';

/** What one process runs: set by `JobsModule.forProcess`. */
export const BACKGROUND_SETUP = Symbol('BACKGROUND_SETUP');
export interface BackgroundSetup {
  process: BackgroundProcess;
  declarations: BackgroundDeclaration[];
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface RunningTick {
  tick: Tick;
  owner: BackgroundDeclaration;
  handler: unknown;
  running: boolean;
}

/**
 * Runs the declared background work of one process: its ticks (one timer
 * each, registered with SchedulerRegistry so shutdown clears it; a tick still
 * running when its timer fires again is skipped, never overlapped; a failure
 * is logged with the tick's name and counted) and, in the worker, one BullMQ
 * consumer per queue that hands each job to its declared handler and fails a
 * job whose name has none.
 */
@Injectable()
export class BackgroundRunner
  implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown
{
  private readonly logger = new Logger('Background');
  private readonly ticks = new Map<string, RunningTick>();
  private readonly handlers = new Map<string, { job: QueuedJob; handler: unknown }>();
  private readonly workers: Worker[] = [];
  /** Aborted when the process stops: no tick starts again, ticks going through items stop between two. */
  private readonly stop = new AbortController();

  constructor(
    @Inject(BACKGROUND_SETUP) private readonly setup: BackgroundSetup,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly moduleRef: ModuleRef,
    private readonly scheduler: SchedulerRegistry,
    private readonly jobs: JobQueue,
  ) {}

  /**
   * Refuses the start (the process exits saying why) when a job name put on a
   * queue has no handler, or a handler is not provided: it never runs half its work.
   */
  onModuleInit() {
    const setup = this.setup;
    validateBackground(setup.declarations);
    for (const owner of setup.declarations) {
      for (const tick of owner.ticks ?? [])
        if (tick.process === setup.process)
          this.ticks.set(tick.name, {
            tick,
            owner,
            handler: this.resolve(tick.handler, `tick ${tick.name}`),
            running: false,
          });
      if (setup.process === 'worker')
        for (const job of owner.jobs ?? [])
          this.handlers.set(`${job.queue}/${job.name}`, {
            job,
            handler: this.resolve(job.handler, `job ${job.queue}/${job.name}`),
          });
    }
  }

  private resolve(type: BackgroundDeclaration['module'], what: string): unknown {
    try {
      return this.moduleRef.get(type, { strict: false });
    } catch (error) {
      throw new Error(`background ${what}: its handler ${type.name} is not provided`, {
        cause: error,
      });
    }
  }

  onApplicationBootstrap() {
    for (const entry of this.ticks.values()) {
      const period = tickPeriod(entry.tick, this.config);
      if (period === 0) continue;
      const timer = setInterval(() => void this.runTick(entry), period);
      // Registered with the scheduler, which clears it on shutdown.
      this.scheduler.addInterval(entry.tick.name, timer);
      if (entry.tick.atStart) setImmediate(() => void this.runTick(entry));
    }
    const queues = new Set([...this.handlers.values()].map(({ job }) => job.queue));
    for (const queue of queues) this.workers.push(this.consume(queue));
  }

  /**
   * A stop lets work in hand finish while the database and Redis are still
   * there: no tick starts again, ticks going through items stop between two
   * (`TickContext.stopping`), the consumers finish their current job (BullMQ's
   * close waits for it) and the ticks still running are waited for. Work still
   * going at half of SHUTDOWN_GRACE_MS (a send to a mail server that hangs, a
   * TRON node that does not answer) is not waited for any longer: each job is
   * handed back to its queue, as it was, for another worker (not a failed
   * attempt), and a tick is left to the process's exit; every tick is
   * crash-safe, so the next one, here or elsewhere, goes on from the database.
   * The other half is for the rest of the close, so the process exits 0 in time.
   */
  async beforeApplicationShutdown() {
    this.stop.abort();
    for (const name of this.ticks.keys())
      if (this.scheduler.doesExist('interval', name)) this.scheduler.deleteInterval(name);
    const grace = this.config.SHUTDOWN_GRACE_MS;
    const handBackMs = grace > 0 ? Math.floor(grace / 2) : Infinity;
    const handBackAt = Date.now() + handBackMs;
    const handBack =
      grace > 0
        ? setTimeout(() => {
            for (const worker of this.workers) worker.cancelAllJobs('the worker is stopping');
          }, handBackMs)
        : undefined;
    try {
      await Promise.all(this.workers.map((worker) => worker.close()));
      while ([...this.ticks.values()].some((entry) => entry.running) && Date.now() < handBackAt)
        await new Promise((resolve) => setTimeout(resolve, 20));
      for (const entry of this.ticks.values())
        if (entry.running) this.logger.warn(`tick ${entry.tick.name} left running by the stop`);
    } finally {
      clearTimeout(handBack);
    }
  }

  /**
   * Runs a tick of this process now, as its timer does (the tests call it): the
   * handler's result, undefined when a run is still going; a failure is logged,
   * counted and thrown.
   */
  async run(name: string): Promise<unknown> {
    const entry = this.ticks.get(name);
    if (!entry) throw new Error(`no tick ${name} in the ${this.setup.process}`);
    return this.runTick(entry, true);
  }

  private async runTick(entry: RunningTick, rethrow = false): Promise<unknown> {
    if (entry.running || (this.stop.signal.aborted && !rethrow)) return undefined;
    entry.running = true;
    try {
      return await entry.tick.run(entry.handler, this.context(entry.owner));
    } catch (error) {
      backgroundTickFailures.inc({ tick: entry.tick.name });
      const text = `tick ${entry.tick.name} failed: ${message(error)}`;
      if (entry.tick.failuresAreWarnings) this.logger.warn(text);
      else this.logger.error(text);
      if (rethrow) throw error;
      return undefined;
    } finally {
      entry.running = false;
    }
  }

  private context(owner: BackgroundDeclaration): TickContext {
    return {
      config: this.config,
      stopping: this.stop.signal,
      enqueue: async <Q extends QueueName>(
        queue: Q,
        jobs: JobOf<Q>[],
        options: JobOptions = {},
      ) => {
        for (const { name } of jobs)
          if (!(owner.enqueues ?? []).some((e) => e.queue === queue && e.name === name))
            throw new Error(`${owner.owner} does not declare that it enqueues ${queue}/${name}`);
        // Through the one door (job-queue.ts), which adds nothing for no jobs.
        return this.jobs.enqueue(queue, jobs, options);
      },
    };
  }

  private consume(queue: string): Worker {
    // Three parameters: BullMQ passes the signal that cancelAllJobs aborts only to such a processor.
    const processor = (job: Job, token?: string, cancelled?: AbortSignal) =>
      this.handle(queue, job, token, cancelled);
    const worker = new Worker(queue, processor, {
      connection: bullConnection(this.config),
      // A job whose worker died (SIGKILL, lost host) keeps its lock until `lockDuration`,
      // then another worker's stalled-job check hands it out again.
      lockDuration: this.config.JOB_LOCK_MS,
      stalledInterval: this.config.JOB_LOCK_MS,
    });
    // Connection trouble and jobs that vanished with a flushed Redis: logged, not
    // fatal (PostgreSQL holds the work; the sweep queues it again).
    worker.on('error', (error) => this.logger.warn(`queue ${queue} worker: ${error.message}`));
    worker.on('failed', (job, error) => {
      if (!job) return;
      const attempts = job.opts.attempts ?? 1;
      const final = error instanceof UnrecoverableError || job.attemptsMade >= attempts;
      const text = `job ${queue}/${job.name} ${job.id} failed (attempt ${job.attemptsMade} of ${attempts}): ${error.message}`;
      if (final) {
        backgroundJobFailures.inc({ queue, job: job.name });
        this.logger.error(text);
      } else {
        // It runs again after its backoff (a claim not solidified yet, a lock timeout).
        this.logger.warn(text);
      }
    });
    return worker;
  }

  private async handle(
    queue: string,
    job: Job,
    token?: string,
    cancelled?: AbortSignal,
  ): Promise<{ handled: string; outcome: unknown }> {
    const entry = this.handlers.get(`${queue}/${job.name}`);
    if (!entry)
      // Never accepted silently: failed at once (no retries), with the reason on the job.
      throw new UnrecoverableError(`no handler for job ${job.name} on queue ${queue}`);
    // In the trace of the request that queued it, when tracing is on (job-queue.ts).
    const running = inSpan(
      `job ${queue}/${job.name}`,
      {
        parent: traceparentOfJob(job.opts.telemetry?.metadata),
        kind: SpanKind.CONSUMER,
        attributes: {
          'messaging.system': 'bullmq',
          'messaging.operation.type': 'process',
          'messaging.destination.name': queue,
          'messaging.message.id': job.id ?? '',
        },
      },
      () => entry.job.run(entry.handler, job.data),
    );
    const outcome = await untilCancelled(running, cancelled);
    if (outcome === CANCELLED) {
      // The stop's hand-back: the job waits on its queue again, its attempts untouched; what
      // the abandoned run still does ends with the process (handlers are safe to run again).
      running.catch(() => undefined);
      await job.moveToWait(token);
      this.logger.warn(`job ${queue}/${job.name} ${job.id} handed back by the stop`);
      throw new WaitingError();
    }
    return { handled: job.name, outcome };
  }
}

const CANCELLED = Symbol('cancelled');

/** What `work` gives, or CANCELLED as soon as `signal` is aborted (the work is not stopped). */
function untilCancelled<T>(work: Promise<T>, signal?: AbortSignal): Promise<T | typeof CANCELLED> {
  if (!signal) return work;
  if (signal.aborted) return Promise.resolve(CANCELLED);
  return new Promise((resolve, reject) => {
    const cancel = () => resolve(CANCELLED);
    signal.addEventListener('abort', cancel, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', cancel));
  });
}
