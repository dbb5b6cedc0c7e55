import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  type MemberProof,
  leafNode,
  microToNumber,
  ownedLeafId,
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
import { WithdrawalsService } from '../withdrawals/withdrawals.service';
import {
  BUCKET_BITS,
  BUCKET_SIZE,
  findIndexEntry,
  INDEX_BUCKET_SIZE,
  IndexEntry,
  leafCount,
  leafOf,
  nodeSha256Hex,
  packIndex,
  packLeaves,
  RandomPool,
  HexLeaf,
  unpackLeaves,
} from './proof-buckets';
import { AdminProofSnapshot, LatestProof, MemberProofResponse } from './proofs.dto';
import { BucketRow, ProofsRepository, SnapshotRow } from './proofs.repository';
import { Reserves, ReservesReader } from './reserves.reader';

/** One snapshot is built at a time (pg_advisory_lock): it is CPU and I/O heavy at a million members. */
const PROOF_LOCK = 0x70726f6f;
/** Members read per query while building (keyset pages inside one REPEATABLE READ transaction). */
const READ_BATCH = 4096;
/** Buckets (of leaves, or of the member index) written per INSERT: about 300 KB of leaves. */
const WRITE_BATCH = 32;

/** The tree's total disagrees with the ledger: nothing is published. */
export class ProofMismatchError extends Error {}

