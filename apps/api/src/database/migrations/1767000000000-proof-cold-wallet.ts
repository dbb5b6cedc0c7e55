import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The cold account in the proof's reserves (issue 43): with a capped hot
 * wallet, sweeps above the cap go to TRON_COLD_ADDRESS, so a proof that read
 * only the hot wallet and deposit addresses would show the club short by
 * whatever is in cold storage. Snapshots keep the cold account and what it
 * held at the block; older snapshots had none (0, no address).
 */
export class ProofColdWallet1767000000000 implements MigrationInterface {
  name = 'ProofColdWallet1767000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE proof_snapshots
      ADD COLUMN cold_wallet_address varchar(34),
      ADD COLUMN cold_wallet_micro bigint NOT NULL DEFAULT 0 CHECK (cold_wallet_micro >= 0)`);
    await q.query(`ALTER TABLE proof_reserve_addresses
      DROP CONSTRAINT proof_reserve_addresses_kind_check,
      ADD CONSTRAINT proof_reserve_addresses_kind_check CHECK (kind IN ('hot', 'cold', 'deposit'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM proof_reserve_addresses WHERE kind = 'cold'`);
    await q.query(`ALTER TABLE proof_reserve_addresses
      DROP CONSTRAINT proof_reserve_addresses_kind_check,
      ADD CONSTRAINT proof_reserve_addresses_kind_check CHECK (kind IN ('hot', 'deposit'))`);
    await q.query(
      `ALTER TABLE proof_snapshots DROP COLUMN cold_wallet_micro, DROP COLUMN cold_wallet_address`,
    );
  }
}
