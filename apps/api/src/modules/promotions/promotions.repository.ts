import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { Texts } from '../../common/language';

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
  reversed_at: Date | null;
  due: boolean;
  /** Its member is in a ring waiting for review (risk_held_members, the risk module's read). */
  held_for_review: boolean;
}

/** An unsettled hold a ring's reversal takes back. */
export interface HoldToReverse {
  id: number;
  user_id: number;
  amount_micro: string;
  source: string;
}

/** Whether the hold's member is in a ring under review; `$n` says whether rings hold anything. */
const HELD_FOR_REVIEW = (flag: string) =>
  `(${flag}::boolean AND cardinality(risk_held_members(ARRAY[user_id])) > 0)`;

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

  async lockHold(
    db: EntityManager,
    holdId: number,
    holdRings: boolean,
  ): Promise<HoldToRelease | undefined> {
    const [hold] = await db.query(
      `SELECT id, user_id, amount_micro, released_at, reversed_at, release_at <= now() AS due,
         ${HELD_FOR_REVIEW('$2')} AS held_for_review
       FROM points_holds WHERE id = $1 FOR UPDATE`,
      [holdId, holdRings],
    );
    return hold;
  }

  /** The members' holds neither released nor reversed, locked. */
  lockUnsettledHolds(db: EntityManager, userIds: number[]): Promise<HoldToReverse[]> {
    return db.query(
      `SELECT id, user_id, amount_micro, source FROM points_holds
       WHERE user_id = ANY($1) AND released_at IS NULL AND reversed_at IS NULL
       ORDER BY id FOR UPDATE`,
      [userIds],
    );
  }

  async markHoldsReversed(db: EntityManager, holdIds: number[]): Promise<void> {
    await db.query(`UPDATE points_holds SET reversed_at = now() WHERE id = ANY($1)`, [holdIds]);
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

  async dueHoldIds(limit: number, holdRings: boolean): Promise<number[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM points_holds
       WHERE released_at IS NULL AND reversed_at IS NULL AND release_at <= now()
         AND NOT ${HELD_FOR_REVIEW('$2')}
       ORDER BY id LIMIT $1`,
      [limit, holdRings],
    );
    return rows.map((row) => Number(row.id));
  }

  /** The campaign running now that ends last, if any. */
  async running(): Promise<CampaignRow | undefined> {
    const [row] = await this.dataSource.query(
      `SELECT *, true AS running FROM promotion_campaigns WHERE now() >= starts_at AND now() < ends_at
       ORDER BY ends_at DESC LIMIT 1`,
    );
    return row;
  }

  campaigns(): Promise<CampaignRow[]> {
    return this.dataSource.query(
      `SELECT *, now() >= starts_at AND now() < ends_at AS running FROM promotion_campaigns ORDER BY starts_at DESC, id DESC`,
    );
  }

  async insertCampaign(db: EntityManager, c: CampaignValues): Promise<CampaignRow> {
    const [row] = await db.query(
      `INSERT INTO promotion_campaigns (name, starts_at, ends_at, min_vip_level, inviter_points_micro, member_points_micro, hold_days, names)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *, now() >= starts_at AND now() < ends_at AS running`,
      campaignArgs(c),
    );
    return row;
  }

  /** One campaign, its row locked until the transaction ends; undefined when there is none. */
  async lockCampaign(db: EntityManager, id: number): Promise<CampaignRow | undefined> {
    const [row] = await db.query(
      `SELECT *, now() >= starts_at AND now() < ends_at AS running FROM promotion_campaigns WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row;
  }

  /** [before, after], or null when there is no such campaign. */
  async updateCampaign(
    db: EntityManager,
    id: number,
    c: CampaignValues,
  ): Promise<[CampaignRow, CampaignRow] | null> {
    const [before] = await db.query(`SELECT * FROM promotion_campaigns WHERE id = $1 FOR UPDATE`, [
      id,
    ]);
    if (!before) return null;
    const [[after]] = await db.query(
      `UPDATE promotion_campaigns SET name = $1, starts_at = $2, ends_at = $3, min_vip_level = $4,
         inviter_points_micro = $5, member_points_micro = $6, hold_days = $7, names = $8
       WHERE id = $9 RETURNING *, now() >= starts_at AND now() < ends_at AS running`,
      [...campaignArgs(c), id],
    );
    return [before, after];
  }
}

export interface CampaignValues {
  name: string;
  /** The name per language (only those written). */
  names: Texts;
  startsAt: Date;
  endsAt: Date;
  minVipLevel: number;
  inviterPoints: bigint;
  memberPoints: bigint;
  holdDays: number;
}

export interface CampaignRow {
  id: number;
  name: string;
  names: Texts;
  starts_at: Date;
  ends_at: Date;
  min_vip_level: number;
  inviter_points_micro: string;
  member_points_micro: string;
  hold_days: number;
  running: boolean;
}

const campaignArgs = (c: CampaignValues) => [
  c.name,
  c.startsAt,
  c.endsAt,
  c.minVipLevel,
  c.inviterPoints.toString(),
  c.memberPoints.toString(),
  c.holdDays,
  JSON.stringify(c.names),
];
