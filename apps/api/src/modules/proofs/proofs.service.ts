import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import {
  microToNumber,
  pathFromLevels,
  rootOf,
  SumNode,
  SumTreeBuilder,
  treeLevels,
  verifyMemberProof,
} from '@app/domain';
import { AppError } from '../../common/app-error';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { AuditService } from '../audit/audit.service';
import { LedgerService } from '../ledger/ledger.service';
import { UsersService } from '../users/users.service';
import {
  BUCKET_BITS,
  BUCKET_SIZE,
  findLeaf,
  leafOf,
  nodeSha256Hex,
  packLeaves,
  StoredLeaf,
  unpackLeaves,
} from './proof-buckets';
import { AdminProofSnapshot, LatestProof, MemberProofResponse } from './proofs.dto';
import { BucketRow, ProofsRepository, SnapshotRow } from './proofs.repository';
import { Reserves, ReservesReader } from './reserves.reader';

/** One snapshot is built at a time (pg_advisory_lock): it is CPU and I/O heavy at a million members. */
const PROOF_LOCK = 0x70726f6f;
/** Members read per query while building (keyset pages inside one REPEATABLE READ transaction). */
const READ_BATCH = 4096;
/** Buckets written per INSERT. */
const WRITE_BATCH = 64;

/** The tree's total disagrees with the ledger: nothing is published. */
export class ProofMismatchError extends Error {}

/**
 * Proof of liabilities (spec/contract section 9): snapshots of a Merkle sum
 * tree over every member's E-Wallet balance beside the reserves on chain,
 * and each member's path to the published root.
 */
@Injectable()
export class ProofsService {
  private readonly logger = new Logger(ProofsService.name);
  /** The tree over the latest snapshot's bucket roots, built once per process. */
  private top: { snapshotId: string; levels: Promise<SumNode[][]> } | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly proofs: ProofsRepository,
    private readonly reserves: ReservesReader,
    private readonly ledger: LedgerService,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A snapshot now, on an operator's request (audited). */
  async publishNow(operatorId: number): Promise<LatestProof> {
    await this.publish('admin', operatorId);
    return this.latest();
  }

  /**
   * The worker's schedule: a snapshot when the newest is PROOF_INTERVAL_HOURS
   * old (checked again under the lock, so two workers make one). Returns the
   * new snapshot's id, or null when none was due.
   */
  async publishIfDue(): Promise<string | null> {
    if ((await this.dueKey()) === null) return null;
    return this.publish('schedule', null);
  }

  /**
   * Null when no scheduled snapshot is due; otherwise a key naming the
   * snapshot it follows, so the sweeper's repeated enqueues collapse into one
   * job per due snapshot.
   */
  async dueKey(): Promise<string | null> {
    const hours = this.config.PROOF_INTERVAL_HOURS;
    if (hours === 0) return null;
    const newest = await this.proofs.newest();
    if (newest && Date.now() - newest.created_at.getTime() < hours * 3_600_000) return null;
    return `proof-after-${newest?.id ?? 0}`;
  }

  private async publish(
    trigger: 'schedule' | 'admin',
    requestedBy: number | null,
  ): Promise<string | null> {
    const reserves = await this.reserves.read();
    return this.proofs.whileLocked(PROOF_LOCK, async (runner) => {
      if (trigger === 'schedule' && (await this.dueKey()) === null) return null;
      // One snapshot of the database for the balances and the ledger's total.
      await runner.startTransaction('REPEATABLE READ');
      try {
        const { id, root } = await this.build(runner.manager, reserves, trigger, requestedBy);
        await runner.commitTransaction();
        // Audited after the snapshot's REPEATABLE READ transaction: appending
        // to the audit chain updates its head row, which operators' actions
        // during the build have moved on, and a repeatable-read writer would
        // be refused for that ("could not serialize access").
        if (requestedBy !== null) await this.auditPublish(requestedBy, id, root);
        return id;
      } catch (error) {
        await runner.rollbackTransaction();
        throw error;
      }
    });
  }

