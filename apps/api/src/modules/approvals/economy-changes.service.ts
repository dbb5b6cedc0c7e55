import { Inject, Injectable, Optional } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/app-error';
import { ReachRegistry } from '../../common/reach';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { AuditService } from '../audit/audit.service';
import { UsersService } from '../users/users.service';
import { ApprovalsService } from './approvals.service';
import { EconomyBaselines, EconomyChangeItem } from './approvals.dto';
import {
  ChangeStatus,
  ChangeTarget,
  EconomyChangeRow,
  EconomyChangesRepository,
  RAISE_TARGETS,
  RaiseTarget,
  SecondAdminTarget,
} from './economy-changes.repository';

export type { ChangeTarget, RaiseTarget, SecondAdminTarget } from './economy-changes.repository';

/** A change of members' pay as its owner sees it, in the owner's JSON shape `T`. */
export interface RaiseChange<T> {
  target: RaiseTarget;
  /** The VIP level, challenge or campaign id; null for the team rates. */
  targetId: number | null;
  /** The value in force (becomes the baseline of a target held for the first time). */
  current: T;
  next: T;
  /** Whether `next` pays members more than `approved` by over `percent` % (libs/domain). */
  raises: (approved: T | null, next: T, percent: number) => boolean;
}

/** A change of members' pay as the funding guard reads it (the owner's JSON shapes). */
export interface PayChange {
  target: ChangeTarget;
  /** The VIP level, challenge or campaign id; null for the team rates (and a campaign not created yet). */
  targetId: number | null;
  next: unknown;
}

/** Refuses (ECONOMY_UNFUNDED) a change the club cannot pay for (funding/funding.service.ts). */
export type FundingGuard = (change: PayChange) => Promise<void>;

/** Carries an approved change out, in the approving transaction (the owner's code). */
export type ChangeApplier = (
  db: EntityManager,
  change: { targetId: number | null; after: unknown; operatorId: number },
) => Promise<void>;

/**
 * Economy changes wait here for a second admin (issues 25 and 36):
 *
 * - a change of members' pay (`holdRaise`: packages, team rates, challenges,
 *   campaigns) once it would pay more than ECONOMY_RAISE_APPROVAL_PERCENT
 *   above the target's last approved value, its baseline (what was seeded or
 *   created until a change is approved), in one step or many; a change
 *   within the percentage applies at once and leaves the baseline; an
 *   approved one moves it. The owners say what pays more (libs/domain
 *   economy-raise.ts);
 * - every change of the club's card, the support link and the card exchange
 *   rates (`holdForSecondAdmin`) while the club has two active admins.
 *
 * The owners register how to carry a change out; the proposer's approval is
 * the first of the two (approvals table), so they never give the second.
 */
@Injectable()
export class EconomyChangesService {
  private readonly appliers = new Map<ChangeTarget, ChangeApplier>();
  private fundingGuard: FundingGuard | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly changes: EconomyChangesRepository,
    private readonly approvals: ApprovalsService,
    private readonly audit: AuditService,
    private readonly users: UsersService,
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

  /**
   * The funding guard (contract section 11, ECONOMY_UNFUNDED), registered by
   * the funding module, which reads the economy and so cannot be imported by
   * its owners: every change of members' pay passes here, proposed or
   * applied at once, and again when a second admin approves it.
   */
  registerFundingGuard(guard: FundingGuard) {
    this.fundingGuard = guard;
  }

  /** Refuses a change of members' pay the club cannot fund; the owners call it for what skips holdRaise. */
  async assertFunded(change: PayChange): Promise<void> {
    await this.fundingGuard?.(change);
  }

  /**
   * Holds a change of members' pay against its target's approved baseline,
   * in the caller's transaction (which has locked the target's row): the
   * change waiting for a second admin, or null when the caller makes it now.
   */
  async holdRaise<T>(
    db: EntityManager,
    change: RaiseChange<T>,
    proposedBy: number,
  ): Promise<EconomyChangeItem | null> {
    await this.assertFunded({
      target: change.target,
      targetId: change.targetId,
      next: change.next,
    });
    const percent = this.raisePercent;
    if (percent <= 0) return null;
    const approved = (await this.changes.lockBaseline(
      db,
      change.target,
      change.targetId ?? 0,
      change.current,
    )) as T | null;
    if (!change.raises(approved, change.next, percent)) return null;
    return this.propose(
      db,
      {
        target: change.target,
        targetId: change.targetId,
        before: change.current,
        after: change.next,
        baseline: approved,
      },
      proposedBy,
    );
  }

  /**
   * The club's card, the support link and the card rates change on no one
   * person's word while the club has two active admins: the change waiting
   * for the other, or null when the caller makes it now (one admin: four
   * eyes cannot hold). Counted under the lock every change of an admin's
   * access takes, so a demotion racing this change cannot slip between.
   */
  async holdForSecondAdmin(
    db: EntityManager,
    change: { target: SecondAdminTarget; before: unknown; after: unknown },
    proposedBy: number,
  ): Promise<EconomyChangeItem | null> {
    if ((await this.users.lockedActiveAdmins(db)) < 2) return null;
    return this.propose(db, { ...change, targetId: null, baseline: null }, proposedBy);
  }

  /** Every approved value and the percentage, for the console's warning ahead of a change. */
  async baselines(): Promise<EconomyBaselines> {
    const rows = await this.changes.baselines();
    return {
      raise_percent: this.raisePercent,
      baselines: rows.map((row) => ({
        target: row.target,
        target_id: row.target === 'team_rates' ? null : row.target_id,
        value: row.value as Record<string, unknown>,
        change_id: row.change_id === null ? null : Number(row.change_id),
        updated_at: row.updated_at.toISOString(),
      })),
    };
  }

  /** Records the change as waiting for a second admin, in the caller's transaction. */
  private async propose(
    db: EntityManager,
    change: {
      target: ChangeTarget;
      targetId: number | null;
      before: unknown;
      after: unknown;
      baseline: unknown;
    },
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
      baseline: change.baseline,
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
      // The club's money may have moved since the change was proposed.
      if (isRaiseTarget(change.target)) {
        await this.assertFunded({
          target: change.target,
          targetId: change.target_id,
          next: change.after,
        });
      }
      await this.appliers.get(change.target)!(db, {
        targetId: change.target_id,
        after: change.after,
        operatorId: approverId,
      });
      if (isRaiseTarget(change.target)) {
        await this.changes.moveBaseline(db, change.target, change.target_id ?? 0, change.after, id);
      }
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

  /** One change as operators see it, or null. */
  async find(id: number): Promise<EconomyChangeItem | null> {
    const row = await this.changes.find(id);
    if (!row) return null;
    return toItem(
      row,
      (await this.approvals.byRequest('economy', [row.id])).get(String(row.id)) ?? [],
    );
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

const isRaiseTarget = (target: ChangeTarget): target is RaiseTarget =>
  (RAISE_TARGETS as readonly string[]).includes(target);

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
    baseline: row.baseline as Record<string, unknown> | null,
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
