import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The private proof of liabilities (issue 37, contract section 11): leaves
 * are random parts of each member's liability and zero padding, shuffled, so
 * buckets hold leaves by position (leaf id, amount, salt) and a member finds
 * their parts through `proof_member_index` (buckets of members by id: their
 * parts' positions, E-Wallet and pending withdrawals at the snapshot).
 *
 * The trees already stored put leaves in member id order, where a path shows
 * the next member's balance: they are dropped (marked pruned); their roots,
 * totals and reserves stay listed, as for any pruned snapshot.
 */
export class PrivateProofs1766901000000 implements MigrationInterface {
  name = 'PrivateProofs1766901000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE proof_snapshots SET pruned = true WHERE NOT pruned`);
    await q.query(`DELETE FROM proof_buckets`);
    await q.query(`DROP INDEX proof_buckets_member_idx`);
    await q.query(`ALTER TABLE proof_buckets DROP COLUMN first_member_id`);
    await q.query(`
      ALTER TABLE proof_snapshots
        ADD COLUMN members integer NOT NULL DEFAULT 0 CHECK (members >= 0),
        ADD COLUMN pending_withdrawals_micro bigint NOT NULL DEFAULT 0 CHECK (pending_withdrawals_micro >= 0)`);
    await q.query(`
      CREATE TABLE proof_member_index (
        snapshot_id bigint NOT NULL REFERENCES proof_snapshots(id) ON DELETE CASCADE,
        first_member_id integer NOT NULL,
        entries bytea NOT NULL,
        PRIMARY KEY (snapshot_id, first_member_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE proof_member_index`);
    await q.query(`DELETE FROM proof_buckets`);
    await q.query(`UPDATE proof_snapshots SET pruned = true`);
    await q.query(
      `ALTER TABLE proof_snapshots DROP COLUMN members, DROP COLUMN pending_withdrawals_micro`,
    );
    await q.query(`ALTER TABLE proof_buckets ADD COLUMN first_member_id integer NOT NULL`);
    await q.query(
      `CREATE UNIQUE INDEX proof_buckets_member_idx ON proof_buckets (snapshot_id, first_member_id)`,
    );
  }
}
