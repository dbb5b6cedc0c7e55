import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import { effectiveVipLevel, microToNumber, normalizePhone, parseInviteCode } from '@app/domain';
import { AppError } from '../../common/app-error';
import { preparedQuery } from '../../database/prepared';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { SessionRevocationService } from '../auth/session-revocation.service';
import { User } from './user.entity';
import { UserMe } from './users.dto';

const PHONE_TAKEN = () =>
  AppError.badRequest('EMAIL_ALREADY_REGISTERED', 'Email already registered');

function isUniqueViolation(error: unknown): boolean {
  return (
    error instanceof QueryFailedError && (error.driverError as { code?: string })?.code === '23505'
  );
}

@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly revocation: SessionRevocationService,
  ) {}

  private get users() {
    return this.dataSource.getRepository(User);
  }

  async register(phone: string, password: string, inviteCode: unknown): Promise<{ id: number }> {
    const inviterId = parseInviteCode(inviteCode);
    if (inviterId === 'invalid')
      throw AppError.badRequest('INVALID_INVITE_CODE', 'Invalid invite code');
    if (inviterId !== null && !(await this.users.existsBy({ id: inviterId }))) {
      throw AppError.badRequest('INVALID_INVITE_CODE', 'Invalid invite code');
    }
    const passwordHash = await hashPassword(password);
    try {
      const result = await this.users.insert({
        phone: normalizePhone(phone),
        passwordHash,
        inviterId,
      });
      return { id: result.identifiers[0].id as number };
    } catch (error) {
      if (isUniqueViolation(error)) throw PHONE_TAKEN();
      throw error;
    }
  }

  /** One indexed read (this is the hottest endpoint); every figure comes from the ledger. */
  async me(userId: number): Promise<UserMe> {
    const rows: {
      id: number;
      nickname: string | null;
      phone: string;
      vip_level: number;
      vip_expire: Date | null;
      is_active: boolean;
      inviter_id: number | null;
      role: 'member' | 'admin';
      money: string;
      points: string;
      points_hold: string;
      total_earn: string;
      team_earn: string;
    }[] = await preparedQuery(
      this.dataSource,
      'users-me',
      `SELECT u.id, u.nickname, u.phone, u.vip_level, u.vip_expire, u.is_active, u.inviter_id, u.role,
              COALESCE(SUM(a.balance) FILTER (WHERE a.kind = 'money'), 0) AS money,
              COALESCE(SUM(a.balance) FILTER (WHERE a.kind = 'points'), 0) AS points,
              COALESCE(SUM(a.balance) FILTER (WHERE a.kind = 'points_hold'), 0) AS points_hold,
              COALESCE(SUM(a.earned_rewards) FILTER (WHERE a.kind = 'money'), 0) AS total_earn,
              COALESCE(SUM(a.earned_commissions) FILTER (WHERE a.kind = 'money'), 0) AS team_earn
       FROM users u LEFT JOIN ledger_accounts a ON a.user_id = u.id
       WHERE u.id = $1 GROUP BY u.id`,
      [userId],
    );
    const user = rows[0];
    if (!user) throw AppError.unauthorized();
    return {
      id: user.id,
      nickname: user.nickname,
      email: user.phone,
      money: microToNumber(BigInt(user.money)),
      points: microToNumber(BigInt(user.points)),
      points_hold: microToNumber(BigInt(user.points_hold)),
      // The level that counts: an expired membership reads 0 before the expiry job runs.
      vip_level: effectiveVipLevel(user.vip_level, user.vip_expire, new Date()),
      vip_expire: user.vip_expire ? user.vip_expire.toISOString() : null,
      is_active: user.is_active,
      inviter_id: user.inviter_id,
      team_earn: microToNumber(BigInt(user.team_earn)),
      total_earn: microToNumber(BigInt(user.total_earn)),
      role: user.role,
    };
  }

  async setNickname(userId: number, nickname: string): Promise<void> {
    await this.users.update({ id: userId }, { nickname: nickname.trim(), updatedAt: new Date() });
  }

  /** A new phone is a new login name: every session of the member ends. */
  async changePhone(userId: number, phone: string): Promise<void> {
    try {
      await this.users.update(
        { id: userId },
        { phone: normalizePhone(phone), updatedAt: new Date() },
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw PHONE_TAKEN();
      throw error;
    }
    await this.revocation.revokeAllForUser(userId, 'phone_change');
  }

  /** Other logins end; the one that changed the password stays signed in. */
  async changePassword(
    userId: number,
    sessionId: string,
    oldPassword: string,
    newPassword: string,
  ): Promise<void> {
    const user = await this.users
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.id = :userId', { userId })
      .getOneOrFail();
    if (!(await verifyPassword(user.passwordHash, oldPassword))) {
      throw AppError.badRequest('INCORRECT_PASSWORD', 'Incorrect password');
    }
    await this.users.update(
      { id: userId },
      { passwordHash: await hashPassword(newPassword), updatedAt: new Date() },
    );
    await this.revocation.revokeAllForUser(userId, 'password_change', sessionId);
  }
}
