import type { RedisOptions as BullRedisOptions } from 'bullmq';
import { RedisSettings, redisOptions } from '../redis/redis-options';

/** Queue names shared by the API (producer) and the worker (consumer). */
export const MAINTENANCE_QUEUE = 'maintenance';

/**
 * BullMQ's connection options: REDIS_URL alone (tests pass the URL), or the
 * app's settings with Sentinels (modules/redis/redis-options.ts).
 */
export function bullConnection(settings: string | RedisSettings): BullRedisOptions {
  // The same ioredis options; only the types differ (ioredis 6 lets
  // retryStrategy be null, BullMQ 6's copy of the type does not; none is set).
  return redisOptions(
    typeof settings === 'string' ? { REDIS_URL: settings } : settings,
  ) as BullRedisOptions;
}

/** Items one sweep reads from PostgreSQL at most, per kind of pending work. */
export const SWEEP_BATCH = 500;

/** Maintenance jobs: each is safe to run twice, so a failure is simply tried again. */
export const MAINTENANCE_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: 1000,
  removeOnFail: true,
} as const;
