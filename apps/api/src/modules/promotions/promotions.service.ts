import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { member, system } from '../ledger/ledger.accounts';
import { LedgerService, Transfer } from '../ledger/ledger.service';
import { PromotionsRepository } from './promotions.repository';

export type Outcome = 'settled' | 'already' | 'not_due';

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
  ) {}

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

  /** Moves a due hold from held points to points. */
  async releaseHold(holdId: number): Promise<Outcome> {
    return this.dataSource.transaction(async (manager) => {
      const hold = await this.promotions.lockHold(manager, holdId);
      if (!hold) return 'not_due';
      if (hold.released_at) return 'already';
      if (!hold.due) return 'not_due';
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
    return this.promotions.dueHoldIds(limit);
  }
}
