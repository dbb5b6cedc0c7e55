import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/app-error';
import { ledgerPostingFailures, ledgerPostings } from '../../infra/metrics/metrics';
import { afterCommit } from '../../database/after-commit';
import { isUniqueViolation, preparedQuery, sqlState } from '../../database/prepared';
import {
  AccountRef,
  EARNING_SOURCES,
  FUNDING,
  MEMBER_ACCOUNTS,
  type MemberAccount,
  PAYOUT_SOURCES,
  SYSTEM_ACCOUNTS,
  type SystemAccount,
  currencyOf,
  funding,
  system,
} from './ledger.accounts';
import { LedgerRepository } from './ledger.repository';

export interface Transfer {
  from: AccountRef;
  to: AccountRef;
  /** micro-units, > 0 */
  amount: bigint;
}

export interface PostRequest {
  /** Deterministic: the same business event always yields the same key. */
  key: string;
  kind: string;
  userId?: number | null;
  memo?: Record<string, unknown>;
  transfers: Transfer[];
}

export interface PostResult {
  transactionId: string;
  /** True when this key was posted before and nothing changed now. */
  replayed: boolean;
}

/** A business change the posting depends on: see LedgerService.postGuarded. */
export interface PostingGuard {
  /** Common table expressions, `name AS (...), ...`, using $1 to $n. */
  with: string;
  /** A SELECT over them: one row to post, none not to. */
  select: string;
  values: unknown[];
}

interface PostRow {
  transaction_id: string;
  replayed: boolean;
}

const systemAccount = (kind: string): SystemAccount => {
  if (!(kind in SYSTEM_ACCOUNTS)) throw new Error(`unknown system account ${kind}`);
  return kind as SystemAccount;
};

/** ledger_post's fourteen parameters, numbered from `first`. */
const placeholders = (first: number) =>
  Array.from({ length: 14 }, (_, i) => `$${first + i}`).join(', ');

const refKey = (ref: AccountRef) =>
  'system' in ref ? `system:${ref.system}` : `member:${ref.userId}:${ref.account}`;
const userOf = (ref: AccountRef) => ('system' in ref ? null : ref.userId);
const kindOf = (ref: AccountRef) => ('system' in ref ? ref.system : ref.account);

const isPayoutSource = (ref: AccountRef): boolean =>
  'system' in ref && (PAYOUT_SOURCES as readonly string[]).includes(ref.system);

/**
 * The transfers with their payouts funded (contract section 11): money or
 * points the club pays members from a payout account (PAYOUT_SOURCES) is
 * drawn in the same transaction from the funding account, which ledger_post
 * resolves to sponsor_funds while it holds money and club_revenue for the
 * rest. One transfer for all of a transaction's payouts (a watch pays a
 * reward and up to three commissions): two postings more, not eight. Money
 * coming back to a payout account (a reversal) is not un-funded.
 */
function withFunding(transfers: Transfer[]): Transfer[] {
  let paid = 0n;
  for (const t of transfers) if (isPayoutSource(t.from) && !('system' in t.to)) paid += t.amount;
  if (paid === 0n) return transfers;
  return [...transfers, { from: funding(), to: system('payouts_funded'), amount: paid }];
}

/**
 * The only writer of money. Runs inside the caller's database transaction so
 * a business change and its postings commit or fail together. The posting
 * itself is one call of the `ledger_post` database function (one round trip),
 * which writes each transfer as two postings of opposite amounts between
 * existing accounts of one currency; the database also refuses negative
 * member balances, postings written by anything else and any edit of a
 * written row.
 */
@Injectable()
export class LedgerService {
  private readonly committedListeners: ((userIds: number[]) => void)[] = [];

  constructor(private readonly repository: LedgerRepository) {}

  /**
   * `listener` learns which members' balances a posting changed, once it has
   * committed (live events); the ledger imports no module, so they subscribe.
   */
  onCommitted(listener: (userIds: number[]) => void): void {
    this.committedListeners.push(listener);
  }

  private announce(db: DataSource | EntityManager, request: PostRequest) {
    if (this.committedListeners.length === 0) return;
    const userIds = [
      ...new Set(request.transfers.flatMap((t) => [userOf(t.from), userOf(t.to)])),
    ].filter((id): id is number => id !== null);
    afterCommit(db, () => {
      for (const listener of this.committedListeners) listener(userIds);
    });
  }

