import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Proof of liabilities: a Merkle sum tree over every member's E-Wallet
 * balance, in the exact formats of spec/contract section 9, so that a member
 * (or anyone holding a member's proof) can recompute the root with a few
 * lines of any language:
 * - leaf = sha256("leaf|" + member_id + "|" + balance_micro + "|" + salt), sum balance_micro;
 * - parent = sha256("node|" + left_hash + "|" + left_sum + "|" + right_hash + "|" + right_sum),
 *   sum left_sum + right_sum;
 * - leaves ordered by member id; a last node without a partner is carried up unchanged.
 * Hashes are lowercase hex SHA-256 of UTF-8 text; amounts integer micro-USDT.
 */

/** SHA-256 of UTF-8 text as lowercase hex. The server passes node:crypto's (faster). */
export type Sha256Hex = (text: string) => string;

/** The portable hash (browser and Node alike). */
export const sha256Hex: Sha256Hex = (text) => bytesToHex(sha256(utf8ToBytes(text)));

export interface SumNode {
  hash: string;
  sum: bigint;
}

/** A leaf as a member's proof shows it (amounts as decimal strings). */
export interface ProofLeaf {
  member_id: number;
  balance_micro: string;
  salt: string;
}

/** One step from the leaf towards the root: the sibling, and on which side it stands. */
export interface ProofStep {
  hash: string;
  sum_micro: string;
  side: 'left' | 'right';
}

export interface MemberProof {
  root_hash: string;
  total_micro: string;
  leaf: ProofLeaf;
  path: ProofStep[];
}

/** 32 random bytes in hex, as the contract fixes the salt's form. */
export const PROOF_SALT_PATTERN = /^[0-9a-f]{64}$/;
const HASH_PATTERN = /^[0-9a-f]{64}$/;
const MICRO_PATTERN = /^(0|[1-9][0-9]*)$/;
/** Deeper than any tree of 2^64 leaves: a longer path is not a proof. */
const MAX_PATH = 64;

/**
 * The root of a tree without leaves (no member yet): not fixed by the
 * contract; a hash no leaf or parent text can produce, with sum 0.
 */
export const EMPTY_TREE_ROOT_TEXT = 'empty';

export function leafNode(
  memberId: number,
  balanceMicro: bigint,
  salt: string,
  hash: Sha256Hex = sha256Hex,
): SumNode {
  if (balanceMicro < 0n) throw new RangeError('a member balance is never negative');
  return { hash: hash(`leaf|${memberId}|${balanceMicro}|${salt}`), sum: balanceMicro };
}

export function parentNode(left: SumNode, right: SumNode, hash: Sha256Hex = sha256Hex): SumNode {
  return {
    hash: hash(`node|${left.hash}|${left.sum}|${right.hash}|${right.sum}`),
    sum: left.sum + right.sum,
  };
}

/** The level above `nodes`: pairs joined, a last node without a partner carried up unchanged. */
export function nextLevel(nodes: readonly SumNode[], hash: Sha256Hex = sha256Hex): SumNode[] {
  const up: SumNode[] = [];
  for (let i = 0; i + 1 < nodes.length; i += 2) up.push(parentNode(nodes[i], nodes[i + 1], hash));
  if (nodes.length % 2 === 1) up.push(nodes[nodes.length - 1]);
  return up;
}

/** Every level from the leaves (`[0]`) to the root (the last, one node); `[[]]` for no leaves. */
export function treeLevels(leaves: readonly SumNode[], hash: Sha256Hex = sha256Hex): SumNode[][] {
  const levels: SumNode[][] = [[...leaves]];
  while (levels[levels.length - 1].length > 1) {
    levels.push(nextLevel(levels[levels.length - 1], hash));
  }
  return levels;
}

export function emptyTreeRoot(hash: Sha256Hex = sha256Hex): SumNode {
  return { hash: hash(EMPTY_TREE_ROOT_TEXT), sum: 0n };
}

/** The root of the tree over `leaves`. */
export function rootOf(leaves: readonly SumNode[], hash: Sha256Hex = sha256Hex): SumNode {
  if (leaves.length === 0) return emptyTreeRoot(hash);
  const levels = treeLevels(leaves, hash);
  return levels[levels.length - 1][0];
}

/**
 * The siblings from leaf `index` up to the root of `levels` (as treeLevels
 * gives them). A level where the node has no partner adds no step.
 */
export function pathFromLevels(levels: readonly SumNode[][], index: number): ProofStep[] {
  if (!Number.isInteger(index) || index < 0 || index >= levels[0].length) {
    throw new RangeError(`no leaf ${index} in a tree of ${levels[0].length}`);
  }
  const path: ProofStep[] = [];
  let i = index;
  for (let level = 0; level < levels.length - 1; level++) {
    const nodes = levels[level];
    const sibling = i % 2 === 0 ? i + 1 : i - 1;
    if (sibling < nodes.length) {
      path.push({
        hash: nodes[sibling].hash,
        sum_micro: nodes[sibling].sum.toString(),
        side: i % 2 === 0 ? 'right' : 'left',
      });
    }
    i = Math.floor(i / 2);
  }
  return path;
}

/**
 * Builds the root from leaves pushed one at a time in order, keeping only one
 * node per level (a binary counter), so a million leaves need no array of a
 * million nodes. Gives the same root as treeLevels: the complete subtrees
 * left at the end are joined from the right, which is the carry-up rule.
 */
export class SumTreeBuilder {
  /** stack[level]: a complete subtree of 2^level leaves waiting for its partner. */
  private readonly stack: (SumNode | undefined)[] = [];
  private count = 0;

  constructor(private readonly hash: Sha256Hex = sha256Hex) {}

  get size(): number {
    return this.count;
  }

  push(node: SumNode): void {
    let carry = node;
    let level = 0;
    while (this.stack[level]) {
      carry = parentNode(this.stack[level]!, carry, this.hash);
      this.stack[level] = undefined;
      level++;
    }
    this.stack[level] = carry;
    this.count++;
  }

  root(): SumNode {
    let right: SumNode | undefined;
    for (const node of this.stack) {
      if (!node) continue;
      right = right ? parentNode(node, right, this.hash) : node;
    }
    return right ?? emptyTreeRoot(this.hash);
  }
}

export type ProofCheck = { ok: true } | { ok: false; reason: string };

/**
 * Recomputes the root from a member's leaf and path and compares it (hash
 * and sum) with the published root. Rejects anything not in the contract's
 * exact forms, and negative or oversized sums, which a sum tree must never
 * carry (a negative sibling would hide liabilities).
 */
export function verifyMemberProof(proof: MemberProof, hash: Sha256Hex = sha256Hex): ProofCheck {
  const { leaf, path } = proof;
  if (!HASH_PATTERN.test(proof.root_hash)) return fail('root_hash is not 64 lowercase hex digits');
  if (!MICRO_PATTERN.test(proof.total_micro)) return fail('total_micro is not a decimal integer');
  if (!leaf || !Number.isSafeInteger(leaf.member_id) || leaf.member_id < 0) {
    return fail('leaf.member_id is not a whole number');
  }
  if (!MICRO_PATTERN.test(leaf.balance_micro))
    return fail('leaf.balance_micro is not a decimal integer');
  if (!PROOF_SALT_PATTERN.test(leaf.salt))
    return fail('leaf.salt is not 32 bytes of lowercase hex');
  if (!Array.isArray(path) || path.length > MAX_PATH) return fail('path is not a list of steps');
  const total = BigInt(proof.total_micro);
  let node = leafNode(leaf.member_id, BigInt(leaf.balance_micro), leaf.salt, hash);
  for (const [i, step] of path.entries()) {
    if (!HASH_PATTERN.test(step?.hash ?? '')) return fail(`path[${i}].hash is not a hash`);
    if (!MICRO_PATTERN.test(step.sum_micro ?? ''))
      return fail(`path[${i}].sum_micro is not a decimal integer`);
    const sibling = { hash: step.hash, sum: BigInt(step.sum_micro) };
    if (step.side === 'left') node = parentNode(sibling, node, hash);
    else if (step.side === 'right') node = parentNode(node, sibling, hash);
    else return fail(`path[${i}].side is neither left nor right`);
    if (node.sum > total) return fail(`the sums exceed the total at path[${i}]`);
  }
  if (node.hash !== proof.root_hash) return fail('the path does not lead to root_hash');
  if (node.sum !== total) return fail('the sums do not add up to total_micro');
  return { ok: true };
}

const fail = (reason: string): ProofCheck => ({ ok: false, reason });
