import { HttpStatus, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { WATCH_MIN_SECONDS, effectiveVipLevel, microToNumber, percentOf } from '@app/domain';
import { AppError } from '../../common/app-error';
import { ContentService } from '../content/content.service';
import { member, system } from '../ledger/ledger.accounts';
import { LedgerService, Transfer } from '../ledger/ledger.service';
import { TodayResponse, WatchResponse } from './trailers.dto';

const ruleBroken = (code: string, detail: string) =>
  new AppError(HttpStatus.BAD_REQUEST, code, detail);

/** The member's day is the UTC calendar day, taken from the database clock. */
const TODAY = `(now() AT TIME ZONE 'UTC')::date`;

/**
 * Trailer rewards: a view must have run 10 s, each trailer pays once a day,
 * the level's quota caps the day, and the three uplines earn commission in
 * the same database transaction as the reward.
 */
@Injectable()
export class WatchService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly content: ContentService,
  ) {}

  /** Opening a trailer starts the view; opening it again the same day keeps the first start. */
  async startView(userId: number, trailerId: number): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO trailer_views (user_id, trailer_id, started_at) VALUES ($1, $2, now())
       ON CONFLICT (user_id, trailer_id) DO UPDATE SET started_at =
         CASE WHEN trailer_views.started_at < ${TODAY} THEN now() ELSE trailer_views.started_at END`,
      [userId, trailerId],
    );
  }

  async watch(userId: number, trailerId: number): Promise<WatchResponse> {
    return this.dataSource.transaction(async (manager) => {
      // One member's watches run one at a time: the quota check cannot race.
      const [user] = await manager.query(
        `SELECT vip_level, vip_expire, inviter_id FROM users WHERE id = $1 FOR UPDATE`,
        [userId],
      );
      const [trailer] = await manager.query(`SELECT id FROM trailers WHERE id = $1`, [trailerId]);
      if (!trailer) throw AppError.notFound('Trailer not found');
      const [state] = await manager.query(
        `SELECT
           EXISTS (SELECT 1 FROM trailer_watches WHERE user_id = $1 AND watch_day = ${TODAY} AND trailer_id = $2) AS watched,
           (SELECT count(*) FROM trailer_watches WHERE user_id = $1 AND watch_day = ${TODAY}) AS count,
           (SELECT started_at <= now() - make_interval(secs => $3) FROM trailer_views WHERE user_id = $1 AND trailer_id = $2) AS long_enough,
           ${TODAY}::text AS day`,
        [userId, trailerId, WATCH_MIN_SECONDS],
      );
      if (state.watched)
        throw ruleBroken('ALREADY_WATCHED', 'This trailer was already counted today');
      const level = effectiveVipLevel(user.vip_level, user.vip_expire, new Date());
      const tier = await this.content.tier(level, manager);
      if (Number(state.count) >= tier.dailyTrailers)
        throw ruleBroken('DAILY_QUOTA_REACHED', "Today's trailer quota is used up");
      if (!state.long_enough)
        throw ruleBroken(
          'WATCH_TOO_SHORT',
          `Watch the trailer for at least ${WATCH_MIN_SECONDS} seconds`,
        );

      await manager.query(
        `INSERT INTO trailer_watches (user_id, trailer_id, watch_day, reward_micro) VALUES ($1, $2, $3, $4)`,
        [userId, trailerId, state.day, tier.rewardMicro.toString()],
      );
      if (tier.rewardMicro > 0n) {
        await this.ledger.post(manager, {
          key: `watch:${userId}:${trailerId}:${state.day}`,
          kind: 'reward',
          userId,
          memo: { trailer_id: trailerId, day: state.day, vip_level: level },
          transfers: [
            { from: system('rewards'), to: member(userId, 'money'), amount: tier.rewardMicro },
            ...(await this.commissions(manager, user.inviter_id, tier.rewardMicro)),
          ],
        });
      }
      return { reward: microToNumber(tier.rewardMicro), today: await this.today(userId, manager) };
    });
  }

  /** L1, L2, L3 uplines that are active, each paid its rate of the reward. */
  private async commissions(
    manager: EntityManager,
    inviterId: number | null,
    reward: bigint,
  ): Promise<Transfer[]> {
    if (inviterId === null) return [];
    const uplines: { depth: number; id: number; rate_bp: number }[] = await manager.query(
      `WITH RECURSIVE chain AS (
         SELECT id, inviter_id, is_active, 1 AS depth FROM users WHERE id = $1
         UNION ALL
         SELECT u.id, u.inviter_id, u.is_active, c.depth + 1 FROM users u JOIN chain c ON u.id = c.inviter_id WHERE c.depth < 3
       )
       SELECT c.depth, c.id, r.rate_bp FROM chain c JOIN team_rates r ON r.depth = c.depth WHERE c.is_active`,
      [inviterId],
    );
    return uplines
      .map((u) => ({
        from: system('team_commissions'),
        to: member(u.id, 'money'),
        amount: percentOf(reward, u.rate_bp),
      }))
      .filter((t) => t.amount > 0n);
  }

  async today(
    userId: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<TodayResponse> {
    const [row] = await manager.query(
      `SELECT count(*) AS count, COALESCE(SUM(reward_micro), 0) AS amount FROM trailer_watches WHERE user_id = $1 AND watch_day = ${TODAY}`,
      [userId],
    );
    return { amount: microToNumber(BigInt(row.amount)), count: Number(row.count) };
  }
}
