import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Paging a member's team one level at a time (GET /users/invites?level=,
 * issue 27) reads each level newest first and stops at the page. Level 1 is
 * the index by inviter with the id as its second column (it replaces the
 * index by inviter alone). For levels 2 and 3 each member row also keeps its
 * inviter's inviter and the one above (`inviter2_id`, `inviter3_id`), set by
 * a trigger when the member registers (an inviter never changes), so a level
 * is one range of an index too, not a join through the levels above it.
 */
export class TeamPaging1766770000000 implements MigrationInterface {
  name = 'TeamPaging1766770000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX users_inviter_id_idx ON users (inviter_id, id)`);
    await q.query(`DROP INDEX users_inviter_idx`);
    await q.query(
      `ALTER TABLE users ADD COLUMN inviter2_id integer, ADD COLUMN inviter3_id integer`,
    );
    await q.query(`
      CREATE FUNCTION users_set_uplines() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT u.inviter_id, u.inviter2_id INTO NEW.inviter2_id, NEW.inviter3_id
        FROM users u WHERE u.id = NEW.inviter_id;
        RETURN NEW;
      END $$`);
    await q.query(
      `CREATE TRIGGER users_set_uplines BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION users_set_uplines()`,
    );
    // Members so far, top down: a level's uplines are set before the level below reads them.
    await q.query(
      `UPDATE users u SET inviter2_id = i.inviter_id FROM users i WHERE i.id = u.inviter_id AND i.inviter_id IS NOT NULL`,
    );
    await q.query(
      `UPDATE users u SET inviter3_id = i.inviter2_id FROM users i WHERE i.id = u.inviter_id AND i.inviter2_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX users_inviter2_id_idx ON users (inviter2_id, id) WHERE inviter2_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX users_inviter3_id_idx ON users (inviter3_id, id) WHERE inviter3_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER users_set_uplines ON users`);
    await q.query(`DROP FUNCTION users_set_uplines()`);
    await q.query(`ALTER TABLE users DROP COLUMN inviter3_id, DROP COLUMN inviter2_id`);
    await q.query(`CREATE INDEX users_inviter_idx ON users (inviter_id)`);
    await q.query(`DROP INDEX users_inviter_id_idx`);
  }
}
