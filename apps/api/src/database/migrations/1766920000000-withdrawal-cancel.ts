import { MigrationInterface, QueryRunner } from 'typeorm';

const STATUSES_BEFORE = `'requested', 'approved', 'signed', 'sent', 'confirmed', 'failed', 'rejected', 'refunded'`;

/**
 * A member cancels their own withdrawal while no operator approved it
 * (issue 39, contract section 11): `withdrawals.status` gains `cancelled`.
 * The member's records say how a failed one ended (`failure`: refused by an
 * operator, cancelled by the member, failed on its way) and whether an
 * operator has approved a withdrawal yet (`approved_at`: from then on it can
 * no longer be cancelled); existing rows are filled from what is known.
 */
export class WithdrawalCancel1766920000000 implements MigrationInterface {
  name = 'WithdrawalCancel1766920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check`);
    await q.query(`
      ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check
        CHECK (status IN (${STATUSES_BEFORE}, 'cancelled'))`);
    await q.query(`
      ALTER TABLE balance_records
        ADD COLUMN failure varchar(16) CHECK (failure IN ('refused', 'cancelled', 'failed')),
        ADD COLUMN approved_at timestamptz`);
    await q.query(`
      UPDATE balance_records r SET failure = CASE WHEN w.status = 'rejected' THEN 'refused' ELSE 'failed' END
      FROM withdrawals w WHERE w.record_id = r.id AND r.status = 'fail'`);
    await q.query(`
      UPDATE balance_records SET failure = CASE WHEN type = 'card' THEN 'refused' ELSE 'failed' END
      WHERE status = 'fail' AND failure IS NULL`);
    await q.query(`
      UPDATE balance_records r SET approved_at = COALESCE(w.decided_at, w.updated_at)
      FROM withdrawals w
      WHERE w.record_id = r.id AND (w.status <> 'requested' OR EXISTS (
        SELECT 1 FROM approvals a WHERE a.kind = 'withdrawal' AND a.subject_id = w.id))`);
    await q.query(`
      ALTER TABLE balance_records ADD CONSTRAINT balance_records_failure_status_check
        CHECK ((status = 'fail') = (failure IS NOT NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE balance_records DROP CONSTRAINT balance_records_failure_status_check`,
    );
    await q.query(`ALTER TABLE balance_records DROP COLUMN failure, DROP COLUMN approved_at`);
    await q.query(`UPDATE withdrawals SET status = 'rejected' WHERE status = 'cancelled'`);
    await q.query(`ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check`);
    await q.query(`
      ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check
        CHECK (status IN (${STATUSES_BEFORE}))`);
  }
}
