import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { REDIS } from '../redis/redis.module';

/**
 * Ends logins. PostgreSQL is the record (refresh tokens of a revoked login
 * stop working); Redis remembers revoked logins for one access-token lifetime
 * so their still-valid access tokens are refused too.
 */
@Injectable()
export class SessionRevocationService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private key(sessionId: string) {
    return `revoked-session:${sessionId}`;
  }

  async isRevoked(sessionId: string): Promise<boolean> {
    return (await this.redis.exists(this.key(sessionId))) === 1;
  }

  async revokeSession(
    sessionId: string,
    reason: string,
    manager: EntityManager = this.dataSource.manager,
  ) {
    await manager.query(
      `UPDATE auth_sessions SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL`,
      [sessionId, reason],
    );
    await this.remember([sessionId]);
  }

  /** Every login of a member, except `keepSessionId` when given. */
  async revokeAllForUser(
    userId: number,
    reason: string,
    keepSessionId?: string,
    manager: EntityManager = this.dataSource.manager,
  ) {
    // TypeORM answers an UPDATE ... RETURNING with [rows, rowCount].
    const [rows]: [{ id: string }[], number] = await manager.query(
      `UPDATE auth_sessions SET revoked_at = now(), revoked_reason = $2
       WHERE user_id = $1 AND revoked_at IS NULL AND ($3::uuid IS NULL OR id <> $3::uuid)
       RETURNING id`,
      [userId, reason, keepSessionId ?? null],
    );
    await this.remember(rows.map((r) => r.id));
  }

  private async remember(sessionIds: string[]) {
    if (sessionIds.length === 0) return;
    const ttl = this.config.ACCESS_TOKEN_TTL_SECONDS;
    const pipeline = this.redis.pipeline();
    for (const id of sessionIds) pipeline.set(this.key(id), '1', 'EX', ttl);
    await pipeline.exec();
  }
}
