import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  leafNode,
  MemberProof,
  parentNode,
  pathFromLevels,
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

function members(n: number): { id: number; balance: bigint }[] {
  return Array.from({ length: n }, (_, i) => ({
    id: 10 + i * 3,
    balance: BigInt(i * 1_250_000 + 7),
  }));
}

function leaves(list: { id: number; balance: bigint }[]): SumNode[] {
  return list.map((m) => leafNode(m.id, m.balance, salt(m.id)));
}

function proofOf(list: { id: number; balance: bigint }[], index: number): MemberProof {
  const levels = treeLevels(leaves(list));
  const root = levels[levels.length - 1][0];
  return {
    root_hash: root.hash,
    total_micro: root.sum.toString(),
    leaf: {
      member_id: list[index].id,
      balance_micro: list[index].balance.toString(),
      salt: salt(list[index].id),
    },
    path: pathFromLevels(levels, index),
  };
}

describe('proof of liabilities: hash formats (spec/contract section 9)', () => {
  it('hashes a leaf as sha256("leaf|id|balance|salt") in lowercase hex', () => {
    const s = 'ab'.repeat(32);
    const leaf = leafNode(42, 12_500_000n, s);
    expect(leaf).toEqual({ hash: sha(`leaf|42|12500000|${s}`), sum: 12_500_000n });
    expect(leaf.hash).toMatch(/^[0-9a-f]{64}$/);
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

  it('refuses a negative balance', () => {
    expect(() => leafNode(1, -1n, salt(1))).toThrow(RangeError);
  });
});

describe('proof of liabilities: the tree', () => {
  it('sums every balance at the root, for even and odd counts', () => {
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

  it('gives every leaf of every size a path that recomputes the root', () => {
    for (let n = 1; n <= 19; n++) {
      const list = members(n);
      for (let i = 0; i < n; i++) {
        expect(verifyMemberProof(proofOf(list, i)), `leaf ${i} of ${n}`).toEqual({ ok: true });
      }
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

describe('proof of liabilities: verification fails on', () => {
  const list = members(11);
  const good = proofOf(list, 6);

  it('a changed balance, member id or salt', () => {
    expect(verifyMemberProof(good).ok).toBe(true);
    const balance = { ...good, leaf: { ...good.leaf, balance_micro: '1' } };
    const id = { ...good, leaf: { ...good.leaf, member_id: good.leaf.member_id + 1 } };
    const salted = { ...good, leaf: { ...good.leaf, salt: salt(999) } };
    for (const proof of [balance, id, salted]) expect(verifyMemberProof(proof).ok).toBe(false);
  });

  it('a dropped member: the root of the others is not the root the proof leads to', () => {
    const without = list.filter((_, i) => i !== 3);
    const root = rootOf(leaves(without));
    const check = verifyMemberProof({
      ...good,
      root_hash: root.hash,
      total_micro: root.sum.toString(),
    });
    expect(check.ok).toBe(false);
  });

  it('a changed sibling sum, hash or side, or a missing step', () => {
    const step = good.path[1];
    const variants: MemberProof[] = [
      {
        ...good,
        path: good.path.map((s, i) =>
          i === 1 ? { ...s, sum_micro: `${BigInt(s.sum_micro) + 1n}` } : s,
        ),
      },
      { ...good, path: good.path.map((s, i) => (i === 1 ? { ...s, hash: 'f'.repeat(64) } : s)) },
      {
        ...good,
        path: good.path.map((s, i) =>
          i === 1 ? { ...s, side: step.side === 'left' ? 'right' : 'left' } : s,
        ),
      },
      { ...good, path: good.path.slice(0, -1) },
    ];
    for (const proof of variants) expect(verifyMemberProof(proof).ok).toBe(false);
  });

  it('a wrong total, and sums above the total', () => {
    expect(verifyMemberProof({ ...good, total_micro: `${BigInt(good.total_micro) + 1n}` })).toEqual(
      {
        ok: false,
        reason: 'the sums do not add up to total_micro',
      },
    );
    expect(verifyMemberProof({ ...good, total_micro: '1' }).ok).toBe(false);
  });

  it('anything not in the contract forms: negative or signed sums, upper-case hex, bad sides', () => {
    const bad: MemberProof[] = [
      { ...good, path: [{ ...good.path[0], sum_micro: '-5' }, ...good.path.slice(1)] },
      { ...good, path: [{ ...good.path[0], sum_micro: '+5' }, ...good.path.slice(1)] },
      { ...good, root_hash: good.root_hash.toUpperCase() },
      { ...good, leaf: { ...good.leaf, balance_micro: '1.5' } },
      { ...good, leaf: { ...good.leaf, salt: 'xyz' } },
      { ...good, path: [{ ...good.path[0], side: 'up' as never }, ...good.path.slice(1)] },
    ];
    for (const proof of bad) expect(verifyMemberProof(proof).ok).toBe(false);
  });
});
