import { describe, expect, it } from 'vitest';
import {
  type InviteChains,
  type RingSignal,
  findRings,
  inviteClusters,
  isRing,
  networkOf,
} from './risk-rings';

/** Invite chains from `id -> inviter` pairs (up to three levels read through them). */
function chainsOf(inviters: Record<number, number>): InviteChains {
  const chains = new Map<number, (number | null)[]>();
  const up = (id: number) => inviters[id] ?? null;
  for (const id of Object.keys(inviters).map(Number)) {
    const first = up(id);
    const second = first === null ? null : up(first);
    chains.set(id, [first, second, second === null ? null : up(second)]);
  }
  return chains;
}

const device = (value: string, ...members: number[]): RingSignal[] =>
  members.map((memberId) => ({ memberId, kind: 'device', value }));
const funding = (value: string, ...members: number[]): RingSignal[] =>
  members.map((memberId) => ({ memberId, kind: 'funding_address', value }));

describe('inviteClusters', () => {
  it('links a member with its inviters up to three levels, siblings, and uncles', () => {
    // 1 invited 2 and 3; 2 invited 4; 4 invited 5; 5 invited 6.
    const chains = chainsOf({ 2: 1, 3: 1, 4: 2, 5: 4, 6: 5 });
    expect(inviteClusters([1, 5], chains)).toEqual([[1, 5]]); // three levels down
    expect(inviteClusters([1, 6], chains)).toEqual([[1], [6]]); // four: too far
    expect(inviteClusters([2, 3], chains)).toEqual([[2, 3]]); // siblings: two steps
    expect(inviteClusters([3, 4], chains)).toEqual([[3, 4]]); // uncle and nephew: three
    expect(inviteClusters([3, 5], chains)).toEqual([[3], [5]]); // four steps apart
  });

  it('joins members transitively through the group', () => {
    const chains = chainsOf({ 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6 });
    expect(inviteClusters([1, 3, 5, 7], chains)).toEqual([[1, 3, 5, 7]]);
  });

  it('keeps strangers apart', () => {
    expect(inviteClusters([10, 20, 30], chainsOf({}))).toEqual([[10], [20], [30]]);
  });
});

describe('findRings', () => {
  it('finds a farm: one inviter, many accounts on one device, one funding address', () => {
    const farm = [2, 3, 4, 5, 6, 7];
    const chains = chainsOf(Object.fromEntries(farm.map((id) => [id, 1])));
    const rings = findRings([...device('d1', 1, ...farm), ...funding('TF', ...farm)], chains);
    expect(rings).toHaveLength(1);
    expect(rings[0].members).toEqual([1, ...farm]);
    expect(rings[0].links.map((l) => l.kind).sort()).toEqual(['device', 'funding_address']);
  });

  it('ignores a value held by more members than a farm would use, even within one team', () => {
    // 60 invitees of one promoter, all funding from the exchange they all use.
    const team = Array.from({ length: 60 }, (_, i) => 10 + i);
    const chains = chainsOf(Object.fromEntries(team.map((id) => [id, 1])));
    expect(findRings(funding('EXCHANGE', 1, ...team), chains)).toEqual([]);
  });

  it('does not make a ring of a family sharing one tablet', () => {
    const chains = chainsOf({ 2: 1, 3: 1 });
    expect(findRings(device('tablet', 1, 2, 3), chains)).toEqual([]);
  });

  it('does not make a ring of a family with a tablet and a paying parent', () => {
    const chains = chainsOf({ 2: 1, 3: 1, 4: 1 });
    expect(
      findRings([...device('tablet', 2, 3, 4), ...funding('parent', 2, 3, 4)], chains),
    ).toEqual([]);
  });

  it('makes a ring of three who share a device, a funding and a withdrawal address', () => {
    const chains = chainsOf({ 2: 1, 3: 1 });
    const withdrawal: RingSignal[] = [1, 2, 3].map((memberId) => ({
      memberId,
      kind: 'withdrawal_address',
      value: 'TW',
    }));
    const rings = findRings(
      [...device('d', 1, 2, 3), ...funding('TF', 1, 2), ...withdrawal],
      chains,
    );
    expect(rings.map((r) => r.members)).toEqual([[1, 2, 3]]);
  });

  it('ignores a hub: an address shared across many unrelated teams', () => {
    // Ten unrelated pairs (inviter and invitee) all fund from an exchange's hot wallet.
    const inviters: Record<number, number> = {};
    for (let i = 0; i < 10; i++) inviters[100 + i] = 200 + i;
    const members = Object.keys(inviters).flatMap((id) => [Number(id), inviters[Number(id)]]);
    const signals = [...funding('EXCHANGE', ...members), ...device('x', 100, 200)];
    expect(findRings(signals, chainsOf(inviters))).toEqual([]);
  });

  it('leaves out a member sharing the value four invite levels away', () => {
    const chains = chainsOf({ 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 5, 8: 5, 9: 5, 10: 5 });
    const rings = findRings(device('d', 1, 5, 6, 7, 8, 9, 10), chains);
    expect(rings.map((r) => r.members)).toEqual([[5, 6, 7, 8, 9, 10]]);
  });
});

describe('isRing', () => {
  it('needs six members, or three linked by all three kinds', () => {
    expect(isRing(2, 3)).toBe(false);
    expect(isRing(3, 3)).toBe(true);
    expect(isRing(5, 2)).toBe(false);
    expect(isRing(6, 1)).toBe(true);
  });
});

describe('networkOf', () => {
  it('keeps the /24 of IPv4 and the /48 of IPv6', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:DB8::1')).toBe('2001:db8:0::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
  });

  it('reads nothing from a malformed address', () => {
    for (const bad of ['', 'localhost', '300.1.1.1', '1:2:3', '1::2::3', 'g::1']) {
      expect(networkOf(bad)).toBeNull();
    }
  });
});
