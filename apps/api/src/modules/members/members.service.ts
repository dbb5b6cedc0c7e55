import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type AccountRole, effectiveVipLevel, microToNumber, visibleRoleFilter } from '@app/domain';
import { AppError } from '../../common/app-error';
import type { Role } from '../../common/auth';
import { AuditService } from '../audit/audit.service';
import { LoginHistoryService } from '../auth/login-history.service';
import { SessionRevocationService } from '../auth/session-revocation.service';
import { LedgerReportService } from '../ledger/ledger-report.service';
import { UsersService } from '../users/users.service';
import { WalletService } from '../wallet/wallet.service';
import {
  MemberChangeResponse,
  MemberDetail,
  MemberListQuery,
  MemberPage,
  MemberSummary,
} from './members.dto';
import { ChangeOutcome, StaffChangesService } from './staff-changes.service';

/**
 * The operator area's members: find, read everything about one, and the
 * actions on an account (each audited; deactivation and role changes take
 * effect on every API process at once through the users trigger).
 */
@Injectable()
export class MembersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly wallet: WalletService,
    private readonly ledger: LedgerReportService,
    private readonly logins: LoginHistoryService,
    private readonly revocation: SessionRevocationService,
    private readonly audit: AuditService,
    private readonly staff: StaffChangesService,
  ) {}

  /** Operators appear only in an admin's lists (libs/domain: visibleRoleFilter). */
  async list(viewer: Role, query: MemberListQuery): Promise<MemberPage> {
    const page = query.page ?? 1;
    const limit = query.limit ?? 20;
    const role = visibleRoleFilter(viewer, query.role as AccountRole | undefined);
    if (role === null) return { items: [], total: 0, page, limit };
    const { rows, total } = await this.users.search({
      q: query.q,
      level: query.level,
      active: query.active,
      verification: query.verification,
      role,
      joinedFrom: query.joined_from ? new Date(query.joined_from) : undefined,
      joinedTo: query.joined_to ? new Date(query.joined_to) : undefined,
      sort: query.sort ?? 'id',
      order: query.order ?? 'desc',
      limit,
      offset: (page - 1) * limit,
    });
    return { items: rows.map(summary), total, page, limit };
  }

  async detail(userId: number): Promise<MemberDetail> {
    const row = await this.users.staffView(userId);
    if (!row) throw new AppError('NOT_FOUND');
    const [downline, records, postings, logins] = await Promise.all([
      this.users.downline(userId),
      this.wallet.records(userId, undefined, 20),
      this.ledger.postingsOf(userId, 30),
      this.logins.recent(userId, 20),
    ]);
    return {
      ...summary(row),
      points_hold: microToNumber(BigInt(row.points_hold)),
      team: {
        level1: downline.filter((m) => m.depth === 1).length,
        level2: downline.filter((m) => m.depth === 2).length,
        level3: downline.filter((m) => m.depth === 3).length,
        active: downline.filter((m) => m.vipLevel >= 1).length,
      },
      records,
      postings: postings.map(({ transaction_user_id: from, ...posting }) => {
        // A commission's level is where its watcher sits in this member's team.
        const commission = posting.movement === 'commission' && from !== null;
        return {
          ...posting,
          from_member_id: commission ? from : null,
          commission_level: commission
            ? (downline.find((m) => m.id === from)?.depth ?? null)
            : null,
        };
      }),
      logins: logins.map((l) => ({
        id: l.id,
        ip: l.ip,
        created_at: l.created_at.toISOString(),
        revoked_at: l.revoked_at ? l.revoked_at.toISOString() : null,
        revoked_reason: l.revoked_reason,
      })),
    };
  }

  /**
   * Deactivation also ends every login; the member's next request is
   * refused. Who may do it to whom is the reach guard's rule
   * (common/reach.ts); whether it waits for a second admin, StaffChangesService's.
   */
  async setActive(
    operatorId: number,
    userId: number,
    active: boolean,
  ): Promise<MemberChangeResponse> {
    return this.answer(userId, await this.staff.change(operatorId, userId, { active }));
  }

  async endLogins(operatorId: number, userId: number): Promise<MemberDetail> {
    if (!(await this.users.exists(userId))) throw new AppError('NOT_FOUND');
    await this.revocation.revokeAllForUser(userId, 'operator');
    await this.dataSource.transaction((db) =>
      this.audit.record(db, operatorId, 'user.end_logins', userId, {}),
    );
    return this.detail(userId);
  }

  async setRole(operatorId: number, userId: number, role: Role): Promise<MemberChangeResponse> {
    return this.answer(userId, await this.staff.change(operatorId, userId, { role }));
  }

  private async answer(userId: number, outcome: ChangeOutcome): Promise<MemberChangeResponse> {
    if (!outcome.applied) {
      return { status: 'awaiting_second_admin', request_id: outcome.requestId };
    }
    return { status: 'applied', ...(await this.detail(userId)) };
  }
}

type MemberRow = NonNullable<Awaited<ReturnType<UsersService['staffView']>>>;

function summary(row: Omit<MemberRow, 'points_hold'>): MemberSummary {
  return {
    id: row.id,
    phone: row.phone,
    nickname: row.nickname,
    role: row.role,
    is_active: row.is_active,
    vip_level: effectiveVipLevel(row.vip_level, row.vip_expire, new Date()),
    vip_expire: row.vip_expire ? row.vip_expire.toISOString() : null,
    verification: row.verification as MemberSummary['verification'],
    mail: row.mail,
    inviter_id: row.inviter_id,
    created_at: row.created_at.toISOString(),
    money: microToNumber(BigInt(row.money)),
    points: microToNumber(BigInt(row.points)),
  };
}
