import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The console's members table sorts by level (GET /admin/users?sort=vip_level):
 * an index in that order keeps a page of 20 a walk of the index, not a sort
 * of every member. The other sorts already have theirs (id; created_at with
 * users_created_idx; withdrawals, card deposits and audit by (status,) id,
 * either way). Sorting by E-Wallet reads each member's ledger summary and
 * cannot be indexed (docs/decisions.md, "Sorting the console's tables").
 */
export class ConsoleSortIndexes1766750000000 implements MigrationInterface {
  name = 'ConsoleSortIndexes1766750000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS users_vip_level_idx ON users (vip_level, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS users_vip_level_idx`);
  }
}
