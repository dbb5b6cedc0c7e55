import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { retryAtStart } from '../../infra/process/start-retries';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { REDIS } from '../../infra/redis/redis.module';
import { AuthSessionsRepository } from './auth-sessions.repository';
import { SessionEnds } from './session-ends';

const KEY_PREFIX = 'revoked-session:';
const CHANNEL = 'revoked-sessions';

/**
 * Ends logins. PostgreSQL is the record (refresh tokens of a revoked login
 * stop working). Access tokens of a revoked login are refused too, for the
 * rest of their 15 minutes: each revocation is written to Redis with that
 * lifetime and published, and every API process keeps the set in memory,
 * loaded from Redis when it (re)connects. The per-request check therefore
 * costs no network round trip. Each process also tells its open event
 * streams of the login (SessionEnds), so they close within moments.
 */
@Injectable()
export class SessionRevocationService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SessionRevocationService.name);
  /** session id -> epoch ms after which its access tokens have expired anyway */
  private readonly revoked = new Map<string, number>();
  private subscriber?: Redis;

  constructor(
    private readonly sessions: AuthSessionsRepository,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly ends: SessionEnds,
  ) {}

  /**
   * Serves no request before the revocations are loaded (a revoked login is
   * never let through a start-up). A Redis away or failing over while the
   * process starts delays the start (retryAtStart) instead of ending it.
   */
  async onModuleInit() {
    if (process.env.OPENAPI_ONLY === '1') return;
    const subscriber = this.redis.duplicate({ lazyConnect: true });
    this.subscriber = subscriber;
    subscriber.on('message', (_channel, sessionId: string) => this.remember(sessionId));
    // Messages missed while disconnected are in the keys: reload them on every (re)connect.
    subscriber.on('ready', () => {
      this.loadFromRedis().catch((error) =>
        this.logger.error(`reloading revocations failed: ${error}`),
      );
    });
    await retryAtStart('revocations', this.logger, async () => {
      // After a failed first connect ioredis reconnects by itself; only a client it gave up on is started again.
      if (subscriber.status === 'wait' || subscriber.status === 'end') await subscriber.connect();
      await subscriber.subscribe(CHANNEL);
      await this.loadFromRedis();
    });
  }

  async onApplicationShutdown() {
    this.subscriber?.disconnect();
  }

  isRevoked(sessionId: string): boolean {
    const until = this.revoked.get(sessionId);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.revoked.delete(sessionId);
    return false;
  }

  async revokeSession(sessionId: string, reason: string) {
    await this.sessions.revoke(sessionId, reason);
    await this.announce([sessionId]);
  }

  /** Every login of a member, except `keepSessionId` when given. */
  async revokeAllForUser(userId: number, reason: string, keepSessionId?: string) {
    await this.announce(await this.sessions.revokeAllForUser(userId, reason, keepSessionId));
  }

  private remember(sessionId: string, ttlMs = this.config.ACCESS_TOKEN_TTL_SECONDS * 1000) {
    const known = this.isRevoked(sessionId);
    this.revoked.set(sessionId, Date.now() + ttlMs);
    if (this.revoked.size > 10_000) this.purgeExpired();
    // Once per login: a reload after a reconnect names every revocation again.
    if (!known) this.ends.sessionEnded(sessionId);
  }

  private purgeExpired() {
    const now = Date.now();
    for (const [id, until] of this.revoked) if (until <= now) this.revoked.delete(id);
  }

  private async announce(sessionIds: string[]) {
    if (sessionIds.length === 0) return;
    for (const id of sessionIds) this.remember(id);
    const pipeline = this.redis.pipeline();
    for (const id of sessionIds) {
      pipeline.set(KEY_PREFIX + id, '1', 'EX', this.config.ACCESS_TOKEN_TTL_SECONDS);
      pipeline.publish(CHANNEL, id);
    }
    await pipeline.exec();
  }

  private async loadFromRedis() {
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${KEY_PREFIX}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length === 0) continue;
      const pipeline = this.redis.pipeline();
      for (const key of keys) pipeline.pttl(key);
      const ttls = (await pipeline.exec()) ?? [];
      keys.forEach((key, i) => {
        const ttl = Number(ttls[i]?.[1]);
        if (ttl > 0) this.remember(key.slice(KEY_PREFIX.length), ttl);
      });
    } while (cursor !== '0');
  }
}
