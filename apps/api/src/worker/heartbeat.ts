import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { writeFile } from 'node:fs/promises';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { pingDatabase } from '../database/ping';
import { REDIS } from '../infra/redis/redis.module';
import { HEARTBEAT_FILE, HEARTBEAT_INTERVAL_MS } from './heartbeat-file';

/**
 * The worker serves no HTTP, so its container health check reads a file: on
 * every beat the worker asks PostgreSQL and Redis, the two things its jobs
 * need, and touches the file only when both answer. A hung event loop or a
 * lost connection lets the file go stale and the container turns unhealthy.
 */
@Injectable()
export class WorkerHeartbeat implements OnApplicationBootstrap {
  private readonly logger = new Logger(WorkerHeartbeat.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap() {
    void this.beat();
    // Registered with the scheduler, which clears it on shutdown.
    this.scheduler.addInterval(
      'heartbeat',
      setInterval(() => void this.beat(), HEARTBEAT_INTERVAL_MS),
    );
  }

  async beat(): Promise<boolean> {
    try {
      await pingDatabase(this.dataSource);
      await this.redis.ping();
      await writeFile(HEARTBEAT_FILE, new Date().toISOString());
      return true;
    } catch (error) {
      this.logger.warn(`heartbeat skipped: ${error instanceof Error ? error.message : error}`);
      return false;
    }
  }
}
