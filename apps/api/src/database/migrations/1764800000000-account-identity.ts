import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 8: a bound mailbox and the one-time codes mailed to it (binding,
 * password reset; operators can issue a reset code too), identity
 * verification with private document photos, and card deposits confirmed by
 * an operator (their own system account, and a `card` type of record).
 */
export class AccountIdentity1764800000000 implements MigrationInterface {
  name = 'AccountIdentity1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN mail varchar(254)`);
    // The latest verification's status, kept by the identity module so /users/me stays one read.
    await q.query(
      `ALTER TABLE users ADD COLUMN verification varchar(16) NOT NULL DEFAULT 'none'
         CHECK (verification IN ('none', 'pending', 'approved', 'rejected'))`,
    );
    await q.query(`
      CREATE TABLE one_time_codes (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id),
        purpose varchar(16) NOT NULL CHECK (purpose IN ('mail_bind', 'password_reset')),
        -- The address the code was mailed to (binding proves this one).
        target varchar(254),
        code_hash char(64) NOT NULL,
        tries integer NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX one_time_codes_live_idx ON one_time_codes (user_id, purpose, id DESC) WHERE used_at IS NULL`,
    );
    await q.query(`
      CREATE TABLE verifications (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id),
        country varchar(64) NOT NULL,
        document_type varchar(32) NOT NULL,
        full_name varchar(128) NOT NULL,
        document_number varchar(64) NOT NULL,
        front_key text NOT NULL,
        back_key text NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
        reason text,
        decided_by integer REFERENCES users(id),
        decided_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One open request per member at a time.
    await q.query(
      `CREATE UNIQUE INDEX verifications_pending_key ON verifications (user_id) WHERE status = 'pending'`,
    );
    await q.query(`CREATE INDEX verifications_user_idx ON verifications (user_id, id DESC)`);
    await q.query(`
      ALTER TABLE balance_records DROP CONSTRAINT balance_records_type_check,
        ADD CONSTRAINT balance_records_type_check
          CHECK (type IN ('deposit', 'withdrawal', 'adjustment', 'card'))`);
    await q.query(`
      CREATE TABLE card_deposits (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id),
        record_id bigint NOT NULL UNIQUE REFERENCES balance_records(id),
        currency varchar(3) NOT NULL CHECK (currency IN ('USD', 'RUB', 'UZS')),
        amount numeric(18, 2) NOT NULL CHECK (amount > 0),
        receipt_key text NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'under_review' CHECK (status IN ('under_review', 'success', 'fail')),
        credited_micro bigint CHECK (credited_micro > 0),
        reason text,
        decided_by integer REFERENCES users(id),
        decided_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX card_deposits_status_idx ON card_deposits (status, id)`);
    await q.query(
      `INSERT INTO ledger_accounts (user_id, kind, currency) VALUES (NULL, 'card_deposits', 'USDT')`,
    );
    // What one unit of each card currency is worth in USDT, for the operator's suggestion.
    await q.query(
      `INSERT INTO app_settings (key, value) VALUES ('card_rates', '{"USD":"1","RUB":"0.011","UZS":"0.000079"}')
       ON CONFLICT (key) DO NOTHING`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM app_settings WHERE key = 'card_rates'`);
    await q.query(`DELETE FROM ledger_accounts WHERE user_id IS NULL AND kind = 'card_deposits'`);
    await q.query(`DROP TABLE card_deposits`);
    await q.query(`DELETE FROM balance_records WHERE type = 'card'`);
    await q.query(`
      ALTER TABLE balance_records DROP CONSTRAINT balance_records_type_check,
        ADD CONSTRAINT balance_records_type_check
          CHECK (type IN ('deposit', 'withdrawal', 'adjustment'))`);
    await q.query(`DROP TABLE verifications`);
    await q.query(`DROP TABLE one_time_codes`);
    await q.query(`ALTER TABLE users DROP COLUMN verification`);
    await q.query(`ALTER TABLE users DROP COLUMN mail`);
  }
}
