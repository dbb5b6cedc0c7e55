import { createHash, randomFillSync } from 'node:crypto';
import { leafNode, Sha256Hex, SumNode } from '@app/domain';

/**
 * How a snapshot's tree is stored (contract section 11): buckets of
 * 2^BUCKET_BITS consecutive leaves by position, each leaf a part of some
 * member's liability or zero padding, shuffled, so a bucket tells nothing of
 * who is in it. The tree has a power of two leaves, so a bucket is exactly
 * the subtree under one node BUCKET_BITS levels up: a part's path is the
 * path inside its bucket, recomputed from its leaves, followed by the path
 * of the bucket's root in the tree over bucket roots. 128 leaves: about 255
 * hashes per part, two parts a proof (256 leaves made a proof twice the
 * hashing for a tree a fifth shallower; bench:proof's path goal).
 *
 * A member finds their parts through the member index: buckets of
 * INDEX_BUCKET_SIZE members by id, each entry the member's parts' positions,
 * their E-Wallet and their withdrawals pending at the snapshot.
 */
export const BUCKET_BITS = 7;
export const BUCKET_SIZE = 1 << BUCKET_BITS;
export const INDEX_BUCKET_SIZE = 256;

/**
 * Parts per member. Two, one in each half of the tree: no node below the
 * root ever holds all of one member's parts, so no sum on any path is a
 * member's whole liability.
 */
export const PARTS = 2;

/** node:crypto's SHA-256: the same digests as the domain's portable one, about 4x faster. */
export const nodeSha256Hex: Sha256Hex = (text) =>
  createHash('sha256').update(text, 'utf8').digest('hex');

export interface StoredLeaf {
  /** 32 bytes. */
  leafId: Buffer;
  amount: bigint;
  /** 32 bytes. */
  salt: Buffer;
}

/** leaf id (32 bytes), amount (uint64), salt (32 bytes), big-endian. */
const LEAF_BYTES = 32 + 8 + 32;

/** A leaf as the snapshot builds it: its id and salt as the hex its hash is made of. */
export interface HexLeaf {
  leafId: string;
  amount: bigint;
  salt: string;
}

export function packLeaves(leaves: readonly HexLeaf[]): Buffer {
  const out = Buffer.allocUnsafe(leaves.length * LEAF_BYTES);
  leaves.forEach((leaf, i) => {
    const at = i * LEAF_BYTES;
    out.write(leaf.leafId, at, 32, 'hex');
    out.writeBigUInt64BE(leaf.amount, at + 32);
    out.write(leaf.salt, at + 40, 32, 'hex');
  });
  return out;
}

export function unpackLeaves(bytes: Buffer): StoredLeaf[] {
  if (bytes.length % LEAF_BYTES !== 0) throw new Error('a proof bucket of the wrong length');
  const leaves: StoredLeaf[] = [];
  for (let at = 0; at < bytes.length; at += LEAF_BYTES) {
    leaves.push({
      leafId: bytes.subarray(at, at + 32),
      amount: bytes.readBigUInt64BE(at + 32),
      salt: bytes.subarray(at + 40, at + LEAF_BYTES),
    });
  }
  return leaves;
}

export function leafOf(leaf: StoredLeaf): SumNode {
  return leafNode(
    leaf.leafId.toString('hex'),
    leaf.amount,
    leaf.salt.toString('hex'),
    nodeSha256Hex,
  );
}

/** A member's entry in the index: where their parts are and what their liability was made of. */
export interface IndexEntry {
  memberId: number;
  eWallet: bigint;
  positions: number[];
  pending: { recordId: number; amount: bigint }[];
}

/**
 * member id (uint32), E-Wallet (uint64), parts (uint8) and their positions
 * (uint32 each), pending withdrawals (uint16) and each one's record id and
 * amount (uint64 each), big-endian.
 */
