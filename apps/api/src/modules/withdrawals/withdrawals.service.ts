import { MemberEventsService } from '../../infra/events/member-events.service';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { effectiveVipLevel, microToNumber, withdrawalQuote, withdrawalRefusal } from '@app/domain';
import { AppError } from '../../common/app-error';
import { within } from '../../common/within';
import { ReachRegistry } from '../../common/reach';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { ApprovalsService } from '../approvals/approvals.service';
import { AuditService } from '../audit/audit.service';
import { DepositsService } from '../deposits/deposits.service';
import { member, system } from '../ledger/ledger.accounts';
import { LedgerService } from '../ledger/ledger.service';
import { IdentityService } from '../identity/identity.service';
import { RecoveryService } from '../recovery/recovery.service';
import { TransactionPasswordService } from '../users/transaction-password.service';
import { UsersService } from '../users/users.service';
import { RiskSignalsService } from '../risk/risk-signals.service';
import { WalletService } from '../wallet/wallet.service';
import type { RecordFailure } from '../wallet/wallet.service';
import { HotWallet } from '../../infra/tron/hot-wallet';
import { TronClient } from '../../infra/tron/tron.client';
import { activeTraceparent, linkTo } from '../../infra/tracing/trace-context';
import { WithdrawalRow, WithdrawalStatus, WithdrawalsRepository } from './withdrawals.repository';

export type { WithdrawalRow } from './withdrawals.repository';

const REFUSALS = {
  below_minimum: 'WITHDRAWAL_BELOW_MINIMUM',
  level_limit: 'WITHDRAWAL_LEVEL_LIMIT',
  insufficient_funds: 'INSUFFICIENT_FUNDS',
} as const;

/** The longest a request waits for the node's blacklist answer; past it the send-time check decides. */
const BLACKLIST_WAIT_MS = 3000;
/** The reason a withdrawal to a blacklisted address carries (record and withdrawal). */
export const BLACKLISTED_REASON =
  'ADDRESS_BLACKLISTED: the USDT contract has blacklisted the destination address';

/** Statuses a withdrawal reaches only after an operator approved it. */
const APPROVED_STATUSES: readonly WithdrawalStatus[] = [
  'approved',
  'signed',
  'sent',
  'confirmed',
  'failed',
  'refunded',
];

/** Statuses whose amount is still held in `pending_withdrawals` (failed waits for a retry or refund). */
export const PENDING_STATUSES: readonly WithdrawalStatus[] = [
  'requested',
  'approved',
  'signed',
  'sent',
  'failed',
];

/** What a member sees of a withdrawal's many internal states. */
export function memberStatus(status: WithdrawalStatus): 'under_review' | 'success' | 'fail' {
  if (status === 'confirmed') return 'success';
  if (status === 'rejected' || status === 'refunded' || status === 'cancelled') return 'fail';
  return 'under_review';
}

/**
 * Withdrawals: the request (money held in `pending_withdrawals` at once),
 * the operator's decision, and the ledger side of the chain's outcome. The
 * settlement worker moves them on chain; every state change here is a
 * conditional update, so a decision and the worker never both win.
 */
@Injectable()
export class WithdrawalsService {
  private readonly logger = new Logger(WithdrawalsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly withdrawals: WithdrawalsRepository,
    private readonly records: WalletService,
    private readonly ledger: LedgerService,
    private readonly users: UsersService,
    private readonly deposits: DepositsService,
    private readonly audit: AuditService,
    private readonly hot: HotWallet,
    private readonly transactionPassword: TransactionPasswordService,
    private readonly identity: IdentityService,
    private readonly approvals: ApprovalsService,
    private readonly recovery: RecoveryService,
    private readonly signals: RiskSignalsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: MemberEventsService,
    private readonly tron: TronClient,
    @Optional() reach?: ReachRegistry,
  ) {
    reach?.register(
      'withdrawal',
      async (id) => (await this.withdrawals.find(this.dataSource, String(id)))?.user_id ?? null,
    );
  }

