import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { member, system } from '../ledger/ledger.accounts';
import { LedgerService, Transfer } from '../ledger/ledger.service';

export type Outcome = 'settled' | 'already' | 'not_due';

/**
 * The scheduled money work. Each method settles one item of pending work that
 * PostgreSQL records; it locks the row, re-checks it, and posts with the
 * item's own idempotency key, so a second delivery changes nothing.
 */
@Injectable()
export class SettlementService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
  ) {}

  /** Pays a promotion grant as held points to the member and the inviter. */
  async settlePromotion(grantId: number): Promise<Outcome> {
    return this.dataSource.transaction(async (manager) => {
      const [grant] = await manager.query(
        `SELECT g.id, g.status, g.member_id, g.inviter_id, c.member_points_micro, c.inviter_points_micro, c.hold_days
         FROM promotion_grants g JOIN promotion_campaigns c ON c.id = g.campaign_id
         WHERE g.id = $1 FOR UPDATE OF g`,
        [grantId],
      );
      if (!grant) return 'not_due';
      if (grant.status === 'done') return 'already';
      const parts = [
        {
          userId: grant.member_id as number,
          amount: BigInt(grant.member_points_micro),
          role: 'member',
        },
        {
          userId: grant.inviter_id as number,
          amount: BigInt(grant.inviter_points_micro),
          role: 'inviter',
        },
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
        await manager.query(
          `INSERT INTO points_holds (user_id, amount_micro, release_at, source)
           VALUES ($1, $2, now() + make_interval(days => $3), $4)`,
          [p.userId, p.amount.toString(), grant.hold_days, `promotion:${grantId}:${p.role}`],
        );
      }
      await manager.query(
        `UPDATE promotion_grants SET status = 'done', settled_at = now() WHERE id = $1`,
        [grantId],
      );
      return 'settled';
    });
  }

  /** Moves a due hold from held points to points. */
  async releaseHold(holdId: number): Promise<Outcome> {
    return this.dataSource.transaction(async (manager) => {
      const [hold] = await manager.query(
        `SELECT id, user_id, amount_micro, released_at, release_at <= now() AS due FROM points_holds WHERE id = $1 FOR UPDATE`,
        [holdId],
      );
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
      await manager.query(`UPDATE points_holds SET released_at = now() WHERE id = $1`, [holdId]);
      return 'settled';
    });
  }

  /** Back to level 0 once the membership has run out. */
  async expireMembership(userId: number): Promise<Outcome> {
    const [, affected] = await this.dataSource.query(
      `UPDATE users SET vip_level = 0, vip_expire = NULL, updated_at = now()
       WHERE id = $1 AND vip_level > 0 AND vip_expire <= now()`,
      [userId],
    );
    return affected > 0 ? 'settled' : 'already';
  }
}
