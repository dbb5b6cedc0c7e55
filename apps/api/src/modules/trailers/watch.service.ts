import { BeforeApplicationShutdown, Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  WATCH_MIN_SECONDS,
  type ViewState,
  effectiveVipLevel,
  microToNumber,
  percentOf,
} from '@app/domain';
import { AppError } from '../../common/app-error';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { GroupCommit } from '../../database/group-commit';
import { isUniqueViolation } from '../../database/prepared';
import { EconomyService } from '../economy/economy.service';
import { member, system } from '../ledger/ledger.accounts';
import { LedgerService, Transfer } from '../ledger/ledger.service';
import { BeatResponse, MemberTodayResponse, WatchResponse } from './trailers.dto';
import { TrailerViewsStore } from './trailer-views.store';
import { TrailersRepository, WatchCount } from './trailers.repository';

/**
 * Trailer rewards: a view must have played 10 s as the server saw its beats,
 * each trailer pays once a day, the level's quota caps the day, and the
 * three uplines earn commission in the same database transaction as the
 * reward (held for review when the upline is in a ring, issue 38).
 */
@Injectable()
export class WatchService implements BeforeApplicationShutdown {
  /** Group commit of the postings (WATCH_BATCH_SIZE); undefined: each watch commits alone. */
  private readonly batches: GroupCommit | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly trailers: TrailersRepository,
    private readonly views: TrailerViewsStore,
    private readonly economy: EconomyService,
    private readonly ledger: LedgerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.batches =
      config.WATCH_BATCH_SIZE > 0
        ? new GroupCommit(dataSource, {
            size: config.WATCH_BATCH_SIZE,
            waitMs: config.WATCH_BATCH_WAIT_MS,
            flushes: config.WATCH_BATCH_FLUSHES,
          })
        : undefined;
  }

  /** A polite stop answers the watches already waiting for their batch. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.batches?.drain();
  }

  /**
   * One report of the player: the view must be this member's of this trailer
   * (else 404, so another member's view id says nothing), and their current
   * one (a newer view ended it: 409 VIEW_ENDED).
   */
  async beat(
    userId: number,
    trailerId: number,
    viewId: string,
    state: ViewState,
    positionSeconds: number,
  ): Promise<BeatResponse> {
    const outcome = await this.views.beat(
      userId,
      trailerId,
      viewId,
      state,
      Math.round(positionSeconds * 1000),
    );
    if (outcome.kind === 'unknown') throw new AppError('NOT_FOUND', 'View not found');
    if (outcome.kind === 'ended') throw new AppError('VIEW_ENDED');
    return { played: outcome.playedMs / 1000, needed: WATCH_MIN_SECONDS };
  }

  /**
   * Two statements and no transaction of our own, the view's claim in Redis
   * between them: the state read may be a moment old under concurrency
   * (inside a READ COMMITTED transaction it could be too); the day's counter
   * row and the unique watch index, written in the same statement as the
   * reward's posting, are what make the quota and once-a-day exact, and the
   * claim what makes a view pay the watch of one day only. Without group
   * commit both statements run on one connection, so a busy pool is waited
   * for once, not twice; with it (WATCH_BATCH_SIZE) the state is read on a
   * pooled connection and the posting joins the next batch
   * (database/group-commit.ts): its own savepoint in a transaction shared
   * with the watches that arrived together, answered once that commits.
   */
  async watch(userId: number, trailerId: number, viewId: string): Promise<WatchResponse> {
    if (this.batches) return this.watchOn(this.dataSource.manager, userId, trailerId, viewId);
    const connection = this.dataSource.createQueryRunner();
    try {
      return await this.watchOn(connection.manager, userId, trailerId, viewId);
    } finally {
      await connection.release();
    }
  }

  private async watchOn(
    db: EntityManager,
    userId: number,
    trailerId: number,
    viewId: string,
  ): Promise<WatchResponse> {
    const state = await this.trailers.watchState(
      db,
      userId,
      trailerId,
      this.config.RISK_HOLD === 1,
    );
    if (!state) throw new AppError('UNAUTHORIZED');
    if (!state.trailer_exists) throw new AppError('NOT_FOUND', 'Trailer not found');
    if (state.watched) throw new AppError('ALREADY_WATCHED');
    const level = effectiveVipLevel(state.vip_level, state.vip_expire, new Date());
    const tier = await this.economy.tier(level, db);
    if (Number(state.count) >= tier.dailyTrailers) throw new AppError('DAILY_QUOTA_REACHED');
    // Last of the checks: a view pays at most one watch, this trailer's of this
    // day, whatever follows. Claimed before for this day ('again'), its earlier
    // posting did not commit (or has not yet: then the once-a-day index refuses
    // one of the two), so it may be posted now.
    const claim = await this.views.claim(userId, trailerId, viewId, state.day);
    // A view counted on another day was this trailer's (a view belongs to one): counted already.
    if (claim === 'used') throw new AppError('ALREADY_WATCHED');
    if (claim !== 'counted' && claim !== 'again') throw new AppError('WATCH_TOO_SHORT');

    const counter = {
      userId,
      trailerId,
      day: state.day,
      reward: tier.rewardMicro,
      quota: tier.dailyTrailers,
      batched: this.batches !== undefined,
    };
    const commissions: Transfer[] = [];
    const held = new Set(state.held_uplines);
    for (const upline of tier.rewardMicro === 0n ? [] : state.uplines) {
      const amount = percentOf(tier.rewardMicro, await this.economy.teamRate(upline.depth, db));
      if (amount > 0n)
        commissions.push({
          from: system('team_commissions'),
          // A ring's commissions wait for review in the member's held account, not lost.
          to: member(upline.id, held.has(upline.id) ? 'commission_hold' : 'money'),
          amount,
        });
    }
    const post = (on: EntityManager) =>
      tier.rewardMicro === 0n
        ? this.trailers.countWatch(on, counter)
        : this.ledger.postGuarded<WatchCount>(
            on,
            counter.batched ? 'watch-batched' : 'watch',
            this.trailers.watchCounter(counter),
            {
              key: `watch:${userId}:${trailerId}:${state.day}`,
              kind: 'reward',
              userId,
              memo: { trailer_id: trailerId, day: state.day, vip_level: level },
              transfers: [
                { from: system('rewards'), to: member(userId, 'money'), amount: tier.rewardMicro },
                ...commissions,
              ],
            },
          );
    const counted = this.batches
      ? await this.batches.run((on) => this.count(() => post(on)))
      : await this.count(() => post(db));
    if (!counted) throw new AppError('DAILY_QUOTA_REACHED');
    return {
      reward: microToNumber(tier.rewardMicro),
      today: { amount: microToNumber(BigInt(counted.amount_micro)), count: counted.count },
    };
  }

  /** A second watch of one trailer the same day hits the unique watch index. */
  private async count(write: () => Promise<WatchCount | undefined>) {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('ALREADY_WATCHED');
      throw error;
    }
  }

  async today(userId: number): Promise<MemberTodayResponse> {
    const row = await this.trailers.today(userId);
    return {
      amount: row.amount_micro === null ? 0 : microToNumber(BigInt(row.amount_micro)),
      count: row.count ?? 0,
      trailer_ids: row.trailer_ids.map(Number),
    };
  }
}
