import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { RiskSignalKind, StrongSignalKind } from '@app/domain';

export type RingStatus = 'open' | 'released' | 'reversed';

export interface SignalRow {
  user_id: number;
  kind: RiskSignalKind;
  value: string;
}

export interface RingRow {
  id: number;
  status: RingStatus;
  version: number;
  found_at: Date;
  changed_at: Date;
  decided_at: Date | null;
}

export interface InviteChainRow {
  id: number;
  inviter_id: number | null;
  inviter2_id: number | null;
  inviter3_id: number | null;
}

const RING_COLUMNS = 'id, status, version, found_at, changed_at, decided_at';

/** The only door to `risk_signals`, `risk_rings` and `risk_ring_members`. */
@Injectable()
export class RiskRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Records signals seen now: a new one is inserted, a known one has its
   * last sighting moved (at most hourly: a member signing in every quarter
   * hour writes once an hour). Returns the signals that were new.
   */
  async record(
    db: DataSource | EntityManager,
    rows: { userId: number; kind: RiskSignalKind; value: string }[],
  ): Promise<SignalRow[]> {
    if (rows.length === 0) return [];
    const written: (SignalRow & { inserted: boolean })[] = await db.query(
      `INSERT INTO risk_signals AS s (user_id, kind, value)
       SELECT DISTINCT * FROM unnest($1::int[], $2::text[], $3::text[])
       ON CONFLICT (user_id, kind, value) DO UPDATE SET last_seen = now()
         WHERE s.last_seen < now() - interval '1 hour'
       RETURNING user_id, kind, value, (xmax = 0) AS inserted`,
      [rows.map((r) => r.userId), rows.map((r) => r.kind), rows.map((r) => r.value)],
    );
    return written
      .filter((r) => r.inserted)
      .map(({ user_id, kind, value }) => ({ user_id, kind, value }));
  }

  /**
   * The members sharing the strong values of these members, with those
   * values: every value's members, or none of them for a value held by
   * `perValue` members or more (a hub).
   */
  neighbours(userIds: number[], kinds: readonly StrongSignalKind[], perValue: number) {
    return this.dataSource.query<SignalRow[]>(
      `WITH mine AS (
         SELECT DISTINCT kind, value FROM risk_signals WHERE user_id = ANY($1) AND kind = ANY($2)
       ), shared AS (
         SELECT m.kind, m.value, s.user_id, count(*) OVER (PARTITION BY m.kind, m.value) AS n
         FROM mine m
         CROSS JOIN LATERAL (
           SELECT user_id FROM risk_signals s
           WHERE s.kind = m.kind AND s.value = m.value ORDER BY user_id LIMIT $3
         ) s
       )
       SELECT user_id, kind, value FROM shared WHERE n > 1 AND n < $3`,
      [userIds, kinds, perValue],
    );
  }

  /** Every strong signal whose value two members or more share (the full scan). */
  allShared(kinds: readonly StrongSignalKind[]) {
    return this.dataSource.query<SignalRow[]>(
      `SELECT s.user_id, s.kind, s.value FROM risk_signals s
       JOIN (
         SELECT kind, value FROM risk_signals WHERE kind = ANY($1)
         GROUP BY kind, value HAVING count(*) > 1
       ) shared ON shared.kind = s.kind AND shared.value = s.value`,
      [kinds],
    );
  }

  /** The members' inviters up to three levels (the users module's published read). */
  inviteChains(userIds: number[]) {
    return this.dataSource.query<InviteChainRow[]>(
      `SELECT id, inviter_id, inviter2_id, inviter3_id FROM member_invite_chains($1)`,
      [userIds],
    );
  }

  /** Every signal of these members (a ring's linking signals are read from them). */
  signalsOf(userIds: number[]) {
    return this.dataSource.query<SignalRow[]>(
      `SELECT user_id, kind, value FROM risk_signals WHERE user_id = ANY($1)`,
      [userIds],
    );
  }

  /** Signals not seen for `days` days go (RISK_SIGNAL_DAYS); returns how many. */
  async forget(days: number): Promise<number> {
    const [, count] = await this.dataSource.query(
      `DELETE FROM risk_signals WHERE last_seen < now() - make_interval(days => $1)`,
      [days],
    );
    return Number(count ?? 0);
  }

  /** Ring changes one at a time across processes (the scans of API and worker meet here). */
  async lockRings(db: EntityManager): Promise<void> {
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('risk_rings'))`);
  }

  membershipsOf(db: EntityManager, userIds: number[]) {
    return db.query<{ user_id: number; ring_id: number; status: RingStatus }[]>(
      `SELECT m.user_id, m.ring_id, r.status FROM risk_ring_members m
       JOIN risk_rings r ON r.id = m.ring_id WHERE m.user_id = ANY($1)`,
      [userIds],
    );
  }

  async createRing(db: EntityManager, userIds: number[]): Promise<number> {
    const [ring] = await db.query(`INSERT INTO risk_rings DEFAULT VALUES RETURNING id`);
    await this.addMembers(db, ring.id, userIds);
    return ring.id;
  }

  async addMembers(db: EntityManager, ringId: number, userIds: number[]): Promise<void> {
    if (userIds.length === 0) return;
    await db.query(
      `INSERT INTO risk_ring_members (user_id, ring_id) SELECT unnest($2::int[]), $1`,
      [ringId, userIds],
    );
  }

  /** Moves the members of `from` rings into `into`; the emptied rings point at it. */
  async merge(db: EntityManager, from: number[], into: number): Promise<void> {
    await db.query(`UPDATE risk_ring_members SET ring_id = $2 WHERE ring_id = ANY($1)`, [
      from,
      into,
    ]);
    await db.query(`UPDATE risk_rings SET merged_into = $2 WHERE id = ANY($1)`, [from, into]);
  }

  /** Members joined: a new version (decisions asked before no longer stand), maybe a new status. */
  async grew(db: EntityManager, ringId: number, status: RingStatus): Promise<void> {
    await db.query(
      `UPDATE risk_rings SET version = version + 1, changed_at = now(), status = $2 WHERE id = $1`,
      [ringId, status],
    );
  }

  /** Listed rings (not merged into another), newest first. */
  list(filter: {
    id?: number;
    status?: RingStatus;
    memberId?: number;
    limit: number;
    before?: number;
  }) {
    return this.dataSource.query<RingRow[]>(
      `SELECT ${RING_COLUMNS} FROM risk_rings r
       WHERE merged_into IS NULL
         AND ($1::text IS NULL OR status = $1)
         AND ($2::int IS NULL OR id = (SELECT ring_id FROM risk_ring_members WHERE user_id = $2))
         AND id < COALESCE($4::bigint, 9223372036854775807)
         AND ($5::int IS NULL OR id = $5)
       ORDER BY id DESC LIMIT $3`,
      [
        filter.status ?? null,
        filter.memberId ?? null,
        filter.limit,
        filter.before ?? null,
        filter.id ?? null,
      ],
    );
  }

  membersOfRings(ringIds: number[]) {
    return this.dataSource.query<{ ring_id: number; user_id: number }[]>(
      `SELECT ring_id, user_id FROM risk_ring_members WHERE ring_id = ANY($1) ORDER BY user_id`,
      [ringIds],
    );
  }

  /** A listed ring and its members, locked for a decision; undefined when there is none. */
  async lockRing(
    db: EntityManager,
    ringId: number,
  ): Promise<(RingRow & { members: number[] }) | undefined> {
    const [ring] = await db.query(
      `SELECT ${RING_COLUMNS} FROM risk_rings WHERE id = $1 AND merged_into IS NULL FOR UPDATE`,
      [ringId],
    );
    if (!ring) return undefined;
    const members = await db.query(
      `SELECT user_id FROM risk_ring_members WHERE ring_id = $1 ORDER BY user_id`,
      [ringId],
    );
    return { ...ring, members: members.map((m: { user_id: number }) => m.user_id) };
  }

  async decide(db: EntityManager, ringId: number, status: RingStatus): Promise<RingRow> {
    // An UPDATE answers [rows, count].
    const [rows] = await db.query(
      `UPDATE risk_rings SET status = $2, decided_at = now() WHERE id = $1 RETURNING ${RING_COLUMNS}`,
      [ringId, status],
    );
    return rows[0];
  }
}
