import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each API loads the members who are not plain active members (blocked, or
 * staff) when it starts and when its access listener reconnects
 * (AccessStateService). Without an index that read was a sequential scan of
 * every member (bench:scale, issue 27); this partial index holds just those
 * few rows, and the query's condition is the index's own.
 */
export class AccessExceptionsIndex1766780000000 implements MigrationInterface {
  name = 'AccessExceptionsIndex1766780000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX users_access_exceptions_idx ON users (id) WHERE NOT is_active OR role <> 'member'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX users_access_exceptions_idx`);
  }
}
