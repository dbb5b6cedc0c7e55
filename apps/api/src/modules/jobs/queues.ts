/** Queue names shared by the API (producer) and the worker (consumer). */
export const MAINTENANCE_QUEUE = 'maintenance';

/** BullMQ wants host/port options; the settings give one REDIS_URL. */
export function bullConnection(redisUrl: string) {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
  };
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
