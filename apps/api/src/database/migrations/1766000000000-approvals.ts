import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 25: one table of approvals for everything that creates or moves
 * money (withdrawals, card deposits, adjustments) and for economy changes
 * that raise members' pay. It replaces withdrawals.first_approved_by and the
 * requester/decider pair of adjustment_requests as the record of who
 * approved what; their data moves here. Every adjustment now has an
 * adjustment_requests row (the subject of its approvals), applied at once
 * or not, so its one-operator decision no longer breaks the old check.
 * Economy changes that wait for a second admin live in economy_changes.
 */
export class Approvals1766000000000 implements MigrationInterface {
  name = 'Approvals1766000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE approvals (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        kind varchar(16) NOT NULL CHECK (kind IN ('withdrawal', 'card_deposit', 'adjustment', 'economy')),
        subject_id bigint NOT NULL,
        member_id integer REFERENCES users(id),
        operator_id integer NOT NULL REFERENCES users(id),
        operator_role varchar(16) NOT NULL,
        amount_micro bigint NOT NULL DEFAULT 0 CHECK (amount_micro >= 0),
        over_cap boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        -- set when the request was turned down or refunded: no money moved, so
        -- the approval no longer counts toward the day's totals
        voided_at timestamptz,
        UNIQUE (kind, subject_id, operator_id),
        CHECK (member_id IS NULL OR member_id <> operator_id)
      )`);
    await q.query(`CREATE INDEX approvals_member_idx ON approvals (kind, member_id, created_at)`);
    await q.query(`CREATE INDEX approvals_operator_idx ON approvals (operator_id, created_at)`);
    await q.query(`
      CREATE TABLE economy_changes (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        target varchar(16) NOT NULL CHECK (target IN ('package', 'team_rates', 'challenge', 'campaign')),
        target_id integer,
        before jsonb,
        after jsonb NOT NULL,
        proposed_by integer NOT NULL REFERENCES users(id),
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
        decided_by integer REFERENCES users(id),
        decided_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX economy_changes_status_idx ON economy_changes (status, id)`);

    // Who approved what so far.
    await q.query(`
      INSERT INTO approvals (kind, subject_id, member_id, operator_id, operator_role, amount_micro, created_at)
      SELECT 'withdrawal', w.id, w.user_id, w.first_approved_by, u.role, w.amount_micro,
             coalesce(w.first_approved_at, w.updated_at)
      FROM withdrawals w JOIN users u ON u.id = w.first_approved_by
      WHERE w.first_approved_by <> w.user_id
      ON CONFLICT DO NOTHING`);
    await q.query(`
      INSERT INTO approvals (kind, subject_id, member_id, operator_id, operator_role, amount_micro, created_at)
      SELECT 'withdrawal', w.id, w.user_id, w.decided_by, u.role, w.amount_micro, coalesce(w.decided_at, w.updated_at)
      FROM withdrawals w JOIN users u ON u.id = w.decided_by
      WHERE w.status NOT IN ('requested', 'rejected') AND w.decided_by <> w.user_id
      ON CONFLICT DO NOTHING`);
    await q.query(`
      INSERT INTO approvals (kind, subject_id, member_id, operator_id, operator_role, amount_micro, created_at)
      SELECT 'adjustment', r.id, r.user_id, r.requested_by, u.role, abs(r.amount_micro), r.created_at
      FROM adjustment_requests r JOIN users u ON u.id = r.requested_by
      ON CONFLICT DO NOTHING`);
    await q.query(`
      INSERT INTO approvals (kind, subject_id, member_id, operator_id, operator_role, amount_micro, created_at)
      SELECT 'adjustment', r.id, r.user_id, r.decided_by, u.role, abs(r.amount_micro), r.decided_at
      FROM adjustment_requests r JOIN users u ON u.id = r.decided_by
      WHERE r.status = 'approved' AND r.decided_by <> r.user_id
      ON CONFLICT DO NOTHING`);
    await q.query(`
      INSERT INTO approvals (kind, subject_id, member_id, operator_id, operator_role, amount_micro, created_at)
      SELECT 'card_deposit', c.id, c.user_id, c.decided_by, u.role, c.credited_micro, c.decided_at
      FROM card_deposits c JOIN users u ON u.id = c.decided_by
      WHERE c.status = 'success' AND c.credited_micro IS NOT NULL AND c.decided_by <> c.user_id
      ON CONFLICT DO NOTHING`);
    await q.query(
      `ALTER TABLE withdrawals DROP COLUMN first_approved_by, DROP COLUMN first_approved_at`,
    );
    // Distinct approvers are now the approvals table's unique key; an adjustment
    // applied by one operator records that operator as its decider too.
    await q.query(`ALTER TABLE adjustment_requests DROP CONSTRAINT adjustment_requests_check1`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE withdrawals
        ADD COLUMN first_approved_by integer REFERENCES users(id),
        ADD COLUMN first_approved_at timestamptz`);
    await q.query(`
      UPDATE withdrawals w SET first_approved_by = a.operator_id, first_approved_at = a.created_at
      FROM (SELECT DISTINCT ON (subject_id) subject_id, operator_id, created_at FROM approvals
            WHERE kind = 'withdrawal' ORDER BY subject_id, id) a
      WHERE a.subject_id = w.id AND w.status = 'requested'`);
    await q.query(`DELETE FROM adjustment_requests WHERE decided_by = requested_by`);
    await q.query(`
      ALTER TABLE adjustment_requests ADD CONSTRAINT adjustment_requests_check1 CHECK (
        decided_by IS NULL OR (decided_by <> requested_by AND decided_by <> user_id) OR status = 'rejected')`);
    await q.query(`DROP TABLE economy_changes`);
    await q.query(`DROP TABLE approvals`);
  }
}
