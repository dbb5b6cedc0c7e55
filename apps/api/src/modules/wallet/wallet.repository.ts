import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export type RecordType = 'deposit' | 'withdrawal' | 'adjustment';
export type RecordStatus = 'under_review' | 'success' | 'fail';

export interface BalanceRecordRow {
  id: string;
  type: RecordType;
  is_add: boolean;
  amount_micro: string;
  fee_micro: string;
  status: RecordStatus;
  tx_id: string | null;
  wallet: string | null;
  created_at: Date;
}

/** The only door to `balance_records`: what members see of money in and out. */
@Injectable()
export class WalletRepository {
  constructor(private readonly dataSource: DataSource) {}

  async add(
    db: EntityManager,
    record: {
      userId: number;
      type: RecordType;
      isAdd: boolean;
      amount: bigint;
      status: RecordStatus;
      reason?: string;
      ledgerTransactionId?: string;
    },
  ): Promise<void> {
    await db.query(
      `INSERT INTO balance_records (user_id, type, is_add, amount_micro, status, reason, ledger_transaction_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        record.userId,
        record.type,
        record.isAdd,
        record.amount.toString(),
        record.status,
        record.reason ?? null,
        record.ledgerTransactionId ?? null,
      ],
    );
  }

  /** Newest first, `before` an id for the next page. */
  list(
    userId: number,
    filter: { add?: boolean; limit: number; before?: number },
  ): Promise<BalanceRecordRow[]> {
    return this.dataSource.query(
      `SELECT id, type, is_add, amount_micro, fee_micro, status, tx_id, wallet, created_at FROM balance_records
       WHERE user_id = $1 AND ($2::boolean IS NULL OR is_add = $2) AND ($3::bigint IS NULL OR id < $3)
       ORDER BY id DESC LIMIT $4`,
      [userId, filter.add ?? null, filter.before ?? null, filter.limit],
    );
  }
}
