import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull, Not } from 'typeorm';
import { AuthSession, RefreshToken } from './auth-session.entity';

/** The only door to `auth_sessions` and `refresh_tokens`. */
@Injectable()
export class AuthSessionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async createSession(db: EntityManager, id: string, userId: number, ip?: string): Promise<void> {
    await db.query(`INSERT INTO auth_sessions (id, user_id, ip) VALUES ($1, $2, $3)`, [
      id,
      userId,
      ip?.slice(0, 64) ?? null,
    ]);
  }

  /** A member's latest logins, for the operator area. */
  recentForUser(
    userId: number,
    limit = 20,
  ): Promise<
    {
      id: string;
      ip: string | null;
      created_at: Date;
      revoked_at: Date | null;
      revoked_reason: string | null;
    }[]
  > {
    return this.dataSource.query(
      `SELECT id, ip, created_at, revoked_at, revoked_reason FROM auth_sessions
       WHERE user_id = $1 ORDER BY created_at DESC LIMIT $2`,
      [userId, limit],
    );
  }

  findSession(db: EntityManager, id: string): Promise<AuthSession | null> {
    return db.findOneBy(AuthSession, { id });
  }

  async addRefreshToken(
    db: EntityManager,
    token: Pick<RefreshToken, 'tokenHash' | 'sessionId' | 'expiresAt'>,
  ): Promise<void> {
    await db.insert(RefreshToken, token);
  }

  /** The token row, locked until the caller's transaction ends (rotation is single use). */
  lockRefreshToken(db: EntityManager, tokenHash: string): Promise<RefreshToken | null> {
    return db
      .getRepository(RefreshToken)
      .createQueryBuilder('t')
      .setLock('pessimistic_write')
      .where('t.tokenHash = :tokenHash', { tokenHash })
      .getOne();
  }

  async markUsed(db: EntityManager, tokenHash: string): Promise<void> {
    await db.update(RefreshToken, { tokenHash }, { usedAt: new Date() });
  }

  /** Revokes the login unless it already was. */
  async revoke(sessionId: string, reason: string, db = this.dataSource.manager): Promise<void> {
    await db.update(
      AuthSession,
      { id: sessionId, revokedAt: IsNull() },
      { revokedAt: () => 'now()', revokedReason: reason },
    );
  }

  /** Revokes every open login of a member except one; returns the revoked ids. */
  async revokeAllForUser(
    userId: number,
    reason: string,
    keepSessionId?: string,
    db = this.dataSource.manager,
  ): Promise<string[]> {
    const result = await db
      .createQueryBuilder()
      .update(AuthSession)
      .set({ revokedAt: () => 'now()', revokedReason: reason })
      .where({ userId, revokedAt: IsNull(), ...(keepSessionId ? { id: Not(keepSessionId) } : {}) })
      .returning(['id'])
      .execute();
    return (result.raw as { id: string }[]).map((row) => row.id);
  }
}