  async post(manager: EntityManager, request: PostRequest): Promise<PostResult> {
    if (!manager.queryRunner?.isTransactionActive)
      throw new Error('LedgerService.post needs a database transaction');
    const [row] = await this.run<PostRow>(
      manager,
      'ledger-post',
      `SELECT transaction_id, replayed FROM ledger_post(${placeholders(1)})`,
      [],
      request,
    );
    if (!row.replayed) this.announce(manager, request);
    return { transactionId: String(row.transaction_id), replayed: row.replayed };
  }

  /**
   * Posts in the same statement as a business change the posting depends on,
   * so that both commit or fail together without a transaction of the
   * caller's (one round trip instead of five for a trailer reward). The guard
   * is data-modifying CTEs (`with`) and a SELECT over them (`select`): the
   * posting happens once when the SELECT returns a row and not at all when it
   * returns none (then the result is undefined). `name` names the prepared
   * statement; the guard's text must not change under one name.
   */
  async postGuarded<T extends object>(
    db: DataSource | EntityManager,
    name: string,
    guard: PostingGuard,
    request: PostRequest,
  ): Promise<(T & PostResult) | undefined> {
    const rows = await this.run<T & PostRow>(
      db,
      `ledger-post:${name}`,
      `WITH ${guard.with}, guard AS (${guard.select})
       SELECT guard.*, p.transaction_id, p.replayed
       FROM guard, LATERAL ledger_post(${placeholders(guard.values.length + 1)}) p`,
      guard.values,
      request,
    );
    if (rows.length === 0) return undefined;
    const { transaction_id, replayed, ...row } = rows[0];
    if (!replayed) this.announce(db, request);
    return { ...(row as unknown as T), transactionId: String(transaction_id), replayed };
  }

  private async run<R extends PostRow>(
    db: DataSource | EntityManager,
    name: string,
    text: string,
    values: unknown[],
    request: PostRequest,
  ): Promise<R[]> {
    const args = [...values, ...this.arguments(request)];
    try {
      const rows = await preparedQuery<R>(db, name, text, args);
      for (const row of rows)
        ledgerPostings.inc({ kind: request.kind, result: row.replayed ? 'replayed' : 'posted' });
      return rows;
    } catch (error) {
      // A guard's unique index refusing is the business change's answer, not the ledger's.
      if (isUniqueViolation(error)) throw error;
      const message = (error as { message?: string })?.message;
      const refusal =
        sqlState(error) === 'P0001' &&
        (message === 'INSUFFICIENT_FUNDS' || message === 'IDEMPOTENCY_CONFLICT')
          ? message
          : null;
      ledgerPostingFailures.inc({ kind: request.kind, reason: refusal?.toLowerCase() ?? 'error' });
      if (refusal) throw new AppError(refusal);
      throw error;
    }
  }

  /** The checked request as ledger_post's fourteen arguments, its payouts funded. */
  private arguments(request: PostRequest): unknown[] {
    if (request.transfers.length === 0)
      throw new Error('a ledger transaction needs at least one transfer');
    for (const t of request.transfers) {
      if (typeof t.amount !== 'bigint' || t.amount <= 0n)
        throw new Error('transfer amount must be a positive bigint');
      if (currencyOf(t.from) !== currencyOf(t.to))
        throw new Error(`transfer mixes currencies: ${refKey(t.from)} -> ${refKey(t.to)}`);
      if (refKey(t.from) === refKey(t.to)) throw new Error('transfer to the same account');
      if ('system' in t.to && t.to.system === FUNDING)
        throw new Error('nothing is paid into the funding account');
    }
    // The caller's transfers only: a key posted before payouts were funded replays as the same.
    const fingerprint = createHash('sha256')
      .update(
        JSON.stringify([
          request.kind,
          request.transfers.map((t) => [refKey(t.from), refKey(t.to), t.amount.toString()]),
        ]),
      )
      .digest('hex');
    const earnings = this.earnings(request.transfers);
    const transfers = withFunding(request.transfers);
    return [
      request.key,
      request.kind,
      fingerprint,
      request.userId ?? null,
      JSON.stringify(request.memo ?? {}),
      transfers.map((t) => userOf(t.from)),
      transfers.map((t) => kindOf(t.from)),
      transfers.map((t) => userOf(t.to)),
      transfers.map((t) => kindOf(t.to)),
      transfers.map((t) => currencyOf(t.from)),
      transfers.map((t) => t.amount.toString()),
      earnings.map((e) => e.userId),
      earnings.map((e) => e.rewards.toString()),
      earnings.map((e) => e.commissions.toString()),
    ];
  }

