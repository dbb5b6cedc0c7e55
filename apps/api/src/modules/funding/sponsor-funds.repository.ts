import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export type SponsorPaymentStatus = 'pending' | 'recorded' | 'rejected';

export interface SponsorPaymentRow {
  id: string;
  amount_micro: string;
  payer: string;
  reference: string;
  status: SponsorPaymentStatus;
  requested_by: number;
  decided_by: number | null;
  decided_at: Date | null;
  ledger_transaction_id: string | null;
  created_at: Date;
}

const COLUMNS = `id, amount_micro, payer, reference, status, requested_by, decided_by, decided_at,
  ledger_transaction_id, created_at`;

/** The only door to `sponsor_payments`: outside money operators record as paid in. */
@Injectable()
export class SponsorFundsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The new record, or null when this payer's reference is recorded already. */
  async insert(
    db: EntityManager,
    p: { amount: bigint; payer: string; reference: string; requestedBy: number },
  ): Promise<SponsorPaymentRow | null> {
    const [row]: SponsorPaymentRow[] = await db.query(
      `INSERT INTO sponsor_payments (amount_micro, payer, reference, requested_by)
       VALUES ($1, $2, $3, $4) ON CONFLICT (payer, reference) DO NOTHING RETURNING ${COLUMNS}`,
      [p.amount.toString(), p.payer, p.reference, p.requestedBy],
    );
    return row ?? null;
  }

  async lock(db: EntityManager, id: number): Promise<SponsorPaymentRow | undefined> {
    const [row]: SponsorPaymentRow[] = await db.query(
      `SELECT ${COLUMNS} FROM sponsor_payments WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row;
  }

  /**
   * Outside money recorded or waiting over the last 24 hours, `except` left
   * out: four eyes count payments together, as credits are counted for
   * members, so one sum cannot be split under the threshold.
   */
  async dayTotal(db: EntityManager, except: string): Promise<bigint> {
    // One writer at a time, so two records at once do not both read the total without the other.
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('sponsor_payments:day'))`);
    const [row]: { total: string }[] = await db.query(
      `SELECT coalesce(sum(amount_micro), 0)::text AS total FROM sponsor_payments
       WHERE status <> 'rejected' AND id <> $1 AND created_at > now() - interval '24 hours'`,
      [except],
    );
    return BigInt(row.total);
  }

  async decide(
    db: EntityManager,
    id: number,
    d: { status: Exclude<SponsorPaymentStatus, 'pending'>; by: number; transactionId?: string },
  ): Promise<SponsorPaymentRow> {
    const [[row]]: [SponsorPaymentRow[], number] = await db.query(
      `UPDATE sponsor_payments SET status = $2, decided_by = $3, decided_at = now(),
         ledger_transaction_id = $4 WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, d.status, d.by, d.transactionId ?? null],
    );
    return row;
  }

  list(
    status: SponsorPaymentStatus | undefined,
    limit: number,
    before?: number,
  ): Promise<SponsorPaymentRow[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM sponsor_payments
       WHERE ($1::text IS NULL OR status = $1) AND id < COALESCE($3::bigint, 9223372036854775807)
       ORDER BY id DESC LIMIT $2`,
      [status ?? null, limit, before ?? null],
    );
  }
}
