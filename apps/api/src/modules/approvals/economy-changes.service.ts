import { Inject, Injectable, Optional } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/app-error';
import { ReachRegistry } from '../../common/reach';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { AuditService } from '../audit/audit.service';
import { ApprovalsService } from './approvals.service';
import { EconomyChangeItem } from './approvals.dto';
import {
  ChangeStatus,
  ChangeTarget,
  EconomyChangeRow,
  EconomyChangesRepository,
} from './economy-changes.repository';

export type { ChangeTarget } from './economy-changes.repository';

/** Carries an approved change out, in the approving transaction (the owner's code). */
export type ChangeApplier = (
  db: EntityManager,
  change: { targetId: number | null; after: unknown; operatorId: number },
) => Promise<void>;

/**
 * Economy changes that raise members' pay by more than
 * ECONOMY_RAISE_APPROVAL_PERCENT wait here for a second admin (issue 25).
 * The owners (economy, challenges, promotions) decide whether a change is
 * such a raise (libs/domain economy-raise.ts), propose it instead of making
 * it, and register how to carry it out; the proposer's approval is the first
 * of the two (approvals table), so they never give the second.
 */
@Injectable()
export class EconomyChangesService {
  private readonly appliers = new Map<ChangeTarget, ChangeApplier>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly changes: EconomyChangesRepository,
    private readonly approvals: ApprovalsService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() reach?: ReachRegistry,
  ) {
    reach?.register('economy_change', (id) => this.changes.proposerOf(id));
  }

  /** The percentage above which a raise waits; 0: never. */
  get raisePercent(): number {
    return this.config.ECONOMY_RAISE_APPROVAL_PERCENT;
  }

  register(target: ChangeTarget, applier: ChangeApplier) {
    this.appliers.set(target, applier);
  }

  /** Records the change as waiting for a second admin, in the caller's transaction. */
  async propose(
    db: EntityManager,
    change: { target: ChangeTarget; targetId: number | null; before: unknown; after: unknown },
    proposedBy: number,
  ): Promise<EconomyChangeItem> {
    const row = await this.changes.insert(db, { ...change, proposedBy });
    await this.approvals.approve(db, {
      kind: 'economy',
      subjectId: row.id,
      memberId: null,
      operatorId: proposedBy,
      amount: 0n,
      threshold: 0,
      required: 2,
    });
    await this.audit.record(db, proposedBy, 'economy.change.propose', null, {
      change_id: Number(row.id),
      target: row.target,
      target_id: row.target_id,
      before: change.before,
      after: change.after,
    });
    return this.item(db, row);
  }

  async approve(approverId: number, id: number): Promise<EconomyChangeItem> {
    return this.dataSource.transaction(async (db) => {
      const change = await this.pending(db, id);
      const outcome = await this.approvals.approve(db, {
        kind: 'economy',
        subjectId: id,
        memberId: null,
        operatorId: approverId,
        amount: 0n,
        threshold: 0,
        required: 2,
      });
      if (!outcome.done) return this.item(db, change);
      await this.appliers.get(change.target)!(db, {
        targetId: change.target_id,
        after: change.after,
        operatorId: approverId,
      });
      const decided = await this.changes.decide(db, id, 'approved', approverId);
      await this.audit.record(db, approverId, 'economy.change.approve', null, {
        change_id: id,
        target: change.target,
        target_id: change.target_id,
        proposed_by: change.proposed_by,
        before: change.before,
        after: change.after,
      });
      return this.item(db, decided);
    });
  }

  async reject(operatorId: number, id: number): Promise<EconomyChangeItem> {
    return this.dataSource.transaction(async (db) => {
      const change = await this.pending(db, id);
      const decided = await this.changes.decide(db, id, 'rejected', operatorId);
      await this.approvals.void(db, 'economy', id);
      await this.audit.record(db, operatorId, 'economy.change.reject', null, {
        change_id: id,
        target: change.target,
        target_id: change.target_id,
        proposed_by: change.proposed_by,
      });
      return this.item(db, decided);
    });
  }

  async list(status: ChangeStatus | undefined, limit: number): Promise<EconomyChangeItem[]> {
    const rows = await this.changes.list(status, limit);
    const approvals = await this.approvals.byRequest(
      'economy',
      rows.map((row) => row.id),
    );
    return rows.map((row) => toItem(row, approvals.get(String(row.id)) ?? []));
  }

  private async pending(db: EntityManager, id: number): Promise<EconomyChangeRow> {
    const change = await this.changes.lock(db, id);
    if (!change) throw new AppError('NOT_FOUND', 'Economy change not found');
    if (change.status !== 'pending') throw new AppError('CHANGE_ALREADY_DECIDED');
    return change;
  }

  private async item(db: EntityManager, row: EconomyChangeRow): Promise<EconomyChangeItem> {
    return toItem(row, await this.approvals.rowsOf(db, 'economy', row.id));
  }
}

function toItem(
  row: EconomyChangeRow,
  approvals: Awaited<ReturnType<ApprovalsService['rowsOf']>>,
): EconomyChangeItem {
  return {
    id: Number(row.id),
    target: row.target,
    target_id: row.target_id,
    before: row.before as Record<string, unknown> | null,
    after: row.after as Record<string, unknown>,
    proposed_by: row.proposed_by,
    status: row.status,
    decided_by: row.decided_by,
    decided_at: row.decided_at ? row.decided_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    approvals: approvals.map((a) => ({
      operator_id: a.operator_id,
      role: a.operator_role,
      amount: 0,
      over_cap: a.over_cap,
      created_at: a.created_at.toISOString(),
    })),
    awaiting_second_approval: row.status === 'pending',
  };
}
