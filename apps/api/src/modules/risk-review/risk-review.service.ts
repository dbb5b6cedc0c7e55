import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { microToNumber, usdt } from '@app/domain';
import { AppError } from '../../common/app-error';
import { APP_CONFIG, AppConfig } from '../../config/config';
import {
  type ApprovalRow,
  ApprovalsService,
  type Waiting,
  awaiting,
  view,
} from '../approvals/approvals.service';
import { AuditService } from '../audit/audit.service';
import { member, system } from '../ledger/ledger.accounts';
import { LedgerService, Transfer } from '../ledger/ledger.service';
import { PromotionsService } from '../promotions/promotions.service';
import { RiskRingsService, type RingSummary } from '../risk/risk-rings.service';
import {
  type RingDecision,
  RingDecisionResponse,
  RingItem,
  RingListQuery,
  RingPendingDecision,
} from './risk-review.dto';
import { DecisionRow, RiskReviewRepository } from './risk-review.repository';

type Held = Map<number, { commissions: bigint; points: bigint }>;

const DECIDED = { release: 'released', reverse: 'reversed' } as const;

/**
 * Operators' review of rings (issue 38): the queue with what each ring holds,
 * and its release (held commissions paid to the members' money, registration
 * points released when due) or reversal (both back to the accounts that paid
 * them). A decision is a `risk_ring_decisions` row with its approvals: two
 * different operators when what the ring held as it was asked is above
 * ADJUST_APPROVAL_THRESHOLD; no operator decides a ring with a member of
 * their own team or upline, and none in their cooling off (ApprovalsService).
 * A ring that grew since a decision was asked needs it asked again.
 */
