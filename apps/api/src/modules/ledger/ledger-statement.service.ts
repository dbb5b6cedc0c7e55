import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { StatementAccount, StatementKind } from '@app/domain';

/** One movement of a member's account, amounts in integer micro-units. */
export interface StatementRow {
  id: string;
  createdAt: Date;
  kind: StatementKind;
  account: StatementAccount;
  amount: bigint;
  balanceAfter: bigint;
  reference: string | null;
}

export interface StatementFilter {
  /** Only postings with an id below this (the previous page's last id). */
  before?: number;
  limit: number;
  account?: StatementAccount;
  kind?: StatementKind;
  /** Inclusive lower bound of created_at. */
  from?: Date;
  /** Exclusive upper bound of created_at. */
  until?: Date;
}

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
  ELSE 'other' END`;

/** What the member can look up the movement by, from the transaction's memo. */
function referenceOf(kind: StatementKind, memo: Record<string, unknown>): string | null {
  const id = (name: string, key: string) =>
    memo[key] === undefined || memo[key] === null ? null : `${name}:${String(memo[key])}`;
  switch (kind) {
    case 'reward':
    case 'commission':
      return id('trailer', 'trailer_id');
    case 'purchase':
      return id('vip', 'vip_level');
    case 'deposit':
      return id('block', 'block');
    case 'card_deposit':
      return id('card_deposit', 'card_deposit_id');
    case 'withdrawal':
    case 'withdrawal_refund':
      return id('withdrawal', 'withdrawal_id');
    case 'adjustment':
      return typeof memo.reason === 'string' ? memo.reason : null;
    case 'promotion':
      return id('promotion', 'grant_id');
    case 'hold_release':
      return id('hold', 'hold_id');
    case 'challenge':
      return id('challenge', 'challenge_id');
    default:
      return null;
  }
}

/**
 * A member's statement, read from the postings of their own accounts with
 * the balance ledger_post stored on each (migration 1766200000000). Each
 * account is read backwards along ledger_postings_statement_idx (account_id,
 * id) for at most one page, and the pages are merged: the cost is a page per
 * account however long the history.
 */
@Injectable()
export class LedgerStatementService {
  constructor(private readonly dataSource: DataSource) {}

  async page(userId: number, filter: StatementFilter): Promise<StatementRow[]> {
    const rows: {
      id: string;
      created_at: Date;
      kind: StatementKind;
      account: StatementAccount;
      amount: string;
      balance_after: string;
      memo: Record<string, unknown>;
    }[] = await this.dataSource.query(
      `SELECT p.id, p.created_at, p.kind, a.kind AS account, p.amount, p.balance_after, p.memo
       FROM ledger_accounts a
       CROSS JOIN LATERAL (
         SELECT p.id, p.created_at, p.amount, p.balance_after, t.memo, ${KIND_SQL} AS kind
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
    return rows.map((r) => ({
      id: String(r.id),
      createdAt: r.created_at,
      kind: r.kind,
      account: r.account,
      amount: BigInt(r.amount),
      balanceAfter: BigInt(r.balance_after),
      reference: referenceOf(r.kind, r.memo ?? {}),
    }));
  }
}
