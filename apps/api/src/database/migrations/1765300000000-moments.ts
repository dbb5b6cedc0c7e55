import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Moments: members' posts (text and up to nine re-encoded photos), likes
 * (one per member, counted from the rows), reports, and operators' hiding.
 */
export class Moments1765300000000 implements MigrationInterface {
  name = 'Moments1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE moments (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id),
        text varchar(500) NOT NULL DEFAULT '',
        hidden_at timestamptz,
        hidden_by integer REFERENCES users(id),
        deleted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX moments_feed_idx ON moments (id DESC) WHERE hidden_at IS NULL AND deleted_at IS NULL`,
    );
    await q.query(`CREATE INDEX moments_user_idx ON moments (user_id, id DESC)`);
    await q.query(`
      CREATE TABLE moment_images (
        moment_id bigint NOT NULL REFERENCES moments(id),
        position smallint NOT NULL CHECK (position BETWEEN 0 AND 8),
        url varchar(500) NOT NULL,
        thumb_url varchar(500) NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        PRIMARY KEY (moment_id, position)
      )`);
    await q.query(`
      CREATE TABLE moment_likes (
        moment_id bigint NOT NULL REFERENCES moments(id),
        user_id integer NOT NULL REFERENCES users(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (moment_id, user_id)
      )`);
    await q.query(`
      CREATE TABLE moment_reports (
        moment_id bigint NOT NULL REFERENCES moments(id),
        user_id integer NOT NULL REFERENCES users(id),
        reason varchar(200) NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (moment_id, user_id)
      )`);
    // What the users module publishes of a post's author (the feed reads no users row itself).
    await q.query(`
      CREATE FUNCTION moment_author(p_user_id integer)
      RETURNS TABLE (nickname varchar, vip_level smallint, vip_expire timestamptz)
      LANGUAGE sql STABLE AS $$
        SELECT nickname, vip_level, vip_expire FROM users WHERE id = p_user_id
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION moment_author(integer)`);
    for (const table of ['moment_reports', 'moment_likes', 'moment_images', 'moments']) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
