import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import { normalizePhone, parseInviteCode } from '@app/domain';
import { AppError } from '../../common/app-error';
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

  /** One indexed read: this endpoint is the hottest in the app. */
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
    }[] = await this.dataSource.query(
      `SELECT id, nickname, phone, vip_level, vip_expire, is_active, inviter_id, role FROM users WHERE id = $1`,
      [userId],
    );
    const user = rows[0];
    if (!user) throw AppError.unauthorized();
    return {
      id: user.id,
      nickname: user.nickname,
      email: user.phone,
      // The ledger (next milestone) is the only writer of money; until it
      // exists nothing can move any, so every balance is truly zero.
      money: 0,
      points: 0,
      points_hold: 0,
      vip_level: user.vip_level,
      vip_expire: user.vip_expire ? user.vip_expire.toISOString() : null,
      is_active: user.is_active,
      inviter_id: user.inviter_id,
      team_earn: 0,
      total_earn: 0,
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
