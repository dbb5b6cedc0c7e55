import { Injectable, Optional } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { type AccountRole, leavesNoAdmin, needsSecondAdmin } from '@app/domain';
import { AppError } from '../../common/app-error';
import { ReachRegistry } from '../../common/reach';
import { ApprovalsService } from '../approvals/approvals.service';
import { AuditService } from '../audit/audit.service';
import { SessionRevocationService } from '../auth/session-revocation.service';
import { UsersService } from '../users/users.service';
import { StaffOverview, StaffRequestItem } from './members.dto';
import {
  StaffChange,
  StaffRequestRow,
  StaffRequestStatus,
  StaffRequestsRepository,
} from './staff-requests.repository';

/** A change of an account's access: a new role, or switched on or off. */
export interface AccessChange {
  role?: AccountRole;
  active?: boolean;
}

export type ChangeOutcome = { applied: true } | { applied: false; requestId: number };

const changeKind = (change: AccessChange): StaffChange =>
  change.role !== undefined ? 'role' : change.active ? 'activate' : 'deactivate';

const changeOf = (row: StaffRequestRow): AccessChange =>
  row.change === 'role' ? { role: row.role as AccountRole } : { active: row.change === 'activate' };

const auditAction = (change: AccessChange) =>
  change.role !== undefined ? 'user.role' : change.active ? 'user.activate' : 'user.deactivate';

/**
 * Who is staff, decided by two admins (issue 36). While the club has two or
 * more active admins, giving or taking away admin or finance and switching
 * an admin or finance operator off or on become staff requests that another
 * admin approves (libs/domain `needsSecondAdmin`); otherwise the change
 * applies at once. Every change of an admin's access takes the active-admins
 * lock first, so the club never ends without an active admin, however the
 * requests and approvals race. A role granted here starts its cooling off
 * (users.role_granted_at; ApprovalsService refuses their approvals for a while).
 */
