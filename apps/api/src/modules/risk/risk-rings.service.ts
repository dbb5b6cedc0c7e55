import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  type FoundRing,
  type InviteChains,
  type RingLinkKind,
  type RingSignal,
  RING_HUB_MEMBERS,
  RING_LINK_KINDS,
  STRONG_SIGNAL_KINDS,
  type StrongSignalKind,
  findRings,
} from '@app/domain';
import { RingRow, RingStatus, RiskRepository, SignalRow } from './risk.repository';

/**
 * Values held by more members are hubs (findRings ignores them): the scan
 * around new signals does not load them.
 */
const HUB_LOAD_LIMIT = RING_HUB_MEMBERS + 1;
/** How far the scan around new signals follows shared values, and how many members it loads at most. */
const SCAN_ROUNDS = 4;
const SCAN_MAX_MEMBERS = 2000;

/** A signal that links members of a ring, as operators see it. */
export interface RingSignalHint {
  kind: RingLinkKind;
  /** Enough to tell values apart, not the whole value (a device id is never shown). */
  value_hint: string;
  /** How many of the ring's members share it. */
  members: number;
}

export interface RingSummary extends RingRow {
  members: number[];
  signals: RingSignalHint[];
}

/** What operators see of a value: addresses by their ends, devices by their hash's last characters. */
export function hintOf(kind: RingLinkKind, value: string): string {
  if (kind === 'network' || kind === 'invite') return value;
  if (kind === 'device') return `…${value.slice(-6)}`;
  return value.length > 12 ? `${value.slice(0, 5)}…${value.slice(-5)}` : value;
}

const strong = new Set<string>(STRONG_SIGNAL_KINDS);

/**
 * Rings of accounts (issue 38): found by `findRings` of libs/domain over the
 * risk signals and the invite tree, around new signals as they arrive and
 * across the whole club on the worker's tick, and kept: a ring only grows
 * (members join, rings that meet merge), and one that grows is open again
 * for review, whatever was decided before.
 */
