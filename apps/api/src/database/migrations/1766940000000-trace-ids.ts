import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Traces (issue 40, infra/tracing):
 * - `withdrawals.trace_parent`: the W3C traceparent of the request that took
 *   the withdrawal, so that its settlement by the worker's tick, minutes or
 *   hours later, goes on in that request's trace; null while tracing is off
 *   and for rows taken before;
 * - `audit_log.trace_id`: the trace the action was taken in, to go from an
 *   audit row to the request's spans and log lines. Outside the row's hash
 *   and signature (audit_row_hash is unchanged): the chain's rows, the CSV
 *   export and `pnpm verify:audit` stay as they were (docs/decisions.md).
 */
export class TraceIds1766940000000 implements MigrationInterface {
  name = 'TraceIds1766940000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE withdrawals ADD COLUMN trace_parent text`);
    await q.query(`ALTER TABLE audit_log ADD COLUMN trace_id char(32)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE audit_log DROP COLUMN trace_id`);
    await q.query(`ALTER TABLE withdrawals DROP COLUMN trace_parent`);
  }
}
