import { Inject, Injectable } from '@nestjs/common';
import { REPORTS_DATABASE, ReportsDatabase } from '../../database/reports';
import { CSV_USDT } from '../../common/csv';
import { preparedQuery } from '../../database/prepared';
import { batchedRead, byBatchKey } from '../../database/read-batch';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { DataSource, EntityManager } from 'typeorm';

export type RecordType = 'deposit' | 'withdrawal' | 'adjustment' | 'card';
export type RecordStatus = 'under_review' | 'success' | 'fail';
/** How a failed record ended: refused by an operator, cancelled by the member, or failed on its way. */
export type RecordFailure = 'refused' | 'cancelled' | 'failed';

export interface BalanceRecordRow {
  id: string;
  type: RecordType;
  is_add: boolean;
  amount_micro: string;
  fee_micro: string;
  status: RecordStatus;
  tx_id: string | null;
  wallet: string | null;
  reason: string | null;
  failure: RecordFailure | null;
  approved_at: Date | null;
  created_at: Date;
}

const RECORD_COLUMNS = `id, type, is_add, amount_micro, fee_micro, status, tx_id, wallet, reason, failure,
  approved_at, created_at`;

/** A record that just ended, for the member's live event. */
export interface SettledRecord {
  id: string;
  userId: number;
  amount: bigint;
  fee: bigint;
  txId: string | null;
  reason: string | null;
  failure: RecordFailure | null;
}
interface SettledRow {
  id: string;
  user_id: number;
  tx_id: string | null;
  amount_micro: string;
  fee_micro: string;
  reason: string | null;
  failure: RecordFailure | null;
}
const SETTLED = 'id, user_id, tx_id, amount_micro, fee_micro, reason, failure';
const settled = (row: SettledRow): SettledRecord => ({
  id: String(row.id),
  userId: row.user_id,
  amount: BigInt(row.amount_micro),
  fee: BigInt(row.fee_micro),
  txId: row.tx_id,
  reason: row.reason,
  failure: row.failure,
});

/** Which of a member's records a money screen lists: newest first, `before` an id for the next page. */
export interface RecordsFilter {
  add?: boolean;
  limit: number;
  before?: number;
}

interface RecordsKey extends RecordsFilter {
  userId: number;
}

