import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export type ApprovalKind =
  | 'withdrawal'
  | 'card_deposit'
  | 'adjustment'
  | 'economy'
  /** Outside money recorded as paid in (issue 37): the subject is its sponsor_payments row. */
  | 'sponsor_funds'
  /** A ring's release or reversal (issue 38): the subject is its risk_ring_decisions row. */
  | 'risk_ring';

export interface ApprovalRow {
  id: string;
  kind: ApprovalKind;
  subject_id: string;
  member_id: number | null;
  operator_id: number;
  operator_role: string;
  amount_micro: string;
  over_cap: boolean;
  created_at: Date;
}

const COLUMNS = `id, kind, subject_id, member_id, operator_id, operator_role, amount_micro, over_cap, created_at`;

/** The only door to `approvals`. */
@Injectable()
export class ApprovalsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Serialises the approvals of one member's family of money (`family`: a
   * kind, or `credit` for card deposits and adjustments, counted together)
   * and those of one operator until the transaction ends, so the day's totals
   * read below stay true when approvals race (always member first, then
   * operator: no cycle).
   */
  async lockTotals(db: EntityManager, family: string, memberId: number | null, operatorId: number) {
    if (memberId !== null) {
      await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [
        `approvals:${family}:${memberId}`,
      ]);
    }
    await db.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [
      `approvals:operator:${operatorId}`,
    ]);
  }

  of(db: EntityManager, kind: ApprovalKind, subjectId: string): Promise<ApprovalRow[]> {
    return db.query(
      `SELECT ${COLUMNS} FROM approvals WHERE kind = $1 AND subject_id = $2 ORDER BY id`,
      [kind, subjectId],
    );
  }

  /** Approvals of many subjects of one kind, for lists. */
  ofMany(kind: ApprovalKind, subjectIds: string[]): Promise<ApprovalRow[]> {
    if (subjectIds.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM approvals WHERE kind = $1 AND subject_id = ANY($2::bigint[]) ORDER BY id`,
      [kind, subjectIds],
    );
  }

  /**
   * The member's total of these kinds over the last 24 hours, the request
   * being approved left out: each approved request counts once, at its
   * approved amount.
   */
  async memberDayTotal(
    db: EntityManager,
    kinds: readonly ApprovalKind[],
    memberId: number,
    except: { kind: ApprovalKind; subjectId: string },
  ): Promise<bigint> {
    const [row]: { total: string }[] = await db.query(
      `SELECT coalesce(sum(amount), 0)::text AS total FROM (
         SELECT max(amount_micro) AS amount FROM approvals
         WHERE kind = ANY($1::varchar[]) AND member_id = $2 AND voided_at IS NULL
           AND NOT (kind = $3 AND subject_id = $4)
           AND created_at > now() - interval '24 hours'
         GROUP BY kind, subject_id) s`,
      [kinds, memberId, except.kind, except.subjectId],
    );
    return BigInt(row.total);
  }

  /** Whether this operator approved any of these kinds for the member within `hours` (rejected ones aside). */
  async approvedFor(
    db: EntityManager,
    operatorId: number,
    memberId: number,
    kinds: readonly ApprovalKind[],
    hours: number,
  ): Promise<boolean> {
    const [row]: { found: boolean }[] = await db.query(
      `SELECT EXISTS (
         SELECT 1 FROM approvals
         WHERE operator_id = $1 AND member_id = $2 AND kind = ANY($3::varchar[]) AND voided_at IS NULL
           AND created_at > now() - make_interval(hours => $4)
       ) AS found`,
      [operatorId, memberId, kinds, hours],
    );
    return row.found;
  }

  /** USDT this operator approved or adjusted over the last 24 hours. */
  async operatorDayTotal(db: EntityManager, operatorId: number): Promise<bigint> {
    const [row]: { total: string }[] = await db.query(
      `SELECT coalesce(sum(amount_micro), 0)::text AS total FROM approvals
       WHERE operator_id = $1 AND voided_at IS NULL AND created_at > now() - interval '24 hours'`,
      [operatorId],
    );
    return BigInt(row.total);
  }

  /** The request was turned down or refunded: its approvals stop counting toward the totals. */
  async void(db: EntityManager, kind: ApprovalKind, subjectId: string) {
    await db.query(
      `UPDATE approvals SET voided_at = now() WHERE kind = $1 AND subject_id = $2 AND voided_at IS NULL`,
      [kind, subjectId],
    );
  }

  async insert(
    db: EntityManager,
    row: Omit<ApprovalRow, 'id' | 'created_at' | 'amount_micro'> & { amount_micro: bigint },
  ): Promise<ApprovalRow> {
    const [inserted]: ApprovalRow[] = await db.query(
      `INSERT INTO approvals (kind, subject_id, member_id, operator_id, operator_role, amount_micro, over_cap)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [
        row.kind,
        row.subject_id,
        row.member_id,
        row.operator_id,
        row.operator_role,
        row.amount_micro.toString(),
        row.over_cap,
      ],
    );
    return inserted;
  }
}