  /**
   * /users/me's earnings move with the money: rewards into a member's money
   * count as total_earn, team commissions as team_earn; a reversal takes them back.
   */
  private earnings(transfers: Transfer[]) {
    const changes: { userId: number; rewards: bigint; commissions: bigint }[] = [];
    for (const { from, to, amount } of transfers) {
      const [source, target, signed] =
        'system' in from && 'account' in to
          ? [from.system, to, amount]
          : 'system' in to && 'account' in from
            ? [to.system, from, -amount]
            : [];
      const earning = source && source !== FUNDING && EARNING_SOURCES[source];
      if (!earning || !target || target.account !== 'money') continue;
      changes.push({
        userId: target.userId,
        rewards: earning === 'rewards' ? signed! : 0n,
        commissions: earning === 'commissions' ? signed! : 0n,
      });
    }
    return changes;
  }

  /**
   * Money (E-Wallet) balances of the members with ids in [fromUserId, toUserId]
   * that have a money account, in the caller's transaction (proof of liabilities).
   */
  async moneyBalancesBetween(
    manager: EntityManager,
    fromUserId: number,
    toUserId: number,
  ): Promise<Map<number, bigint>> {
    const rows = await this.repository.moneyBalancesBetween(manager, fromUserId, toUserId);
    return new Map(rows.map((r) => [r.user_id, BigInt(r.balance)]));
  }

  /** The ledger's member liabilities: every member money account summed, in the caller's transaction. */
  async memberMoneyTotal(manager: EntityManager): Promise<bigint> {
    return BigInt(await this.repository.memberMoneyTotal(manager));
  }

  /** What these members hold for review: commissions (USDT) and held points, micro-units. */
  async heldOf(
    userIds: number[],
    manager?: EntityManager,
  ): Promise<Map<number, { commissions: bigint; points: bigint }>> {
    const rows = userIds.length === 0 ? [] : await this.repository.heldOf(userIds, manager);
    return new Map(
      rows.map((r) => [
        r.user_id,
        { commissions: BigInt(r.commission_hold), points: BigInt(r.points_hold) },
      ]),
    );
  }

  /**
   * A member's held commissions, the account locked in the caller's
   * transaction, split by the system account each came from (a release or
   * reversal empties it whole, each part back through its own source).
   */
  async heldCommissions(
    manager: EntityManager,
    userId: number,
  ): Promise<{ source: SystemAccount; amount: bigint }[]> {
    const { balance, sources } = await this.repository.creditsSinceEmptied(
      manager,
      userId,
      'commission_hold',
    );
    const total = sources.reduce((sum, s) => sum + s.amount, 0n);
    if (total !== balance)
      throw new Error(`held commissions of ${userId}: ${total} paid in, ${balance} held`);
    return sources.map((s) => ({ source: systemAccount(s.source), amount: s.amount }));
  }

  /** The system account that paid the member's account in the transaction with this key. */
  async creditSource(
    manager: EntityManager,
    key: string,
    userId: number,
    account: MemberAccount,
  ): Promise<SystemAccount> {
    const source = await this.repository.creditSource(manager, key, userId, account);
    if (!source) throw new Error(`no system account paid ${account} of ${userId} in ${key}`);
    return systemAccount(source);
  }

  /** Members' money now: E-Wallets plus withdrawals not yet sent, read in one snapshot. */
  async liabilities(): Promise<bigint> {
    return this.repository.inSnapshot(
      async (m) => (await this.memberMoneyTotal(m)) + (await this.pendingWithdrawalsTotal(m)),
    );
  }

  /** Money requested for withdrawal and not yet sent or refunded, in the caller's transaction. */
  async pendingWithdrawalsTotal(manager: EntityManager): Promise<bigint> {
    return BigInt(await this.repository.systemBalance(manager, 'pending_withdrawals'));
  }

  /** Outside money recorded and not yet paid out (micro-USDT). */
  async sponsorFunds(manager?: EntityManager): Promise<bigint> {
    return BigInt(await this.repository.sponsorFunds(manager));
  }

  /** Balances of one member's accounts (0 for accounts never used). */
  async balancesOf(
    manager: EntityManager,
    userId: number,
  ): Promise<Record<keyof typeof MEMBER_ACCOUNTS, bigint>> {
    const rows = await this.repository.balancesOf(manager, userId);
    const result = { money: 0n, points: 0n, points_hold: 0n, commission_hold: 0n };
    for (const row of rows) result[row.kind] = BigInt(row.balance);
    return result;
  }
}
