import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { preparedQuery } from '../../database/prepared';
import { REPORTS_DATABASE, ReportsDatabase } from '../../database/reports';
import type { PostingGuard } from '../ledger/ledger.service';
import { Trailer } from './trailer.entity';

/** The member's day is the UTC calendar day, taken from the database clock. */
const TODAY = `(now() AT TIME ZONE 'UTC')::date`;

/** Where one member stands with one trailer today, with their level and uplines. */
export interface WatchState {
  vip_level: number;
  vip_expire: Date | null;
  /** active inviters, nearest first (depth 1 to 3) */
  uplines: { id: number; depth: number }[];
  /** Those of the uplines whose commissions are held for a ring's review (risk_held_members). */
  held_uplines: number[];
  day: string;
  trailer_exists: boolean;
  watched: boolean;
  count: string;
  amount: string;
}

/** The day's counter after a counted watch. */
export interface WatchCount {
  count: number;
  amount_micro: string;
}

/** A trailer as the members' list shows it. */
export type PublishedTrailer = Pick<
  Trailer,
  'id' | 'title' | 'description' | 'imageUrl' | 'category'
>;

/**
 * Rows a day of `watch_daily_active`: members' first watches of the day count
 * up one of them, so they do not queue on a single row. A watch posted alone
 * takes the member's row (member id); a batched one (database/group-commit.ts)
 * the connection's (its backend's pid): the batch then holds one row until it
 * commits, and two batches never take two in opposite orders (a deadlock).
 */
const ACTIVE_SHARDS = 16;