/**
 * Proof of liabilities (spec/contract sections 9 and 11): snapshots of a
 * Merkle sum tree over every member's liability (E-Wallet plus withdrawals
 * requested and not yet sent), split into random parts and shuffled with
 * zero padding, beside the reserves on chain; each member's parts and their
 * paths to the published root.
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
    private readonly withdrawals: WithdrawalsService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * A snapshot now, on an operator's request (audited): at most one per
   * PROOF_MIN_INTERVAL_SECONDS, checked again under the lock so that two
   * requests at once make one snapshot and one 429.
   */
  async publishNow(operatorId: number): Promise<LatestProof> {
    await this.refuseTooSoon();
    await this.publish('admin', operatorId);
    return this.latest();
  }

  private async refuseTooSoon(): Promise<void> {
    const seconds = this.config.PROOF_MIN_INTERVAL_SECONDS;
    if (seconds === 0) return;
    const newest = await this.proofs.newest();
    if (!newest) return;
    const wait = newest.created_at.getTime() + seconds * 1000 - Date.now();
    if (wait > 0) {
      throw new AppError('PROOF_TOO_SOON', `A snapshot was made less than ${seconds} seconds ago`, {
        'Retry-After': String(Math.ceil(wait / 1000)),
      });
    }
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
      if (trigger === 'admin') await this.refuseTooSoon();
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
   * Streams every member (by id) with their liability: each split into two
   * random parts, one at a random free position in each half of the tree
   * (`left`, `right`: the halves' positions, shuffled); the positions left
   * over are zero padding. Then hashes the leaves in position order, bucket
   * by bucket, keeping one bucket and one node per level above in memory.
   * Refuses to publish when the root's sum is not the ledger's member
   * liabilities (money accounts plus pending_withdrawals) read in the same
   * transaction.
   */
  private async build(
    db: EntityManager,
    reserves: Reserves,
    trigger: 'schedule' | 'admin',
    requestedBy: number | null,
  ): Promise<{ id: string; root: { hash: string; sum: bigint } }> {
    const started = Date.now();
    const pendingTotal = await this.ledger.pendingWithdrawalsTotal(db);
    const liabilities = (await this.ledger.memberMoneyTotal(db)) + pendingTotal;
    const deposits = reserves.deposits.reduce((sum, a) => sum + a.balanceMicro, 0n);
    const id = await this.proofs.insertSnapshot(db, {
      bucketBits: BUCKET_BITS,
      block: reserves.block,
      lastBlock: reserves.lastBlock,
      hotWalletAddress: reserves.hotWallet?.address ?? null,
      hotWalletMicro: reserves.hotWallet?.balanceMicro ?? 0n,
      coldWalletAddress: reserves.coldWallet?.address ?? null,
      coldWalletMicro: reserves.coldWallet?.balanceMicro ?? 0n,
      depositAddressesMicro: deposits,
      trigger,
      requestedBy,
    });
    const members = await this.users.count(db);
    const leaves = leafCount(members);
    const random = new RandomPool();
    const { amounts, owners } = await this.placeParts(db, id, members, leaves, random);
    const root = await this.hashLeaves(db, id, amounts, owners, random);
    if (root.sum !== liabilities) {
      throw new ProofMismatchError(
        `the tree's total ${root.sum} is not the ledger's member liabilities ${liabilities}`,
      );
    }
    await this.proofs.finishSnapshot(db, id, {
      hash: root.hash,
      sum: root.sum,
      leaves,
      members,
      pending: pendingTotal,
    });
    await this.proofs.insertAddresses(db, id, [
      ...(reserves.hotWallet ? [reserves.hotWallet] : []),
      ...(reserves.coldWallet ? [reserves.coldWallet] : []),
      ...reserves.deposits,
    ]);
    // The operators' audit as of the same moment, published with the proof.
    await this.audit.publishHead(db, id);
    if (this.config.PROOF_KEEP_SNAPSHOTS > 0) {
      await this.proofs.prune(db, this.config.PROOF_KEEP_SNAPSHOTS);
    }
    this.logger.log(
      `proof of liabilities ${id}: ${members} members in ${leaves} leaves, total ${root.sum} micro, block ${reserves.block}, ${Date.now() - started} ms`,
    );
    return { id, root: { hash: root.hash, sum: root.sum } };
  }

  /**
   * Every member's liability as two parts at their shuffled positions
   * (`amounts`, `owners` by position; owner 0: padding), and the member
   * index written as it goes.
   */
  private async placeParts(
    db: EntityManager,
    snapshotId: string,
    members: number,
    leaves: number,
    random: RandomPool,
  ): Promise<{ amounts: BigUint64Array; owners: Uint32Array }> {
    const amounts = new BigUint64Array(leaves);
    const owners = new Uint32Array(leaves);
    const half = leaves / 2;
    const left = random.shuffledRange(0, half);
    const right = random.shuffledRange(half, leaves);
    const pending = await this.withdrawals.pendingByMember(db);
    let entries: IndexEntry[] = [];
    let rows: { first: number; entries: Buffer }[] = [];
    let placed = 0;
    for (let after = 0; ;) {
      const ids = await this.users.idsAfter(after, READ_BATCH, db);
      if (ids.length === 0) break;
      if (placed + ids.length > members) throw new ProofMismatchError('more members than counted');
      const balances = await this.ledger.moneyBalancesBetween(db, ids[0], ids[ids.length - 1]);
      for (const memberId of ids) {
        const eWallet = balances.get(memberId) ?? 0n;
        const held = pending.get(memberId) ?? [];
        const liability = held.reduce((sum, w) => sum + w.amount, eWallet);
        const first = random.firstPart(liability);
        const positions = [left[placed], right[placed]];
        amounts[positions[0]] = first;
        amounts[positions[1]] = liability - first;
        owners[positions[0]] = owners[positions[1]] = memberId;
        entries.push({ memberId, eWallet, positions, pending: held });
        placed++;
        if (entries.length === INDEX_BUCKET_SIZE) {
          rows.push({ first: entries[0].memberId, entries: packIndex(entries) });
          entries = [];
        }
      }
      after = ids[ids.length - 1];
      if (rows.length >= WRITE_BATCH) {
        await this.proofs.insertIndex(db, snapshotId, rows);
        rows = [];
      }
    }
    if (entries.length > 0) rows.push({ first: entries[0].memberId, entries: packIndex(entries) });
    await this.proofs.insertIndex(db, snapshotId, rows);
    if (placed !== members) throw new ProofMismatchError('fewer members than counted');
    return { amounts, owners };
  }

  /**
   * The leaves in position order, bucket by bucket: new salts, part ids bound
   * to their member (ownedLeafId), random ids for padding; stored and pushed
   * to the tree over bucket roots. Returns the root.
   */
  private async hashLeaves(
    db: EntityManager,
    snapshotId: string,
    amounts: BigUint64Array,
    owners: Uint32Array,
    random: RandomPool,
  ): Promise<SumNode> {
    const top = new SumTreeBuilder(nodeSha256Hex);
    let pending: BucketRow[] = [];
    for (let start = 0; start < amounts.length; start += BUCKET_SIZE) {
      const bucket: HexLeaf[] = [];
      const nodes: SumNode[] = [];
      for (let at = start; at < Math.min(start + BUCKET_SIZE, amounts.length); at++) {
        const salt = random.hex(32);
        const leafId = owners[at] ? ownedLeafId(owners[at], salt, nodeSha256Hex) : random.hex(32);
        bucket.push({ leafId, amount: amounts[at], salt });
        nodes.push(leafNode(leafId, amounts[at], salt, nodeSha256Hex));
      }
      const root = rootOf(nodes, nodeSha256Hex);
      pending.push({
        bucket: top.size,
        rootHash: root.hash,
        rootSum: root.sum,
        leaves: packLeaves(bucket),
      });
      top.push(root);
      if (pending.length >= WRITE_BATCH) {
        await this.proofs.insertBuckets(db, snapshotId, pending);
        pending = [];
      }
    }
    await this.proofs.insertBuckets(db, snapshotId, pending);
    return top.root();
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

  /** Seconds since the newest snapshot (any trigger); null before the first (/metrics). */
  newestAgeSeconds(): Promise<number | null> {
    return this.proofs.newestAgeSeconds();
  }

  /** The latest snapshot's liabilities and reserves, exact (micro-USDT), or null before the first. */
  async latestFigures(): Promise<{
    liabilities: bigint;
    reserves: bigint;
    block: number;
    createdAt: Date;
  } | null> {
    const row = await this.proofs.latest();
    if (!row) return null;
    return {
      liabilities: BigInt(row.total_micro),
      reserves: reservesOf(row),
      block: Number(row.block_number),
      createdAt: row.created_at,
    };
  }

  /** Recent snapshots with their reserves against the tree's total, newest first. */
  async history(limit = 30): Promise<AdminProofSnapshot[]> {
    const rows = await this.proofs.list(limit);
    return Promise.all(
      rows.map(async (row) => {
        const view = await this.view(row);
        const surplus = reservesOf(row) - BigInt(row.total_micro);
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
    const cold = BigInt(row.cold_wallet_micro);
    const deposits = BigInt(row.deposit_addresses_micro);
    const addresses = await this.proofs.addresses(row.id);
    return {
      root_hash: row.root_hash,
      total_micro: row.total_micro,
      leaves: row.leaves,
      members: row.members,
      pending_withdrawals_micro: row.pending_withdrawals_micro,
      block: Number(row.block_number),
      reserves: {
        hot_wallet: microToNumber(hot),
        cold_wallet: microToNumber(cold),
        deposit_addresses: microToNumber(deposits),
        total: microToNumber(reservesOf(row)),
        hot_wallet_address: row.hot_wallet_address,
        cold_wallet_address: row.cold_wallet_address,
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
   * The member's parts and their paths in the latest snapshot: one read of
   * the member index, one of the buckets holding the parts, each bucket's
   * subtree recomputed, then the tree over bucket roots (kept in memory). The
   * answer is checked against the root before it leaves.
   */
  async memberProof(userId: number): Promise<MemberProofResponse> {
    const snapshot = await this.proofs.latest();
    if (!snapshot) throw new AppError('PROOF_NOT_PUBLISHED');
    const index = await this.proofs.indexOf(snapshot.id, userId);
    const entry = index && findIndexEntry(index, userId);
    if (!entry) throw new AppError('PROOF_NOT_INCLUDED');
    // The snapshot's own bucket size: the one it was built with.
    const size = 1 << snapshot.bucket_bits;
    const bucketsOf = entry.positions.map((p) => Math.floor(p / size));
    const stored = await this.proofs.buckets(snapshot.id, [...new Set(bucketsOf)]);
    const top = await this.topLevels(snapshot.id);
    const levelsOf = new Map<number, SumNode[][]>();
    const leaves = entry.positions.map((position, i) => {
      const bucket = bucketsOf[i];
      const bytes = stored.get(bucket);
      if (!bytes)
        throw new Error(`proof of liabilities ${snapshot.id}: bucket ${bucket} is missing`);
      const inBucket = unpackLeaves(bytes);
      if (!levelsOf.has(bucket))
        levelsOf.set(bucket, treeLevels(inBucket.map(leafOf), nodeSha256Hex));
      const leaf = inBucket[position % size];
      return {
        leaf_id: leaf.leafId.toString('hex'),
        amount_micro: leaf.amount.toString(),
        salt: leaf.salt.toString('hex'),
        path: [
          ...pathFromLevels(levelsOf.get(bucket)!, position % size),
          ...pathFromLevels(top, bucket),
        ],
      };
    });
    const pending = entry.pending.reduce((sum, w) => sum + w.amount, 0n);
    const proof: MemberProof = {
      root_hash: snapshot.root_hash,
      total_micro: snapshot.total_micro,
      balance_micro: (entry.eWallet + pending).toString(),
      leaves,
      member_id: userId,
      e_wallet_micro: entry.eWallet.toString(),
      pending_withdrawals: entry.pending.map((w) => ({
        id: w.recordId,
        amount_micro: w.amount.toString(),
      })),
      created_at: snapshot.created_at.toISOString(),
    };
    const check = verifyMemberProof(proof, nodeSha256Hex);
    if (!check.ok) throw new Error(`proof of liabilities ${snapshot.id}: ${check.reason}`);
    return proof;
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

/** A snapshot's reserves: hot wallet, cold account and unswept deposit addresses (micro-USDT). */
function reservesOf(row: SnapshotRow): bigint {
  return (
    BigInt(row.hot_wallet_micro) +
    BigInt(row.cold_wallet_micro) +
    BigInt(row.deposit_addresses_micro)
  );
}
