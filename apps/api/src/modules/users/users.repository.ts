import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { preparedQuery } from '../../database/prepared';
import { User } from './user.entity';

/** A member's level as stored: `effectiveVipLevel` in libs/domain says what counts today. */
export interface Membership {
  vipLevel: number;
  vipExpire: Date | null;
  inviterId: number | null;
}

export interface TeamMemberRow {
  depth: number;
  id: number;
  vipLevel: number;
  vipExpire: Date | null;
  createdAt: Date;
}

export interface Credentials {
  id: number;
  passwordHash: string;
  isActive: boolean;
  role: User['role'];
}

/** The only door to the `users` table. */
@Injectable()
export class UsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(db: EntityManager = this.dataSource.manager) {
    return db.getRepository(User);
  }

  exists(id: number, db?: EntityManager): Promise<boolean> {
    return this.repo(db).existsBy({ id });
  }

  async insert(values: Pick<User, 'phone' | 'passwordHash' | 'inviterId'>): Promise<number> {
    const result = await this.repo().insert(values);
    return result.identifiers[0].id as number;
  }

  async transactionPasswordHash(id: number): Promise<string | null> {
    const rows: { hash: string | null }[] = await this.dataSource.query(
      `SELECT transaction_password_hash AS hash FROM users WHERE id = $1`,
      [id],
    );
    return rows[0]?.hash ?? null;
  }

  async mailOf(id: number): Promise<string | null> {
    const [row]: { mail: string | null }[] = await this.dataSource.query(
      `SELECT mail FROM users WHERE id = $1`,
      [id],
    );
    return row?.mail ?? null;
  }

  async setMail(id: number, mail: string): Promise<void> {
    await this.dataSource.query(`UPDATE users SET mail = $2, updated_at = now() WHERE id = $1`, [
      id,
      mail,
    ]);
  }

  async setVerification(db: EntityManager, id: number, status: string): Promise<void> {
    await db.query(`UPDATE users SET verification = $2 WHERE id = $1`, [id, status]);
  }

  async setTransactionPasswordHash(id: number, hash: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE users SET transaction_password_hash = $2, updated_at = now() WHERE id = $1`,
      [id, hash],
    );
  }

  /** Member ids above `afterId`, ascending (for work that must visit every member once). */
  async idsAfter(afterId: number, limit: number): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM users WHERE id > $1 ORDER BY id LIMIT $2`,
      [afterId, limit],
    );
    return rows.map((r) => r.id);
  }

  findById(id: number, db?: EntityManager): Promise<User | null> {
    return this.repo(db).findOneBy({ id });
  }

  credentials(by: { phone: string } | { id: number }): Promise<Credentials | null> {
    const query = this.repo().createQueryBuilder('u').addSelect('u.passwordHash');
    if ('phone' in by) query.where('u.phone = :phone', { phone: by.phone });
    else query.where('u.id = :id', { id: by.id });
    return query.getOne();
  }

  async update(
    id: number,
    values: Partial<Pick<User, 'nickname' | 'phone' | 'passwordHash'>>,
  ): Promise<void> {
    await this.repo().update({ id }, { ...values, updatedAt: new Date() });
  }

  /**
   * The /users/me read in one prepared statement (the hottest endpoint): the
   * member row with the ledger's published summary of their figures.
   */
  async profile(id: number) {
    const [row] = await preparedQuery<{
      id: number;
      nickname: string | null;
      phone: string;
      vip_level: number;
      vip_expire: Date | null;
      is_active: boolean;
      inviter_id: number | null;
      role: User['role'];
      money: string;
      points: string;
      points_hold: string;
      earned_rewards: string;
      earned_commissions: string;
      has_transaction_password: boolean;
      mail: string | null;
      verification: 'none' | 'pending' | 'approved' | 'rejected';
    }>(
      this.dataSource,
      'users-profile',
      `SELECT u.id, u.nickname, u.phone, u.vip_level, u.vip_expire, u.is_active, u.inviter_id, u.role,
              u.transaction_password_hash IS NOT NULL AS has_transaction_password, u.mail,
u.verification,
              s.money, s.points, s.points_hold, s.earned_rewards, s.earned_commissions
       FROM users u CROSS JOIN LATERAL ledger_member_summary(u.id) s WHERE u.id = $1`,
      [id],
    );
    return row;
  }

  /**
   * Serialises one member's money-changing requests (watches, purchases) for
   * the rest of the transaction. NO KEY UPDATE still lets other transactions
   * insert rows that reference the member (its ledger accounts), so it cannot
   * deadlock with their foreign-key checks. Run it as its own statement before
   * reading what it protects: in READ COMMITTED the following statements then
   * see every change committed by the lock's previous holder.
   */
  async lock(db: EntityManager, id: number): Promise<void> {
    await preparedQuery(db, 'lock-member', `SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE`, [
      id,
    ]);
  }

  async membership(db: EntityManager, id: number): Promise<Membership | undefined> {
    const [row] = await preparedQuery<Membership>(
      db,
      'member-membership',
      `SELECT vip_level AS "vipLevel", vip_expire AS "vipExpire", inviter_id AS "inviterId" FROM users WHERE id = $1`,
      [id],
    );
    return row;
  }

  async setMembership(db: EntityManager, id: number, level: number, expire: Date): Promise<void> {
    await this.repo(db).update(
      { id },
      { vipLevel: level, vipExpire: expire, updatedAt: new Date() },
    );
  }

  /** Back to level 0 when the membership has run out; false when there was nothing to do. */
  async expireMembership(id: number): Promise<boolean> {
    const [, affected] = await this.dataSource.query(
      `UPDATE users SET vip_level = 0, vip_expire = NULL, updated_at = now()
       WHERE id = $1 AND vip_level > 0 AND vip_expire <= now()`,
      [id],
    );
    return affected > 0;
  }

  async dueExpirations(limit: number): Promise<{ id: number; expire: string }[]> {
    return this.dataSource.query(
      `SELECT id, (extract(epoch FROM vip_expire) * 1000)::bigint AS expire FROM users
       WHERE vip_level > 0 AND vip_expire <= now() ORDER BY id LIMIT $1`,
      [limit],
    );
  }

  /** Every member who is not a plain active member: deactivated, or staff. */
  accessExceptions(): Promise<{ id: number; isActive: boolean; role: User['role'] }[]> {
    return this.dataSource.query(
      `SELECT id, is_active AS "isActive", role FROM users WHERE NOT is_active OR role <> 'member'`,
    );
  }

  /** The three levels below a member, by depth then id. */
  async downline(id: number): Promise<TeamMemberRow[]> {
    return this.dataSource.query(
      `WITH RECURSIVE team AS (
         SELECT id, vip_level, vip_expire, created_at, 1 AS depth FROM users WHERE inviter_id = $1
         UNION ALL
         SELECT u.id, u.vip_level, u.vip_expire, u.created_at, t.depth + 1 FROM users u JOIN team t ON u.inviter_id = t.id WHERE t.depth < 3
       )
       SELECT depth, id, vip_level AS "vipLevel", vip_expire AS "vipExpire", created_at AS "createdAt"
       FROM team ORDER BY depth, id`,
      [id],
    );
  }
}
