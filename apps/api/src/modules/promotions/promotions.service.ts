import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { member, system } from '../ledger/ledger.accounts';
import { LedgerService, Transfer } from '../ledger/ledger.service';
import { PromotionsRepository } from './promotions.repository';

export type Outcome = 'settled' | 'already' | 'not_due';

/** A hold's source (`promotion:<grant>:<role>`) names the ledger transaction that paid it. */
function grantKeyOf(source: string): string {
  const match = /^promotion:(\d+):/.exec(source);
  if (!match) throw new Error(`hold source ${source} names no promotion grant`);
  return `promotion:${match[1]}`;
}

/**
 * Invitation campaigns: a purchase records a grant, the worker pays it as
 * held points, and the hold is released when due. Each settling method locks
 * its row, re-checks it, and posts with the item's own idempotency key, so a
 * second delivery changes nothing.
 */
@Injectable()
export class PromotionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly promotions: PromotionsRepository,
    private readonly ledger: LedgerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Registration points of members in a ring wait for its review (issue 38, RISK_HOLD). */
  private get holdRings(): boolean {
    return this.config.RISK_HOLD === 1;
  }

  /** Recorded in the purchase's transaction, paid by the worker: the grant row is the pending work. */
  recordGrants(
    db: EntityManager,
    grant: { memberId: number; inviterId: number; level: number; at: Date },
  ) {
    return this.promotions.addGrants(db, grant);
  }

  /** Pays a promotion grant as held points to the member and the inviter. */
  async settleGrant(grantId: number): Promise<Outcome> {
    return this.dataSource.transaction(async (manager) => {
      const grant = await this.promotions.lockGrant(manager, grantId);
      if (!grant) return 'not_due';
      if (grant.status === 'done') return 'already';
      const parts = [
        { userId: grant.member_id, amount: BigInt(grant.member_points_micro), role: 'member' },
        { userId: grant.inviter_id, amount: BigInt(grant.inviter_points_micro), role: 'inviter' },
      ].filter((p) => p.amount > 0n);
      const transfers: Transfer[] = parts.map((p) => ({
        from: system('promotions'),
        to: member(p.userId, 'points_hold'),
        amount: p.amount,
      }));
      if (transfers.length > 0) {
        await this.ledger.post(manager, {
          key: `promotion:${grantId}`,
          kind: 'promotion',
          userId: grant.member_id,
          memo: { grant_id: grantId },
          transfers,
        });
      }
      for (const p of parts) {
        await this.promotions.addHold(manager, {
          userId: p.userId,
          amount: p.amount,
          days: grant.hold_days,
          source: `promotion:${grantId}:${p.role}`,
        });
      }
      await this.promotions.markGrantDone(manager, grantId);
      return 'settled';
    });
  }

  /** Moves a due hold from held points to points, unless a ring's review holds it. */
  async releaseHold(holdId: number): Promise<Outcome> {
    return this.dataSource.transaction(async (manager) => {
      const hold = await this.promotions.lockHold(manager, holdId, this.holdRings);
      if (!hold) return 'not_due';
      if (hold.released_at || hold.reversed_at) return 'already';
      if (!hold.due || hold.held_for_review) return 'not_due';
      await this.ledger.post(manager, {
        key: `hold-release:${holdId}`,
        kind: 'hold_release',
        userId: hold.user_id,
        memo: { hold_id: holdId },
        transfers: [
          {
            from: member(hold.user_id, 'points_hold'),
            to: member(hold.user_id, 'points'),
            amount: BigInt(hold.amount_micro),
          },
        ],
      });
      await this.promotions.markHoldReleased(manager, holdId);
      return 'settled';
    });
  }

  pendingGrantIds(limit: number): Promise<number[]> {
    return this.promotions.pendingGrantIds(limit);
  }

  dueHoldIds(limit: number): Promise<number[]> {
    return this.promotions.dueHoldIds(limit, this.holdRings);
  }

  /**
   * A ring's reversal (issue 38): the members' registration points not yet
   * released go back to the account that paid each, in the caller's
   * transaction; returns the points taken back (micro).
   */
  async reverseHeldPoints(db: EntityManager, userIds: number[], key: string): Promise<bigint> {
    const holds = await this.promotions.lockUnsettledHolds(db, userIds);
    if (holds.length === 0) return 0n;
    const transfers: Transfer[] = [];
    for (const hold of holds) {
      const source = await this.ledger.creditSource(
        db,
        grantKeyOf(hold.source),
        hold.user_id,
        'points_hold',
      );
      transfers.push({
        from: member(hold.user_id, 'points_hold'),
        to: system(source),
        amount: BigInt(hold.amount_micro),
      });
    }
    await this.ledger.post(db, {
      key,
      kind: 'review_reversal',
      userId: userIds.length === 1 ? userIds[0] : null,
      memo: { hold_ids: holds.map((h) => Number(h.id)) },
      transfers,
    });
    await this.promotions.markHoldsReversed(
      db,
      holds.map((h) => h.id),
    );
    return transfers.reduce((sum, t) => sum + t.amount, 0n);
  }
}