  /**
   * Streams every member (by id) with their money balance into buckets,
   * keeping one bucket and one node per level of the tree above in memory;
   * refuses to publish when the root's sum is not the ledger's member
   * liabilities read in the same transaction.
   */
  private async build(
    db: EntityManager,
    reserves: Reserves,
    trigger: 'schedule' | 'admin',
    requestedBy: number | null,
  ): Promise<{ id: string; root: { hash: string; sum: bigint } }> {
    const started = Date.now();
    const liabilities = await this.ledger.memberMoneyTotal(db);
    const deposits = reserves.deposits.reduce((sum, a) => sum + a.balanceMicro, 0n);
    const id = await this.proofs.insertSnapshot(db, {
      bucketBits: BUCKET_BITS,
      block: reserves.block,
      lastBlock: reserves.lastBlock,
      hotWalletAddress: reserves.hotWallet?.address ?? null,
      hotWalletMicro: reserves.hotWallet?.balanceMicro ?? 0n,
      depositAddressesMicro: deposits,
      trigger,
      requestedBy,
    });
    const top = new SumTreeBuilder(nodeSha256Hex);
    let bucket: StoredLeaf[] = [];
    let pending: BucketRow[] = [];
    let leaves = 0;
    const flush = () => {
      const root = rootOf(bucket.map(leafOf), nodeSha256Hex);
      pending.push({
        bucket: top.size,
        firstMemberId: bucket[0].memberId,
        rootHash: root.hash,
        rootSum: root.sum,
        leaves: packLeaves(bucket),
      });
      top.push(root);
      bucket = [];
    };
    for (let after = 0; ;) {
      const ids = await this.users.idsAfter(after, READ_BATCH, db);
      if (ids.length === 0) break;
      const balances = await this.ledger.moneyBalancesBetween(db, ids[0], ids[ids.length - 1]);
      // New salts for every snapshot: 32 random bytes per member.
      const salts = randomBytes(32 * ids.length);
      ids.forEach((memberId, i) => {
        bucket.push({
          memberId,
          balanceMicro: balances.get(memberId) ?? 0n,
          salt: salts.subarray(i * 32, i * 32 + 32),
        });
        if (bucket.length === BUCKET_SIZE) flush();
      });
      leaves += ids.length;
      after = ids[ids.length - 1];
      if (pending.length >= WRITE_BATCH) {
        await this.proofs.insertBuckets(db, id, pending);
        pending = [];
      }
    }
    if (bucket.length > 0) flush();
    await this.proofs.insertBuckets(db, id, pending);
    const root = top.root();
    if (root.sum !== liabilities) {
      throw new ProofMismatchError(
        `the tree's total ${root.sum} is not the ledger's member liabilities ${liabilities}`,
      );
    }
    await this.proofs.finishSnapshot(db, id, { hash: root.hash, sum: root.sum, leaves });
    await this.proofs.insertAddresses(db, id, [
      ...(reserves.hotWallet ? [reserves.hotWallet] : []),
      ...reserves.deposits,
    ]);
    // The operators' audit as of the same moment, published with the proof.
    await this.audit.publishHead(db, id);
    if (this.config.PROOF_KEEP_SNAPSHOTS > 0) {
      await this.proofs.prune(db, this.config.PROOF_KEEP_SNAPSHOTS);
    }
    this.logger.log(
      `proof of liabilities ${id}: ${leaves} members, total ${root.sum} micro, block ${reserves.block}, ${Date.now() - started} ms`,
    );
    return { id, root: { hash: root.hash, sum: root.sum } };
  }

  private async auditPublish(operatorId: number, id: string, root: { hash: string; sum: bigint }) {
    await this.dataSource.transaction((db) =>
      this.audit.record(db, operatorId, 'proof.publish', null, {
        snapshot_id: Number(id),
        root_hash: root.hash,
        total_micro: root.sum.toString(),
      }),
    );
  }

  async latest(): Promise<LatestProof> {
    const snapshot = await this.proofs.latest();
    if (!snapshot) throw new AppError('PROOF_NOT_PUBLISHED');
    return this.view(snapshot);
  }

  /** Recent snapshots with their reserves against the tree's total, newest first. */
  async history(limit = 30): Promise<AdminProofSnapshot[]> {
    const rows = await this.proofs.list(limit);
    return Promise.all(
      rows.map(async (row) => {
        const view = await this.view(row);
        const surplus =
          BigInt(row.hot_wallet_micro) +
          BigInt(row.deposit_addresses_micro) -
          BigInt(row.total_micro);
        return {
          ...view,
          id: Number(row.id),
          last_block: Number(row.last_block_number),
          trigger: row.trigger,
          requested_by: row.requested_by,
          paths_kept: !row.pruned,
          surplus: microToNumber(surplus),
          covered: surplus >= 0n,
        };
      }),
    );
  }

  private async view(row: SnapshotRow): Promise<LatestProof> {
    const hot = BigInt(row.hot_wallet_micro);
    const deposits = BigInt(row.deposit_addresses_micro);
    const addresses = await this.proofs.addresses(row.id);
    return {
      root_hash: row.root_hash,
      total_micro: row.total_micro,
      leaves: row.leaves,
      block: Number(row.block_number),
      reserves: {
        hot_wallet: microToNumber(hot),
        deposit_addresses: microToNumber(deposits),
        total: microToNumber(hot + deposits),
        hot_wallet_address: row.hot_wallet_address,
        addresses: addresses.map((a) => ({
          address: a.address,
          kind: a.kind,
          balance: microToNumber(BigInt(a.balance_micro)),
        })),
      },
      created_at: row.created_at.toISOString(),
      audit_head: await this.audit.publishedHead(row.id),
    };
  }

  /**
   * The member's leaf and path in the latest snapshot: one bucket read, its
   * subtree recomputed, then the tree over bucket roots (kept in memory).
   * The answer is checked against the root before it leaves.
   */
  async memberProof(userId: number): Promise<MemberProofResponse> {
    const snapshot = await this.proofs.latest();
    if (!snapshot) throw new AppError('PROOF_NOT_PUBLISHED');
    const found = await this.proofs.bucketOf(snapshot.id, userId);
    const leaves = found ? unpackLeaves(found.leaves) : [];
    const index = findLeaf(leaves, userId);
    if (!found || index < 0) throw new AppError('PROOF_NOT_INCLUDED');
    const inner = pathFromLevels(treeLevels(leaves.map(leafOf), nodeSha256Hex), index);
    const outer = pathFromLevels(await this.topLevels(snapshot.id), found.bucket);
    const proof = {
      root_hash: snapshot.root_hash,
      total_micro: snapshot.total_micro,
      leaf: {
        member_id: userId,
        balance_micro: leaves[index].balanceMicro.toString(),
        salt: leaves[index].salt.toString('hex'),
      },
      path: [...inner, ...outer],
    };
    const check = verifyMemberProof(proof, nodeSha256Hex);
    if (!check.ok) throw new Error(`proof of liabilities ${snapshot.id}: ${check.reason}`);
    return { ...proof, created_at: snapshot.created_at.toISOString() };
  }

  private topLevels(snapshotId: string): Promise<SumNode[][]> {
    if (this.top?.snapshotId !== snapshotId) {
      const levels = this.proofs
        .bucketRoots(snapshotId)
        .then((roots) => treeLevels(roots, nodeSha256Hex));
      levels.catch(() => (this.top = null));
      this.top = { snapshotId, levels };
    }
    return this.top.levels;
  }
}
