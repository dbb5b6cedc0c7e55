import { HttpStatus, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { WATCH_MIN_SECONDS, effectiveVipLevel, microToNumber, percentOf } from '@app/domain';
import { AppError } from '../../common/app-error';
import { preparedQuery, sqlState } from '../../database/prepared';
import { ContentService } from '../content/content.service';
import { member, system } from '../ledger/ledger.accounts';
import { LedgerService, Transfer } from '../ledger/ledger.service';
import { TodayResponse, WatchResponse } from './trailers.dto';

const UNIQUE_VIOLATION = '23505';

const ruleBroken = (code: string, detail: string) =>
  new AppError(HttpStatus.BAD_REQUEST, code, detail);

interface WatchState {
  vip_level: number;
  vip_expire: Date | null;
  day: string;
  trailer_exists: boolean;
  watched: boolean;
  count: string;
  amount: string;
  long_enough: boolean | null;
  uplines: { id: number; rate_bp: number }[];
}

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
      // Read everything the rules need in one go. Under concurrency this read
      // may be a moment old: the day's counter row and the unique watch index
      // below are what make the quota and once-a-day exact.
      const [state] = await preparedQuery<WatchState>(
        manager,
        'watch-state',
        `SELECT u.vip_level, u.vip_expire, ${TODAY}::text AS day,
           EXISTS (SELECT 1 FROM trailers WHERE id = $2) AS trailer_exists,
           COALESCE(d.count, 0) AS count, COALESCE(d.amount_micro, 0) AS amount,
           EXISTS (SELECT 1 FROM trailer_watches WHERE user_id = $1 AND watch_day = ${TODAY} AND trailer_id = $2) AS watched,
           (SELECT started_at <= now() - make_interval(secs => $3) FROM trailer_views WHERE user_id = $1 AND trailer_id = $2) AS long_enough,
           (WITH RECURSIVE chain AS (
              SELECT id, inviter_id, is_active, 1 AS depth FROM users WHERE id = u.inviter_id
              UNION ALL
              SELECT p.id, p.inviter_id, p.is_active, c.depth + 1 FROM users p JOIN chain c ON p.id = c.inviter_id WHERE c.depth < 3
            )
            SELECT COALESCE(json_agg(json_build_object('id', c.id, 'rate_bp', r.rate_bp) ORDER BY c.depth), '[]')
            FROM chain c JOIN team_rates r ON r.depth = c.depth WHERE c.is_active) AS uplines
         FROM users u LEFT JOIN watch_days d ON d.user_id = u.id AND d.watch_day = ${TODAY}
         WHERE u.id = $1`,
        [userId, trailerId, WATCH_MIN_SECONDS],
      );
      if (!state.trailer_exists) throw AppError.notFound('Trailer not found');
      if (state.watched)
        throw ruleBroken('ALREADY_WATCHED', 'This trailer was already counted today');
      const level = effectiveVipLevel(state.vip_level, state.vip_expire, new Date());
      const tier = await this.content.tier(level, manager);
      const count = Number(state.count);
      if (count >= tier.dailyTrailers)
        throw ruleBroken('DAILY_QUOTA_REACHED', "Today's trailer quota is used up");
      if (!state.long_enough)
        throw ruleBroken(
          'WATCH_TOO_SHORT',
          `Watch the trailer for at least ${WATCH_MIN_SECONDS} seconds`,
        );

      const [counted] = await this.count(
        manager,
        userId,
        trailerId,
        state.day,
        tier.rewardMicro,
        tier.dailyTrailers,
      );
      if (!counted) throw ruleBroken('DAILY_QUOTA_REACHED', "Today's trailer quota is used up");
      if (tier.rewardMicro > 0n) {
        const uplines = state.uplines;
        const commissions: Transfer[] = uplines
          .map((u) => ({
            from: system('team_commissions'),
            to: member(u.id, 'money'),
            amount: percentOf(tier.rewardMicro, u.rate_bp),
          }))
          .filter((t) => t.amount > 0n);
        await this.ledger.post(manager, {
          key: `watch:${userId}:${trailerId}:${state.day}`,
          kind: 'reward',
          userId,
          memo: { trailer_id: trailerId, day: state.day, vip_level: level },
          transfers: [
            { from: system('rewards'), to: member(userId, 'money'), amount: tier.rewardMicro },
            ...commissions,
          ],
        });
      }
      return {
        reward: microToNumber(tier.rewardMicro),
        today: { amount: microToNumber(BigInt(counted.amount_micro)), count: counted.count },
      };
    });
  }

  /**
   * Adds the watch to the day's counter only while it is under the quota (the
   * counter row serialises one member's concurrent watches), and records the
   * watch itself; a second watch of one trailer hits the unique index.
   * No row back means the quota was reached.
   */
  private async count(
    manager: EntityManager,
    userId: number,
    trailerId: number,
    day: string,
    reward: bigint,
    quota: number,
  ) {
    try {
      return await preparedQuery<{ count: number; amount_micro: string }>(
        manager,
        'watch-count',
        `WITH counter AS (
           INSERT INTO watch_days (user_id, watch_day, count, amount_micro) VALUES ($1, $3, 1, $4)
           ON CONFLICT (user_id, watch_day) DO UPDATE
             SET count = watch_days.count + 1, amount_micro = watch_days.amount_micro + EXCLUDED.amount_micro
             WHERE watch_days.count < $5
           RETURNING count, amount_micro
         ), watch AS (
           INSERT INTO trailer_watches (user_id, trailer_id, watch_day, reward_micro)
           SELECT $1, $2, $3, $4 FROM counter
         )
         SELECT count, amount_micro FROM counter`,
        [userId, trailerId, day, reward.toString(), quota],
      );
    } catch (error) {
      if (sqlState(error) === UNIQUE_VIOLATION)
        throw ruleBroken('ALREADY_WATCHED', 'This trailer was already counted today');
      throw error;
    }
  }

  async today(userId: number): Promise<TodayResponse> {
    const [row] = await this.dataSource.query(
      `SELECT count, amount_micro FROM watch_days WHERE user_id = $1 AND watch_day = ${TODAY}`,
      [userId],
    );
    return {
      amount: row ? microToNumber(BigInt(row.amount_micro)) : 0,
      count: row ? row.count : 0,
    };
  }
}