@Injectable()
export class StaffChangesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly requests: StaffRequestsRepository,
    private readonly approvals: ApprovalsService,
    private readonly audit: AuditService,
    private readonly revocation: SessionRevocationService,
    @Optional() reach?: ReachRegistry,
  ) {
    reach?.register('staff_request', (id) => this.requests.targetOf(id));
  }

  async change(operatorId: number, userId: number, change: AccessChange): Promise<ChangeOutcome> {
    if (userId === operatorId) throw new AppError('SELF_ACTION_FORBIDDEN');
    const outcome = await this.dataSource.transaction(async (db): Promise<ChangeOutcome> => {
      const admins = await this.users.lockedActiveAdmins(db);
      const target = await this.users.account(userId, db);
      if (!target) throw new AppError('NOT_FOUND');
      if (!needsSecondAdmin({ role: target.role, active: target.isActive }, change, admins)) {
        await this.apply(db, operatorId, target, change, admins, {});
        return { applied: true };
      }
      const { row, created } = await this.requests.addOrFind(db, {
        targetUserId: userId,
        change: changeKind(change),
        role: change.role ?? null,
        beforeRole: target.role,
        beforeActive: target.isActive,
        requestedBy: operatorId,
      });
      if (created) {
        await this.audit.record(db, operatorId, 'staff.request', userId, {
          request_id: Number(row.id),
          change: row.change,
          ...(row.role ? { role: row.role } : {}),
          before: { active: target.isActive, role: target.role },
        });
      }
      return { applied: false, requestId: Number(row.id) };
    });
    if (outcome.applied && change.active === false) {
      await this.revocation.revokeAllForUser(userId, 'deactivated');
    }
    return outcome;
  }

  /**
   * Another admin approves: the change applies now. The requester cannot
   * approve (SELF_APPROVAL_FORBIDDEN), nor the account concerned (the reach
   * guard), nor an admin still cooling off.
   */
  async approve(approverId: number, requestId: number): Promise<StaffRequestItem> {
    const decided = await this.dataSource.transaction(async (db) => {
      const admins = await this.users.lockedActiveAdmins(db);
      const request = await this.pending(db, requestId);
      if (request.requested_by === approverId) throw new AppError('SELF_APPROVAL_FORBIDDEN');
      const approver = await this.approvals.assertMayApprove(db, approverId);
      // Demoted or switched off since signing in: the guard saw the old role.
      if (approver.role !== 'admin' || !approver.isActive) throw new AppError('FORBIDDEN');
      const target = await this.users.account(request.target_user_id, db);
      if (!target) throw new AppError('NOT_FOUND');
      await this.apply(db, approverId, target, changeOf(request), admins, {
        request_id: requestId,
        requested_by: request.requested_by,
      });
      return this.requests.decide(db, requestId, 'approved', approverId);
    });
    if (decided.change === 'deactivate') {
      await this.revocation.revokeAllForUser(decided.target_user_id, 'deactivated');
    }
    return (await this.items([decided]))[0];
  }

  /** Any other admin, or the requester taking it back, turns a request down. */
  async reject(operatorId: number, requestId: number): Promise<StaffRequestItem> {
    const decided = await this.dataSource.transaction(async (db) => {
      const request = await this.pending(db, requestId);
      const row = await this.requests.decide(db, requestId, 'rejected', operatorId);
      await this.audit.record(db, operatorId, 'staff.reject', request.target_user_id, {
        request_id: requestId,
        requested_by: request.requested_by,
        change: request.change,
        ...(request.role ? { role: request.role } : {}),
      });
      return row;
    });
    return (await this.items([decided]))[0];
  }

  async list(
    status: StaffRequestStatus | undefined,
    limit: number,
    before?: number,
  ): Promise<StaffRequestItem[]> {
    return this.items(await this.requests.list(status, limit, before));
  }

  async overview(): Promise<StaffOverview> {
    const [admins, pending] = await Promise.all([
      this.users.activeAdmins(),
      this.requests.countPending(),
    ]);
    return { active_admins: admins, pending_requests: pending };
  }

  private async apply(
    db: EntityManager,
    actorId: number,
    target: { id: number; role: AccountRole; isActive: boolean },
    change: AccessChange,
    activeAdmins: number,
    trail: Record<string, unknown>,
  ) {
    if (leavesNoAdmin({ role: target.role, active: target.isActive }, change, activeAdmins)) {
      throw new AppError('LAST_ADMIN_FORBIDDEN');
    }
    await this.users.setAccess(target.id, change, db);
    await this.audit.record(db, actorId, auditAction(change), target.id, {
      before: { active: target.isActive, role: target.role },
      after: { active: change.active ?? target.isActive, role: change.role ?? target.role },
      ...trail,
    });
  }

  private async pending(db: EntityManager, id: number): Promise<StaffRequestRow> {
    const request = await this.requests.lock(db, id);
    if (!request) throw new AppError('NOT_FOUND', 'Staff request not found');
    if (request.status !== 'pending') throw new AppError('STAFF_REQUEST_ALREADY_DECIDED');
    return request;
  }

  private async items(rows: StaffRequestRow[]): Promise<StaffRequestItem[]> {
    const labels = await this.users.labels(rows.map((row) => row.target_user_id));
    return rows.map((row) => ({
      id: Number(row.id),
      target_user_id: row.target_user_id,
      target_phone: labels.get(row.target_user_id)?.phone ?? '',
      target_nickname: labels.get(row.target_user_id)?.nickname ?? null,
      change: row.change,
      role: row.role as StaffRequestItem['role'],
      before_role: row.before_role as StaffRequestItem['before_role'],
      before_active: row.before_active,
      requested_by: row.requested_by,
      status: row.status,
      decided_by: row.decided_by,
      decided_at: row.decided_at ? row.decided_at.toISOString() : null,
      created_at: row.created_at.toISOString(),
    }));
  }
}
