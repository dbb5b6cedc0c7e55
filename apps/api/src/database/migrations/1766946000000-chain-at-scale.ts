import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The chain at mainnet scale (issue 43):
 * - `sweeps.destination`: where a sweep went, the hot wallet or the cold
 *   account (HOT_WALLET_MAX_USDT, TRON_COLD_ADDRESS);
 * - `deposit_activity`: deposit addresses with chain activity the reconciler
 *   has not looked at yet (one row per address, the newest block);
 * - `deposit_gaps`: what the reconciler found, an address whose TRC-20
 *   history on the node differs from what was credited and swept; at most
 *   one open row per address, closed when the figures agree again.
 */
export class ChainAtScale1766946000000 implements MigrationInterface {
  name = 'ChainAtScale1766946000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE sweeps ADD COLUMN destination varchar(4) NOT NULL DEFAULT 'hot'
        CHECK (destination IN ('hot', 'cold'))`);
    await q.query(`
      CREATE TABLE deposit_activity (
        address varchar(34) PRIMARY KEY,
        user_id integer NOT NULL,
        block_number bigint NOT NULL,
        noted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX deposit_activity_block ON deposit_activity (block_number)`);
    await q.query(`
      CREATE TABLE deposit_gaps (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL,
        address varchar(34) NOT NULL,
        chain_in_micro bigint NOT NULL,
        credited_micro bigint NOT NULL,
        chain_out_micro bigint NOT NULL,
        swept_micro bigint NOT NULL,
        as_of_block bigint NOT NULL,
        status varchar(8) NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
        found_at timestamptz NOT NULL DEFAULT now(),
        checked_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz
      )`);
    await q.query(
      `CREATE UNIQUE INDEX deposit_gaps_open ON deposit_gaps (address) WHERE status = 'open'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE deposit_gaps`);
    await q.query(`DROP TABLE deposit_activity`);
    await q.query(`ALTER TABLE sweeps DROP COLUMN destination`);
  }
}
