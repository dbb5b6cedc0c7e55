import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operator adjustments above ADJUST_APPROVAL_THRESHOLD wait here for a
 * second operator (four eyes). The ledger transaction is posted only on
 * approval, with the request's own idempotency key.
 */
export class AdjustmentRequests1764100000000 implements MigrationInterface {
  name = 'AdjustmentRequests1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE adjustment_requests (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        request_key varchar(160) NOT NULL UNIQUE,
        requested_by integer NOT NULL REFERENCES users(id),
        user_id integer NOT NULL REFERENCES users(id),
        account varchar(16) NOT NULL CHECK (account IN ('money', 'points')),
        amount_micro bigint NOT NULL CHECK (amount_micro <> 0),
        reason text NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
        decided_by integer REFERENCES users(id),
        decided_at timestamptz,
        ledger_transaction_id bigint REFERENCES ledger_transactions(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (requested_by <> user_id),
        CHECK (decided_by IS NULL OR (decided_by <> requested_by AND decided_by <> user_id) OR status = 'rejected')
      )`);
    await q.query(
      `CREATE INDEX adjustment_requests_pending_idx ON adjustment_requests (id) WHERE status = 'pending'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE adjustment_requests`);
  }
}