export function packIndex(entries: readonly IndexEntry[]): Buffer {
  const size = entries.reduce((n, e) => n + 15 + 4 * e.positions.length + 16 * e.pending.length, 0);
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const e of entries) {
    at = out.writeUInt32BE(e.memberId, at);
    at = out.writeBigUInt64BE(e.eWallet, at);
    at = out.writeUInt8(e.positions.length, at);
    for (const position of e.positions) at = out.writeUInt32BE(position, at);
    at = out.writeUInt16BE(e.pending.length, at);
    for (const w of e.pending) {
      at = out.writeBigUInt64BE(BigInt(w.recordId), at);
      at = out.writeBigUInt64BE(w.amount, at);
    }
  }
  return out;
}

/** The entry of `memberId` in a packed index bucket, or null. */
export function findIndexEntry(bytes: Buffer, memberId: number): IndexEntry | null {
  let at = 0;
  while (at < bytes.length) {
    const id = bytes.readUInt32BE(at);
    const eWallet = bytes.readBigUInt64BE(at + 4);
    const parts = bytes.readUInt8(at + 12);
    at += 13;
    const positions: number[] = [];
    for (let i = 0; i < parts; i++, at += 4) positions.push(bytes.readUInt32BE(at));
    const count = bytes.readUInt16BE(at);
    at += 2;
    const pending: IndexEntry['pending'] = [];
    for (let i = 0; i < count; i++, at += 16) {
      pending.push({
        recordId: Number(bytes.readBigUInt64BE(at)),
        amount: bytes.readBigUInt64BE(at + 8),
      });
    }
    if (id === memberId) return { memberId, eWallet, positions, pending };
    if (id > memberId) return null;
  }
  return null;
}

/** Leaves for `members` members: two parts each, padded up to a power of two (0 for none). */
export function leafCount(members: number): number {
  if (members === 0) return 0;
  let n = 2;
  while (n < PARTS * members) n *= 2;
  return n;
}

/**
 * Cryptographic randomness drawn from a buffer refilled 64 KiB at a time:
 * a million members need millions of draws, and one call of the generator
 * per draw would cost more than the hashing.
 */
export class RandomPool {
  private readonly buffer = Buffer.allocUnsafe(65_536);
  private at = this.buffer.length;

  /** `n` random bytes as lowercase hex. */
  hex(n: number): string {
    if (this.at + n > this.buffer.length) {
      randomFillSync(this.buffer);
      this.at = 0;
    }
    const out = this.buffer.toString('hex', this.at, this.at + n);
    this.at += n;
    return out;
  }

  private uint32(): number {
    if (this.at + 4 > this.buffer.length) {
      randomFillSync(this.buffer);
      this.at = 0;
    }
    const value = this.buffer.readUInt32BE(this.at);
    this.at += 4;
    return value;
  }

  private uint64(): bigint {
    if (this.at + 8 > this.buffer.length) {
      randomFillSync(this.buffer);
      this.at = 0;
    }
    const value = this.buffer.readBigUInt64BE(this.at);
    this.at += 8;
    return value;
  }

  /** Uniform in [0, n), n <= 2^32 (rejection sampling: no modulo bias). */
  below(n: number): number {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const value = this.uint32();
      if (value < limit) return value % n;
    }
  }

  /** Uniform in [0, n), 0 < n <= 2^64. */
  belowBig(n: bigint): bigint {
    const space = 1n << 64n;
    const limit = space - (space % n);
    for (;;) {
      const value = this.uint64();
      if (value < limit) return value % n;
    }
  }

  /** [from, to) in a uniformly random order (Fisher-Yates). */
  shuffledRange(from: number, to: number): Uint32Array {
    const out = new Uint32Array(to - from);
    for (let i = 0; i < out.length; i++) out[i] = from + i;
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      const swap = out[i];
      out[i] = out[j];
      out[j] = swap;
    }
    return out;
  }

  /**
   * A random first part of `liability`; the second is the rest. Both at
   * least 1 micro-USDT when the liability allows, so neither part alone is
   * the whole.
   */
  firstPart(liability: bigint): bigint {
    if (liability < 2n) return liability === 0n ? 0n : this.belowBig(2n);
    return 1n + this.belowBig(liability - 1n);
  }
}
