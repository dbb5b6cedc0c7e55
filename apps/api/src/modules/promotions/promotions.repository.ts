import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export interface GrantToSettle {
  id: number;
  status: 'pending' | 'done';
  member_id: number;
  inviter_id: number;
  member_points_micro: string;
  inviter_points_micro: string;
  hold_days: number;
}

export interface HoldToRelease {
  id: number;
  user_id: number;
  amount_micro: string;
  released_at: Date | null;
  due: boolean;
}

/** The only door to `promotion_campaigns`, `promotion_grants` and `points_holds`. */
@Injectable()
export class PromotionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A grant for every campaign running now that the bought level qualifies for. */
  async addGrants(
    db: EntityManager,
    grant: { memberId: number; inviterId: number; level: number; at: Date },
  ): Promise<void> {
    await db.query(
      `INSERT INTO promotion_grants (campaign_id, member_id, inviter_id)
       SELECT id, $1, $2 FROM promotion_campaigns
       WHERE $3 >= min_vip_level AND starts_at <= $4 AND $4 < ends_at
       ON CONFLICT (campaign_id, member_id) DO NOTHING`,
      [grant.memberId, grant.inviterId, grant.level, grant.at],
    );
  }

  async lockGrant(db: EntityManager, grantId: number): Promise<GrantToSettle | undefined> {
    const [grant] = await db.query(
      `SELECT g.id, g.status, g.member_id, g.inviter_id, c.member_points_micro, c.inviter_points_micro, c.hold_days
       FROM promotion_grants g JOIN promotion_campaigns c ON c.id = g.campaign_id
       WHERE g.id = $1 FOR UPDATE OF g`,
      [grantId],
    );
    return grant;
  }

  async markGrantDone(db: EntityManager, grantId: number): Promise<void> {
    await db.query(
      `UPDATE promotion_grants SET status = 'done', settled_at = now() WHERE id = $1`,
      [grantId],
    );
  }

  async addHold(
    db: EntityManager,
    hold: { userId: number; amount: bigint; days: number; source: string },
  ): Promise<void> {
    await db.query(
      `INSERT INTO points_holds (user_id, amount_micro, release_at, source)
       VALUES ($1, $2, now() + make_interval(days => $3), $4)`,
      [hold.userId, hold.amount.toString(), hold.days, hold.source],
    );
  }

  async lockHold(db: EntityManager, holdId: number): Promise<HoldToRelease | undefined> {
    const [hold] = await db.query(
      `SELECT id, user_id, amount_micro, released_at, release_at <= now() AS due FROM points_holds WHERE id = $1 FOR UPDATE`,
      [holdId],
    );
    return hold;
  }

  async markHoldReleased(db: EntityManager, holdId: number): Promise<void> {
    await db.query(`UPDATE points_holds SET released_at = now() WHERE id = $1`, [holdId]);
  }

  async pendingGrantIds(limit: number): Promise<number[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM promotion_grants WHERE status = 'pending' ORDER BY id LIMIT $1`,
      [limit],
    );
    return rows.map((row) => Number(row.id));
  }

  async dueHoldIds(limit: number): Promise<number[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM points_holds WHERE released_at IS NULL AND release_at <= now() ORDER BY id LIMIT $1`,
      [limit],
    );
    return rows.map((row) => Number(row.id));
  }
}
