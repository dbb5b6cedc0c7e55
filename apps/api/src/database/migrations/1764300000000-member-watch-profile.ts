import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The users module's published read for the trailer reward: a member's
 * stored level and the active inviters up to three levels above (nearest
 * first), as a plain SQL function PostgreSQL inlines, so the watch keeps its
 * rules to one round trip while `users` stays named only by its owner.
 */
export class MemberWatchProfile1764300000000 implements MigrationInterface {
  name = 'MemberWatchProfile1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION member_watch_profile(p_user_id integer)
      RETURNS TABLE (vip_level smallint, vip_expire timestamptz, uplines json)
      LANGUAGE sql STABLE AS $$
        SELECT u.vip_level, u.vip_expire,
          (WITH RECURSIVE chain AS (
             SELECT id, inviter_id, is_active, 1 AS depth FROM users WHERE id = u.inviter_id
             UNION ALL
             SELECT p.id, p.inviter_id, p.is_active, c.depth + 1 FROM users p JOIN chain c ON p.id = c.inviter_id WHERE c.depth < 3
           )
           SELECT COALESCE(json_agg(json_build_object('id', c.id, 'depth', c.depth) ORDER BY c.depth), '[]')
           FROM chain c WHERE c.is_active)
        FROM users u WHERE u.id = p_user_id
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION member_watch_profile(integer)`);
  }
}
