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
