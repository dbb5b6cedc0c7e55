import type { RedisOptions } from 'ioredis';

/** The settings that say how to reach Redis. */
export interface RedisSettings {
  REDIS_URL: string;
  /** host:port of Sentinels, comma-separated: when set, they name the master to use. */
  REDIS_SENTINELS?: string;
  REDIS_SENTINEL_NAME?: string;
}

/**
 * ioredis options for every connection of the app (its commands, BullMQ's
 * queues and workers, the pub/sub subscribers, which duplicate them).
 *
 * REDIS_URL gives the credentials, database and TLS, and the address when no
 * Sentinel is set. With REDIS_SENTINELS the address is the master the
 * Sentinels name for REDIS_SENTINEL_NAME: ioredis asks them on every
 * (re)connect and watches them for a switch (`failoverDetector`), and a
 * command refused by a former master now a replica (READONLY) reconnects and
 * is sent again, so a failover costs a moment, not a lost write.
 */
export function redisOptions(settings: RedisSettings): RedisOptions {
  const url = new URL(settings.REDIS_URL);
  const common: RedisOptions = {
    username: url.username || undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
  };
  const sentinels = (settings.REDIS_SENTINELS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const [host, port] = entry.split(':');
      return { host, port: Number(port || 26379) };
    });
  if (sentinels.length === 0) {
    return { ...common, host: url.hostname, port: Number(url.port || 6379) };
  }
  return {
    ...common,
    sentinels,
    name: settings.REDIS_SENTINEL_NAME || 'mymaster',
    failoverDetector: true,
    reconnectOnError: (error) => (error.message.startsWith('READONLY') ? 2 : false),
  };
}
