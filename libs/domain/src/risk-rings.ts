/**
 * Rings of accounts run by one person (issue 38): members linked by a shared
 * strong signal (a device, a funding address, a withdrawal address) within a
 * few invite levels of each other. The API's ring finder and `pnpm
 * bench:abuse` both run `findRings`; docs/decisions.md (issue 38) explains
 * the thresholds and what they miss.
 */

/** Every signal kept per member (the invite tree is the users' own data). */
export const RISK_SIGNAL_KINDS = [
  'device',
  'network',
  'funding_address',
  'withdrawal_address',
] as const;
export type RiskSignalKind = (typeof RISK_SIGNAL_KINDS)[number];

/**
 * The signals that link members. A network (/24 or /48) is shared by whole
 * families, offices and mobile carriers: it is shown beside a ring, never
 * makes one.
 */
export const STRONG_SIGNAL_KINDS = ['device', 'funding_address', 'withdrawal_address'] as const;
export type StrongSignalKind = (typeof STRONG_SIGNAL_KINDS)[number];

/** What a ring's listing names as linking its members (contract section 11). */
export const RING_LINK_KINDS = [...RISK_SIGNAL_KINDS, 'invite'] as const;
export type RingLinkKind = (typeof RING_LINK_KINDS)[number];

/**
 * Two members sharing a strong signal are linked only this close in the
 * invite tree (steps through their nearest common inviter): the three levels
 * team commissions and registration points flow through.
 */
export const RING_INVITE_DISTANCE = 3;

/**
 * A value whose members fall into more separate invite clusters than this is
 * a hub (an exchange's hot wallet, a shared computer in a café) and links
 * nobody.
 */
export const RING_HUB_CLUSTERS = 3;

/**
 * A value held by more members than this is a hub too, however they are
 * invited: an exchange's hot wallet pays thousands of members, and where
 * half a club funds from one, its members sit within three levels of each
 * other all over the invite tree (one cluster). A farm of more accounts than
 * this on one address is linked by its other signals only (docs/decisions.md).
 */
export const RING_HUB_MEMBERS = 50;

/**
 * A linked group is a ring from this many members: a family shares a tablet,
 * a paying parent's address, now and then both, among two to five people.
 */
export const RING_MIN_MEMBERS = 6;

/**
 * Smaller, from this many, a group is a ring only when every kind of strong
 * signal links it (one device, one funding and one withdrawal address).
 */
export const RING_SMALL_MIN_MEMBERS = 3;

export interface RingSignal {
  memberId: number;
  kind: StrongSignalKind;
  value: string;
}

/** Each member's inviters, nearest first (up to three; null or absent where the chain ends). */
export type InviteChains = ReadonlyMap<number, readonly (number | null)[]>;

/** A strong signal shared by members of one ring. */
export interface RingLink {
  kind: StrongSignalKind;
  value: string;
  /** The ring's members that share it, ascending. */
  members: number[];
}

export interface FoundRing {
  /** Ascending. */
  members: number[];
  links: RingLink[];
}

/** Union-find over member ids. */
class DisjointSets {
  private readonly parent = new Map<number, number>();

  add(id: number): void {
    if (!this.parent.has(id)) this.parent.set(id, id);
  }

  find(id: number): number {
    let root = id;
    while (this.parent.get(root)! !== root) root = this.parent.get(root)!;
    // Path compression: later finds are one step.
    for (let node = id; node !== root;) {
      const next = this.parent.get(node)!;
      this.parent.set(node, root);
      node = next;
    }
    return root;
  }

  union(a: number, b: number): void {
    this.add(a);
    this.add(b);
    const [ra, rb] = [this.find(a), this.find(b)];
    if (ra !== rb) this.parent.set(Math.max(ra, rb), Math.min(ra, rb));
  }

  groups(): number[][] {
    const byRoot = new Map<number, number[]>();
    for (const id of this.parent.keys()) {
      const root = this.find(id);
      const group = byRoot.get(root);
      if (group) group.push(id);
      else byRoot.set(root, [id]);
    }
    return [...byRoot.values()].map((ids) => ids.sort((a, b) => a - b));
  }
}

/**
 * Splits the members sharing one value into clusters of members within
 * RING_INVITE_DISTANCE of each other (transitively). Linear in the members:
 * each member is put under itself and its three inviters at its depth below
 * them, and under one inviter the depths i and j are close when i + j is
 * within the distance.
 */
