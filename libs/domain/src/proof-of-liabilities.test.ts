import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  leafNode,
  MemberProof,
  ownedLeafId,
  parentNode,
  pathFromLevels,
  proofMismatches,
  rootOf,
  sha256Hex,
  SumNode,
  SumTreeBuilder,
  treeLevels,
  verifyMemberProof,
} from './proof-of-liabilities';

/** SHA-256 written out here, to pin the exact text hashed. */
const sha = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));
const salt = (i: number) => sha(`salt ${i}`);
const leafId = (i: number) => sha(`leaf id ${i}`);

function members(n: number): { id: number; balance: bigint }[] {
  return Array.from({ length: n }, (_, i) => ({
    id: 10 + i * 3,
    balance: BigInt(i * 1_250_000 + 7),
  }));
}

function leaves(list: { id: number; balance: bigint }[]): SumNode[] {
  return list.map((m) => leafNode(leafId(m.id), m.balance, salt(m.id)));
}

/**
 * A tree of eight leaves where member 42's 12.5 USDT is split 5 + 7.5 at
 * positions 1 and 6 (their ids bound to member 42), the rest other parts and
 * zero padding.
 */
function privateTree() {
  const amounts = [3_000_000n, 5_000_000n, 0n, 11n, 2_000_000n, 0n, 7_500_000n, 900n];
  const owned = new Map([
    [1, 5_000_000n],
    [6, 7_500_000n],
  ]);
  const specs = amounts.map((amount, i) => ({
    amount,
    salt: salt(100 + i),
    id: owned.has(i) ? ownedLeafId(42, salt(100 + i)) : leafId(100 + i),
  }));
  const levels = treeLevels(specs.map((s) => leafNode(s.id, s.amount, s.salt)));
  const root = levels[levels.length - 1][0];
  const proof: MemberProof = {
    root_hash: root.hash,
    total_micro: root.sum.toString(),
    balance_micro: '12500000',
    leaves: [1, 6].map((i) => ({
      leaf_id: specs[i].id,
      amount_micro: specs[i].amount.toString(),
      salt: specs[i].salt,
      path: pathFromLevels(levels, i),
    })),
    member_id: 42,
    e_wallet_micro: '10000000',
    pending_withdrawals: [{ id: 9, amount_micro: '2500000' }],
    created_at: '2026-11-25T00:00:00.000Z',
  };
  return { proof, levels, specs };
}

