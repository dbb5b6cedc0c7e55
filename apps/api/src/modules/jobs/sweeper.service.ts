import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { Queue } from 'bullmq';
import { PromotionsService } from '../promotions/promotions.service';
import { ProofsService } from '../proofs/proofs.service';
import { UsersService } from '../users/users.service';
import { MAINTENANCE_QUEUE } from './queues';

export const SWEEP_BATCH = 500;

/**
 * Reads the pending work from PostgreSQL and enqueues one job per item with a
 * deterministic id, so repeated sweeps collapse and a Redis that lost
 * everything is refilled on the next sweep. It never touches money itself.
 */
@Injectable()
export class SweeperService implements OnModuleInit {
  private readonly logger = new Logger(SweeperService.name);
  private running = false;

  constructor(
    private readonly promotions: PromotionsService,
    private readonly users: UsersService,
    private readonly proofs: ProofsService,
    @InjectQueue(MAINTENANCE_QUEUE) private readonly queue: Queue,
    private readonly scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit() {
    const timer = setInterval(() => void this.tick(), this.config.SWEEP_INTERVAL_MS);
    // Registered with the scheduler, which clears it on shutdown.
    this.scheduler.addInterval('sweep', timer);
  }

  async tick() {
    if (this.running) return;
    this.running = true;
    try {
      await this.sweep();
    } catch (error) {
      this.logger.error(`sweep failed: ${error instanceof Error ? error.message : error}`);
    } finally {
      this.running = false;
    }
  }

  async sweep(): Promise<number> {
    const [grants, holds, expired, proof] = await Promise.all([
      this.promotions.pendingGrantIds(SWEEP_BATCH),
      this.promotions.dueHoldIds(SWEEP_BATCH),
      this.users.dueExpirations(SWEEP_BATCH),
      this.proofs.dueKey(),
    ]);
    const jobs = [
      ...grants.map((grantId) => ({
        name: 'settle-promotion',
        data: { grantId },
        opts: { jobId: `promotion-${grantId}` },
      })),
      ...holds.map((holdId) => ({
        name: 'release-hold',
        data: { holdId },
        opts: { jobId: `hold-${holdId}` },
      })),
      ...expired.map((u) => ({
        name: 'expire-membership',
        data: { userId: u.id },
        opts: { jobId: `expire-${u.id}-${u.expire}` },
      })),
      // The daily proof of liabilities: one job per snapshot due.
      ...(proof ? [{ name: 'publish-proof', data: {}, opts: { jobId: proof } }] : []),
    ].map((job) => ({
      ...job,
      opts: {
        ...job.opts,
        attempts: 5,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: 1000,
        removeOnFail: true,
      },
    }));
    if (jobs.length > 0) await this.queue.addBulk(jobs);
    return jobs.length;
  }
}
