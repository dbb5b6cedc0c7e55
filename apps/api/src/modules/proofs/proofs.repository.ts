import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { SessionLocks } from '../../database/session-locks';
import { ReserveAddress } from './reserves.reader';

export interface SnapshotRow {
  id: string;
  root_hash: string;
  total_micro: string;
  leaves: number;
  members: number;
  pending_withdrawals_micro: string;
  bucket_bits: number;
  block_number: string;
  last_block_number: string;
  hot_wallet_address: string | null;
  hot_wallet_micro: string;
  cold_wallet_address: string | null;
  cold_wallet_micro: string;
  deposit_addresses_micro: string;
  trigger: 'schedule' | 'admin';
  requested_by: number | null;
  pruned: boolean;
  created_at: Date;
}

export interface BucketRow {
  bucket: number;
  rootHash: string;
  rootSum: bigint;
  leaves: Buffer;
}

const SNAPSHOT_COLUMNS = `id, root_hash, total_micro, leaves, members, pending_withdrawals_micro, bucket_bits, block_number, last_block_number,
  hot_wallet_address, hot_wallet_micro, cold_wallet_address, cold_wallet_micro, deposit_addresses_micro, trigger, requested_by,
  pruned, created_at`;

/** The proof tables: snapshots, their stored trees (buckets), member index and reserve addresses. */
@Injectable()
export class ProofsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly locks: SessionLocks,
  ) {}

  /**
   * Runs `work` on a connection of its own while this process holds the
   * session advisory lock `lock` (SessionLocks), waiting for it when another
   * session holds it.
   */
  async whileLocked<T>(lock: number, work: (runner: QueryRunner) => Promise<T>): Promise<T> {
    const result = await this.locks.run(lock, true, async () => {
      const runner = this.dataSource.createQueryRunner();
      await runner.connect();
      try {
        return { value: await work(runner) };
      } finally {
        await runner.release();
      }
    });
    return result!.value;
  }

  async insertSnapshot(
    db: EntityManager,
    s: {
      bucketBits: number;
      block: number;
      lastBlock: number;
      hotWalletAddress: string | null;
      hotWalletMicro: bigint;
      coldWalletAddress: string | null;
      coldWalletMicro: bigint;
      depositAddressesMicro: bigint;
      trigger: 'schedule' | 'admin';
      requestedBy: number | null;
    },
  ): Promise<string> {
    const rows: { id: string }[] = await db.query(
      `INSERT INTO proof_snapshots (root_hash, total_micro, leaves, bucket_bits, block_number, last_block_number,
         hot_wallet_address, hot_wallet_micro, cold_wallet_address, cold_wallet_micro, deposit_addresses_micro, trigger, requested_by)
       VALUES (repeat('0', 64), 0, 0, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        s.bucketBits,
        s.block,
        s.lastBlock,
        s.hotWalletAddress,
        s.hotWalletMicro.toString(),
        s.coldWalletAddress,
        s.coldWalletMicro.toString(),
        s.depositAddressesMicro.toString(),
        s.trigger,
        s.requestedBy,
      ],
    );
    return rows[0].id;
  }

  async finishSnapshot(
    db: EntityManager,
    id: string,
    root: { hash: string; sum: bigint; leaves: number; members: number; pending: bigint },
  ): Promise<void> {
    await db.query(
      `UPDATE proof_snapshots SET root_hash = $2, total_micro = $3, leaves = $4, members = $5,
         pending_withdrawals_micro = $6 WHERE id = $1`,
      [id, root.hash, root.sum.toString(), root.leaves, root.members, root.pending.toString()],
    );
  }

  /**
   * One INSERT for the buckets, each value a parameter of its own: pg sends a
   * Buffer parameter as binary, while an array of them would go as hex text,
   * twice the bytes and most of a snapshot's time at a million members.
   */
  async insertBuckets(db: EntityManager, snapshotId: string, buckets: BucketRow[]): Promise<void> {
    if (buckets.length === 0) return;
    const values: unknown[] = [snapshotId];
    const rows = buckets.map((b) => {
      const at = values.length;
      values.push(b.bucket, b.rootHash, b.rootSum.toString(), b.leaves);
      return `($1, $${at + 1}, $${at + 2}, $${at + 3}, $${at + 4})`;
    });
    await db.query(
      `INSERT INTO proof_buckets (snapshot_id, bucket, root_hash, root_sum, leaves) VALUES ${rows.join(', ')}`,
      values,
    );
  }

  /** Member index buckets: `first` member id, packed entries (proof-buckets.ts); binary as above. */
  async insertIndex(
    db: EntityManager,
    snapshotId: string,
    rows: { first: number; entries: Buffer }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    const values: unknown[] = [snapshotId];
    const tuples = rows.map((r) => {
      const at = values.length;
      values.push(r.first, r.entries);
      return `($1, $${at + 1}, $${at + 2})`;
    });
    await db.query(
      `INSERT INTO proof_member_index (snapshot_id, first_member_id, entries) VALUES ${tuples.join(', ')}`,
      values,
    );
  }

  async insertAddresses(
    db: EntityManager,
    snapshotId: string,
    addresses: ReserveAddress[],
  ): Promise<void> {
    if (addresses.length === 0) return;
    await db.query(
      `INSERT INTO proof_reserve_addresses (snapshot_id, address, kind, balance_micro)
       SELECT $1, * FROM unnest($2::varchar[], $3::varchar[], $4::bigint[])
       ON CONFLICT DO NOTHING`,
      [
        snapshotId,
        addresses.map((a) => a.address),
        addresses.map((a) => a.kind),
        addresses.map((a) => a.balanceMicro.toString()),
      ],
    );
  }

  /** Drops the trees and member indexes (not the published figures) of all but the newest `keep` snapshots. */
  async prune(db: EntityManager, keep: number): Promise<void> {
    await db.query(
      `WITH old AS (
         UPDATE proof_snapshots SET pruned = true
         WHERE NOT pruned AND id NOT IN (SELECT id FROM proof_snapshots ORDER BY id DESC LIMIT $1)
         RETURNING id
       ), buckets AS (
         DELETE FROM proof_buckets WHERE snapshot_id IN (SELECT id FROM old)
       )
       DELETE FROM proof_member_index WHERE snapshot_id IN (SELECT id FROM old)`,
      [keep],
    );
  }

  async latest(): Promise<SnapshotRow | null> {
    const rows: SnapshotRow[] = await this.dataSource.query(
      `SELECT ${SNAPSHOT_COLUMNS} FROM proof_snapshots ORDER BY id DESC LIMIT 1`,
    );
    return rows[0] ?? null;
  }

  /** Newest first. */
  list(limit: number): Promise<SnapshotRow[]> {
    return this.dataSource.query(
      `SELECT ${SNAPSHOT_COLUMNS} FROM proof_snapshots ORDER BY id DESC LIMIT $1`,
      [limit],
    );
  }

  async addresses(
    snapshotId: string,
  ): Promise<{ address: string; kind: ReserveAddress['kind']; balance_micro: string }[]> {
    return this.dataSource.query(
      `SELECT address, kind, balance_micro FROM proof_reserve_addresses WHERE snapshot_id = $1
       ORDER BY CASE kind WHEN 'hot' THEN 0 WHEN 'cold' THEN 1 ELSE 2 END, balance_micro DESC, address`,
      [snapshotId],
    );
  }

  /** The member index bucket that would hold `memberId` (one indexed read), or null. */
  async indexOf(snapshotId: string, memberId: number): Promise<Buffer | null> {
    const rows: { entries: Buffer }[] = await this.dataSource.query(
      `SELECT entries FROM proof_member_index WHERE snapshot_id = $1 AND first_member_id <= $2
       ORDER BY first_member_id DESC LIMIT 1`,
      [snapshotId, memberId],
    );
    return rows[0]?.entries ?? null;
  }

  /** The leaves of these buckets, by bucket number. */
  async buckets(snapshotId: string, buckets: number[]): Promise<Map<number, Buffer>> {
    const rows: { bucket: number; leaves: Buffer }[] = await this.dataSource.query(
      `SELECT bucket, leaves FROM proof_buckets WHERE snapshot_id = $1 AND bucket = ANY($2::int[])`,
      [snapshotId, buckets],
    );
    return new Map(rows.map((r) => [r.bucket, r.leaves]));
  }

  /** Every bucket's root, in order: the leaves of the tree above the buckets. */
  async bucketRoots(snapshotId: string): Promise<{ hash: string; sum: bigint }[]> {
    const rows: { root_hash: string; root_sum: string }[] = await this.dataSource.query(
      `SELECT root_hash, root_sum FROM proof_buckets WHERE snapshot_id = $1 ORDER BY bucket`,
      [snapshotId],
    );
    return rows.map((r) => ({ hash: r.root_hash, sum: BigInt(r.root_sum) }));
  }

  /** Seconds since the newest snapshot was made, by the database's clock; null before the first. */
  async newestAgeSeconds(): Promise<number | null> {
    const [row]: { age: number }[] = await this.dataSource.query(
      `SELECT extract(epoch FROM clock_timestamp() - created_at)::float8 AS age
       FROM proof_snapshots ORDER BY id DESC LIMIT 1`,
    );
    return row ? Math.max(0, row.age) : null;
  }

  /** The newest snapshot's id and time (any trigger), or null before the first. */
  async newest(): Promise<{ id: string; created_at: Date } | null> {
    const rows: { id: string; created_at: Date }[] = await this.dataSource.query(
      `SELECT id, created_at FROM proof_snapshots ORDER BY id DESC LIMIT 1`,
    );
    return rows[0] ?? null;
  }
}
