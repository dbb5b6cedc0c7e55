import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the sweep tool moved from member deposit addresses to the hot wallet
 * (it reports each confirmed transfer). Custody only: the ledger does not
 * change, members' money is the same; solvency counts a credited deposit as
 * on the member address until a sweep names it.
 */
export class Sweeps1764700000000 implements MigrationInterface {
  name = 'Sweeps1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sweeps (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id),
        address varchar(34) NOT NULL,
        tx_id char(64) NOT NULL UNIQUE,
        amount_micro bigint NOT NULL CHECK (amount_micro > 0),
        recorded_by integer NOT NULL REFERENCES users(id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX sweeps_user_idx ON sweeps (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sweeps`);
  }
}
