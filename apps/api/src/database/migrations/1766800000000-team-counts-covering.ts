import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A team level's counts (`{total, vip}` on its first page, GET
 * /users/invites?level=) count the level's whole range of the inviter
 * indexes, and "vip" reads each member's level and expiry: for a team of
 * 10,000 that was 10,000 rows from the table, scattered (7 ms, 3,800 pages, on
 * bench:scale's month three). The three indexes now carry those two columns,
 * so the counts read the index alone (where the visibility map allows).
 */
export class TeamCountsCovering1766800000000 implements MigrationInterface {
  name = 'TeamCountsCovering1766800000000';

  async up(q: QueryRunner): Promise<void> {
    await this.indexes(q, 'INCLUDE (vip_level, vip_expire)');
  }

  async down(q: QueryRunner): Promise<void> {
    await this.indexes(q, '');
  }

  private async indexes(q: QueryRunner, include: string): Promise<void> {
    await q.query(`DROP INDEX users_inviter_id_idx`);
    await q.query(`CREATE INDEX users_inviter_id_idx ON users (inviter_id, id) ${include}`);
    for (const column of ['inviter2_id', 'inviter3_id']) {
      await q.query(`DROP INDEX users_${column}_idx`);
      await q.query(
        `CREATE INDEX users_${column}_idx ON users (${column}, id) ${include} WHERE ${column} IS NOT NULL`,
      );
    }
  }
}
