import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The chain at mainnet scale, part A (issue 43):
 * - `held_deposits`: USDT Transfer logs to member addresses that one node
 *   reported and no second node confirmed (DEPOSIT_CROSSCHECK_USDT), kept out
 *   of the ledger for operators; `credited` once two nodes agree;
 * - look-alike lookups: deposits' from-addresses and withdrawal wallets by
 *   their first and last four characters (address poisoning).
 */
export class ChainSecondOpinion1766943000000 implements MigrationInterface {
  name = 'ChainSecondOpinion1766943000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE held_deposits (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        tx_id char(64) NOT NULL,
        log_index integer NOT NULL CHECK (log_index >= 0),
        user_id integer NOT NULL,
        from_address varchar(34) NOT NULL,
        to_address varchar(34) NOT NULL,
        amount_micro bigint NOT NULL CHECK (amount_micro > 0),
        block_number bigint NOT NULL,
        block_time timestamptz,
        reason text NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'credited')),
        checked_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        credited_at timestamptz,
        UNIQUE (tx_id, log_index)
      )`);
    await q.query(`CREATE INDEX held_deposits_held ON held_deposits (id) WHERE status = 'held'`);
    await q.query(
      `CREATE INDEX chain_deposits_from_ends ON chain_deposits (left(from_address, 4), right(from_address, 4))`,
    );
    await q.query(
      `CREATE INDEX foreign_deposits_from_ends ON foreign_deposits (left(from_address, 4), right(from_address, 4))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX foreign_deposits_from_ends`);
    await q.query(`DROP INDEX chain_deposits_from_ends`);
    await q.query(`DROP TABLE held_deposits`);
  }
}
