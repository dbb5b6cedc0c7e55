import { Inject, Injectable, Optional } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { AdjustAccount, microToNumber } from '@app/domain';
import { AppError } from '../../common/app-error';
import { ReachRegistry } from '../../common/reach';
import { APP_CONFIG, AppConfig } from '../../config/config';
import {
  type ApprovalRow,
  ApprovalsService,
  type Waiting,
  awaiting,
  view,
  waitingOfViews,
} from '../approvals/approvals.service';
import { AuditService } from '../audit/audit.service';
import { member, system } from '../ledger/ledger.accounts';
import { LedgerService, Transfer } from '../ledger/ledger.service';
import { UsersService } from '../users/users.service';
import { WalletService } from '../wallet/wallet.service';
import {
  AdjustmentRequestRow,
  AdjustmentRequestsRepository,
  RequestStatus,
} from './adjustment-requests.repository';
import { AdjustResponse, AdjustmentRequestItem } from './admin.dto';

interface Adjustment {
  userId: number;
  account: AdjustAccount;
  amount: bigint;
  reason: string;
}

const abs = (amount: bigint) => (amount < 0n ? -amount : amount);

const requestItem = (
  row: AdjustmentRequestRow,
  approvals: ApprovalRow[] = [],
): AdjustmentRequestItem => ({
  id: Number(row.id),
  requested_by: row.requested_by,
  user_id: row.user_id,
  account: row.account,
  amount: microToNumber(BigInt(row.amount_micro)),
  reason: row.reason,
  status: row.status,
  decided_by: row.decided_by,
  decided_at: row.decided_at ? row.decided_at.toISOString() : null,
  transaction_id: row.ledger_transaction_id,
  created_at: row.created_at.toISOString(),
  approvals: approvals.map(view),
  ...awaiting(row.status === 'pending', approvals),
});

/**
 * Operators' corrections of balances. An operator never adjusts their own
 * account. Every adjustment is an `adjustment_requests` row with its
 * approvals (approvals/approvals.service.ts): the requester's counts first;
 * when the member's adjustments over 24 hours, this one included, exceed
 * ADJUST_APPROVAL_THRESHOLD it waits for a second operator, and a requester
 * or approver over OPERATOR_DAILY_LIMIT waits for an admin. Everything is
 * audited in the transaction that does it.
 */
