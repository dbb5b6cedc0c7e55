import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { microToNumber, usdt } from '@app/domain';
import { AppError } from '../../common/app-error';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { UsersService } from '../users/users.service';
import { ApprovalKind, ApprovalRow, ApprovalsRepository } from './approvals.repository';

export type { ApprovalKind, ApprovalRow } from './approvals.repository';

/** What still stands between an approved request and its effect. */
export type Waiting = 'second_approval' | 'admin' | null;

/** One approval as operators see it (who, as what, when, over their daily cap or not). */
export interface ApprovalView {
  operator_id: number;
  role: string;
  amount: number;
  over_cap: boolean;
  created_at: string;
}

export interface ApprovalOutcome {
  /** Enough approvals: the caller carries the request out now. */
  done: boolean;
  waiting: Waiting;
  approvals: ApprovalView[];
}

export interface ApprovalStep {
  kind: ApprovalKind;
  subjectId: string | number;
  /** Whose money; null for economy changes. */
  memberId: number | null;
  operatorId: number;
  /** What this approval lets go, in micro-USDT (absolute). */
  amount: bigint;
  /**
   * Above this many USDT, the member's total of this kind over the last 24
   * hours (this one included) needs two different operators; 0: never.
   */
  threshold: number;
  /** Always this many different operators, whatever the amount (economy changes: 2). */
  required?: number;
}

export const view = (row: ApprovalRow): ApprovalView => ({
  operator_id: row.operator_id,
  role: row.operator_role,
  amount: microToNumber(BigInt(row.amount_micro)),
  over_cap: row.over_cap,
  created_at: row.created_at.toISOString(),
});

/** What waits, from the approvals given so far (see ApprovalsService.approve). */
export function waitingOf(rows: ApprovalRow[], required: number): Waiting {
  if (rows.length < required) return 'second_approval';
  const capped = rows.some((r) => r.over_cap);
  const admin = rows.some((r) => r.operator_role === 'admin' && !r.over_cap);
  return capped && !admin ? 'admin' : null;
}

/** What an open request waits for, from the approvals as operators see them. */
export function waitingOfViews(views: ApprovalView[]): Waiting {
  if (views.length === 0) return null;
  const capped = views.some((v) => v.over_cap);
  const admin = views.some((v) => v.role === 'admin' && !v.over_cap);
  return capped && !admin ? 'admin' : 'second_approval';
}

/**
 * The waiting flags of a request's answer: while it is still open and some
 * approvals were given, either a second operator or an admin is awaited.
 */
export function awaiting(open: boolean, rows: ApprovalRow[]) {
  const waiting = open && rows.length > 0 ? (waitingOf(rows, 1) ?? 'second_approval') : null;
  return {
    awaiting_second_approval: waiting === 'second_approval',
    awaiting_admin: waiting === 'admin',
  };
}

/** Credits count together toward four eyes (issue 36): a card deposit and an adjustment are both money made. */
export const CREDIT_KINDS: readonly ApprovalKind[] = ['card_deposit', 'adjustment'];

const countedWith = (kind: ApprovalKind): readonly ApprovalKind[] =>
  CREDIT_KINDS.includes(kind) ? CREDIT_KINDS : [kind];

/**
 * Four eyes for everything that creates or moves money, over a day, and the
 * operators' daily cap (issues 25 and 36), in one place and one table. The
 * caller locks its request row, calls `approve` in its transaction, and
 * carries the request out when the answer is `done`:
 *
 * - an operator approves a request once (a second call: SELF_APPROVAL_FORBIDDEN);
 * - no operator decides money of their own team or upline, three levels
 *   either way, nor approves the withdrawal of a member they credited within
 *   CREDITOR_WITHDRAWAL_APPROVAL_HOURS (SELF_DEALING_FORBIDDEN);
 * - an operator whose role was granted within OPERATOR_COOLING_OFF_HOURS
 *   approves nothing yet (OPERATOR_COOLING_OFF);
 * - two different operators are needed when the member's total over the
 *   last 24 hours, this one included, is above the threshold; card deposits
 *   and adjustments count together;
 * - an approval that takes its operator's 24-hour total above
 *   OPERATOR_DAILY_LIMIT counts only with an admin's approval within it.
 *
 * That the operator is not the member is the reach guard's rule
 * (common/reach.ts), and the table refuses it too.
 */
