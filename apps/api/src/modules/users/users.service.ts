import { Inject, Injectable, Optional } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import {
  type AccountRole,
  type LevelExposure,
  effectiveVipLevel,
  isReservedNickname,
  microToNumber,
  normalizePhone,
  parseInviteCode,
  recoveryHoldUntil,
} from '@app/domain';
import { AppError } from '../../common/app-error';
import type { ClientSeen } from '../../common/client';
import type { Language } from '../../common/language';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { ReachRegistry } from '../../common/reach';
import { PasswordHasher } from '../../common/passwords';
import { isUniqueViolation } from '../../database/prepared';
import { UserMe } from './users.dto';
import { Credentials, MemberFilter, Membership, UsersRepository } from './users.repository';
import { RegistrationLimitService } from './registration-limit.service';
import { RiskSignalsService } from '../risk/risk-signals.service';

export type { Credentials, Membership } from './users.repository';

/**
 * The PostgreSQL channel on which every change of a member's active flag or
 * role is announced as `{id, active, role}` (a trigger on `users`, migration
 * UserAccessNotify1764000000000).
 */
export const USER_ACCESS_CHANNEL = 'user_access';

/** The dashboard's longest period (GET /admin/dashboard?days=90). */
export const DASHBOARD_MAX_DAYS = 90;