@Injectable()
export class AdminService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly audit: AuditService,
    private readonly users: UsersService,
    private readonly wallet: WalletService,
    private readonly requests: AdjustmentRequestsRepository,
    private readonly approvals: ApprovalsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() reach?: ReachRegistry,
  ) {
    reach?.register('adjustment', (id) => this.requests.memberOf(id));
  }

  async adjust(
    actorId: number,
    adjustment: Adjustment,
    requestKey: string = randomUUID(),
  ): Promise<AdjustResponse> {
    if (adjustment.userId === actorId) throw new AppError('SELF_ADJUST_FORBIDDEN');
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.users.exists(adjustment.userId, manager)))
        throw new AppError('NOT_FOUND', 'Member not found');
      const key = `adjust:${actorId}:${requestKey}`;
      const { row, created } = await this.requests.addOrFind(manager, {
        key,
        requestedBy: actorId,
        ...adjustment,
      });
      const requestId = Number(row.id);
      if (!created) {
        // A retry with the same key: the first call's outcome.
        const approvals = await this.approvals.of(manager, 'adjustment', requestId);
        return this.response(manager, adjustment.userId, {
          requestId,
          transactionId: row.ledger_transaction_id,
          waiting: row.status === 'pending' ? waitingOfViews(approvals) : null,
        });
      }
      const outcome = await this.approvals.approve(manager, {
        kind: 'adjustment',
        subjectId: requestId,
        memberId: adjustment.userId,
        operatorId: actorId,
        amount: abs(adjustment.amount),
        threshold: this.config.ADJUST_APPROVAL_THRESHOLD,
      });
      if (outcome.done) {
        const transactionId = await this.apply(manager, actorId, adjustment, { key });
        await this.requests.decide(manager, requestId, {
          status: 'approved',
          by: actorId,
          transactionId,
        });
        return this.response(manager, adjustment.userId, { requestId, transactionId });
      }
      await this.audit.record(manager, actorId, 'ledger.adjust.request', adjustment.userId, {
        account: adjustment.account,
        amount: microToNumber(adjustment.amount),
        reason: adjustment.reason,
        request_id: requestId,
        waiting: outcome.waiting,
      });
      return this.response(manager, adjustment.userId, { requestId, waiting: outcome.waiting });
    });
  }

  /** Another operator approves: posted now when that was the approval it waited for. */
  async approve(approverId: number, requestId: number): Promise<AdjustResponse> {
    return this.dataSource.transaction(async (manager) => {
      const request = await this.pending(manager, requestId);
      if (request.user_id === approverId) throw new AppError('SELF_ADJUST_FORBIDDEN');
      const adjustment: Adjustment = {
        userId: request.user_id,
        account: request.account,
        amount: BigInt(request.amount_micro),
        reason: request.reason,
      };
      const outcome = await this.approvals.approve(manager, {
        kind: 'adjustment',
        subjectId: requestId,
        memberId: request.user_id,
        operatorId: approverId,
        amount: abs(adjustment.amount),
        threshold: this.config.ADJUST_APPROVAL_THRESHOLD,
      });
      if (!outcome.done) {
        await this.audit.record(manager, approverId, 'ledger.adjust.approval', request.user_id, {
          request_id: requestId,
          requested_by: request.requested_by,
          amount: microToNumber(adjustment.amount),
          waiting: outcome.waiting,
        });
        return this.response(manager, adjustment.userId, { requestId, waiting: outcome.waiting });
      }
      const transactionId = await this.apply(manager, request.requested_by, adjustment, {
        key: `adjust-request:${requestId}`,
        approvedBy: approverId,
        requestId,
      });
      await this.requests.decide(manager, requestId, {
        status: 'approved',
        by: approverId,
        transactionId,
      });
      return this.response(manager, adjustment.userId, { requestId, transactionId });
    });
  }

  /** Any operator, the requester included, can turn a pending request down (not for their own team). */
  async reject(operatorId: number, requestId: number): Promise<AdjustmentRequestItem> {
    return this.dataSource.transaction(async (manager) => {
      const request = await this.pending(manager, requestId);
      await this.approvals.assertArmsLength(manager, operatorId, request.user_id);
      const decided = await this.requests.decide(manager, requestId, {
        status: 'rejected',
        by: operatorId,
      });
      await this.approvals.void(manager, 'adjustment', requestId);
      await this.audit.record(manager, operatorId, 'ledger.adjust.reject', request.user_id, {
        request_id: requestId,
        requested_by: request.requested_by,
        amount: microToNumber(BigInt(request.amount_micro)),
      });
      return requestItem(decided, await this.approvals.rowsOf(manager, 'adjustment', requestId));
    });
  }

  async listRequests(
    status: RequestStatus,
    limit: number,
    before?: number,
  ): Promise<AdjustmentRequestItem[]> {
    const rows = await this.requests.list(status, limit, before);
    const approvals = await this.approvals.byRequest(
      'adjustment',
      rows.map((row) => row.id),
    );
    return rows.map((row) => requestItem(row, approvals.get(String(row.id))));
  }

  private async pending(manager: EntityManager, requestId: number) {
    const request = await this.requests.lock(manager, requestId);
    if (!request) throw new AppError('NOT_FOUND', 'Adjustment request not found');
    if (request.status !== 'pending') throw new AppError('ADJUSTMENT_ALREADY_DECIDED');
    return request;
  }

  /**
   * The ledger transaction against the adjustments account, a balance record
   * when it touches money, and the audit entry; a replayed key changes nothing.
   */
  private async apply(
    manager: EntityManager,
    actorId: number,
    { userId, account, amount, reason }: Adjustment,
    by: { key: string; approvedBy?: number; requestId?: number },
  ): Promise<string> {
    const counter = system(account === 'money' ? 'adjustments' : 'points_adjustments');
    const own = member(userId, account);
    const transfer: Transfer =
      amount > 0n
        ? { from: counter, to: own, amount: abs(amount) }
        : { from: own, to: counter, amount: abs(amount) };
    const posted = await this.ledger.post(manager, {
      key: by.key,
      kind: 'adjustment',
      userId,
      memo: { actor_id: actorId, reason, ...(by.approvedBy ? { approved_by: by.approvedBy } : {}) },
      transfers: [transfer],
    });
    if (!posted.replayed) {
      if (account === 'money') {
        await this.wallet.recordAdjustment(manager, {
          userId,
          amount,
          reason,
          ledgerTransactionId: posted.transactionId,
        });
      }
      await this.audit.record(
        manager,
        by.approvedBy ?? actorId,
        by.approvedBy ? 'ledger.adjust.approve' : 'ledger.adjust',
        userId,
        {
          account,
          amount: microToNumber(amount),
          reason,
          transaction_id: posted.transactionId,
          ...(by.approvedBy ? { requested_by: actorId, request_id: by.requestId } : {}),
        },
      );
    }
    return posted.transactionId;
  }

  private async response(
    manager: EntityManager,
    userId: number,
    outcome: { transactionId?: string | null; requestId?: number; waiting?: Waiting },
  ): Promise<AdjustResponse> {
    const balances = await this.ledger.balancesOf(manager, userId);
    const applied = !!outcome.transactionId;
    return {
      status: applied ? 'applied' : 'pending_approval',
      awaiting_second_approval: !applied && outcome.waiting === 'second_approval',
      awaiting_admin: !applied && outcome.waiting === 'admin',
      transaction_id: outcome.transactionId ?? null,
      request_id: outcome.requestId ?? null,
      money: microToNumber(balances.money),
      points: microToNumber(balances.points),
    };
  }
}
