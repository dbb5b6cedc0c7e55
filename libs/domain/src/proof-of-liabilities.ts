import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Proof of liabilities: a Merkle sum tree over every member's liability (the
 * E-Wallet plus withdrawals requested and not yet sent), in the exact formats
 * of spec/contract sections 9 and 11, so that a member (or anyone holding a
 * member's proof) can recompute the root with a few lines of any language:
 * - each member's liability is split into random parts, one leaf each:
 *   leaf = sha256("leaf|" + leaf_id + "|" + amount_micro + "|" + salt), sum amount_micro;
 * - parent = sha256("node|" + left_hash + "|" + left_sum + "|" + right_hash + "|" + right_sum),
 *   sum left_sum + right_sum; a last node without a partner is carried up unchanged;
 * - the parts and zero padding leaves (up to a power of two) are shuffled anew
 *   for every snapshot, so a path's siblings are random parts, never a
 *   neighbour's balance;
 * - a part's `leaf_id` is sha256("owner|" + member_id + "|" + salt): 32 bytes
 *   nobody can link to a member without the salt, which only that member
 *   learns, and which lets the member check the leaf names them (no leaf can
 *   be shown to two members). Padding leaves have random ids.
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

/** One step from the leaf towards the root: the sibling, and on which side it stands. */
export interface ProofStep {
  hash: string;
  sum_micro: string;
  side: 'left' | 'right';
}

/** One of a member's parts as their proof shows it (amounts as decimal strings). */
export interface ProofLeaf {
  leaf_id: string;
  amount_micro: string;
  salt: string;
  path: ProofStep[];
}

/** A withdrawal counted in the member's liability: requested and not yet sent at the snapshot. */
export interface ProofPendingWithdrawal {
  /** The withdrawal's record, as `GET /balance` lists it. */
  id: number;
  amount_micro: string;
}

/**
 * A member's proof (`GET /users/me/proof`, contract section 11): the parts
 * add up to `balance_micro`, the member's liability at the snapshot, which
 * is `e_wallet_micro` plus the pending withdrawals listed.
 */
export interface MemberProof {
  root_hash: string;
  total_micro: string;
  balance_micro: string;
  leaves: ProofLeaf[];
  member_id: number;
  e_wallet_micro: string;
  pending_withdrawals: ProofPendingWithdrawal[];
  /** When the snapshot was made: the moment the member's statement is read at. */
  created_at: string;
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

/** A leaf: one part of a member's liability, or a zero padding leaf. */
export function leafNode(
  leafId: string,
  amountMicro: bigint,
  salt: string,
  hash: Sha256Hex = sha256Hex,
): SumNode {
  if (amountMicro < 0n) throw new RangeError('a part of a liability is never negative');
  return { hash: hash(`leaf|${leafId}|${amountMicro}|${salt}`), sum: amountMicro };
}

/** The id of a member's part: binds the leaf to its member through its salt. */
export function ownedLeafId(memberId: number, salt: string, hash: Sha256Hex = sha256Hex): string {
  return hash(`owner|${memberId}|${salt}`);
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
 * Recomputes the root from each of a member's parts and its path and
 * compares it (hash and sum) with the published root; the parts must be
 * distinct leaves (paths to different positions: one leaf shown twice would
 * count a part twice) that add up to `balance_micro`. Rejects anything not in
 * the contract's exact forms, and negative or oversized sums, which a sum
 * tree must never carry (a negative sibling would hide liabilities).
 */
export function verifyMemberProof(proof: MemberProof, hash: Sha256Hex = sha256Hex): ProofCheck {
  if (!proof || typeof proof !== 'object') return fail('the proof is not an object');
  if (!HASH_PATTERN.test(proof.root_hash)) return fail('root_hash is not 64 lowercase hex digits');
  if (!MICRO_PATTERN.test(proof.total_micro)) return fail('total_micro is not a decimal integer');
  if (!MICRO_PATTERN.test(proof.balance_micro))
    return fail('balance_micro is not a decimal integer');
  if (!Array.isArray(proof.leaves) || proof.leaves.length === 0 || proof.leaves.length > MAX_PARTS)
    return fail('leaves is not a list of parts');
  const total = BigInt(proof.total_micro);
  const positions = new Set<string>();
  let parts = 0n;
  for (const [i, leaf] of proof.leaves.entries()) {
    const checked = leafToRoot(leaf, total, hash, `leaves[${i}]`);
    if ('reason' in checked) return fail(checked.reason);
    if (checked.node.hash !== proof.root_hash)
      return fail(`leaves[${i}]: the path does not lead to root_hash`);
    if (checked.node.sum !== total)
      return fail(`leaves[${i}]: the sums do not add up to total_micro`);
    if (positions.has(checked.position)) return fail(`leaves[${i}] is another part's leaf again`);
    positions.add(checked.position);
    parts += BigInt(leaf.amount_micro);
  }
  if (parts !== BigInt(proof.balance_micro))
    return fail('the parts do not add up to balance_micro');
  return { ok: true };
}

/** Parts per member a proof may show: more is not a proof of this club's form. */
const MAX_PARTS = 64;

function leafToRoot(
  leaf: ProofLeaf,
  total: bigint,
  hash: Sha256Hex,
  at: string,
): { node: SumNode; position: string } | { reason: string } {
  if (!leaf || !HASH_PATTERN.test(leaf.leaf_id ?? ''))
    return { reason: `${at}.leaf_id is not 64 lowercase hex digits` };
  if (!MICRO_PATTERN.test(leaf.amount_micro ?? ''))
    return { reason: `${at}.amount_micro is not a decimal integer` };
  if (!PROOF_SALT_PATTERN.test(leaf.salt ?? ''))
    return { reason: `${at}.salt is not 32 bytes of lowercase hex` };
  if (!Array.isArray(leaf.path) || leaf.path.length > MAX_PATH)
    return { reason: `${at}.path is not a list of steps` };
  let node = leafNode(leaf.leaf_id, BigInt(leaf.amount_micro), leaf.salt, hash);
  // The leaf's position, read from the sides from the top down: 1 where the node is the right child.
  let position = '';
  for (const [i, step] of leaf.path.entries()) {
    if (!HASH_PATTERN.test(step?.hash ?? ''))
      return { reason: `${at}.path[${i}].hash is not a hash` };
    if (!MICRO_PATTERN.test(step.sum_micro ?? ''))
      return { reason: `${at}.path[${i}].sum_micro is not a decimal integer` };
    const sibling = { hash: step.hash, sum: BigInt(step.sum_micro) };
    if (step.side === 'left') node = parentNode(sibling, node, hash);
    else if (step.side === 'right') node = parentNode(node, sibling, hash);
    else return { reason: `${at}.path[${i}].side is neither left nor right` };
    position = (step.side === 'left' ? '1' : '0') + position;
    if (node.sum > total) return { reason: `${at}: the sums exceed the total at path[${i}]` };
  }
  return { node, position };
}

const fail = (reason: string): ProofCheck => ({ ok: false, reason });

/** A figure of the member's proof that is not what their own records say. */
export type ProofMismatch =
  /** Leaves whose id does not name this member (another member's proof). */
  | { figure: 'owner'; leaves: number }
  /** The E-Wallet at the snapshot: the proof's against the statement's. */
  | { figure: 'e_wallet'; proof: bigint; statement: bigint }
  /** Withdrawals requested and not yet sent: the proof's against the member's records. */
  | { figure: 'pending'; proof: bigint; statement: bigint }
  /** The whole liability, when the proof's own figures do not add up. */
  | { figure: 'balance'; proof: bigint; statement: bigint };

/** A withdrawal as the member's records (`GET /balance`) show it. */
export interface MemberWithdrawal {
  id: number;
  amount_micro: bigint;
  /** Still requested and not yet sent or refunded (the record's `under_review`). */
  open: boolean;
  created_at: string;
}

/**
 * Binds a proof to the member who checks it (contract section 11): every
 * leaf names them, the E-Wallet part is their statement's balance at the
 * snapshot, and the pending part is their own withdrawals requested by then
 * and not yet sent. Each listed withdrawal must be theirs, of its amount and
 * requested by the snapshot; each one still open now and requested by then
 * must be listed (one sent since may be listed or not: the records do not
 * say when it was sent). Returns what differs, empty when nothing does.
 */
export function proofMismatches(
  proof: MemberProof,
  own: { memberId: number; eWalletAtSnapshot: bigint; withdrawals: readonly MemberWithdrawal[] },
  hash: Sha256Hex = sha256Hex,
): ProofMismatch[] {
  const out: ProofMismatch[] = [];
  const foreign = proof.leaves.filter(
    (leaf) => leaf.leaf_id !== ownedLeafId(own.memberId, leaf.salt, hash),
  ).length;
  if (foreign > 0 || proof.member_id !== own.memberId) {
    out.push({ figure: 'owner', leaves: foreign || proof.leaves.length });
  }
  const eWallet = BigInt(proof.e_wallet_micro);
  if (eWallet !== own.eWalletAtSnapshot) {
    out.push({ figure: 'e_wallet', proof: eWallet, statement: own.eWalletAtSnapshot });
  }
  const at = Date.parse(proof.created_at);
  const byId = new Map(own.withdrawals.map((w) => [w.id, w]));
  const listed = new Set(proof.pending_withdrawals.map((w) => w.id));
  const proofPending = proof.pending_withdrawals.reduce((s, w) => s + BigInt(w.amount_micro), 0n);
  // What the member's records support: the listed ones that are theirs as listed, plus any open one left out.
  let recordsPending = 0n;
  let wrong = false;
  for (const w of proof.pending_withdrawals) {
    const record = byId.get(w.id);
    const matches =
      record !== undefined &&
      record.amount_micro === BigInt(w.amount_micro) &&
      Date.parse(record.created_at) <= at;
    if (matches) recordsPending += record.amount_micro;
    else wrong = true;
  }
  for (const w of own.withdrawals) {
    if (w.open && Date.parse(w.created_at) <= at && !listed.has(w.id)) {
      recordsPending += w.amount_micro;
      wrong = true;
    }
  }
  if (wrong || recordsPending !== proofPending) {
    out.push({ figure: 'pending', proof: proofPending, statement: recordsPending });
  }
  const balance = BigInt(proof.balance_micro);
  if (balance !== eWallet + proofPending) {
    out.push({
      figure: 'balance',
      proof: balance,
      statement: own.eWalletAtSnapshot + recordsPending,
    });
  }
  return out;
}
