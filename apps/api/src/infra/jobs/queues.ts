import type { RedisOptions as BullRedisOptions } from 'bullmq';
import { RedisSettings, redisOptions } from '../redis/redis-options';

/** Queue names shared by the API (producer) and the worker (consumer). */
export const MAINTENANCE_QUEUE = 'maintenance';

/**
 * BullMQ's connection options: REDIS_URL alone (tests pass the URL), or the
 * app's settings with Sentinels (infra/redis/redis-options.ts).
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

/**
 * A job whose id names a database row (`mail-<row>-<try>`, `claim-<record>`, `promotion-<grant>`)
 * is removed once it has run: BullMQ refuses an id it still holds, so a kept finished job would
 * silently swallow the next job of a row with that id: one the sweep queues again, or a row of a
 * database restored (or recreated) under a Redis that kept its jobs (found in the e2e run: a
 * recreated database's first mail never went). The ids collapse only the jobs not yet run.
 */
export const REMOVE_WHEN_RUN = { removeOnComplete: true, removeOnFail: true } as const;

/** Maintenance jobs: each is safe to run twice, so a failure is simply tried again. */
export const MAINTENANCE_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  ...REMOVE_WHEN_RUN,
} as const;
