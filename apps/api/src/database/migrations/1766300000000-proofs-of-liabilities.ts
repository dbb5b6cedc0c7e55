import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Proof of liabilities (spec/contract section 9). A snapshot is one row: the
 * Merkle sum tree's root and total, and the reserves read on chain at a
 * solidified block. The tree itself is kept as buckets of 2^bucket_bits
 * consecutive leaves (member id, balance, salt packed in `leaves`) with each
 * bucket's subtree root: a member's path is one indexed read of one bucket,
 * its subtree recomputed, then the small tree over the bucket roots. Old
 * snapshots lose their buckets (PROOF_KEEP_SNAPSHOTS); the published roots stay.
 */
export class ProofsOfLiabilities1766300000000 implements MigrationInterface {
  name = 'ProofsOfLiabilities1766300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE proof_snapshots (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        root_hash char(64) NOT NULL,
        total_micro bigint NOT NULL CHECK (total_micro >= 0),
        leaves integer NOT NULL CHECK (leaves >= 0),
        bucket_bits smallint NOT NULL CHECK (bucket_bits BETWEEN 0 AND 20),
        block_number bigint NOT NULL CHECK (block_number >= 0),
        last_block_number bigint NOT NULL CHECK (last_block_number >= block_number),
        hot_wallet_address varchar(34),
        hot_wallet_micro bigint NOT NULL CHECK (hot_wallet_micro >= 0),
        deposit_addresses_micro bigint NOT NULL CHECK (deposit_addresses_micro >= 0),
        trigger varchar(8) NOT NULL CHECK (trigger IN ('schedule', 'admin')),
        requested_by integer REFERENCES users(id),
        pruned boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE proof_buckets (
        snapshot_id bigint NOT NULL REFERENCES proof_snapshots(id) ON DELETE CASCADE,
        bucket integer NOT NULL CHECK (bucket >= 0),
        first_member_id integer NOT NULL,
        root_hash char(64) NOT NULL,
        root_sum bigint NOT NULL CHECK (root_sum >= 0),
        leaves bytea NOT NULL,
        PRIMARY KEY (snapshot_id, bucket)
      )`);
    await q.query(
      `CREATE UNIQUE INDEX proof_buckets_member_idx ON proof_buckets (snapshot_id, first_member_id)`,
    );
    await q.query(`
      CREATE TABLE proof_reserve_addresses (
        snapshot_id bigint NOT NULL REFERENCES proof_snapshots(id) ON DELETE CASCADE,
        address varchar(34) NOT NULL,
        kind varchar(8) NOT NULL CHECK (kind IN ('hot', 'deposit')),
        balance_micro bigint NOT NULL CHECK (balance_micro >= 0),
        PRIMARY KEY (snapshot_id, address)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE proof_reserve_addresses`);
    await q.query(`DROP TABLE proof_buckets`);
    await q.query(`DROP TABLE proof_snapshots`);
  }
}
