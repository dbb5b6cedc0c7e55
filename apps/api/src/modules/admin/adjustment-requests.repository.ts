import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { AdjustAccount } from '@app/domain';

export type RequestStatus = 'pending' | 'approved' | 'rejected';

export interface AdjustmentRequestRow {
  id: string;
  requested_by: number;
  user_id: number;
  account: AdjustAccount;
  amount_micro: string;
  reason: string;
  status: RequestStatus;
  decided_by: number | null;
  decided_at: Date | null;
  ledger_transaction_id: string | null;
  created_at: Date;
}

const COLUMNS = `id, requested_by, user_id, account, amount_micro, reason, status, decided_by, decided_at,
  ledger_transaction_id, created_at`;

/** The only door to `adjustment_requests`: adjustments waiting for a second operator. */
@Injectable()
export class AdjustmentRequestsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inserts the request, or finds the one a retry with the same key made. */
  async addOrFind(
    db: EntityManager,
    request: {
      key: string;
      requestedBy: number;
      userId: number;
      account: AdjustAccount;
      amount: bigint;
      reason: string;
    },
  ): Promise<{ row: AdjustmentRequestRow; created: boolean }> {
    const [inserted]: AdjustmentRequestRow[] = await db.query(
      `INSERT INTO adjustment_requests (request_key, requested_by, user_id, account, amount_micro, reason)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (request_key) DO NOTHING RETURNING ${COLUMNS}`,
      [
        request.key,
        request.requestedBy,
        request.userId,
        request.account,
        request.amount.toString(),
        request.reason,
      ],
    );
    if (inserted) return { row: inserted, created: true };
    const [existing]: AdjustmentRequestRow[] = await db.query(
      `SELECT ${COLUMNS} FROM adjustment_requests WHERE request_key = $1`,
      [request.key],
    );
    return { row: existing, created: false };
  }

  async memberOf(id: number): Promise<number | null> {
    const [row]: { user_id: number }[] = await this.dataSource.query(
      `SELECT user_id FROM adjustment_requests WHERE id = $1`,
      [id],
    );
    return row?.user_id ?? null;
  }

  async lock(db: EntityManager, id: number): Promise<AdjustmentRequestRow | undefined> {
    const [row] = await db.query(
      `SELECT ${COLUMNS} FROM adjustment_requests WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row;
  }

  async decide(
    db: EntityManager,
    id: number,
    decision: { status: Exclude<RequestStatus, 'pending'>; by: number; transactionId?: string },
  ): Promise<AdjustmentRequestRow> {
    const [[row]]: [AdjustmentRequestRow[], number] = await db.query(
      `UPDATE adjustment_requests SET status = $2, decided_by = $3, decided_at = now(), ledger_transaction_id = $4
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, decision.status, decision.by, decision.transactionId ?? null],
    );
    return row;
  }

  /** Newest first. */
  list(status: RequestStatus, limit: number, before?: number): Promise<AdjustmentRequestRow[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM adjustment_requests
       WHERE status = $1 AND ($2::bigint IS NULL OR id < $2) ORDER BY id DESC LIMIT $3`,
      [status, before ?? null, limit],
    );
  }
}