export function inviteClusters(members: readonly number[], chains: InviteChains): number[][] {
  const sets = new DisjointSets();
  // Under each inviter (or member), the group's members at depth 0..3 below it.
  const under = new Map<number, number[][]>();
  const at = (node: number) => {
    let depths = under.get(node);
    if (!depths) under.set(node, (depths = [[], [], [], []]));
    return depths;
  };
  for (const id of members) {
    sets.add(id);
    at(id)[0].push(id);
    const chain = chains.get(id) ?? [];
    for (let depth = 1; depth <= 3; depth++) {
      const inviter = chain[depth - 1];
      if (inviter === null || inviter === undefined) break;
      at(inviter)[depth].push(id);
    }
  }
  for (const depths of under.values()) {
    for (let i = 0; i <= 3; i++) {
      const here = depths[i];
      if (here.length === 0 || 2 * i > RING_INVITE_DISTANCE) continue;
      for (const other of here) sets.union(here[0], other);
      for (let j = i + 1; j <= 3 && i + j <= RING_INVITE_DISTANCE; j++) {
        for (const other of depths[j]) sets.union(here[0], other);
      }
    }
  }
  return sets.groups();
}

/** Whether a linked group is a ring (see RING_MIN_MEMBERS and RING_SMALL_MIN_MEMBERS). */
export function isRing(members: number, kinds: number): boolean {
  return (
    members >= RING_MIN_MEMBERS ||
    (members >= RING_SMALL_MIN_MEMBERS && kinds >= STRONG_SIGNAL_KINDS.length)
  );
}

/**
 * The rings among the members these strong signals belong to: every value
 * shared by two members or more (hubs aside: RING_HUB_MEMBERS,
 * RING_HUB_CLUSTERS) links the members within the invite distance of each
 * other; linked groups that pass `isRing` are rings.
 * Deterministic: rings ordered by their lowest member id.
 */
export function findRings(signals: readonly RingSignal[], chains: InviteChains): FoundRing[] {
  const byValue = new Map<
    string,
    { kind: StrongSignalKind; value: string; members: Set<number> }
  >();
  for (const s of signals) {
    const key = `${s.kind}\u0000${s.value}`;
    let entry = byValue.get(key);
    if (!entry) byValue.set(key, (entry = { kind: s.kind, value: s.value, members: new Set() }));
    entry.members.add(s.memberId);
  }
  const linked = new DisjointSets();
  const links: RingLink[] = [];
  for (const { kind, value, members } of byValue.values()) {
    if (members.size < 2 || members.size > RING_HUB_MEMBERS) continue;
    const clusters = inviteClusters([...members], chains);
    if (clusters.length > RING_HUB_CLUSTERS) continue;
    for (const cluster of clusters) {
      if (cluster.length < 2) continue;
      for (const id of cluster) linked.union(cluster[0], id);
      links.push({ kind, value, members: cluster });
    }
  }
  const linksByRoot = new Map<number, RingLink[]>();
  for (const link of links) {
    const root = linked.find(link.members[0]);
    linksByRoot.set(root, [...(linksByRoot.get(root) ?? []), link]);
  }
  const rings: FoundRing[] = [];
  for (const members of linked.groups()) {
    const own = linksByRoot.get(linked.find(members[0])) ?? [];
    if (isRing(members.length, new Set(own.map((link) => link.kind)).size)) {
      rings.push({ members, links: own });
    }
  }
  return rings.sort((a, b) => a.members[0] - b.members[0]);
}

/**
 * The network a client address belongs to, as the risk signals keep it:
 * the /24 of an IPv4 address, the /48 of an IPv6 one (an IPv4-mapped IPv6
 * address counts as IPv4). Null for anything unreadable.
 */
export function networkOf(address: string): string | null {
  const text = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  const v4 = mapped ? mapped[1] : text;
  const octets = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(v4);
  if (octets) {
    const parts = octets.slice(1).map(Number);
    if (parts.some((p) => p > 255)) return null;
    return `${parts[0]}.${parts[1]}.${parts[2]}.0/24`;
  }
  const groups = expandIpv6(text);
  if (!groups) return null;
  return `${groups
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(':')}::/48`;
}

/** An IPv6 address's eight groups, or null. */
function expandIpv6(text: string): number[] | null {
  const address = text.replace(/%.*$/, '');
  if (!/^[0-9a-f:]+$/.test(address) || address.split('::').length > 2) return null;
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const part = (s: string | undefined) => (s ? s.split(':') : []);
  const left = part(head);
  const right = part(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const all = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  if (all.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => parseInt(g, 16));
}
