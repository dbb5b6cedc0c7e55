import type { WorkerOptions } from 'bullmq';
import { loadConfig } from '../../config/config';

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

/**
 * The consumers' options (`@Processor(queue, jobWorkerOptions)`). Getters: @nestjs/bullmq reads
 * them when it creates the consumers, after the process has loaded its settings, not when the
 * decorator runs at import. A job whose worker died (SIGKILL, lost host) keeps its lock until
 * `lockDuration`, then another worker's stalled-job check hands it out again.
 */
export const jobWorkerOptions: Partial<WorkerOptions> = {
  get lockDuration() {
    return loadConfig().JOB_LOCK_MS;
  },
  get stalledInterval() {
    return loadConfig().JOB_LOCK_MS;
  },
};
