import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Request paths that read a large table whole on the month-three database
 * (issue 27, `pnpm bench:scale` counts sequential scans; docs/benchmarks.md):
 * - the operators' member search finds any part of a phone or nickname
 *   (`LIKE '%…%'`): trigram indexes answer it for three characters and more;
 * - the dashboard's active members per day read watch_days by day, which its
 *   primary key (user, day) cannot serve;
 * - the Moments feed's "liked by me" is planned as one look at the viewer's
 *   likes, which the primary key (moment, user) made a scan of every like.
 */
export class MonthThreeIndexes1766510000000 implements MigrationInterface {
  name = 'MonthThreeIndexes1766510000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE INDEX users_phone_trgm_idx ON users USING gin (phone gin_trgm_ops)`);
    await q.query(
      `CREATE INDEX users_nickname_trgm_idx ON users USING gin (nickname gin_trgm_ops)`,
    );
    await q.query(`CREATE INDEX watch_days_day_idx ON watch_days (watch_day)`);
    await q.query(`CREATE INDEX moment_likes_user_idx ON moment_likes (user_id, moment_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX moment_likes_user_idx`);
    await q.query(`DROP INDEX watch_days_day_idx`);
    await q.query(`DROP INDEX users_nickname_trgm_idx`);
    await q.query(`DROP INDEX users_phone_trgm_idx`);
  }
}