@Injectable()
export class ApprovalsService {
  constructor(
    private readonly approvals: ApprovalsRepository,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async approve(db: EntityManager, step: ApprovalStep): Promise<ApprovalOutcome> {
    const subjectId = String(step.subjectId);
    const operator = await this.assertMayApprove(db, step.operatorId);
    if (step.memberId !== null) await this.assertArmsLength(db, step.operatorId, step.memberId);
    const family = CREDIT_KINDS.includes(step.kind) ? 'credit' : step.kind;
    await this.approvals.lockTotals(db, family, step.memberId, step.operatorId);
    if (step.kind === 'withdrawal' && (await this.credited(db, step.operatorId, step.memberId!))) {
      throw new AppError(
        'SELF_DEALING_FORBIDDEN',
        'Another operator must approve the withdrawal of a member you credited today',
      );
    }
    const given = await this.approvals.of(db, step.kind, subjectId);
    if (given.some((a) => a.operator_id === step.operatorId)) {
      throw new AppError('SELF_APPROVAL_FORBIDDEN');
    }
    if (given.some((a) => BigInt(a.amount_micro) !== step.amount)) {
      throw new AppError('APPROVAL_AMOUNT_MISMATCH');
    }
    const cap = this.config.OPERATOR_DAILY_LIMIT;
    const overCap =
      cap > 0 &&
      step.amount > 0n &&
      (await this.approvals.operatorDayTotal(db, step.operatorId)) + step.amount > usdt(cap);
    let required = step.required ?? 1;
    if (step.memberId !== null && step.threshold > 0) {
      const day =
        (await this.approvals.memberDayTotal(db, countedWith(step.kind), step.memberId, {
          kind: step.kind,
          subjectId,
        })) + step.amount;
      if (day > usdt(step.threshold)) required = Math.max(required, 2);
    }
    const mine = await this.approvals.insert(db, {
      kind: step.kind,
      subject_id: subjectId,
      member_id: step.memberId,
      operator_id: step.operatorId,
      operator_role: operator.role,
      amount_micro: step.amount,
      over_cap: overCap,
    });
    const rows = [...given, mine];
    const waiting = waitingOf(rows, required);
    return { done: waiting === null, waiting, approvals: rows.map(view) };
  }

  /**
   * The operator as they approve: signed in, and not in their cooling off
   * (their admin or finance role granted less than OPERATOR_COOLING_OFF_HOURS
   * ago). Staff requests ask it too.
   */
  async assertMayApprove(db: EntityManager, operatorId: number) {
    const operator = await this.users.account(operatorId, db);
    if (!operator) throw new AppError('UNAUTHORIZED');
    const hours = this.config.OPERATOR_COOLING_OFF_HOURS;
    const granted = operator.roleGrantedAt;
    if (hours > 0 && granted && Date.now() - granted.getTime() < hours * 3_600_000) {
      throw new AppError(
        'OPERATOR_COOLING_OFF',
        `A newly appointed operator can approve from ${new Date(granted.getTime() + hours * 3_600_000).toISOString()}`,
      );
    }
    return operator;
  }

  /**
   * No money decided for oneself or one's own team or upline (three levels
   * either way): approvals ask it, and so does every refusal of money
   * (rejecting a withdrawal, a card deposit, an adjustment).
   */
  async assertArmsLength(db: EntityManager, operatorId: number, memberId: number) {
    if (memberId === operatorId) throw new AppError('SELF_DEALING_FORBIDDEN');
    if (await this.users.sameTeam(db, operatorId, memberId)) {
      throw new AppError(
        'SELF_DEALING_FORBIDDEN',
        'Operators cannot decide money of their own team or upline',
      );
    }
  }

  private credited(db: EntityManager, operatorId: number, memberId: number) {
    const hours = this.config.CREDITOR_WITHDRAWAL_APPROVAL_HOURS;
    if (hours === 0) return false;
    return this.approvals.approvedFor(db, operatorId, memberId, CREDIT_KINDS, hours);
  }

  /**
   * The request was turned down or refunded (no money moved): its approvals
   * stay on record but no longer count toward the member's or the
   * operators' totals. Call it in the transaction that turns it down.
   */
  void(db: EntityManager, kind: ApprovalKind, subjectId: string | number) {
    return this.approvals.void(db, kind, String(subjectId));
  }

  /** The approvals given so far on one request. */
  async of(db: EntityManager, kind: ApprovalKind, subjectId: string | number) {
    return (await this.approvals.of(db, kind, String(subjectId))).map(view);
  }

  /** The same, as rows (for answers built with `awaiting`). */
  rowsOf(db: EntityManager, kind: ApprovalKind, subjectId: string | number) {
    return this.approvals.of(db, kind, String(subjectId));
  }

  /** The approvals of many requests of one kind, by request id. */
  async byRequest(kind: ApprovalKind, subjectIds: (string | number)[]) {
    const rows = await this.approvals.ofMany(kind, subjectIds.map(String));
    const map = new Map<string, ApprovalRow[]>();
    for (const row of rows) map.set(row.subject_id, [...(map.get(row.subject_id) ?? []), row]);
    return map;
  }
}
