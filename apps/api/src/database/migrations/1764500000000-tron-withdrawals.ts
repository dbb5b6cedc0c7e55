import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * USDT withdrawals on TRON. The amount leaves the member's money for the
 * `pending_withdrawals` account when requested; on chain success the net goes
 * to `withdrawals` and the fee to `fees`; a rejection or a refund gives it
 * all back. Settlement stores each signed transaction before broadcasting
 * it, and the database allows one live attempt per withdrawal.
 */
export class TronWithdrawals1764500000000 implements MigrationInterface {
  name = 'TronWithdrawals1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `INSERT INTO ledger_accounts (user_id, kind, currency) VALUES (NULL, 'pending_withdrawals', 'USDT')`,
    );
    await q.query(`
      CREATE TABLE withdrawals (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id),
        record_id bigint NOT NULL UNIQUE REFERENCES balance_records(id),
        wallet varchar(34) NOT NULL,
        amount_micro bigint NOT NULL CHECK (amount_micro > 0),
        fee_micro bigint NOT NULL CHECK (fee_micro >= 0),
        net_micro bigint NOT NULL CHECK (net_micro > 0),
        status varchar(16) NOT NULL DEFAULT 'requested' CHECK (status IN
          ('requested', 'approved', 'signed', 'sent', 'confirmed', 'failed', 'rejected', 'refunded')),
        reason text,
        tx_id char(64),
        decided_by integer REFERENCES users(id),
        decided_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (fee_micro + net_micro = amount_micro)
      )`);
    await q.query(`CREATE INDEX withdrawals_status_idx ON withdrawals (status, id)`);
    await q.query(`CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, id DESC)`);
    await q.query(`
      CREATE TABLE withdrawal_attempts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        withdrawal_id bigint NOT NULL REFERENCES withdrawals(id),
        tx_id char(64) NOT NULL UNIQUE,
        signed_tx jsonb NOT NULL,
        expires_at timestamptz NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'signed' CHECK (status IN
          ('signed', 'sent', 'confirmed', 'failed', 'expired')),
        failure text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One transaction per withdrawal can be on its way or done, never two.
    await q.query(
      `CREATE UNIQUE INDEX withdrawal_attempts_one_live ON withdrawal_attempts (withdrawal_id)
       WHERE status IN ('signed', 'sent', 'confirmed')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE withdrawal_attempts`);
    await q.query(`DROP TABLE withdrawals`);
    await q.query(
      `DELETE FROM ledger_accounts WHERE user_id IS NULL AND kind = 'pending_withdrawals'`,
    );
  }
}
