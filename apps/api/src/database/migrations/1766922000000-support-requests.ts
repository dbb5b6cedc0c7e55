import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A way to a person out of the box (issue 39): what a member writes to
 * support, signed in (`user_id`) or not, waiting in the console until an
 * operator closes it. `phone` is the one to call back, normalised.
 */
export class SupportRequests1766922000000 implements MigrationInterface {
  name = 'SupportRequests1766922000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE support_requests (
        id bigserial PRIMARY KEY,
        user_id integer REFERENCES users (id),
        phone varchar(32) NOT NULL,
        topic varchar(16) NOT NULL CHECK (topic IN ('password', 'money', 'other')),
        message text NOT NULL CHECK (length(message) BETWEEN 1 AND 2000),
        lang varchar(2) NOT NULL CHECK (lang IN ('ru', 'en', 'uz')),
        status varchar(16) NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
        closed_by integer REFERENCES users (id),
        closed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'open') = (closed_by IS NULL))
      )`);
    await q.query(`CREATE INDEX support_requests_status_idx ON support_requests (status, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE support_requests`);
  }
}
