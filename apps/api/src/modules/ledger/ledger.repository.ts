import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { StatementAccount, StatementKind } from '@app/domain';
import { MEMBER_ACCOUNTS } from './ledger.accounts';

/**
 * The member's movement kind from the ledger transaction's kind; a watch
 * reward's transaction also pays the uplines, whose postings come from the
 * team commissions account.
 */
const KIND_SQL = `CASE
  WHEN t.kind = 'reward' AND c.kind = 'team_commissions' THEN 'commission'
  WHEN t.kind = 'reward' THEN 'reward'
  WHEN t.kind = 'buy_vip' THEN 'purchase'
  WHEN t.kind = 'transfer' THEN 'transfer'
  WHEN t.kind = 'deposit' THEN 'deposit'
  WHEN t.kind = 'card_deposit' THEN 'card_deposit'
  WHEN t.kind IN ('withdrawal_request', 'withdrawal') THEN 'withdrawal'
  WHEN t.kind = 'withdrawal_refund' THEN 'withdrawal_refund'
  WHEN t.kind = 'adjustment' THEN 'adjustment'
  WHEN t.kind = 'promotion' THEN 'promotion'
  WHEN t.kind = 'hold_release' THEN 'hold_release'
  WHEN t.kind = 'challenge_reward' THEN 'challenge'
  WHEN t.kind = 'review_release' THEN 'review_release'
  WHEN t.kind = 'review_reversal' THEN 'review_reversal'
  ELSE 'other' END`;

/**
 * The ledger's reads of its accounts and postings (ledger_post, the SQL
 * function that writes them, is called by LedgerService).
 */
@Injectable()
export class LedgerRepository {
  constructor(private readonly dataSource: DataSource) {}

  moneyBalancesBetween(
    manager: EntityManager,
    fromUserId: number,
    toUserId: number,
  ): Promise<{ user_id: number; balance: string }[]> {
    return manager.query(
      `SELECT user_id, balance FROM ledger_accounts
       WHERE kind = 'money' AND user_id BETWEEN $1 AND $2`,
      [fromUserId, toUserId],
    );
  }