describe('proof of liabilities: hash formats (spec/contract sections 9 and 11)', () => {
  it('hashes a leaf as sha256("leaf|leaf_id|amount|salt") in lowercase hex', () => {
    const s = 'ab'.repeat(32);
    const id = 'cd'.repeat(32);
    const leaf = leafNode(id, 12_500_000n, s);
    expect(leaf).toEqual({ hash: sha(`leaf|${id}|12500000|${s}`), sum: 12_500_000n });
    expect(leaf.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('names a member\'s part by sha256("owner|member_id|salt")', () => {
    const s = 'ab'.repeat(32);
    expect(ownedLeafId(42, s)).toBe(sha(`owner|42|${s}`));
    expect(ownedLeafId(43, s)).not.toBe(ownedLeafId(42, s));
  });

  it('hashes a parent as sha256("node|lh|ls|rh|rs") with the sums added', () => {
    const a = { hash: 'a'.repeat(64), sum: 5n };
    const b = { hash: 'b'.repeat(64), sum: 7n };
    expect(parentNode(a, b)).toEqual({ hash: sha(`node|${a.hash}|5|${b.hash}|7`), sum: 12n });
  });

  it('builds three leaves as node(node(a, b), c): the last one carried up unchanged', () => {
    const [a, b, c] = leaves(members(3));
    const ab = { hash: sha(`node|${a.hash}|${a.sum}|${b.hash}|${b.sum}`), sum: a.sum + b.sum };
    const root = { hash: sha(`node|${ab.hash}|${ab.sum}|${c.hash}|${c.sum}`), sum: ab.sum + c.sum };
    expect(rootOf([a, b, c])).toEqual(root);
  });

  it('gives one leaf as its own root, and a fixed root with sum 0 for none', () => {
    const [a] = leaves(members(1));
    expect(rootOf([a])).toEqual(a);
    expect(rootOf([])).toEqual({ hash: sha('empty'), sum: 0n });
  });

  it('hashes UTF-8 text to the known SHA-256 digests', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('refuses a negative part', () => {
    expect(() => leafNode(leafId(1), -1n, salt(1))).toThrow(RangeError);
  });
});

describe('proof of liabilities: the tree', () => {
  it('sums every part at the root, for even and odd counts', () => {
    for (const n of [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33]) {
      const list = members(n);
      const total = list.reduce((s, m) => s + m.balance, 0n);
      expect(rootOf(leaves(list)).sum).toBe(total);
    }
  });

  it('streams to the same root as the level-by-level tree (SumTreeBuilder)', () => {
    for (let n = 0; n <= 40; n++) {
      const nodes = leaves(members(n));
      const builder = new SumTreeBuilder(sha);
      for (const node of nodes) builder.push(node);
      expect(builder.size).toBe(n);
      expect(builder.root()).toEqual(rootOf(nodes));
    }
  });

  it('writes the sibling and its side per level, skipping a carried level', () => {
    const list = members(5);
    const nodes = leaves(list);
    const levels = treeLevels(nodes);
    // Leaf 4 has no partner up to the top: one step, the left subtree of four.
    expect(pathFromLevels(levels, 4)).toEqual([
      { hash: levels[2][0].hash, sum_micro: levels[2][0].sum.toString(), side: 'left' },
    ]);
    expect(pathFromLevels(levels, 1)[0]).toEqual({
      hash: nodes[0].hash,
      sum_micro: nodes[0].sum.toString(),
      side: 'left',
    });
    expect(pathFromLevels(levels, 0)[0].side).toBe('right');
    expect(() => pathFromLevels(levels, 5)).toThrow(RangeError);
  });
});

describe("proof of liabilities: a member's parts", () => {
  const { proof: good, levels } = privateTree();

  it('verify when each part leads to the root and the parts add up to balance_micro', () => {
    expect(verifyMemberProof(good)).toEqual({ ok: true });
  });

  it('fail on a shrunk part, whose path no longer leads to the root', () => {
    const shrunk = {
      ...good,
      leaves: good.leaves.map((l, i) => (i === 0 ? { ...l, amount_micro: '1000000' } : l)),
      balance_micro: '8500000',
    };
    expect(verifyMemberProof(shrunk)).toEqual({
      ok: false,
      reason: 'leaves[0]: the path does not lead to root_hash',
    });
  });

  it('fail when the parts do not add up to balance_micro, or one part is shown twice', () => {
    expect(verifyMemberProof({ ...good, balance_micro: '12500001' })).toEqual({
      ok: false,
      reason: 'the parts do not add up to balance_micro',
    });
    const twice = { ...good, leaves: [good.leaves[0], good.leaves[0]], balance_micro: '10000000' };
    expect(verifyMemberProof(twice)).toEqual({
      ok: false,
      reason: "leaves[1] is another part's leaf again",
    });
  });

  it('fail on a changed sibling sum, hash or side, a missing step, or a wrong total', () => {
    const path = good.leaves[1].path;
    const withPath = (p: typeof path) => ({
      ...good,
      leaves: [good.leaves[0], { ...good.leaves[1], path: p }],
    });
    const variants: MemberProof[] = [
      withPath(
        path.map((s, i) => (i === 1 ? { ...s, sum_micro: `${BigInt(s.sum_micro) + 1n}` } : s)),
      ),
      withPath(path.map((s, i) => (i === 1 ? { ...s, hash: 'f'.repeat(64) } : s))),
      withPath(
        path.map((s, i) => (i === 1 ? { ...s, side: s.side === 'left' ? 'right' : 'left' } : s)),
      ),
      withPath(path.slice(0, -1)),
      { ...good, total_micro: `${BigInt(good.total_micro) + 1n}` },
      { ...good, total_micro: '1' },
    ];
    for (const proof of variants) expect(verifyMemberProof(proof).ok).toBe(false);
  });

  it('fail on anything not in the contract forms', () => {
    const leaf = good.leaves[0];
    const bad: MemberProof[] = [
      { ...good, leaves: [{ ...leaf, path: [{ ...leaf.path[0], sum_micro: '-5' }] }] },
      { ...good, leaves: [{ ...leaf, path: [{ ...leaf.path[0], sum_micro: '+5' }] }] },
      { ...good, root_hash: good.root_hash.toUpperCase() },
      { ...good, leaves: [{ ...leaf, amount_micro: '1.5' }] },
      { ...good, leaves: [{ ...leaf, salt: 'xyz' }] },
      { ...good, leaves: [{ ...leaf, leaf_id: 'A'.repeat(64) }] },
      { ...good, leaves: [] },
      { ...good, leaves: [{ ...leaf, path: [{ ...leaf.path[0], side: 'up' as never }] }] },
    ];
    for (const proof of bad) expect(verifyMemberProof(proof).ok).toBe(false);
  });

  it("show a path's siblings only as hashes and sums of other parts", () => {
    // The first part's siblings: leaf 0 (3 USDT), the pair (2, 3), the right half.
    expect(good.leaves[0].path.map((s) => s.sum_micro)).toEqual([
      '3000000',
      '11',
      levels[2][1].sum.toString(),
    ]);
  });
});

describe('proof of liabilities: bound to its member', () => {
  const { proof } = privateTree();
  const own = {
    memberId: 42,
    eWalletAtSnapshot: 10_000_000n,
    withdrawals: [
      { id: 9, amount_micro: 2_500_000n, open: true, created_at: '2026-11-24T10:00:00.000Z' },
      { id: 8, amount_micro: 1_000_000n, open: false, created_at: '2026-11-20T10:00:00.000Z' },
    ],
  };

  it('matches the member whose statement and withdrawals it reflects', () => {
    expect(proofMismatches(proof, own)).toEqual([]);
  });

  it("names the owner when the leaves are another member's", () => {
    expect(proofMismatches(proof, { ...own, memberId: 43 })).toEqual([
      { figure: 'owner', leaves: 2 },
    ]);
  });

  it('names the E-Wallet when the statement says otherwise at the snapshot', () => {
    expect(proofMismatches(proof, { ...own, eWalletAtSnapshot: 60_000_000n })).toEqual([
      { figure: 'e_wallet', proof: 10_000_000n, statement: 60_000_000n },
    ]);
  });

  it("names the pending withdrawals when an open one is left out or one is not the member's", () => {
    const omitted = { ...proof, pending_withdrawals: [], balance_micro: '10000000' };
    expect(proofMismatches(omitted, own)).toEqual([
      { figure: 'pending', proof: 0n, statement: 2_500_000n },
    ]);
    const invented = {
      ...proof,
      pending_withdrawals: [...proof.pending_withdrawals, { id: 77, amount_micro: '5' }],
    };
    expect(proofMismatches(invented, own)).toContainEqual({
      figure: 'pending',
      proof: 2_500_005n,
      statement: 2_500_000n,
    });
    // One requested after the snapshot is not the snapshot's: listed, it is wrong.
    const later = { ...own.withdrawals[0], created_at: '2026-11-26T00:00:00.000Z' };
    expect(proofMismatches(proof, { ...own, withdrawals: [later] })[0].figure).toBe('pending');
  });

  it('accepts a withdrawal sent since the snapshot, listed as pending then', () => {
    const sent = { ...own.withdrawals[0], open: false };
    expect(proofMismatches(proof, { ...own, withdrawals: [sent] })).toEqual([]);
  });

  it('names the balance when the parts are not the E-Wallet plus the pending withdrawals', () => {
    const shrunk = { ...proof, balance_micro: '5000000' };
    expect(proofMismatches(shrunk, own)).toEqual([
      { figure: 'balance', proof: 5_000_000n, statement: 12_500_000n },
    ]);
  });
});
