import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An operator closes a reconciler item once handled (the console's Money →
 * Deposits): `deposit_gaps.status` gains `resolved`, with who resolved it
 * and their note (the time is `closed_at`, as for an item closed by
 * itself). A resolved item's differences (chain in less credited, chain out
 * less swept) are what the reconciler accepts for that address from then
 * on, so a difference the books settled another way (an adjustment) does
 * not open again; the newest resolved item per address is read by index.
 */
export class DepositGapResolution1767000200000 implements MigrationInterface {
  name = 'DepositGapResolution1767000200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE deposit_gaps DROP CONSTRAINT deposit_gaps_status_check`);
    await q.query(`
      ALTER TABLE deposit_gaps
        ADD CONSTRAINT deposit_gaps_status_check CHECK (status IN ('open', 'closed', 'resolved')),
        ADD COLUMN resolved_by integer,
        ADD COLUMN note varchar(500),
        ADD CONSTRAINT deposit_gaps_resolution CHECK (
          (status = 'resolved') = (resolved_by IS NOT NULL AND note IS NOT NULL))`);
    await q.query(
      `CREATE INDEX deposit_gaps_resolved ON deposit_gaps (address, id DESC) WHERE status = 'resolved'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX deposit_gaps_resolved`);
    await q.query(`UPDATE deposit_gaps SET status = 'closed' WHERE status = 'resolved'`);
    await q.query(`
      ALTER TABLE deposit_gaps
        DROP CONSTRAINT deposit_gaps_resolution,
        DROP COLUMN note,
        DROP COLUMN resolved_by,
        DROP CONSTRAINT deposit_gaps_status_check,
        ADD CONSTRAINT deposit_gaps_status_check CHECK (status IN ('open', 'closed'))`);
  }
}
