import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's members per day (joined; had a trailer counted) counted
 * rows over the whole period on every request: at month three that is a
 * million index entries. A day two or more days back cannot change any more
 * (sign-ups and watches are written with the current time, and the two-day
 * margin covers any member time zone), so its figure is counted once, by the
 * first dashboard that needs it, and kept here; only the last two days are
 * counted live. Owned by the users and trailers modules respectively.
 */
export class ClosedDayFigures1766520000000 implements MigrationInterface {
  name = 'ClosedDayFigures1766520000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE users_daily_signups (day date PRIMARY KEY, count integer NOT NULL)`,
    );
    await q.query(`CREATE TABLE watch_daily_active (day date PRIMARY KEY, count integer NOT NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE watch_daily_active`);
    await q.query(`DROP TABLE users_daily_signups`);
  }
}
