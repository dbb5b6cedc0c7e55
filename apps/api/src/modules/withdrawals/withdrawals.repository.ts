import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { SignedTransaction } from '../../infra/tron/tron.client';

export type WithdrawalStatus =
  | 'requested'
  | 'approved'
  | 'signed'
  | 'sent'
  | 'confirmed'
  | 'failed'
  | 'rejected'
  | 'refunded'
  | 'cancelled';

export interface WithdrawalRow {
  id: string;
  user_id: number;
  record_id: string;
  wallet: string;
  amount_micro: string;
  fee_micro: string;
  net_micro: string;
  status: WithdrawalStatus;
  reason: string | null;
  tx_id: string | null;
  decided_by: number | null;
  decided_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** The W3C traceparent of the request that took it (tracing on), which its settlement continues. */
  trace_parent: string | null;
}

export interface AttemptRow {
  id: string;
  withdrawal_id: string;
  tx_id: string;
  signed_tx: SignedTransaction;
  expires_at: Date;
  status: 'signed' | 'sent' | 'confirmed' | 'failed' | 'expired';
}

const COLUMNS = `id, user_id, record_id, wallet, amount_micro, fee_micro, net_micro, status, reason, tx_id,
  decided_by, decided_at, created_at, updated_at, trace_parent`;