/** Members: registration, profile, levels and the invitation tree. */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly registrationLimit: RegistrationLimitService,
    private readonly signals: RiskSignalsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() reach?: ReachRegistry,
  ) {
    reach?.registerRoles(async (id) => (await this.users.roleOf(id)) as AccountRole | null);
  }

  /**
   * Counted per client address before anything else; the hash waits behind
   * sign-ins for a turn (see PasswordHasher), and a registration the server
   * was too busy to hash does not use up the address's allowance.
   */
  async register(
    phone: string,
    password: string,
    inviteCode: unknown,
    client: ClientSeen,
  ): Promise<{ id: number }> {
    const { ip } = client;
    await this.registrationLimit.begin(ip);
    const inviterId = parseInviteCode(inviteCode);
    if (inviterId === 'invalid') throw new AppError('INVALID_INVITE_CODE');
    if (inviterId !== null) await this.assertMayInvite(inviterId);
    let passwordHash: string;
    try {
      passwordHash = await this.hasher.hash(password, 'registration');
    } catch (error) {
      if (error instanceof AppError) await this.registrationLimit.giveBack(ip);
      throw error;
    }
    let id: number;
    try {
      id = await this.users.insert({ phone: normalizePhone(phone), passwordHash, inviterId });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('EMAIL_ALREADY_REGISTERED');
      throw error;
    }
    await this.signals.seen(id, client);
    return { id };
  }

  /**
   * Only members at VIP 1 or above invite (product spec: "Only v1 or later
   * can share"), their membership current when the code is used: a VIP 0
   * code registers nobody, so it earns no commission either (docs/decisions.md).
   */
  private async assertMayInvite(inviterId: number): Promise<void> {
    const inviter = await this.users.findById(inviterId);
    if (!inviter) throw new AppError('INVALID_INVITE_CODE');
    if (effectiveVipLevel(inviter.vipLevel, inviter.vipExpire, new Date()) < 1) {
      throw new AppError('INVITE_CODE_NOT_ELIGIBLE');
    }
  }

  /** Every account (members and staff), in the caller's transaction when `db` is given. */
  count(db?: EntityManager): Promise<number> {
    return this.users.count(db);
  }

  /** Per level, the member-days of the next `days` days and those with uplines (libs/domain LevelExposure). */
  async rewardExposure(days: number): Promise<LevelExposure[]> {
    const rows = await this.users.rewardExposure(days);
    return rows.map((r) => ({
      level: r.level,
      memberDays: Number(r.member_days),
      uplineDays: [Number(r.d1), Number(r.d2), Number(r.d3)],
    }));
  }

  /** Member ids above `afterId`, ascending (in the caller's transaction when `db` is given). */
  idsAfter(afterId: number, limit: number, db?: EntityManager): Promise<number[]> {
    return this.users.idsAfter(afterId, limit, db);
  }

  /** One indexed read; every figure comes from the ledger. */
  async me(userId: number): Promise<UserMe> {
    const user = await this.users.profile(userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    const vipExpire = user.vip_expire_ms === null ? null : new Date(user.vip_expire_ms);
    const holdUntil = recoveryHoldUntil(
      user.password_reset_ms === null ? null : new Date(user.password_reset_ms),
      this.config.RECOVERY_HOLD_HOURS,
    );
    return {
      id: user.id,
      nickname: user.nickname,
      email: user.phone,
      money: microToNumber(BigInt(user.money)),
      points: microToNumber(BigInt(user.points)),
      points_hold: microToNumber(BigInt(user.points_hold)),
      // The level that counts: an expired membership reads 0 before the expiry job runs.
      vip_level: effectiveVipLevel(user.vip_level, vipExpire, new Date()),
      vip_expire: vipExpire ? vipExpire.toISOString() : null,
      is_active: user.is_active,
      inviter_id: user.inviter_id,
      team_earn: microToNumber(BigInt(user.earned_commissions)),
      total_earn: microToNumber(BigInt(user.earned_rewards)),
      role: user.role,
      has_transaction_password: user.has_transaction_password,
      mail: user.mail,
      verification: user.verification,
      recovery_hold_until: holdUntil ? holdUntil.toISOString() : null,
    };
  }

  /** The identity module's record of the member's latest verification status. */
  setVerification(db: EntityManager, userId: number, status: string): Promise<void> {
    return this.users.setVerification(db, userId, status);
  }

  // The operator area's view of members.
  search(filter: MemberFilter) {
    return this.users.search(filter);
  }
  /** `membersOnly`: without operators (an export for anyone but an admin). */
  exportPage(from: Date, to: Date, afterId: number, membersOnly: boolean) {
    return this.users.exportPage(from, to, afterId, membersOnly);
  }
  dailySignups(days: number) {
    return this.users.dailySignups(days);
  }
  /** The worker's: keeps the closed days of sign-ups the dashboard reads (the longest period it shows). */
  keepClosedSignups() {
    return this.users.keepClosedSignups(DASHBOARD_MAX_DAYS);
  }
  staffView(userId: number) {
    return this.users.staffView(userId);
  }
  setAccess(userId: number, change: { active?: boolean; role?: string }, db?: EntityManager) {
    return this.users.setAccess(userId, change, db);
  }

  mailOf(userId: number): Promise<string | null> {
    return this.users.mailOf(userId);
  }

  /** The bound mailbox and the language the member bound it in. */
  async mailbox(
    userId: number,
    db?: EntityManager,
  ): Promise<{ mail: string | null; language: Language | null }> {
    return (await this.users.mailbox(userId, db)) ?? { mail: null, language: null };
  }

  setMail(userId: number, mail: string, language: Language): Promise<void> {
    return this.users.setMail(userId, mail, language);
  }

  /** Sets a password proved by a reset code, in the caller's transaction; answers when. */
  resetPassword(db: EntityManager, userId: number, passwordHash: string): Promise<Date> {
    return this.users.resetPassword(db, userId, passwordHash);
  }

  /** When the password was last reset with a code (null: never). */
  passwordResetAt(userId: number, db?: EntityManager): Promise<Date | null> {
    return this.users.passwordResetAt(userId, db);
  }

  /** Active admins, counted under the lock every change of an admin's access takes. */
  lockedActiveAdmins(db: EntityManager): Promise<number> {
    return this.users.lockedActiveAdmins(db);
  }

  /** Phone and nickname by account id. */
  async labels(ids: number[]) {
    const rows = await this.users.labels([...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** The members of `ids` in `uplineId`'s team, by id: their level (1 to 3) and nickname. */
  async teamLevels(uplineId: number, ids: number[]) {
    const rows = await this.users.teamLevels(uplineId, [...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** The account of each of these phones (normalised), by phone. */
  async idsByPhone(phones: string[]): Promise<Map<string, number>> {
    const rows = await this.users.idsByPhone([...new Set(phones)]);
    return new Map(rows.map((row) => [row.phone, row.id]));
  }

  activeAdmins(): Promise<number> {
    return this.users.activeAdmins();
  }

  /** Whether either member is in the other's three levels of team (issue 36: no money for one's own team). */
  sameTeam(db: EntityManager, a: number, b: number): Promise<boolean> {
    return this.users.sameTeam(db, a, b);
  }

  exists(userId: number, db?: EntityManager): Promise<boolean> {
    return this.users.exists(userId, db);
  }

  /** Active flag and role, read inside the caller's transaction when given. */
  async account(userId: number, db?: EntityManager) {
    const user = await this.users.findById(userId, db);
    return (
      user && {
        id: user.id,
        isActive: user.isActive,
        role: user.role,
        roleGrantedAt: user.roleGrantedAt,
      }
    );
  }

  /** Deactivated members and staff; everyone else is an active member. */
  accessExceptions() {
    return this.users.accessExceptions();
  }

  credentials(by: { phone: string } | { id: number }): Promise<Credentials | null> {
    return this.users.credentials(by);
  }

  /** A name that reads as staff ("Аdmin" with a Cyrillic А, "Sup port") is refused (libs/domain). */
  async setNickname(userId: number, nickname: string): Promise<void> {
    if (isReservedNickname(nickname)) throw new AppError('NICKNAME_RESERVED');
    await this.users.update(userId, { nickname: nickname.trim() });
  }

  async setPhone(userId: number, phone: string): Promise<void> {
    try {
      await this.users.update(userId, { phone: normalizePhone(phone) });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('EMAIL_ALREADY_REGISTERED');
      throw error;
    }
  }

  /** A stored hash remade at today's cost; a password changed meanwhile is kept. */
  upgradePasswordHash(userId: number, oldHash: string, newHash: string): Promise<void> {
    return this.users.upgradePasswordHash(userId, oldHash, newHash);
  }

  async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
    await this.users.update(userId, { passwordHash });
  }

  /** Serialises one member's money-changing requests; see UsersRepository.lock. */
  lock(db: EntityManager, userId: number): Promise<void> {
    return this.users.lock(db, userId);
  }

  membership(db: EntityManager, userId: number): Promise<Membership | undefined> {
    return this.users.membership(db, userId);
  }

  setMembership(db: EntityManager, userId: number, level: number, expire: Date): Promise<void> {
    return this.users.setMembership(db, userId, level, expire);
  }

  expireMembership(userId: number): Promise<boolean> {
    return this.users.expireMembership(userId);
  }

  dueExpirations(limit: number) {
    return this.users.dueExpirations(limit);
  }

  /** The size of one level of a member's team and how many on it hold a VIP level. */
  downlineCounts(userId: number, depth: 1 | 2 | 3) {
    return this.users.downlineCounts(userId, depth);
  }

  /**
   * The three levels below a member with the level that counts today; with
   * `page`, one level's page of it, newest first.
   */
  async downline(
    userId: number,
    page?: { depth: 1 | 2 | 3; limit: number; before: number | null },
  ) {
    const now = new Date();
    const rows = page
      ? await this.users.downlinePage(userId, page.depth, page)
      : await this.users.downline(userId);
    return rows.map((row) => ({
      depth: row.depth,
      id: row.id,
      vipLevel: effectiveVipLevel(row.vipLevel, row.vipExpire, now),
      createdAt: row.createdAt,
    }));
  }
}