  /**
   * The recovery hold is checked first, before the transaction password: an
   * account taken over by a reset is refused whatever it knows. A request
   * authenticated before a reset that lands meanwhile belongs to a session
   * the reset ended; whoever reset signs in after it, so always meets the hold.
   */
  async request(userId: number, wallet: string, amount: bigint, transactionPassword?: string) {
    await this.recovery.refuseWhileHeld(userId);
    await this.transactionPassword.check(userId, transactionPassword);
    await this.identity.requireForWithdrawal(userId, amount);
    if (wallet === this.hot.address || (await this.deposits.isServiceAddress(wallet))) {
      throw new AppError('WITHDRAWAL_TO_DEPOSIT_ADDRESS');
    }
    await this.refuseBlacklisted(wallet);
    const { fee, net } = withdrawalQuote(amount);
    let withdrawalId = '';
    const requested = await this.dataSource.transaction(async (db) => {
      // One request at a time per member: the balance check below stays true.
      await this.users.lock(db, userId);
      const user = await this.users.membership(db, userId);
      if (!user) throw new AppError('UNAUTHORIZED');
      const level = effectiveVipLevel(user.vipLevel, user.vipExpire, new Date());
      const { money } = await this.ledger.balancesOf(db, userId);
      const refusal = withdrawalRefusal(amount, level, money);
      if (refusal) throw new AppError(REFUSALS[refusal]);
      const recordId = await this.records.addWithdrawalRecord(db, { userId, amount, fee, wallet });
      // The request's trace, which the worker's settlement goes on in (tracing on).
      const traceParent = activeTraceparent();
      const id = await this.withdrawals.insert(db, {
        userId,
        recordId,
        wallet,
        amount,
        fee,
        net,
        traceParent,
      });
      await this.signals.addresses(db, [{ userId, kind: 'withdrawal_address', address: wallet }]);
      withdrawalId = id;
      await this.ledger.post(db, {
        key: `withdrawal:${id}:hold`,
        kind: 'withdrawal_request',
        userId,
        memo: { withdrawal_id: Number(id), wallet },
        transfers: [{ from: member(userId, 'money'), to: system('pending_withdrawals'), amount }],
      });
      return {
        id: Number(recordId),
        status: 'under_review' as const,
        fee: microToNumber(fee),
        net_amount: microToNumber(net),
      };
    });
    // Committed: operators who review withdrawals see it arrive.
    this.events.publishQueue('withdrawals', withdrawalId);
    return requested;
  }

  /**
   * Request time: a wallet the USDT contract blacklisted is refused (400
   * ADDRESS_BLACKLISTED). A node that is away or slow does not block the
   * request: the settlement asks again before signing, and that answer decides.
   */
  private async refuseBlacklisted(wallet: string): Promise<void> {
    const listed = await within(this.tron.isBlacklisted(wallet), BLACKLIST_WAIT_MS).catch(
      (error: unknown) => {
        this.logger.warn(`blacklist of ${wallet} not read at request: ${(error as Error).message}`);
        return false;
      },
    );
    if (listed) throw new AppError('ADDRESS_BLACKLISTED');
  }

  /**
   * Send time (the settlement, before signing): the USDT contract blacklists
   * the destination, so the transfer would revert and burn its fee. Nothing is
   * signed; the withdrawal ends `refunded` with the reason, the whole amount
   * back to the member in one ledger transaction. False when it was no longer
   * approved (another pass or an operator got there first).
   */
  async refuseBlacklistedSend(id: string): Promise<boolean> {
    const refused = await this.dataSource.transaction(async (db) => {
      const w = await this.withdrawals.find(db, id, true);
      if (!w || w.status !== 'approved') return false;
      if (
        !(await this.withdrawals.transition(db, id, ['approved'], 'refunded', {
          reason: BLACKLISTED_REASON,
        }))
      ) {
        return false;
      }
      await this.refund(db, w, BLACKLISTED_REASON, 'failed');
      return true;
    });
    if (refused) this.events.publishQueue('withdrawals', id);
    return refused;
  }

  /**
   * A settlement no second node confirmed (issue 43): the withdrawal stays as
   * it is (sent), the reason on it for operators, who are told when it is new;
   * the next pass asks again.
   */
  async holdSettlement(id: string, reason: string): Promise<void> {
    if (await this.withdrawals.note(id, `held: ${reason}`)) {
      this.logger.warn(`withdrawal ${id} settlement held: ${reason}`);
      this.events.publishQueue('withdrawals', id);
    }
  }