@Injectable()
export class RiskRingsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly risk: RiskRepository,
  ) {}

  /**
   * The rings around these members: the values they share with others, the
   * members holding those, theirs in turn, a few rounds out.
   */
  async scanAround(userIds: number[]): Promise<void> {
    const signals = new Map<string, RingSignal>();
    const seen = new Set(userIds);
    let frontier = userIds;
    for (let round = 0; round < SCAN_ROUNDS && frontier.length > 0; round++) {
      const next: number[] = [];
      for (const row of await this.risk.neighbours(frontier, STRONG_SIGNAL_KINDS, HUB_LOAD_LIMIT)) {
        signals.set(`${row.user_id}:${row.kind}:${row.value}`, toSignal(row));
        if (!seen.has(row.user_id)) {
          seen.add(row.user_id);
          next.push(row.user_id);
        }
      }
      if (seen.size > SCAN_MAX_MEMBERS) break;
      frontier = next;
    }
    if (signals.size === 0) return;
    await this.keep(findRings([...signals.values()], await this.chainsOf([...seen])));
  }

  /** Every ring of the club (the worker's tick); returns how many rings and members were found. */
  async scanAll(): Promise<{ rings: number; members: number }> {
    const rows = await this.risk.allShared(STRONG_SIGNAL_KINDS);
    const members = [...new Set(rows.map((r) => r.user_id))];
    const found = findRings(rows.map(toSignal), await this.chainsOf(members));
    await this.keep(found);
    return { rings: found.length, members: found.reduce((n, r) => n + r.members.length, 0) };
  }

  private async chainsOf(userIds: number[]): Promise<InviteChains> {
    const rows = userIds.length === 0 ? [] : await this.risk.inviteChains(userIds);
    return new Map(rows.map((r) => [r.id, [r.inviter_id, r.inviter2_id, r.inviter3_id]]));
  }

  /**
   * Records what was found, one ring change at a time across processes: a
   * new ring, members joining the ring some of them are in, rings that met
   * merged into the oldest. A ring that changed is open again.
   */
  private async keep(found: FoundRing[]): Promise<void> {
    if (found.length === 0) return;
    await this.dataSource.transaction(async (db) => {
      await this.risk.lockRings(db);
      for (const ring of found) {
        const memberships = await this.risk.membershipsOf(db, ring.members);
        const ringIds = [...new Set(memberships.map((m) => m.ring_id))].sort((a, b) => a - b);
        if (ringIds.length === 0) {
          await this.risk.createRing(db, ring.members);
          continue;
        }
        const [into, ...merged] = ringIds;
        const inRing = new Set(memberships.map((m) => m.user_id));
        const joining = ring.members.filter((id) => !inRing.has(id));
        if (merged.length === 0 && joining.length === 0) continue;
        if (merged.length > 0) await this.risk.merge(db, merged, into);
        await this.risk.addMembers(db, into, joining);
        await this.risk.grew(db, into, 'open');
      }
    });
  }

  /** Rings as operators list them, with their members and the signals that link them. */
  async list(filter: {
    id?: number;
    status?: RingStatus;
    memberId?: number;
    limit: number;
    before?: number;
  }): Promise<RingSummary[]> {
    const rings = await this.risk.list(filter);
    if (rings.length === 0) return [];
    const memberRows = await this.risk.membersOfRings(rings.map((r) => r.id));
    const members = new Map<number, number[]>();
    for (const row of memberRows)
      members.set(row.ring_id, [...(members.get(row.ring_id) ?? []), row.user_id]);
    const everyone = memberRows.map((r) => r.user_id);
    const [signals, chains] = await Promise.all([
      this.risk.signalsOf(everyone),
      this.chainsOf(everyone),
    ]);
    return rings.map((ring) => {
      const own = members.get(ring.id) ?? [];
      return { ...ring, members: own, signals: linking(own, signals, chains) };
    });
  }

  /** The ring, locked for a decision in the caller's transaction; undefined when there is none. */
  lockForDecision(db: EntityManager, ringId: number) {
    return this.risk.lockRing(db, ringId);
  }

  decided(db: EntityManager, ringId: number, status: Exclude<RingStatus, 'open'>) {
    return this.risk.decide(db, ringId, status);
  }

  /** Signals not seen for `days` days go (RISK_SIGNAL_DAYS). */
  forget(days: number): Promise<number> {
    return this.risk.forget(days);
  }
}

const toSignal = (row: SignalRow): RingSignal => ({
  memberId: row.user_id,
  kind: row.kind as StrongSignalKind,
  value: row.value,
});

/**
 * The values two or more of the ring's members share (any kind: a network
 * is shown though it links no one), and who invited most of them.
 */
function linking(members: number[], signals: SignalRow[], chains: InviteChains): RingSignalHint[] {
  const inRing = new Set(members);
  const byValue = new Map<string, { kind: RingLinkKind; value: string; members: Set<number> }>();
  for (const s of signals) {
    if (!inRing.has(s.user_id)) continue;
    const key = `${s.kind}\u0000${s.value}`;
    const entry = byValue.get(key) ?? { kind: s.kind, value: s.value, members: new Set<number>() };
    entry.members.add(s.user_id);
    byValue.set(key, entry);
  }
  const hints: RingSignalHint[] = [...byValue.values()]
    .filter((e) => e.members.size > 1)
    .map((e) => ({ kind: e.kind, value_hint: hintOf(e.kind, e.value), members: e.members.size }));
  const invited = new Map<number, number>();
  for (const id of members) {
    const inviter = chains.get(id)?.[0];
    if (inviter !== null && inviter !== undefined)
      invited.set(inviter, (invited.get(inviter) ?? 0) + 1);
  }
  const [top] = [...invited].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  if (top && top[1] > 1)
    hints.push({ kind: 'invite', value_hint: String(top[0]), members: top[1] });
  const order = (kind: RingLinkKind) => RING_LINK_KINDS.indexOf(kind) + (strong.has(kind) ? 0 : 10);
  return hints.sort((a, b) => order(a.kind) - order(b.kind) || b.members - a.members);
}