/** The only door to `withdrawals` and `withdrawal_attempts`. */
@Injectable()
export class WithdrawalsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(
    db: EntityManager,
    w: {
      userId: number;
      recordId: string;
      wallet: string;
      amount: bigint;
      fee: bigint;
      net: bigint;
      traceParent?: string;
    },
  ): Promise<string> {
    const rows: { id: string }[] = await db.query(
      `INSERT INTO withdrawals (user_id, record_id, wallet, amount_micro, fee_micro, net_micro, trace_parent)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        w.userId,
        w.recordId,
        w.wallet,
        w.amount.toString(),
        w.fee.toString(),
        w.net.toString(),
        w.traceParent ?? null,
      ],
    );
    return rows[0].id;
  }

  async find(
    db: EntityManager | DataSource,
    id: string,
    lock = false,
  ): Promise<WithdrawalRow | null> {
    const rows: WithdrawalRow[] = await db.query(
      `SELECT ${COLUMNS} FROM withdrawals WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** A member's withdrawal by its balance record's id (the id the member knows), locked. */
  async findMineByRecord(
    db: EntityManager,
    userId: number,
    recordId: number,
  ): Promise<WithdrawalRow | null> {
    const rows: WithdrawalRow[] = await db.query(
      `SELECT ${COLUMNS} FROM withdrawals WHERE record_id = $1 AND user_id = $2 FOR UPDATE`,
      [recordId, userId],
    );
    return rows[0] ?? null;
  }

  /** A member's withdrawals by id (the statement's references). */
  mine(userId: number, ids: string[]): Promise<WithdrawalRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM withdrawals WHERE user_id = $1 AND id = ANY($2::bigint[])`,
      [userId, ids],
    );
  }

  /** Count and sum per status of the withdrawals whose money is still held (status index). */
  /** Every withdrawal in `statuses` (their record, member and amount), in the caller's transaction. */
  pendingList(
    db: EntityManager,
    statuses: readonly WithdrawalStatus[],
  ): Promise<{ user_id: number; record_id: string; amount_micro: string }[]> {
    return db.query(
      `SELECT user_id, record_id::text, amount_micro::text FROM withdrawals
       WHERE status = ANY($1::varchar[]) ORDER BY user_id, id`,
      [statuses],
    );
  }

  async pendingTotals(
    statuses: readonly WithdrawalStatus[],
  ): Promise<{ status: WithdrawalStatus; count: number; amount: bigint }[]> {
    const rows: { status: WithdrawalStatus; count: string; amount: string }[] =
      await this.dataSource.query(
        `SELECT status, count(*) AS count, sum(amount_micro) AS amount FROM withdrawals
         WHERE status = ANY($1::varchar[]) GROUP BY status`,
        [statuses],
      );
    return rows.map((r) => ({
      status: r.status,
      count: Number(r.count),
      amount: BigInt(r.amount),
    }));
  }

  /** How many withdrawals are in one status (the status index). */
  async countIn(status: WithdrawalStatus): Promise<number> {
    const [row]: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM withdrawals WHERE status = $1`,
      [status],
    );
    return row.n;
  }

  /** By id (time) either way; the status and member indexes serve both. */
  list(filter: {
    status?: WithdrawalStatus;
    userId?: number;
    limit: number;
    before?: number;
    after?: number;
    order?: 'asc' | 'desc';
  }) {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM withdrawals
       WHERE ($1::varchar IS NULL OR status = $1) AND ($2::int IS NULL OR user_id = $2)
         AND ($3::bigint IS NULL OR id < $3) AND ($5::bigint IS NULL OR id > $5)
       ORDER BY id ${filter.order === 'asc' ? 'ASC' : 'DESC'} LIMIT $4`,
      [
        filter.status ?? null,
        filter.userId ?? null,
        filter.before ?? null,
        filter.limit,
        filter.after ?? null,
      ],
    ) as Promise<WithdrawalRow[]>;
  }

  /** Moves a withdrawal from one of `from` to `to`; false when it was in none of them. */

  async transition(
    db: EntityManager,
    id: string,
    from: WithdrawalStatus[],
    to: WithdrawalStatus,
    extra: { reason?: string | null; txId?: string; decidedBy?: number } = {},
  ): Promise<boolean> {
    const [, count]: [unknown[], number] = await db.query(
      `UPDATE withdrawals SET status = $3, updated_at = now(),
         reason = CASE WHEN $4::boolean THEN $5 ELSE reason END,
         tx_id = COALESCE($6, tx_id),
         decided_by = COALESCE($7, decided_by),
         decided_at = CASE WHEN $7::int IS NULL THEN decided_at ELSE now() END
       WHERE id = $1 AND status = ANY($2::varchar[])`,
      [
        id,
        from,
        to,
        extra.reason !== undefined,
        extra.reason ?? null,
        extra.txId ?? null,
        extra.decidedBy ?? null,
      ],
    );
    return count > 0;
  }

  /** Net USDT (micro) of the withdrawals confirmed on chain in the last 24 hours. */
  async sentLastDay(): Promise<bigint> {
    const [row] = (await this.dataSource.query(
      `SELECT coalesce(sum(net_micro), 0)::text AS total FROM withdrawals
       WHERE status = 'confirmed' AND updated_at > now() - interval '24 hours'`,
    )) as { total: string }[];
    return BigInt(row.total);
  }

  /** Approved withdrawals waiting for a refill of the hot wallet: how many, and their net sum. */
  async waitingForRefill(marker: string): Promise<{ count: number; net: bigint }> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS n, coalesce(sum(net_micro), 0)::text AS total FROM withdrawals
       WHERE status = 'approved' AND reason LIKE $1 || '%'`,
      [marker],
    )) as { n: number; total: string }[];
    return { count: row.n, net: BigInt(row.total) };
  }

  /** Why an approved withdrawal waits (short hot wallet), shown to operators. */
  async note(id: string, reason: string | null): Promise<boolean> {
    const [, count]: [unknown[], number] = await this.dataSource.query(
      `UPDATE withdrawals SET reason = $2 WHERE id = $1 AND reason IS DISTINCT FROM $2`,
      [id, reason],
    );
    return count > 0;
  }

  async idsIn(
    status: WithdrawalStatus[],
    limit: number,
    afterId = '0',
  ): Promise<{ id: string; trace_parent: string | null }[]> {
    return this.dataSource.query(
      `SELECT id, trace_parent FROM withdrawals WHERE status = ANY($1::varchar[]) AND id > $3
        ORDER BY id LIMIT $2`,
      [status, limit, afterId],
    );
  }

  /** Stores a signed transaction as the withdrawal's live attempt (the unique index allows one). */
  async addAttempt(
    db: EntityManager,
    withdrawalId: string,
    signed: SignedTransaction,
  ): Promise<void> {
    await db.query(
      `INSERT INTO withdrawal_attempts (withdrawal_id, tx_id, signed_tx, expires_at)
       VALUES ($1, $2, $3, to_timestamp($4 / 1000.0))`,
      [withdrawalId, signed.txID, JSON.stringify(signed), signed.raw_data.expiration],
    );
  }

  async liveAttempt(
    db: EntityManager | DataSource,
    withdrawalId: string,
  ): Promise<AttemptRow | null> {
    const rows: AttemptRow[] = await db.query(
      `SELECT id, withdrawal_id, tx_id, signed_tx, expires_at, status FROM withdrawal_attempts
       WHERE withdrawal_id = $1 AND status IN ('signed', 'sent') ORDER BY id DESC LIMIT 1`,
      [withdrawalId],
    );
    return rows[0] ?? null;
  }

  async endAttempt(
    db: EntityManager,
    attemptId: string,
    from: AttemptRow['status'][],
    to: AttemptRow['status'],
    failure?: string,
  ): Promise<boolean> {
    const [, count]: [unknown[], number] = await db.query(
      `UPDATE withdrawal_attempts SET status = $3, failure = COALESCE($4, failure), updated_at = now()
       WHERE id = $1 AND status = ANY($2::varchar[])`,
      [attemptId, from, to, failure ?? null],
    );
    return count > 0;
  }

  async attempts(withdrawalId: string) {
    return this.dataSource.query(
      `SELECT tx_id, status, failure, expires_at, created_at FROM withdrawal_attempts
       WHERE withdrawal_id = $1 ORDER BY id`,
      [withdrawalId],
    ) as Promise<
      {
        tx_id: string;
        status: string;
        failure: string | null;
        expires_at: Date;
        created_at: Date;
      }[]
    >;
  }

  /** Money requested and not yet sent or refunded (the solvency view's liability side). */
  async pendingTotal(): Promise<bigint> {
    const rows: { total: string | null }[] = await this.dataSource.query(
      `SELECT sum(amount_micro)::text AS total FROM withdrawals
       WHERE status IN ('requested', 'approved', 'signed', 'sent', 'failed')`,
    );
    return BigInt(rows[0]?.total ?? '0');
  }

  /** For each address, one wallet the member withdrew to that looks like it (not equal). */
  async historyLookalikes(userId: number, addresses: string[]): Promise<Map<string, string>> {
    if (addresses.length === 0) return new Map();
    const rows: { address: string; known: string }[] = await this.dataSource.query(
      `SELECT a.address, min(w.wallet) AS known
       FROM unnest($2::varchar[]) AS a(address)
       JOIN withdrawals w ON w.user_id = $1 AND w.wallet <> a.address
         AND left(w.wallet, 4) = left(a.address, 4) AND right(w.wallet, 4) = right(a.address, 4)
       GROUP BY a.address`,
      [userId, addresses],
    );
    return new Map(rows.map((r) => [r.address, r.known]));
  }

  addressBook(userId: number): Promise<{ id: string; address: string; label: string }[]> {
    return this.dataSource.query(
      `SELECT id, address, label FROM withdrawal_addresses WHERE user_id = $1 ORDER BY id`,
      [userId],
    );
  }

  /**
   * Saves an address (again: its label changes), unless the book already has
   * `max` others; false when full. Locks the member's book rows so two adds
   * cannot both take the last place.
   */
  async saveAddress(userId: number, address: string, label: string, max: number): Promise<boolean> {
    return this.dataSource.transaction(async (db) => {
      await db.query(`SELECT pg_advisory_xact_lock(hashtext('withdrawal_addresses'), $1)`, [
        userId,
      ]);
      const [{ n }] = await db.query(
        `SELECT count(*)::int AS n FROM withdrawal_addresses WHERE user_id = $1 AND address <> $2`,
        [userId, address],
      );
      if (max && n >= max) return false;
      await db.query(
        `INSERT INTO withdrawal_addresses (user_id, address, label) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, address) DO UPDATE SET label = EXCLUDED.label`,
        [userId, address, label],
      );
      return true;
    });
  }

  async deleteAddress(userId: number, id: number): Promise<boolean> {
    const [, count]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM withdrawal_addresses WHERE user_id = $1 AND id = $2`,
      [userId, id],
    );
    return count > 0;
  }
}
