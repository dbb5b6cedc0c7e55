import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What every sweep and withdrawal actually cost in TRX (issue 29), read from
 * the transaction's receipt (gettransactioninfobyid: `fee` is every sun burnt,
 * `receipt.energy_fee` and `receipt.net_fee` its parts), one row per chain
 * transaction: the transfer itself and the transactions that paid for its
 * energy (a TRX top-up, a lend and its return). Recording twice changes
 * nothing (the tx id is the key).
 */
export class TronCosts1766400000000 implements MigrationInterface {
  name = 'TronCosts1766400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE tron_costs (
        tx_id char(64) PRIMARY KEY,
        kind varchar(16) NOT NULL CHECK (kind IN ('sweep', 'withdrawal')),
        ref_id bigint NOT NULL,
        fee_sun bigint NOT NULL CHECK (fee_sun >= 0),
        energy_fee_sun bigint NOT NULL DEFAULT 0 CHECK (energy_fee_sun >= 0),
        net_fee_sun bigint NOT NULL DEFAULT 0 CHECK (net_fee_sun >= 0),
        energy_used bigint NOT NULL DEFAULT 0 CHECK (energy_used >= 0),
        block_time timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX tron_costs_created_at ON tron_costs (created_at)`);
    await q.query(`CREATE INDEX tron_costs_ref ON tron_costs (kind, ref_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE tron_costs`);
  }
}
