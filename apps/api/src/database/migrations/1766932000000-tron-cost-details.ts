import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Chain costs that can be judged one transfer at a time (issue 39):
 * - `id`: the order rows were recorded in, what the console pages by;
 * - `bandwidth_used`: bytes of bandwidth the transaction took (its own or
 *   free bandwidth, or what `net_fee_sun` burnt for it);
 * - `energy_price_sun`: the chain's price of a unit of energy (getEnergyFee)
 *   when the row was recorded, so that what burning TRX for all its energy
 *   would have cost, against what was burnt, shows what lent or staked
 *   energy saved; unknown (null) for rows recorded before;
 * - `paid_for`: for a transaction that paid for a sweep's energy (a TRX
 *   top-up, a lend and its return), the sweep transfer's tx id, so that a
 *   sweep is one row with everything it cost.
 */
export class TronCostDetails1766932000000 implements MigrationInterface {
  name = 'TronCostDetails1766932000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE tron_costs
        ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY,
        ADD COLUMN bandwidth_used bigint NOT NULL DEFAULT 0 CHECK (bandwidth_used >= 0),
        ADD COLUMN energy_price_sun bigint CHECK (energy_price_sun >= 0),
        ADD COLUMN paid_for char(64)`);
    await q.query(`CREATE UNIQUE INDEX tron_costs_id ON tron_costs (id)`);
    await q.query(
      `CREATE INDEX tron_costs_paid_for ON tron_costs (paid_for) WHERE paid_for IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE tron_costs
        DROP COLUMN id, DROP COLUMN bandwidth_used, DROP COLUMN energy_price_sun, DROP COLUMN paid_for`);
  }
}