/** The only door to `balance_records`: what members see of money in and out. */
@Injectable()
export class WalletRepository {
  /** The records lists of a turn, as one statement (READ_BATCH_SIZE). */
  private readonly lists: (key: RecordsKey) => Promise<BalanceRecordRow[]>;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(REPORTS_DATABASE) private readonly reports: ReportsDatabase,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.lists = batchedRead(config.READ_BATCH_SIZE, (keys) => this.listRows(keys));
  }

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

  /**
   * A member's claim of a deposit by tx id: `under_review`, amount not known
   * yet. Null when this member already has a deposit record of that tx id
   * (the unique index decides, so parallel claims make one row).
   */
  async addDepositClaim(db: EntityManager, userId: number, txId: string): Promise<string | null> {
    const rows: { id: string }[] = await db.query(
      `INSERT INTO balance_records (user_id, type, is_add, amount_micro, status, tx_id)
       VALUES ($1, 'deposit', true, 0, 'under_review', $2)
       ON CONFLICT (user_id, tx_id) WHERE type = 'deposit' AND tx_id IS NOT NULL DO NOTHING
       RETURNING id`,
      [userId, txId],
    );
    return rows[0]?.id ?? null;
  }

  /**
   * Writes credited deposits (one per member and tx id): the member's pending
   * claim of that tx id becomes the record when there is one, else a new
   * record. Two statements for any number of deposits.
   */
  async settleDeposits(
    db: EntityManager,
    deposits: { userId: number; txId: string; amount: bigint; ledgerTransactionId: string }[],
  ): Promise<SettledRecord[]> {
    if (deposits.length === 0) return [];
    const columns = [
      deposits.map((d) => d.userId),
      deposits.map((d) => d.txId),
      deposits.map((d) => d.amount.toString()),
      deposits.map((d) => d.ledgerTransactionId),
    ];
    // TypeORM answers an UPDATE with [rows, count].
    const [claimed]: [SettledRow[], number] = await db.query(
      `UPDATE balance_records r SET status = 'success', amount_micro = d.amount,
         ledger_transaction_id = d.ledger_id, reason = NULL, updated_at = now()
       FROM unnest($1::int[], $2::varchar[], $3::bigint[], $4::bigint[]) AS d(user_id, tx_id, amount, ledger_id)
       WHERE r.user_id = d.user_id AND r.tx_id = d.tx_id AND r.type = 'deposit' AND r.status = 'under_review'
       RETURNING r.id, r.user_id, r.tx_id, r.amount_micro, r.fee_micro, r.reason, r.failure`,
      columns,
    );
    const done = new Set(claimed.map((c) => `${c.user_id}:${c.tx_id}`));
    const fresh = deposits.filter((d) => !done.has(`${d.userId}:${d.txId}`));
    if (fresh.length === 0) return claimed.map(settled);
    const inserted: SettledRow[] = await db.query(
      `INSERT INTO balance_records (user_id, type, is_add, amount_micro, status, tx_id, ledger_transaction_id)
       SELECT user_id, 'deposit', true, amount, 'success', tx_id, ledger_id
       FROM unnest($1::int[], $2::varchar[], $3::bigint[], $4::bigint[]) AS d(user_id, tx_id, amount, ledger_id)
       RETURNING ${SETTLED}`,
      [
        fresh.map((d) => d.userId),
        fresh.map((d) => d.txId),
        fresh.map((d) => d.amount.toString()),
        fresh.map((d) => d.ledgerTransactionId),
      ],
    );
    return [...claimed, ...inserted].map(settled);
  }

  /** Ends a claim that credits nothing; false when it was no longer pending. */
  async failDepositClaim(db: EntityManager, id: string, reason: string): Promise<boolean> {
    const [, count]: [unknown[], number] = await db.query(
      `UPDATE balance_records SET status = 'fail', failure = 'failed', reason = $2, updated_at = now()
       WHERE id = $1 AND type = 'deposit' AND status = 'under_review'`,
      [id, reason],
    );
    return count > 0;
  }

  async depositClaim(
    db: EntityManager | DataSource,
    id: string,
  ): Promise<{ userId: number; txId: string; status: RecordStatus; createdAt: Date } | null> {
    const rows: { user_id: number; tx_id: string; status: RecordStatus; created_at: Date }[] =
      await db.query(
        `SELECT user_id, tx_id, status, created_at FROM balance_records
         WHERE id = $1 AND type = 'deposit' AND tx_id IS NOT NULL`,
        [id],
      );
    const row = rows[0];
    return row
      ? { userId: row.user_id, txId: row.tx_id, status: row.status, createdAt: row.created_at }
      : null;
  }

  /** Claims still waiting for their transaction, oldest first (the sweeper's list). */
  async pendingDepositClaimIds(limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM balance_records WHERE type = 'deposit' AND status = 'under_review'
       ORDER BY id LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.id);
  }

  /** A requested withdrawal as the member sees it: `under_review`, with its fee and address. */
  async addWithdrawal(
    db: EntityManager,
    w: { userId: number; amount: bigint; fee: bigint; wallet: string },
  ): Promise<string> {
    const rows: { id: string }[] = await db.query(
      `INSERT INTO balance_records (user_id, type, is_add, amount_micro, fee_micro, status, wallet)
       VALUES ($1, 'withdrawal', false, $2, $3, 'under_review', $4) RETURNING id`,
      [w.userId, w.amount.toString(), w.fee.toString(), w.wallet],
    );
    return rows[0].id;
  }

  /**
   * The end of a withdrawal: sent (with its tx id), or refunded (with a
   * reason and how it failed: refused, cancelled by the member, failed).
   */
  async closeWithdrawal(
    db: EntityManager,
    id: string,
    end:
      | { status: 'success'; txId: string; ledgerTransactionId: string }
      | { status: 'fail'; failure: RecordFailure; reason: string; ledgerTransactionId: string },
  ): Promise<SettledRecord | null> {
    const ended = end.status === 'success' ? { txId: end.txId } : end;
    const [rows]: [SettledRow[], number] = await db.query(
      `UPDATE balance_records SET status = $2, tx_id = $3, reason = $4, failure = $6,
         ledger_transaction_id = COALESCE($5, ledger_transaction_id), updated_at = now()
       WHERE id = $1 AND type = 'withdrawal' AND status = 'under_review'
       RETURNING ${SETTLED}`,
      [
        id,
        end.status,
        'txId' in ended ? ended.txId : null,
        'reason' in ended ? ended.reason : null,
        end.ledgerTransactionId,
        'failure' in ended ? ended.failure : null,
      ],
    );
    return rows[0] ? settled(rows[0]) : null;
  }

  /** An operator approved the withdrawal (the first of two, maybe): the member can no longer cancel it. */
  /**
   * Says on a withdrawal the member sees that it waits for the hot wallet to
   * be refilled (`reason`), or takes that back; only while it is under review.
   */
  async noteWithdrawalWaiting(id: string, reason: string | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE balance_records SET reason = $2
       WHERE id = $1 AND type = 'withdrawal' AND status = 'under_review'
         AND reason IS DISTINCT FROM $2`,
      [id, reason],
    );
  }

  async markWithdrawalApproved(db: EntityManager, id: string): Promise<void> {
    await db.query(
      `UPDATE balance_records SET approved_at = now()
       WHERE id = $1 AND type = 'withdrawal' AND approved_at IS NULL`,
      [id],
    );
  }

  /** USDT credited to a member by deposits (TRON and card) between two instants, in micro. */
  async depositedBetween(userId: number, from: Date, to: Date): Promise<bigint> {
    const [row] = await this.dataSource.query(
      `SELECT COALESCE(sum(amount_micro), 0)::text AS total FROM balance_records
       WHERE user_id = $1 AND type IN ('deposit', 'card') AND status = 'success'
         AND created_at >= $2 AND created_at < $3`,
      [userId, from, to],
    );
    return BigInt(row.total);
  }

  /** A card payment the member reported: `under_review`, its USDT value not known yet. */
  async addCardRequest(db: EntityManager, userId: number): Promise<string> {
    const rows: { id: string }[] = await db.query(
      `INSERT INTO balance_records (user_id, type, is_add, amount_micro, status)
       VALUES ($1, 'card', true, 0, 'under_review') RETURNING id`,
      [userId],
    );
    return rows[0].id;
  }

  /** An operator's verdict on a card payment: credited (its USDT amount) or refused (a reason). */
  async closeCardRecord(
    db: EntityManager,
    id: string,
    end: {
      status: 'success' | 'fail';
      amount?: bigint;
      reason?: string;
      ledgerTransactionId?: string;
    },
  ): Promise<SettledRecord | null> {
    const [rows]: [SettledRow[], number] = await db.query(
      `UPDATE balance_records SET status = $2::varchar, amount_micro = COALESCE($3, amount_micro), reason = $4,
         ledger_transaction_id = $5, updated_at = now(),
         failure = CASE WHEN $2::varchar = 'fail' THEN 'refused' END
       WHERE id = $1 AND type = 'card' AND status = 'under_review'
       RETURNING ${SETTLED}`,
      [
        id,
        end.status,
        end.amount?.toString() ?? null,
        end.reason ?? null,
        end.ledgerTransactionId ?? null,
      ],
    );
    return rows[0] ? settled(rows[0]) : null;
  }

  /** Records created in [from, to), by id after `afterId`: a page of the CSV export. */
  exportPage(from: Date, to: Date, afterId: number, limit = 1000) {
    return this.reports.dataSource.query(
      `SELECT id, user_id, type, is_add, ${CSV_USDT('amount_micro')} AS amount, ${CSV_USDT('fee_micro')} AS fee,
              status, tx_id, wallet, reason, created_at
       FROM balance_records WHERE created_at >= $1 AND created_at < $2 AND id > $3 ORDER BY id LIMIT $4`,
      [from, to, afterId, limit],
    );
  }

  /** Every member's deposit records (operators), newest first. */
  listDeposits(filter: {
    status?: RecordStatus;
    limit: number;
    before?: number;
  }): Promise<(BalanceRecordRow & { user_id: number })[]> {
    return this.dataSource.query(
      `SELECT ${RECORD_COLUMNS}, user_id FROM balance_records
       WHERE type = 'deposit' AND ($1::varchar IS NULL OR status = $1) AND ($2::bigint IS NULL OR id < $2)
       ORDER BY id DESC LIMIT $3`,
      [filter.status ?? null, filter.before ?? null, filter.limit],
    );
  }

  /**
   * Newest first, `before` an id for the next page. The money screens' lists
   * of a turn go as one prepared statement (READ_BATCH_SIZE,
   * database/read-batch.ts), each list from the member's own index range.
   */
  list(userId: number, filter: RecordsFilter): Promise<BalanceRecordRow[]> {
    return this.lists({ userId, ...filter });
  }

  private async listRows(keys: readonly RecordsKey[]): Promise<BalanceRecordRow[][]> {
    const rows = await preparedQuery<BalanceRecordRow & { batch_key: string }>(
      this.dataSource,
      'balance-records-lists',
      `SELECT k.batch_key, r.* FROM unnest($1::int[], $2::boolean[], $3::bigint[], $4::int[])
         WITH ORDINALITY AS k(user_id, is_add, before, lim, batch_key)
       CROSS JOIN LATERAL (
         SELECT ${RECORD_COLUMNS} FROM balance_records b
         -- The page's bound in the index range (a NULL test beside it would be a filter instead).
         WHERE b.user_id = k.user_id AND b.id < coalesce(k.before, 9223372036854775807)
           AND (k.is_add IS NULL OR b.is_add = k.is_add)
         ORDER BY b.id DESC LIMIT k.lim) r
       ORDER BY k.batch_key, r.id DESC`,
      [
        keys.map((key) => key.userId),
        keys.map((key) => key.add ?? null),
        keys.map((key) => key.before ?? null),
        keys.map((key) => key.limit),
      ],
    );
    return byBatchKey(keys.length, rows);
  }

  /** One of the member's records (null: none of theirs has this id). */
  async one(userId: number, id: number): Promise<BalanceRecordRow | null> {
    const rows: BalanceRecordRow[] = await this.dataSource.query(
      `SELECT ${RECORD_COLUMNS} FROM balance_records WHERE user_id = $1 AND id = $2`,
      [userId, id],
    );
    return rows[0] ?? null;
  }

  /**
   * The chain transactions of the member's deposits that these ledger
   * transactions credited (the statement's reference), by ledger transaction
   * and amount: a block's one ledger transaction can pay several of them.
   */
  depositTxIds(
    userId: number,
    ledgerTransactionIds: string[],
  ): Promise<{ ledger_transaction_id: string; amount_micro: string; tx_id: string }[]> {
    if (ledgerTransactionIds.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT ledger_transaction_id, amount_micro, tx_id FROM balance_records
       WHERE user_id = $1 AND type = 'deposit' AND status = 'success'
         AND ledger_transaction_id = ANY($2::bigint[]) AND tx_id IS NOT NULL
       ORDER BY id`,
      [userId, ledgerTransactionIds],
    );
  }
}
