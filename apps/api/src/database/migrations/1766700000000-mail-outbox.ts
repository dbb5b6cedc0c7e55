import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mail is an outbox (issue 30): a mailed code's mail is a row written in the
 * same transaction as the code, and the worker sends it with retries. The
 * subject and text carry the code, so they are sealed (AES-GCM under a key
 * derived from JWT_SECRET) and erased once the row is settled: the codes stay
 * an HMAC only at rest, as in one_time_codes.
 */
export class MailOutbox1766700000000 implements MigrationInterface {
  name = 'MailOutbox1766700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mail_outbox (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        kind varchar(16) NOT NULL CHECK (kind IN ('mail_bind', 'password_reset')),
        user_id integer NOT NULL REFERENCES users(id),
        -- The code the mail carries: it is not sent once the code no longer works.
        code_id bigint NOT NULL REFERENCES one_time_codes(id),
        recipient varchar(254) NOT NULL,
        sealed bytea,
        status varchar(8) NOT NULL DEFAULT 'queued'
          CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'expired')),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        claimed_at timestamptz,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        CONSTRAINT mail_outbox_sealed_while_pending
          CHECK ((status IN ('queued', 'sending')) = (sealed IS NOT NULL))
      )`);
    await q.query(
      `CREATE INDEX mail_outbox_pending_idx ON mail_outbox (next_attempt_at) WHERE status IN ('queued', 'sending')`,
    );
    await q.query(`CREATE INDEX mail_outbox_code_idx ON mail_outbox (code_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mail_outbox`);
  }
}
