import { MigrationInterface, QueryRunner } from 'typeorm';
import { MemberWatchProfile1764300000000 } from './1764300000000-member-watch-profile';

/**
 * Two costs of every trailer reward that grow with popularity and age
 * (docs/decisions.md, "Hot paths"):
 * - The foreign key from trailer_watches to trailers locked the trailer's row
 *   FOR KEY SHARE on every watch; members watching one trailer at once turned
 *   that into a new MultiXact per watch on one hot row. The key cannot dangle
 *   without it: a watch needs the member's started view (trailer_views, whose
 *   own key to trailers stays), and trailers are never deleted.
 * - member_watch_profile walked the inviters with a recursive query (planned
 *   as scans of users while the table is small); three joins on the primary
 *   key give the same rows.
 */
export class WatchHotRows1765500000000 implements MigrationInterface {
  name = 'WatchHotRows1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE trailer_watches DROP CONSTRAINT trailer_watches_trailer_id_fkey`);
    await q.query(`
      CREATE OR REPLACE FUNCTION member_watch_profile(p_user_id integer)
      RETURNS TABLE (vip_level smallint, vip_expire timestamptz, uplines json)
      LANGUAGE sql STABLE AS $$
        SELECT u.vip_level, u.vip_expire,
          (SELECT COALESCE(json_agg(json_build_object('id', x.id, 'depth', x.depth) ORDER BY x.depth), '[]')
           FROM (VALUES (i1.id, i1.is_active, 1), (i2.id, i2.is_active, 2), (i3.id, i3.is_active, 3)) AS x(id, active, depth)
           WHERE x.active)
        FROM users u
        LEFT JOIN users i1 ON i1.id = u.inviter_id
        LEFT JOIN users i2 ON i2.id = i1.inviter_id
        LEFT JOIN users i3 ON i3.id = i2.inviter_id
        WHERE u.id = p_user_id
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    const earlier = new MemberWatchProfile1764300000000();
    await earlier.down(q);
    await earlier.up(q);
    await q.query(`ALTER TABLE trailer_watches ADD CONSTRAINT trailer_watches_trailer_id_fkey
                   FOREIGN KEY (trailer_id) REFERENCES trailers(id)`);
  }
}