  /**
   * The member takes back their own withdrawal while no operator has
   * approved it (contract section 11): `cancelled`, the whole amount back in
   * one ledger transaction, the record `fail` with reason `cancelled`. The
   * row lock orders it against an operator's approval, which locks it too;
   * once any approval is given (even the first of two) it is the operators'
   * (WITHDRAWAL_ALREADY_APPROVED). Cancelling twice answers the cancelled
   * record again. No transaction password and no recovery hold: the money
   * only goes back to the member's own E-Wallet.
   */
  async cancel(userId: number, recordId: number) {
    const cancelledId = await this.dataSource.transaction(async (db) => {
      const w = await this.withdrawals.findMineByRecord(db, userId, recordId);
      if (!w) throw new AppError('NOT_FOUND');
      if (w.status === 'cancelled') return null;
      if (APPROVED_STATUSES.includes(w.status)) throw new AppError('WITHDRAWAL_ALREADY_APPROVED');
      if (w.status !== 'requested') throw new AppError('WITHDRAWAL_STATE_CONFLICT');
      if ((await this.approvals.rowsOf(db, 'withdrawal', w.id)).length > 0) {
        throw new AppError('WITHDRAWAL_ALREADY_APPROVED');
      }
      if (!(await this.withdrawals.transition(db, w.id, ['requested'], 'cancelled'))) {
        throw new AppError('WITHDRAWAL_STATE_CONFLICT');
      }
      await this.refund(db, w, 'cancelled', 'cancelled');
      await this.audit.record(db, userId, 'withdrawal.cancel', userId, {
        withdrawal_id: Number(w.id),
        amount: microToNumber(BigInt(w.amount_micro)),
        wallet: w.wallet,
      });
      return w.id;
    });
    // Committed: it leaves the operators' queue.
    if (cancelledId) this.events.publishQueue('withdrawals', cancelledId);
    return this.records.record(userId, recordId);
  }

  /**
   * The book, each address with `lookalike_of` (address poisoning, issue 43):
   * an address it looks like (first and last four characters alike, not
   * equal) among those that sent the member or the club a transfer, the
   * member's withdrawal history and the book's other addresses.
   */
  async addressBook(userId: number) {
    const rows = await this.withdrawals.addressBook(userId);
    const addresses = rows.map((r) => r.address);
    const [senders, history] = await Promise.all([
      this.deposits.lookalikes(addresses),
      this.withdrawals.historyLookalikes(userId, addresses),
    ]);
    return rows.map((r) => ({
      id: Number(r.id),
      address: r.address,
      label: r.label,
      network: 'TRC20' as const,
      lookalike_of:
        senders.get(r.address) ??
        history.get(r.address) ??
        addresses.find((other) => other !== r.address && looksLike(other, r.address)) ??
        null,
    }));
  }

  async saveAddress(userId: number, address: string, label: string, transactionPassword?: string) {
    await this.recovery.refuseWhileHeld(userId);
    await this.transactionPassword.check(userId, transactionPassword);
    if (address === this.hot.address || (await this.deposits.isServiceAddress(address))) {
      throw new AppError('WITHDRAWAL_TO_DEPOSIT_ADDRESS');
    }
    const saved = await this.withdrawals.saveAddress(
      userId,
      address,
      label.trim(),
      this.config.WITHDRAWAL_ADDRESS_BOOK_MAX,
    );
    if (!saved) throw new AppError('ADDRESS_BOOK_FULL');
    await this.signals.addresses(this.dataSource, [
      { userId, kind: 'withdrawal_address', address },
    ]);
    return this.addressBook(userId);
  }

  async deleteAddress(userId: number, id: number, transactionPassword?: string) {
    await this.recovery.refuseWhileHeld(userId);
    await this.transactionPassword.check(userId, transactionPassword);
    if (!(await this.withdrawals.deleteAddress(userId, id))) throw new AppError('NOT_FOUND');
    return this.addressBook(userId);
  }

  /** The member's own withdrawals of these ids, by id. */
  async mine(userId: number, ids: string[]): Promise<Map<string, WithdrawalRow>> {
    const rows = await this.withdrawals.mine(userId, [...new Set(ids)]);
    return new Map(rows.map((row) => [String(row.id), row]));
  }

