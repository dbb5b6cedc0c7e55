import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { CardCurrency } from './card-deposits.dto';

export interface CardDepositRow {
  id: string;
  user_id: number;
  record_id: string;
  currency: CardCurrency;
  amount: string;
  receipt_key: string;
  status: 'under_review' | 'success' | 'fail';
  credited_micro: string | null;
  reason: string | null;
  created_at: Date;
  decided_at: Date | null;
}

/** The only door to `card_deposits`. */
@Injectable()
export class CardDepositsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async ownerOf(id: number): Promise<number | null> {
    const [row]: { user_id: number }[] = await this.dataSource.query(
      `SELECT user_id FROM card_deposits WHERE id = $1`,
      [id],
    );
    return row?.user_id ?? null;
  }

  async insert(
    db: EntityManager,
    d: {
      userId: number;
      recordId: string;
      currency: CardCurrency;
      amount: string;
      receiptKey: string;
    },
  ): Promise<number> {
    const [row]: { id: number }[] = await db.query(
      `INSERT INTO card_deposits (user_id, record_id, currency, amount, receipt_key) VALUES ($1, $2, $3, $4, $5)
       RETURNING id`,
      [d.userId, d.recordId, d.currency, d.amount, d.receiptKey],
    );
    return Number(row.id);
  }

  /** Requests under review (the console's count). */
  async countUnderReview(): Promise<number> {
    const [row]: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM card_deposits WHERE status = 'under_review'`,
    );
    return row.n;
  }

  /** The receipt key of one of the member's card deposits, by its record id. */
  async ownReceiptKey(userId: number, recordId: number): Promise<string | null> {
    const [row]: CardDepositRow[] = await this.dataSource.query(
      `SELECT receipt_key FROM card_deposits WHERE record_id = $1 AND user_id = $2`,
      [recordId, userId],
    );
    return row ? row.receipt_key : null;
  }

  async receiptKey(id: number): Promise<string | null> {
    const [row]: CardDepositRow[] = await this.dataSource.query(
      `SELECT receipt_key FROM card_deposits WHERE id = $1`,
      [id],
    );
    return row ? row.receipt_key : null;
  }

  /** Requests under review oldest first, others newest first. */
  list(status: string | null, order?: 'asc' | 'desc'): Promise<CardDepositRow[]> {
    const ascending = order ? order === 'asc' : status === 'under_review';
    return this.dataSource.query(
      `SELECT * FROM card_deposits WHERE ($1::varchar IS NULL OR status = $1)
       ORDER BY id ${ascending ? 'ASC' : 'DESC'} LIMIT 200`,
      [status],
    );
  }

  async lock(db: EntityManager, id: number): Promise<CardDepositRow | undefined> {
    const [row]: CardDepositRow[] = await db.query(
      `SELECT * FROM card_deposits WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row;
  }

  async decide(
    db: EntityManager,
    id: number,
    verdict: { status: 'success' | 'fail'; credited?: bigint; reason?: string },
    operatorId: number,
  ): Promise<CardDepositRow> {
    const [[updated]] = (await db.query(
      `UPDATE card_deposits SET status = $2, credited_micro = $3, reason = $4, decided_by = $5, decided_at = now()
       WHERE id = $1 RETURNING *`,
      [
        id,
        verdict.status,
        verdict.credited?.toString() ?? null,
        verdict.reason ?? null,
        operatorId,
      ],
    )) as [CardDepositRow[], number];
    return updated;
  }
}
