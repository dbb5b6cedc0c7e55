import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the deposit scanner last stood at the chain's safe head (issue 40):
 * `/metrics` exports the seconds since then as `deposit_scanner_lag_seconds`,
 * which grows by itself while the scanner is stopped, failing or behind, and
 * stays near the scan interval while it keeps up, whether or not the chain
 * made blocks meanwhile. Existing cursors count as caught up now: the lag of
 * a scanner that is behind after the deploy grows from here.
 */
export class ScannerCaughtUp1766945000000 implements MigrationInterface {
  name = 'ScannerCaughtUp1766945000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE chain_cursors ADD COLUMN caught_up_at timestamptz NOT NULL DEFAULT now()`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE chain_cursors DROP COLUMN caught_up_at`);
  }
}