  /** `work` in a REPEATABLE READ transaction of its own: several reads of one moment. */
  inSnapshot<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction('REPEATABLE READ', work);
  }

  /** Every member money account summed (decimal string). */
  async memberMoneyTotal(manager: EntityManager): Promise<string> {
    const rows: { total: string }[] = await manager.query(
      `SELECT coalesce(sum(balance), 0)::text AS total FROM ledger_accounts
       WHERE kind = 'money' AND user_id IS NOT NULL`,
    );
    return rows[0].total;
  }

  /**
   * A system account's balance in the caller's transaction: the latest
   * checkpoint's sum plus the postings after it (system accounts keep no
   * cached balance), never a scan of its history.
   */
  async systemBalance(manager: EntityManager, kind: string): Promise<string> {
    const rows: { balance: string }[] = await manager.query(
      `SELECT (COALESCE((SELECT k.balance FROM ledger_checkpoint_accounts k WHERE k.account_id = a.id), 0)
               + COALESCE((SELECT sum(p.amount) FROM ledger_postings p
                           WHERE p.account_id = a.id
                             AND p.id > COALESCE((SELECT c.posting_id FROM ledger_checkpoints c ORDER BY c.id DESC LIMIT 1), 0)), 0)
              )::text AS balance
       FROM ledger_accounts a WHERE a.user_id IS NULL AND a.kind = $1`,
      [kind],
    );
    return rows[0]?.balance ?? '0';
  }

  /** The balance sponsor_funds keeps (ledger_post moves it with every posting on it). */
  async sponsorFunds(db: DataSource | EntityManager = this.dataSource): Promise<string> {
    const rows: { balance: string }[] = await db.query(
      `SELECT balance::text FROM ledger_accounts WHERE user_id IS NULL AND kind = 'sponsor_funds'`,
    );
    return rows[0]?.balance ?? '0';
  }

  balancesOf(
    manager: EntityManager,
    userId: number,
  ): Promise<{ kind: keyof typeof MEMBER_ACCOUNTS; balance: string }[]> {
    return manager.query(`SELECT kind, balance FROM ledger_accounts WHERE user_id = $1`, [userId]);
  }

  /** Held balances (commissions and registration points) of these members; absent: none. */
  heldOf(
    userIds: number[],
    db: DataSource | EntityManager = this.dataSource,
  ): Promise<{ user_id: number; commission_hold: string; points_hold: string }[]> {
    return db.query(
      `SELECT user_id,
         COALESCE(sum(balance) FILTER (WHERE kind = 'commission_hold'), 0)::text AS commission_hold,
         COALESCE(sum(balance) FILTER (WHERE kind = 'points_hold'), 0)::text AS points_hold
       FROM ledger_accounts WHERE user_id = ANY($1) AND kind IN ('commission_hold', 'points_hold')
       GROUP BY user_id`,
      [userIds],
    );
  }

  /**
   * The member account, locked, and what came into it since money last went
   * out of it, by the system account it came from: an account that is only
   * ever emptied whole (held commissions) owes each source that much.
   */
  async creditsSinceEmptied(
    manager: EntityManager,
    userId: number,
    kind: string,
  ): Promise<{ balance: bigint; sources: { source: string; amount: bigint }[] }> {
    const [account] = await manager.query(
      `SELECT id, balance FROM ledger_accounts WHERE user_id = $1 AND kind = $2 FOR UPDATE`,
      [userId, kind],
    );
    if (!account) return { balance: 0n, sources: [] };
    const rows: { source: string; member: boolean; amount: string }[] = await manager.query(
      `SELECT c.kind AS source, c.user_id IS NOT NULL AS member, sum(p.amount)::text AS amount
       FROM ledger_postings p JOIN ledger_accounts c ON c.id = p.contra_account_id
       WHERE p.account_id = $1 AND p.amount > 0
         AND p.id > COALESCE((SELECT max(id) FROM ledger_postings WHERE account_id = $1 AND amount < 0), 0)
       GROUP BY 1, 2 ORDER BY 1`,
      [account.id],
    );
    if (rows.some((r) => r.member)) throw new Error(`${kind} of ${userId} was paid by a member`);
    return {
      balance: BigInt(account.balance),
      sources: rows.map((r) => ({ source: r.source, amount: BigInt(r.amount) })),
    };
  }

  /** The system account that paid the member's account in the transaction with this key. */
  async creditSource(
    manager: EntityManager,
    key: string,
    userId: number,
    kind: string,
  ): Promise<string | undefined> {
    const [row] = await manager.query(
      `SELECT c.kind AS source FROM ledger_transactions t
       JOIN ledger_postings p ON p.transaction_id = t.id AND p.amount > 0
       JOIN ledger_accounts a ON a.id = p.account_id AND a.user_id = $2 AND a.kind = $3
       JOIN ledger_accounts c ON c.id = p.contra_account_id AND c.user_id IS NULL
       WHERE t.idempotency_key = $1 LIMIT 1`,
      [key, userId, kind],
    );
    return row?.source;
  }

  /** A page of a member's statement: postings with the balance after each, newest first. */
  statementPage(
    userId: number,
    filter: {
      before?: number;
      limit: number;
      account?: StatementAccount;
      kind?: StatementKind;
      from?: Date;
      until?: Date;
    },
  ): Promise<
    {
      id: string;
      created_at: Date;
      kind: StatementKind;
      account: StatementAccount;
      amount: string;
      balance_after: string;
      memo: Record<string, unknown>;
      transaction_id: string;
      source_user_id: number | null;
    }[]
  > {
    return this.dataSource.query(
      `SELECT p.id, p.created_at, p.kind, a.kind AS account, p.amount, p.balance_after, p.memo,
              p.transaction_id, p.source_user_id
       FROM ledger_accounts a
       CROSS JOIN LATERAL (
         SELECT p.id, p.created_at, p.amount, p.balance_after, t.memo, ${KIND_SQL} AS kind,
                t.id AS transaction_id, t.user_id AS source_user_id
         FROM ledger_postings p
         JOIN ledger_transactions t ON t.id = p.transaction_id
         JOIN ledger_accounts c ON c.id = p.contra_account_id
         WHERE p.account_id = a.id AND p.balance_after IS NOT NULL
           AND p.id < COALESCE($2::bigint, 9223372036854775807)
           AND p.created_at >= COALESCE($5::timestamptz, '-infinity')
           AND p.created_at < COALESCE($6::timestamptz, 'infinity')
           AND ($4::text IS NULL OR ${KIND_SQL} = $4::text)
         ORDER BY p.id DESC
         LIMIT $3
       ) p
       WHERE a.user_id = $1 AND ($7::text IS NULL OR a.kind = $7::text)
       ORDER BY p.id DESC
       LIMIT $3`,
      [
        userId,
        filter.before ?? null,
        filter.limit,
        filter.kind ?? null,
        filter.from ?? null,
        filter.until ?? null,
        filter.account ?? null,
      ],
    );
  }

  /**
   * A member's latest postings with their transaction's kind, memo and
   * member (whose watch paid a commission), and the movement as the
   * member's statement names it.
   */
  postingsOf(
    userId: number,
    limit: number,
  ): Promise<
    {
      id: string;
      transaction_id: string;
      kind: string;
      movement: StatementKind;
      transaction_user_id: number | null;
      account: string;
      currency: string;
      amount: string;
      memo: Record<string, unknown>;
      created_at: Date;
    }[]
  > {
    return this.dataSource.query(
      `SELECT p.id, p.transaction_id, t.kind, ${KIND_SQL} AS movement, t.user_id AS transaction_user_id,
              a.kind AS account, a.currency, p.amount, t.memo, p.created_at
       FROM ledger_accounts a
       JOIN ledger_postings p ON p.account_id = a.id
       JOIN ledger_transactions t ON t.id = p.transaction_id
       JOIN ledger_accounts c ON c.id = p.contra_account_id
       WHERE a.user_id = $1 ORDER BY p.id DESC LIMIT $2`,
      [userId, limit],
    );
  }
}
