import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull, Not } from 'typeorm';
import { AuthSession, RefreshToken } from './auth-session.entity';

/** The only door to `auth_sessions` and `refresh_tokens`. */
@Injectable()
export class AuthSessionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async createSession(db: EntityManager, id: string, userId: number): Promise<void> {
    await db.insert(AuthSession, { id, userId });
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