  /** Withdrawals not yet confirmed on chain or refunded: their money sits in pending_withdrawals. */
  pendingTotals() {
    return this.withdrawals.pendingTotals(PENDING_STATUSES);
  }

  /**
   * Each member's withdrawals requested and not yet sent or refunded (their
   * money held in pending_withdrawals), by member, in the caller's
   * transaction: part of the member's liability in a proof of liabilities.
   */
  async pendingByMember(
    db: EntityManager,
  ): Promise<Map<number, { recordId: number; amount: bigint }[]>> {
    const byMember = new Map<number, { recordId: number; amount: bigint }[]>();
    for (const row of await this.withdrawals.pendingList(db, PENDING_STATUSES)) {
      const list = byMember.get(row.user_id) ?? [];
      list.push({ recordId: Number(row.record_id), amount: BigInt(row.amount_micro) });
      byMember.set(row.user_id, list);
    }
    return byMember;
  }

  list(filter: Parameters<WithdrawalsRepository['list']>[0]) {
    return this.withdrawals.list(filter);
  }

  async get(id: string): Promise<WithdrawalRow> {
    const w = await this.withdrawals.find(this.dataSource, id);
    if (!w) throw new AppError('NOT_FOUND');
    return w;
  }

  attempts(id: string) {
    return this.withdrawals.attempts(id);
  }

  /**
   * One operator's approval (approvals/approvals.service.ts): when the
   * member's withdrawals over 24 hours, this one included, exceed
   * WITHDRAWAL_APPROVAL_THRESHOLD USDT two different operators must approve,
   * and an approver over OPERATOR_DAILY_LIMIT needs an admin's approval too.
   * Until then the request stays `requested`; each approval is audited.
   */
  async approve(operatorId: number, id: string): Promise<WithdrawalRow> {
    const approved = await this.dataSource.transaction(async (db) => {
      const w = await this.withdrawals.find(db, id, true);
      if (!w) throw new AppError('NOT_FOUND');
      if (w.status !== 'requested') throw new AppError('WITHDRAWAL_STATE_CONFLICT');
      // The operator's request points at the member's, whose trace the settlement continues.
      linkTo(w.trace_parent);
      const outcome = await this.approvals.approve(db, {
        kind: 'withdrawal',
        subjectId: id,
        memberId: w.user_id,
        operatorId,
        amount: BigInt(w.amount_micro),
        threshold: this.config.WITHDRAWAL_APPROVAL_THRESHOLD,
      });
      const details = {
        withdrawal_id: Number(id),
        amount: microToNumber(BigInt(w.amount_micro)),
        wallet: w.wallet,
        approvals: outcome.approvals.map((a) => a.operator_id),
      };
      // Approved by someone: no longer the member's to cancel.
      await this.records.markWithdrawalApproved(db, w.record_id);
      if (!outcome.done) {
        await this.audit.record(db, operatorId, 'withdrawal.approval', w.user_id, {
          ...details,
          waiting: outcome.waiting,
        });
        return w;
      }
      if (
        !(await this.withdrawals.transition(db, id, ['requested'], 'approved', {
          decidedBy: operatorId,
        }))
      ) {
        throw new AppError('WITHDRAWAL_STATE_CONFLICT');
      }
      await this.audit.record(db, operatorId, 'withdrawal.approve', w.user_id, details);
      return (await this.withdrawals.find(db, id))!;
    });
    this.events.publishQueue('withdrawals', id);
    return approved;
  }

  /** Who approved these withdrawals so far, by id. */
  approvalsOf(ids: string[]) {
    return this.approvals.byRequest('withdrawal', ids);
  }

  /** A failed transfer (REVERT, out of energy, refused by the node) gets a new attempt. */
  async retry(operatorId: number, id: string): Promise<WithdrawalRow> {
    return this.decide(operatorId, id, ['failed'], 'approved', 'withdrawal.retry', null);
  }

