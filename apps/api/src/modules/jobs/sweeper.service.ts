import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
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
    private readonly dataSource: DataSource,
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
    const q = (sql: string) => this.dataSource.query(sql, [SWEEP_BATCH]);
    const grants: { id: string }[] = await q(
      `SELECT id FROM promotion_grants WHERE status = 'pending' ORDER BY id LIMIT $1`,
    );
    const holds: { id: string }[] = await q(
      `SELECT id FROM points_holds WHERE released_at IS NULL AND release_at <= now() ORDER BY id LIMIT $1`,
    );
    const expired: { id: number; expire: string }[] = await q(
      `SELECT id, (extract(epoch FROM vip_expire) * 1000)::bigint AS expire FROM users
       WHERE vip_level > 0 AND vip_expire <= now() ORDER BY id LIMIT $1`,
    );
    const jobs = [
      ...grants.map((g) => ({
        name: 'settle-promotion',
        data: { grantId: Number(g.id) },
        opts: { jobId: `promotion-${g.id}` },
      })),
      ...holds.map((h) => ({
        name: 'release-hold',
        data: { holdId: Number(h.id) },
        opts: { jobId: `hold-${h.id}` },
      })),
      ...expired.map((u) => ({
        name: 'expire-membership',
        data: { userId: u.id },
        opts: { jobId: `expire-${u.id}-${u.expire}` },
      })),
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
