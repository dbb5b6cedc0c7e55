import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A member's transaction password (argon2id, like the login password), asked
 * for every withdrawal and address-book change once set; and the address
 * book of withdrawal addresses.
 */
export class TransactionPassword1764600000000 implements MigrationInterface {
  name = 'TransactionPassword1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN transaction_password_hash text`);
    await q.query(`
      CREATE TABLE withdrawal_addresses (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id),
        address varchar(34) NOT NULL,
        label varchar(32) NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, address)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE withdrawal_addresses`);
    await q.query(`ALTER TABLE users DROP COLUMN transaction_password_hash`);
  }
}