  /** Refuses a request, or gives up on a failed one: the whole amount goes back. */
  async reject(operatorId: number, id: string, reason: string): Promise<WithdrawalRow> {
    const rejected = await this.dataSource.transaction(async (db) => {
      const w = await this.withdrawals.find(db, id, true);
      if (!w) throw new AppError('NOT_FOUND');
      await this.approvals.assertArmsLength(db, operatorId, w.user_id);
      const to = w.status === 'failed' ? 'refunded' : 'rejected';
      if (
        !(await this.withdrawals.transition(db, id, ['requested', 'approved', 'failed'], to, {
          reason,
          decidedBy: operatorId,
        }))
      ) {
        throw new AppError('WITHDRAWAL_STATE_CONFLICT');
      }
      await this.refund(db, w, reason, to === 'refunded' ? 'failed' : 'refused');
      await this.approvals.void(db, 'withdrawal', id);
      await this.audit.record(
        db,
        operatorId,
        `withdrawal.${to === 'refunded' ? 'refund' : 'reject'}`,
        w.user_id,
        {
          withdrawal_id: Number(id),
          amount: microToNumber(BigInt(w.amount_micro)),
          reason,
        },
      );
      return (await this.withdrawals.find(db, id))!;
    });
    this.events.publishQueue('withdrawals', id);
    return rejected;
  }

  /** Withdrawals waiting for an operator's review (the console's count). */
  waitingCount(): Promise<number> {
    return this.withdrawals.countIn('requested');
  }

  private async decide(
    operatorId: number,
    id: string,
    from: WithdrawalStatus[],
    to: WithdrawalStatus,
    action: string,
    reason?: null,
  ): Promise<WithdrawalRow> {
    return this.dataSource.transaction(async (db) => {
      const w = await this.withdrawals.find(db, id, true);
      if (!w) throw new AppError('NOT_FOUND');
      await this.approvals.assertArmsLength(db, operatorId, w.user_id);
      if (
        !(await this.withdrawals.transition(db, id, from, to, { decidedBy: operatorId, reason }))
      ) {
        throw new AppError('WITHDRAWAL_STATE_CONFLICT');
      }
      await this.audit.record(db, operatorId, action, w.user_id, {
        withdrawal_id: Number(id),
        amount: microToNumber(BigInt(w.amount_micro)),
        wallet: w.wallet,
      });
      return (await this.withdrawals.find(db, id))!;
    });
  }

  private async refund(
    db: EntityManager,
    w: WithdrawalRow,
    reason: string,
    failure: RecordFailure,
  ) {
    const { transactionId } = await this.ledger.post(db, {
      key: `withdrawal:${w.id}:refund`,
      kind: 'withdrawal_refund',
      userId: w.user_id,
      memo: { withdrawal_id: Number(w.id), reason },
      transfers: [
        {
          from: system('pending_withdrawals'),
          to: member(w.user_id, 'money'),
          amount: BigInt(w.amount_micro),
        },
      ],
    });
    await this.records.closeWithdrawalRecord(db, w.record_id, {
      status: 'fail',
      failure,
      reason,
      ledgerTransactionId: transactionId,
    });
  }

  /** The chain confirmed the transfer: the net left for the chain, the fee is revenue. */
  async settleConfirmed(db: EntityManager, w: WithdrawalRow, txId: string): Promise<void> {
    const { transactionId } = await this.ledger.post(db, {
      key: `withdrawal:${w.id}:settle`,
      kind: 'withdrawal',
      userId: w.user_id,
      memo: { withdrawal_id: Number(w.id), tx_id: txId },
      transfers: [
        {
          from: system('pending_withdrawals'),
          to: system('withdrawals'),
          amount: BigInt(w.net_micro),
        },
        ...(BigInt(w.fee_micro) > 0n
          ? [
              {
                from: system('pending_withdrawals'),
                to: system('fees'),
                amount: BigInt(w.fee_micro),
              },
            ]
          : []),
      ],
    });
    await this.records.closeWithdrawalRecord(db, w.record_id, {
      status: 'success',
      txId,
      ledgerTransactionId: transactionId,
    });
  }
}

/** Address poisoning's trick: the same first and last four characters (what people check). */
export function looksLike(a: string, b: string): boolean {
  return a !== b && a.slice(0, 4) === b.slice(0, 4) && a.slice(-4) === b.slice(-4);
}
