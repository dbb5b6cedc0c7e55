import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's new members are members, not operators (issue 39): the
 * closed days kept so far counted every account that joined, staff included,
 * and nothing recounts a kept day, so they are counted again here with
 * `role = 'member'`, as the worker keeps them from now on.
 */
export class SignupsMembersOnly1766930000000 implements MigrationInterface {
  name = 'SignupsMembersOnly1766930000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE users_daily_signups s SET count = (
        SELECT count(*) FROM users u
        WHERE u.created_at >= s.day AT TIME ZONE 'UTC'
          AND u.created_at < (s.day + 1) AT TIME ZONE 'UTC'
          AND u.role = 'member')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE users_daily_signups s SET count = (
        SELECT count(*) FROM users u
        WHERE u.created_at >= s.day AT TIME ZONE 'UTC'
          AND u.created_at < (s.day + 1) AT TIME ZONE 'UTC')`);
  }
}