/** The only door to `trailers`, `trailer_watches`, `watch_days` and `watch_daily_active` (views are in Redis: trailer-views.store.ts). */
@Injectable()
export class TrailersRepository {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REPORTS_DATABASE) private readonly reports: ReportsDatabase,
  ) {}

  /**
   * What members see: published trailers, by the operator's order, then
   * newest first. Every home screen asks: a prepared statement, not
   * TypeORM's query building and entity mapping (which doubled its cost).
   */
  list(): Promise<PublishedTrailer[]> {
    return preparedQuery<PublishedTrailer>(
      this.dataSource,
      'trailers-published',
      `SELECT id, title, description, image_url AS "imageUrl", category FROM trailers
       WHERE published ORDER BY sort_order, id DESC`,
      [],
    );
  }

  /** Everything, drafts included, for operators. */
  listAll(): Promise<Trailer[]> {
    return this.dataSource.getRepository(Trailer).find({ order: { sortOrder: 'ASC', id: 'DESC' } });
  }

  findById(id: number, includeDrafts = false): Promise<Trailer | null> {
    return this.dataSource
      .getRepository(Trailer)
      .findOneBy(includeDrafts ? { id } : { id, published: true });
  }

  async insert(db: EntityManager, values: Partial<Trailer>): Promise<Trailer> {
    return db.getRepository(Trailer).save(db.getRepository(Trailer).create(values));
  }

  /** The row before and after the change, or null when there is no such trailer. */
  async update(
    db: EntityManager,
    id: number,
    values: Partial<Trailer>,
  ): Promise<{ before: Trailer; after: Trailer } | null> {
    const repo = db.getRepository(Trailer);
    const before = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    if (!before) return null;
    await repo.update({ id }, values);
    return { before, after: (await repo.findOneBy({ id }))! };
  }

  /** Sets the poster; returns the previous one, or undefined when there is no such trailer. */
  async setPoster(db: EntityManager, id: number, imageUrl: string): Promise<string | undefined> {
    const [previous] = await db.query(`SELECT image_url FROM trailers WHERE id = $1 FOR UPDATE`, [
      id,
    ]);
    if (!previous) return undefined;
    await db.getRepository(Trailer).update({ id }, { imageUrl });
    return previous.image_url;
  }

  /**
   * Everything the watch rules need, in one prepared statement: the member's
   * part comes from `member_watch_profile`, the users module's published
   * read, and whose commissions are held from `risk_held_members`, the risk
   * module's (asked only when `holdRings`). Undefined when the member does
   * not exist.
   */
  async watchState(
    db: DataSource | EntityManager,
    userId: number,
    trailerId: number,
    holdRings: boolean,
  ): Promise<WatchState | undefined> {
    const [state] = await preparedQuery<WatchState>(
      db,
      'watch-state',
      `SELECT p.vip_level, p.vip_expire, p.uplines, ${TODAY}::text AS day,
         EXISTS (SELECT 1 FROM trailers WHERE id = $2 AND published) AS trailer_exists,
         COALESCE(d.count, 0) AS count, COALESCE(d.amount_micro, 0) AS amount,
         EXISTS (SELECT 1 FROM trailer_watches WHERE user_id = $1 AND watch_day = ${TODAY} AND trailer_id = $2) AS watched,
         CASE WHEN $3::boolean AND json_array_length(p.uplines) > 0
           THEN risk_held_members(ARRAY(SELECT (u->>'id')::int FROM json_array_elements(p.uplines) u))
           ELSE '{}'::int[] END AS held_uplines
       FROM member_watch_profile($1) p LEFT JOIN watch_days d ON d.user_id = $1 AND d.watch_day = ${TODAY}`,
      [userId, trailerId, holdRings],
    );
    return state;
  }

  /**
   * Adds the watch to the day's counter only while it is under the quota (the
   * counter row serialises one member's concurrent watches), and records the
   * watch itself; the member's first watch of the day (a new counter row, count
   * 1) counts them in the day's active members; a second watch of one trailer hits the unique index (the
   * caller maps it). No row back means the quota was reached. As a posting
   * guard, so the reward is posted in the same statement (LedgerService.postGuarded).
   */
  watchCounter(watch: {
    userId: number;
    trailerId: number;
    day: string;
    reward: bigint;
    quota: number;
    /** Posted in a batch: the day's active-members row is the connection's. */
    batched?: boolean;
  }): PostingGuard {
    const shard = watch.batched ? 'pg_backend_pid()' : '$1';
    return {
      with: `counter AS (
         INSERT INTO watch_days (user_id, watch_day, count, amount_micro) VALUES ($1, $3, 1, $4)
         ON CONFLICT (user_id, watch_day) DO UPDATE
           SET count = watch_days.count + 1, amount_micro = watch_days.amount_micro + EXCLUDED.amount_micro
           WHERE watch_days.count < $5
         RETURNING count, amount_micro
       ), watch AS (
         INSERT INTO trailer_watches (user_id, trailer_id, watch_day, reward_micro)
         SELECT $1, $2, $3, $4 FROM counter RETURNING 1
       ), active AS (
         INSERT INTO watch_daily_active (day, shard, count)
         SELECT $3, ${shard} % ${ACTIVE_SHARDS}, 1 FROM counter WHERE counter.count = 1
         ON CONFLICT (day, shard) DO UPDATE SET count = watch_daily_active.count + 1
       )`,
      select: `SELECT counter.count, counter.amount_micro FROM counter, watch`,
      values: [watch.userId, watch.trailerId, watch.day, watch.reward.toString(), watch.quota],
    };
  }

  /** Runs watchCounter's statement alone (a watch that pays nothing). */
  async countWatch(
    db: DataSource | EntityManager,
    watch: Parameters<TrailersRepository['watchCounter']>[0],
  ): Promise<WatchCount | undefined> {
    const counter = this.watchCounter(watch);
    const [row] = await preparedQuery<WatchCount>(
      db,
      watch.batched ? 'watch-count-batched' : 'watch-count',
      `WITH ${counter.with} ${counter.select}`,
      counter.values,
    );
    return row;
  }

  /** The member's day: its counter (none before the first watch) and the trailers counted. */
  async today(
    userId: number,
  ): Promise<{ count: number | null; amount_micro: string | null; trailer_ids: number[] }> {
    const [row] = await this.dataSource.query(
      `SELECT d.count, d.amount_micro,
         ARRAY(SELECT trailer_id FROM trailer_watches
               WHERE user_id = $1 AND watch_day = ${TODAY} ORDER BY trailer_id) AS trailer_ids
       FROM (SELECT 1) one LEFT JOIN watch_days d ON d.user_id = $1 AND d.watch_day = ${TODAY}`,
      [userId],
    );
    return row;
  }

  /**
   * Members who had a trailer counted, per UTC day over the last `days` days:
   * the counters the watches keep (watchCounter), so no day is counted from
   * `watch_days`. A read of the reports database.
   */
  dailyActive(days: number): Promise<{ day: string; count: number }[]> {
    return this.reports.dataSource.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(count)::int AS count FROM watch_daily_active
       WHERE day >= ${TODAY} - ($1::int - 1) GROUP BY day HAVING sum(count) > 0 ORDER BY day`,
      [days],
    );
  }

  /** Trailers counted for a member between two instants. */
  async countedBetween(userId: number, from: Date, to: Date): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM trailer_watches WHERE user_id = $1 AND created_at >= $2 AND created_at < $3`,
      [userId, from, to],
    );
    return row.n;
  }
}
