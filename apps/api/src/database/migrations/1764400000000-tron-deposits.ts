import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * USDT deposits on TRON. Each member has one deposit address (child 0/id of
 * the deposit xpub); the chain scanner keeps its place in `chain_cursors`;
 * every credited Transfer log is one `chain_deposits` row, unique per
 * (tx id, log index): the database, not the code path, makes a log credit
 * once. Tokens other than USDT and TRX sent to member addresses are kept
 * for operators in `foreign_deposits`, never credited.
 *
 * A claim by tx id is a `deposit` balance record `under_review` whose amount
 * is not known yet (0), once per member and tx id.
 */
export class TronDeposits1764400000000 implements MigrationInterface {
  name = 'TronDeposits1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE deposit_addresses (
        user_id integer PRIMARY KEY REFERENCES users(id),
        address varchar(34) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE chain_cursors (
        name varchar(32) PRIMARY KEY,
        block_number bigint NOT NULL CHECK (block_number >= 0),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE chain_deposits (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        tx_id char(64) NOT NULL,
        log_index integer NOT NULL CHECK (log_index >= 0),
        user_id integer NOT NULL REFERENCES users(id),
        from_address varchar(34) NOT NULL,
        amount_micro bigint NOT NULL CHECK (amount_micro > 0),
        block_number bigint NOT NULL,
        block_time timestamptz,
        source varchar(8) NOT NULL CHECK (source IN ('scan', 'claim')),
        ledger_transaction_id bigint REFERENCES ledger_transactions(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (tx_id, log_index)
      )`);
    await q.query(`CREATE INDEX chain_deposits_user_idx ON chain_deposits (user_id, id DESC)`);
    await q.query(`
      CREATE TABLE foreign_deposits (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        tx_id char(64) NOT NULL,
        log_index integer NOT NULL CHECK (log_index >= -1),
        user_id integer NOT NULL REFERENCES users(id),
        asset varchar(34) NOT NULL,
        from_address varchar(34),
        amount numeric(78, 0) NOT NULL CHECK (amount >= 0),
        block_number bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (tx_id, log_index)
      )`);
    await q.query(`
      ALTER TABLE balance_records DROP CONSTRAINT balance_records_amount_micro_check,
        ADD CONSTRAINT balance_records_amount_micro_check
          CHECK (amount_micro > 0 OR (amount_micro = 0 AND status <> 'success'))`);
    await q.query(
      `CREATE UNIQUE INDEX balance_records_deposit_tx_key ON balance_records (user_id, tx_id)
       WHERE type = 'deposit' AND tx_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX balance_records_pending_claims_idx ON balance_records (id)
       WHERE type = 'deposit' AND status = 'under_review'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX balance_records_pending_claims_idx`);
    await q.query(`DROP INDEX balance_records_deposit_tx_key`);
    await q.query(`
      ALTER TABLE balance_records DROP CONSTRAINT balance_records_amount_micro_check,
        ADD CONSTRAINT balance_records_amount_micro_check CHECK (amount_micro > 0)`);
    await q.query(`DROP TABLE foreign_deposits`);
    await q.query(`DROP TABLE chain_deposits`);
    await q.query(`DROP TABLE chain_cursors`);
    await q.query(`DROP TABLE deposit_addresses`);
  }
}
