import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff changes need a second admin (issue 36). `staff_requests` holds a
 * change of an account's role or activation that waits for another admin;
 * one pending request per account and change at a time (a repeated click
 * finds the first). `users.role_granted_at` is when the account's current
 * staff role was given through the console: for OPERATOR_COOLING_OFF_HOURS
 * after it, that operator's approvals do not count. Existing staff (and the
 * seeded operator) have none: they are not cooling off.
 */
export class StaffRequests1766850000000 implements MigrationInterface {
  name = 'StaffRequests1766850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN role_granted_at timestamptz`);
    await q.query(`
      CREATE TABLE staff_requests (
        id bigserial PRIMARY KEY,
        target_user_id integer NOT NULL REFERENCES users (id),
        change varchar(16) NOT NULL CHECK (change IN ('role', 'activate', 'deactivate')),
        role varchar(16) CHECK ((change = 'role') = (role IS NOT NULL)),
        before_role varchar(16) NOT NULL,
        before_active boolean NOT NULL,
        requested_by integer NOT NULL REFERENCES users (id),
        status varchar(16) NOT NULL DEFAULT 'pending'
          CHECK (status IN ('pending', 'approved', 'rejected')),
        decided_by integer REFERENCES users (id),
        decided_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (requested_by <> target_user_id),
        CHECK ((status = 'pending') = (decided_by IS NULL))
      )`);
    await q.query(`
      CREATE UNIQUE INDEX staff_requests_pending_key
        ON staff_requests (target_user_id, change, coalesce(role, ''))
        WHERE status = 'pending'`);
    await q.query(`CREATE INDEX staff_requests_status_idx ON staff_requests (status, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE staff_requests`);
    await q.query(`ALTER TABLE users DROP COLUMN role_granted_at`);
  }
}
