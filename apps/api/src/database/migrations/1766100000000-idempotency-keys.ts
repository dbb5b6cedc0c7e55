import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The answers to money requests sent with an Idempotency-Key, per member (or
 * operator) and key: `answer` is null while the first request runs, then its
 * status and body, replayed to every retry with the same fingerprint.
 */
export class IdempotencyKeys1766100000000 implements MigrationInterface {
  name = 'IdempotencyKeys1766100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE idempotency_keys (
        user_id integer NOT NULL REFERENCES users (id),
        key varchar(100) NOT NULL,
        fingerprint char(64) NOT NULL,
        status smallint,
        answer text,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        PRIMARY KEY (user_id, key)
      )`);
    await q.query(`CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE idempotency_keys`);
  }
}
