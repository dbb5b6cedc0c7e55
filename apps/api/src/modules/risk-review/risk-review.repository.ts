import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { RingDecision } from './risk-review.dto';

export interface DecisionRow {
  id: string;
  ring_id: number;
  decision: RingDecision;
  ring_version: number;
  amount_micro: string;
  requested_by: number;
  status: 'pending' | 'applied' | 'superseded';
  created_at: Date;
}

const COLUMNS =
  'id, ring_id, decision, ring_version, amount_micro, requested_by, status, created_at';

/** The only door to `risk_ring_decisions`. */
@Injectable()
export class RiskReviewRepository {
  constructor(private readonly dataSource: DataSource) {}

  async pendingFor(
    db: EntityManager,
    ringId: number,
    decision: RingDecision,
  ): Promise<DecisionRow | undefined> {
    const [row] = await db.query(
      `SELECT ${COLUMNS} FROM risk_ring_decisions
       WHERE ring_id = $1 AND decision = $2 AND status = 'pending' FOR UPDATE`,
      [ringId, decision],
    );
    return row;
  }

  async insert(
    db: EntityManager,
    row: {
      ringId: number;
      decision: RingDecision;
      version: number;
      amount: bigint;
      requestedBy: number;
    },
  ): Promise<DecisionRow> {
    const [inserted] = await db.query(
      `INSERT INTO risk_ring_decisions (ring_id, decision, ring_version, amount_micro, requested_by)
       VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [row.ringId, row.decision, row.version, row.amount.toString(), row.requestedBy],
    );
    return inserted;
  }

  /** Applied, or no longer standing (the ring grew, or the other decision was applied). */
  async close(db: EntityManager, ids: string[], status: 'applied' | 'superseded'): Promise<void> {
    if (ids.length === 0) return;
    await db.query(
      `UPDATE risk_ring_decisions SET status = $2, decided_at = now() WHERE id = ANY($1::bigint[])`,
      [ids, status],
    );
  }

  /** Every pending decision of the ring, locked. */
  pendingOfRing(db: EntityManager, ringId: number): Promise<DecisionRow[]> {
    return db.query(
      `SELECT ${COLUMNS} FROM risk_ring_decisions WHERE ring_id = $1 AND status = 'pending'
       ORDER BY id FOR UPDATE`,
      [ringId],
    );
  }

  pendingOfRings(ringIds: number[]): Promise<DecisionRow[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM risk_ring_decisions WHERE ring_id = ANY($1) AND status = 'pending'
       ORDER BY id`,
      [ringIds],
    );
  }
}
