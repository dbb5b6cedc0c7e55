import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { canBuyVipLevel, effectiveVipLevel, microToNumber, vipPaymentSource } from '@app/domain';
import { AppError } from '../../common/app-error';
import { afterCommit } from '../../database/after-commit';
import { MemberEventsService } from '../../infra/events/member-events.service';
import { EconomyService } from '../economy/economy.service';
import { member, system } from '../ledger/ledger.accounts';
import { LedgerService } from '../ledger/ledger.service';
import { PromotionsService } from '../promotions/promotions.service';
import { UsersService } from '../users/users.service';
import { BalanceRecordItem, BuyVipResponse, TransferResponse } from './wallet.dto';
import { BalanceRecordRow, SettledRecord, WalletRepository } from './wallet.repository';

export type { RecordFailure } from './wallet.repository';

const DAY_MS = 24 * 3600 * 1000;

@Injectable()
export class WalletService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly balanceRecords: WalletRepository,
    private readonly ledger: LedgerService,
    private readonly users: UsersService,
    private readonly economy: EconomyService,
    private readonly promotions: PromotionsService,
    private readonly events: MemberEventsService,
  ) {}

  /** The member's live event for a record that just ended, once its transaction commits. */
  private announce(
    db: EntityManager,
    event: 'deposit' | 'withdrawal',
    status: 'success' | 'fail',
    records: SettledRecord[],
  ) {
    if (records.length === 0) return;
    afterCommit(db, () =>
      this.events.publish(
        ...records.map((r) => ({
          userId: r.userId,
          event,
          data: {
            id: Number(r.id),
            status,
            amount: microToNumber(r.amount),
            // What went on chain (or would have): the member's toast names the net, not the gross.
            ...(event === 'withdrawal'
              ? {
                  net_amount: microToNumber(r.amount - r.fee),
                  tx_id: r.txId,
                  failure: r.failure,
                  reason: r.reason,
                }
              : {}),
          },
        })),
      ),
    );
  }

  /**
   * E-Wallet money to registration points, 1:1. Each currency balances on its
   * own through the conversion accounts, so USDT and points never mix.
   */
  async transfer(userId: number, amount: bigint, requestKey?: string): Promise<TransferResponse> {
    return this.dataSource.transaction(async (manager) => {
      await this.ledger.post(manager, {
        key: `transfer:${userId}:${requestKey ?? randomUUID()}`,
        kind: 'transfer',
        userId,
        transfers: [
          { from: member(userId, 'money'), to: system('conversion'), amount },
          { from: system('points_conversion'), to: member(userId, 'points'), amount },
        ],
      });
      const balances = await this.ledger.balancesOf(manager, userId);
      return { money: microToNumber(balances.money), points: microToNumber(balances.points) };
    });
  }

  /**
   * Buys a level above the effective one for the table's days, paid in full
   * from points when they cover it, else from money. The member row is
   * locked, so two purchases by one member run one after the other.
   */
  async buyVip(userId: number, level: number): Promise<BuyVipResponse> {
    return this.dataSource.transaction(async (manager) => {
      await this.users.lock(manager, userId);
      const user = await this.users.membership(manager, userId);
      if (!user) throw new AppError('UNAUTHORIZED');
      const now = new Date();
      if (!canBuyVipLevel(level, effectiveVipLevel(user.vipLevel, user.vipExpire, now))) {
        throw new AppError('VIP_LEVEL_NOT_ABOVE_CURRENT');
      }
      const tier = await this.economy.tier(level, manager);
      const balances = await this.ledger.balancesOf(manager, userId);
      const paidFrom = vipPaymentSource(tier.priceMicro, balances.money, balances.points);
      if (!paidFrom) throw new AppError('INSUFFICIENT_FUNDS');
      if (tier.priceMicro > 0n) {
        await this.ledger.post(manager, {
          key: `buy-vip:${userId}:${level}:${user.vipExpire ? user.vipExpire.getTime() : 'none'}`,
          kind: 'buy_vip',
          userId,
          memo: { vip_level: level },
          transfers: [
            paidFrom === 'points'
              ? {
                  from: member(userId, 'points'),
                  to: system('points_vip_sales'),
                  amount: tier.priceMicro,
                }
              : { from: member(userId, 'money'), to: system('vip_sales'), amount: tier.priceMicro },
          ],
        });
      }
      const vipExpire = new Date(now.getTime() + tier.membershipDays * DAY_MS);
      await this.users.setMembership(manager, userId, level, vipExpire);
      if (user.inviterId !== null) {
        await this.promotions.recordGrants(manager, {
          memberId: userId,
          inviterId: user.inviterId,
          level,
          at: now,
        });
      }
      return { vip_level: level, vip_expire: vipExpire.toISOString(), paid_from: paidFrom };
    });
  }

  /** An operator's correction of money, shown to the member as a balance record. */
  recordAdjustment(
    db: EntityManager,
    adjustment: { userId: number; amount: bigint; reason: string; ledgerTransactionId: string },
  ): Promise<void> {
    const { amount } = adjustment;
    return this.balanceRecords.add(db, {
      userId: adjustment.userId,
      type: 'adjustment',
      isAdd: amount > 0n,
      amount: amount < 0n ? -amount : amount,
      status: 'success',
      reason: adjustment.reason,
      ledgerTransactionId: adjustment.ledgerTransactionId,
    });
  }

  // Withdrawal records, for the withdrawals module.
  addWithdrawalRecord(db: EntityManager, w: Parameters<WalletRepository['addWithdrawal']>[1]) {
    return this.balanceRecords.addWithdrawal(db, w);
  }
  /** The member's withdrawal says it waits for a refill of the hot wallet (null: it no longer does). */
  noteWithdrawalWaiting(recordId: string, reason: string | null) {
    return this.balanceRecords.noteWithdrawalWaiting(recordId, reason);
  }
  /** From an operator's first approval on, the member can no longer cancel the withdrawal. */
  markWithdrawalApproved(db: EntityManager, recordId: string) {
    return this.balanceRecords.markWithdrawalApproved(db, recordId);
  }
  async closeWithdrawalRecord(
    db: EntityManager,
    id: string,
    end: Parameters<WalletRepository['closeWithdrawal']>[2],
  ) {
    const closed = await this.balanceRecords.closeWithdrawal(db, id, end);
    this.announce(db, 'withdrawal', end.status, closed ? [closed] : []);
  }

  depositedBetween(userId: number, from: Date, to: Date) {
    return this.balanceRecords.depositedBetween(userId, from, to);
  }

  exportPage(from: Date, to: Date, afterId: number) {
    return this.balanceRecords.exportPage(from, to, afterId);
  }

  // Card deposit records, for the card-deposits module.
  addCardRecord(db: EntityManager, userId: number) {
    return this.balanceRecords.addCardRequest(db, userId);
  }
  async closeCardRecord(
    db: EntityManager,
    id: string,
    end: Parameters<WalletRepository['closeCardRecord']>[2],
  ) {
    const closed = await this.balanceRecords.closeCardRecord(db, id, end);
    // A refused card payment moved no money: only a credited one is news.
    if (end.status === 'success') this.announce(db, 'deposit', 'success', closed ? [closed] : []);
  }

  // Deposit records, for the deposits module (see WalletRepository for each).
  addDepositClaim(db: EntityManager, userId: number, txId: string) {
    return this.balanceRecords.addDepositClaim(db, userId, txId);
  }
  async settleDeposits(
    db: EntityManager,
    deposits: Parameters<WalletRepository['settleDeposits']>[1],
  ): Promise<void> {
    this.announce(db, 'deposit', 'success', await this.balanceRecords.settleDeposits(db, deposits));
  }
  failDepositClaim(db: EntityManager, id: string, reason: string) {
    return this.balanceRecords.failDepositClaim(db, id, reason);
  }
  depositClaim(db: EntityManager | DataSource, id: string) {
    return this.balanceRecords.depositClaim(db, id);
  }
  pendingDepositClaimIds(limit: number) {
    return this.balanceRecords.pendingDepositClaimIds(limit);
  }
  listDeposits(filter: Parameters<WalletRepository['listDeposits']>[0]) {
    return this.balanceRecords.listDeposits(filter);
  }

  async records(
    userId: number,
    add: boolean | undefined,
    limit: number,
    before?: number,
  ): Promise<BalanceRecordItem[]> {
    const rows = await this.balanceRecords.list(userId, { add, limit, before });
    return rows.map(recordItem);
  }

  /** One of the member's records; NOT_FOUND when it is not theirs. */
  async record(userId: number, id: number): Promise<BalanceRecordItem> {
    const row = await this.balanceRecords.one(userId, id);
    if (!row) throw new AppError('NOT_FOUND');
    return recordItem(row);
  }

  /**
   * The tx ids of the member's deposits these ledger transactions credited,
   * by `<ledger transaction id>:<amount in micro>`, in record order.
   */
  async depositTxIds(userId: number, ledgerTransactionIds: string[]) {
    const rows = await this.balanceRecords.depositTxIds(userId, ledgerTransactionIds);
    const byCredit = new Map<string, string[]>();
    for (const row of rows) {
      const key = `${row.ledger_transaction_id}:${row.amount_micro}`;
      byCredit.set(key, [...(byCredit.get(key) ?? []), row.tx_id]);
    }
    return byCredit;
  }
}

function recordItem(row: BalanceRecordRow): BalanceRecordItem {
  const amount = BigInt(row.amount_micro);
  const fee = BigInt(row.fee_micro);
  return {
    id: Number(row.id),
    amount: microToNumber(amount),
    is_add: row.is_add,
    type: row.type,
    status: row.status,
    created_at: row.created_at.toISOString(),
    tx_id: row.tx_id,
    fee: microToNumber(fee),
    net_amount: microToNumber(amount - fee),
    wallet: row.wallet,
    reason: row.reason,
    failure: row.failure,
    cancellable: row.type === 'withdrawal' && row.status === 'under_review' && !row.approved_at,
  };
}
