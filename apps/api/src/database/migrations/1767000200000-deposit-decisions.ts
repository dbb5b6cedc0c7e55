import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operators' decisions on the chain's queues (the console's Money → Deposits):
 * - a reconciler item closed once handled: `deposit_gaps.status` gains
 *   `resolved`, with who resolved it and their note (the time is
 *   `closed_at`, as for an item closed by itself). A resolved item's
 *   differences (chain in less credited, chain out less swept) are what the
 *   reconciler accepts for that address from then on, so a difference the
 *   books settled another way (an adjustment) does not open again; the
 *   newest resolved item per address is read by index;
 * - a held deposit dismissed (no second node will confirm it: the node that
 *   reported it was taken out): `held_deposits.status` gains `dismissed`,
 *   with who, when and their note; it is asked about no more, nothing was
 *   credited. Should two nodes confirm it after all (the member claims it),
 *   it is credited like any held deposit and keeps who dismissed it.
 */
export class DepositDecisions1767000200000 implements MigrationInterface {
  name = 'DepositDecisions1767000200000';

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
    await q.query(`ALTER TABLE held_deposits DROP CONSTRAINT held_deposits_status_check`);
    await q.query(`
      ALTER TABLE held_deposits
        ADD CONSTRAINT held_deposits_status_check CHECK (status IN ('held', 'credited', 'dismissed')),
        ADD COLUMN dismissed_by integer,
        ADD COLUMN dismissed_at timestamptz,
        ADD COLUMN note varchar(500),
        ADD CONSTRAINT held_deposits_dismissal CHECK (CASE status
          WHEN 'dismissed' THEN dismissed_by IS NOT NULL AND dismissed_at IS NOT NULL AND note IS NOT NULL
          WHEN 'held' THEN dismissed_by IS NULL AND dismissed_at IS NULL AND note IS NULL
          ELSE (dismissed_by IS NULL) = (dismissed_at IS NULL) END)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM held_deposits WHERE status = 'dismissed'`);
    await q.query(`
      ALTER TABLE held_deposits
        DROP CONSTRAINT held_deposits_dismissal,
        DROP COLUMN note,
        DROP COLUMN dismissed_at,
        DROP COLUMN dismissed_by,
        DROP CONSTRAINT held_deposits_status_check,
        ADD CONSTRAINT held_deposits_status_check CHECK (status IN ('held', 'credited'))`);
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
