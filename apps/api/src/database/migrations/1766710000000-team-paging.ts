import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A level-1 page of a member's team (GET /users/invites?level=1, issue 27)
 * reads the member's invitees newest first and stops at the page: the index
 * by inviter gets the id as its second column (it replaces the index by
 * inviter alone, which it covers).
 */
export class TeamPaging1766710000000 implements MigrationInterface {
  name = 'TeamPaging1766710000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX users_inviter_id_idx ON users (inviter_id, id)`);
    await q.query(`DROP INDEX users_inviter_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX users_inviter_idx ON users (inviter_id)`);
    await q.query(`DROP INDEX users_inviter_id_idx`);
  }
}
