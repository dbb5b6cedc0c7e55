import { Injectable } from '@nestjs/common';
import type { StatementAccount, StatementKind } from '@app/domain';
import { LedgerRepository } from './ledger.repository';

/** One movement of a member's account, amounts in integer micro-units. */
export interface StatementRow {
  id: string;
  createdAt: Date;
  kind: StatementKind;
  account: StatementAccount;
  amount: bigint;
  balanceAfter: bigint;
  reference: string | null;
  /** The ledger transaction the movement belongs to. */
  transactionId: string;
  /** The member the transaction is about (for a commission: the one who watched). */
  sourceUserId: number | null;
  memo: Record<string, unknown>;
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
 * account is read backwards along ledger_postings_account_idx (account_id,
 * id) for at most one page, and the pages are merged: the cost is a page per
 * account however long the history.
 */
@Injectable()
export class LedgerStatementService {
  constructor(private readonly repository: LedgerRepository) {}

  async page(userId: number, filter: StatementFilter): Promise<StatementRow[]> {
    const rows = await this.repository.statementPage(userId, filter);
    return rows.map((r) => ({
      id: String(r.id),
      createdAt: r.created_at,
      kind: r.kind,
      account: r.account,
      amount: BigInt(r.amount),
      balanceAfter: BigInt(r.balance_after),
      reference: referenceOf(r.kind, r.memo ?? {}),
      transactionId: String(r.transaction_id),
      sourceUserId: r.source_user_id,
      memo: r.memo ?? {},
    }));
  }
}
