import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 9: staff roles beside admin (finance: money; support: members and
 * messages), a first approval on withdrawals above the four-eyes threshold,
 * the address a login came from, and an index for the members list.
 */
export class OperatorConsole1764900000000 implements MigrationInterface {
  name = 'OperatorConsole1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE users DROP CONSTRAINT users_role_check,
        ADD CONSTRAINT users_role_check CHECK (role IN ('member', 'admin', 'finance', 'support'))`);
    await q.query(`CREATE INDEX users_created_idx ON users (created_at, id)`);
    await q.query(`
      ALTER TABLE withdrawals
        ADD COLUMN first_approved_by integer REFERENCES users(id),
        ADD COLUMN first_approved_at timestamptz`);
    await q.query(`ALTER TABLE auth_sessions ADD COLUMN ip varchar(64)`);
    await q.query(
      `CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id, created_at DESC)`,
    );
    // The dashboard's daily figures start from the transactions of the period.
    await q.query(
      `CREATE INDEX ledger_transactions_created_idx ON ledger_transactions (created_at)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ledger_transactions_created_idx`);
    await q.query(`DROP INDEX auth_sessions_user_idx`);
    await q.query(`ALTER TABLE auth_sessions DROP COLUMN ip`);
    await q.query(
      `ALTER TABLE withdrawals DROP COLUMN first_approved_by, DROP COLUMN first_approved_at`,
    );
    await q.query(`DROP INDEX users_created_idx`);
    await q.query(`UPDATE users SET role = 'member' WHERE role IN ('finance', 'support')`);
    await q.query(`
      ALTER TABLE users DROP CONSTRAINT users_role_check,
        ADD CONSTRAINT users_role_check CHECK (role IN ('member', 'admin'))`);
  }
}