@Injectable()
export class RiskReviewService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rings: RiskRingsService,
    private readonly decisions: RiskReviewRepository,
    private readonly approvals: ApprovalsService,
    private readonly ledger: LedgerService,
    private readonly promotions: PromotionsService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(query: RingListQuery & { id?: number }): Promise<RingItem[]> {
    const rings = await this.rings.list({
      id: query.id,
      status: query.status,
      memberId: query.member_id,
      limit: query.limit ?? 50,
      before: query.before,
    });
    if (rings.length === 0) return [];
    const [held, pending] = await Promise.all([
      this.ledger.heldOf(rings.flatMap((r) => r.members)),
      this.decisions.pendingOfRings(rings.map((r) => r.id)),
    ]);
    const approvals = await this.approvals.byRequest(
      'risk_ring',
      pending.map((p) => p.id),
    );
    return rings.map((ring) =>
      item(
        ring,
        held,
        pending.filter((p) => p.ring_id === ring.id),
        approvals,
      ),
    );
  }

  async decide(
    operatorId: number,
    ringId: number,
    decision: RingDecision,
  ): Promise<RingDecisionResponse> {
    const waiting = await this.dataSource.transaction((db) =>
      this.decideIn(db, operatorId, ringId, decision),
    );
    const [ring] = await this.list({ id: ringId, limit: 1 });
    return {
      ...ring,
      outcome:
        waiting === null
          ? 'applied'
          : waiting === 'admin'
            ? 'awaiting_admin'
            : 'awaiting_second_approval',
    };
  }

  /** This operator's approval of the decision; null when it was applied now, else what it waits for. */
  private async decideIn(
    db: EntityManager,
    operatorId: number,
    ringId: number,
    decision: RingDecision,
  ): Promise<Waiting> {
    const ring = await this.rings.lockForDecision(db, ringId);
    if (!ring) throw new AppError('NOT_FOUND', 'Ring not found');
    for (const memberId of ring.members)
      await this.approvals.assertArmsLength(db, operatorId, memberId);
    const standing = await this.standing(db, ring.id, ring.version);
    const request =
      standing.find((d) => d.decision === decision) ??
      (await this.decisions.insert(db, {
        ringId,
        decision,
        version: ring.version,
        amount: await this.heldTotal(db, ring.members),
        requestedBy: operatorId,
      }));
    const amount = BigInt(request.amount_micro);
    const threshold = this.config.ADJUST_APPROVAL_THRESHOLD;
    const outcome = await this.approvals.approve(db, {
      kind: 'risk_ring',
      subjectId: request.id,
      memberId: null,
      operatorId,
      amount,
      threshold: 0,
      required: threshold > 0 && amount > usdt(threshold) ? 2 : 1,
    });
    const details = { ring_id: ringId, members: ring.members, decision_id: Number(request.id) };
    if (!outcome.done) {
      await this.audit.record(db, operatorId, `risk.ring.${decision}.approval`, null, {
        ...details,
        amount: microToNumber(amount),
        waiting: outcome.waiting,
      });
      return outcome.waiting;
    }
    const moved =
      decision === 'release'
        ? await this.release(db, request, ring.members)
        : await this.reverse(db, request, ring.members);
    await this.rings.decided(db, ringId, DECIDED[decision]);
    await this.decisions.close(db, [request.id], 'applied');
    // The other decision, if one was asked, no longer stands.
    for (const other of standing.filter((d) => d.id !== request.id)) await this.drop(db, other);
    await this.audit.record(db, operatorId, `risk.ring.${DECIDED[decision]}`, null, {
      ...details,
      approvals: outcome.approvals.map((a) => a.operator_id),
      commissions: microToNumber(moved.commissions),
      points: microToNumber(moved.points),
    });
    return null;
  }

  /** The ring's pending decisions asked on its current membership; older ones are dropped. */
  private async standing(db: EntityManager, ringId: number, version: number) {
    const standing: DecisionRow[] = [];
    for (const pending of await this.decisions.pendingOfRing(db, ringId)) {
      if (pending.ring_version === version) standing.push(pending);
      else await this.drop(db, pending);
    }
    return standing;
  }

  private async drop(db: EntityManager, decision: DecisionRow) {
    await this.decisions.close(db, [decision.id], 'superseded');
    await this.approvals.void(db, 'risk_ring', decision.id);
  }

  private async heldTotal(db: EntityManager, members: number[]): Promise<bigint> {
    let total = 0n;
    for (const held of (await this.ledger.heldOf(members, db)).values())
      total += held.commissions + held.points;
    return total;
  }

  /**
   * Held commissions to the members' money, each part through the account
   * that paid it (so it counts as the team commission it was); registration
   * points are released by the promotions' sweep when due, now that the
   * ring no longer holds them.
   */
  private async release(db: EntityManager, request: DecisionRow, members: number[]) {
    let commissions = 0n;
    for (const id of members) {
      const transfers: Transfer[] = (await this.ledger.heldCommissions(db, id)).flatMap((s) => [
        { from: member(id, 'commission_hold'), to: system(s.source), amount: s.amount },
        { from: system(s.source), to: member(id, 'money'), amount: s.amount },
      ]);
      commissions += await this.post(db, request, id, 'review_release', transfers);
    }
    return { commissions, points: 0n };
  }

  /** Held commissions and registration points back to the accounts that paid them. */
  private async reverse(db: EntityManager, request: DecisionRow, members: number[]) {
    let commissions = 0n;
    for (const id of members) {
      const transfers: Transfer[] = (await this.ledger.heldCommissions(db, id)).map((s) => ({
        from: member(id, 'commission_hold'),
        to: system(s.source),
        amount: s.amount,
      }));
      commissions += await this.post(db, request, id, 'review_reversal', transfers);
    }
    const points = await this.promotions.reverseHeldPoints(
      db,
      members,
      `review:${request.id}:points`,
    );
    return { commissions, points };
  }

  /** One ledger transaction per member and decision; returns the commissions moved. */
  private async post(
    db: EntityManager,
    request: DecisionRow,
    userId: number,
    kind: 'review_release' | 'review_reversal',
    transfers: Transfer[],
  ): Promise<bigint> {
    if (transfers.length === 0) return 0n;
    await this.ledger.post(db, {
      key: `review:${request.id}:${userId}`,
      kind,
      userId,
      memo: { ring_id: request.ring_id, decision_id: Number(request.id) },
      transfers,
    });
    return transfers.filter((t) => 'account' in t.from).reduce((sum, t) => sum + t.amount, 0n);
  }
}

function item(
  ring: RingSummary,
  held: Held,
  pending: DecisionRow[],
  approvals: Map<string, ApprovalRow[]>,
): RingItem {
  let commissions = 0n;
  let points = 0n;
  for (const id of ring.members) {
    commissions += held.get(id)?.commissions ?? 0n;
    points += held.get(id)?.points ?? 0n;
  }
  return {
    id: ring.id,
    members: ring.members,
    signals: ring.signals,
    held_usdt: microToNumber(commissions),
    held_points: microToNumber(points),
    status: ring.status,
    found_at: ring.found_at.toISOString(),
    changed_at: ring.changed_at.toISOString(),
    decided_at: ring.decided_at ? ring.decided_at.toISOString() : null,
    pending: pending.map((p) => pendingItem(p, approvals.get(String(p.id)) ?? [])),
  };
}

function pendingItem(row: DecisionRow, approvals: ApprovalRow[]): RingPendingDecision {
  return {
    decision: row.decision,
    requested_by: row.requested_by,
    amount: microToNumber(BigInt(row.amount_micro)),
    approvals: approvals.map(view),
    ...awaiting(true, approvals),
    created_at: row.created_at.toISOString(),
  };
}
