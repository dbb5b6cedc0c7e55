import { MemberEventsService } from '../../infra/events/member-events.service';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { microToNumber } from '@app/domain';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/app-error';
import { ReachRegistry } from '../../common/reach';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { type ApprovalRow, ApprovalsService, awaiting, view } from '../approvals/approvals.service';
import { EconomyChangesService } from '../approvals/economy-changes.service';
import { AuditService } from '../audit/audit.service';
import { ContentService } from '../content/content.service';
import { LedgerService } from '../ledger/ledger.service';
import { member, system } from '../ledger/ledger.accounts';
import { StorageService } from '../../infra/storage/storage.service';
import { WalletService } from '../wallet/wallet.service';
import {
  CARD_CURRENCIES,
  CardCurrency,
  CardDepositItem,
  CardRates,
  CardRatesAnswer,
} from './card-deposits.dto';
import { CardDepositRow, CardDepositsRepository } from './card-deposits.repository';

const RATES_KEY = 'card_rates';

/** A decimal text as an integer scaled by 10^places ("12.5", 2 → 1250n). */
function scaled(text: string, places: number): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(places, '0').slice(0, places));
}

/** amount (2 decimals) × rate (9 decimals) in micro-USDT, rounded down. */
export function suggestedMicro(amount: string, rate: string): bigint {
  return (scaled(amount, 2) * scaled(rate, 9)) / 100_000n;
}

/**
 * Card deposits: the member pays the card shown by `GET /card` and reports
 * it with a receipt photo (kept private); an operator credits the USDT value
 * they decide (the rate per currency is a suggestion) in one ledger
 * transaction, or refuses with a reason. The member follows it in the
 * recharge records as type `card`.
 */
@Injectable()
export class CardDepositsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: CardDepositsRepository,
    private readonly storage: StorageService,
    private readonly wallet: WalletService,
    private readonly ledger: LedgerService,
    private readonly audit: AuditService,
    private readonly content: ContentService,
    private readonly approvals: ApprovalsService,
    private readonly changes: EconomyChangesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: MemberEventsService,
    @Optional() reach?: ReachRegistry,
  ) {
    reach?.register('card_deposit', (id) => this.repository.ownerOf(id));
    // A second admin's approval carries the waiting rates out as proposed.
    changes.register('card_rates', (db, { after, operatorId }) =>
      this.writeRates(db, operatorId, after as CardRates),
    );
  }

  async create(userId: number, currency: CardCurrency, amount: string, receipt: Buffer) {
    // A member must never pay a card nobody set (or a placeholder): until an
    // operator sets one, card deposits are off and nothing is stored.
    if (!(await this.content.cardNumber())) {
      throw new AppError('CARD_DEPOSITS_OFF', 'Card deposits are off: no card is set');
    }
    const stored = await this.storage.saveImage(receipt, 'private');
    try {
      let depositId = 0;
      const created = await this.dataSource.transaction(async (db) => {
        const recordId = await this.wallet.addCardRecord(db, userId);
        depositId = await this.repository.insert(db, {
          userId,
          recordId,
          currency,
          amount,
          receiptKey: stored.key,
        });
        return { id: Number(recordId), status: 'under_review' as const };
      });
      // Committed: operators who review card deposits see it arrive.
      this.events.publishQueue('card_deposits', depositId);
      return created;
    } catch (error) {
      await this.storage.discard([stored.key]);
      throw error;
    }
  }

  /** Requests waiting for an operator's review (the console's count). */
  waitingCount(): Promise<number> {
    return this.repository.countUnderReview();
  }

  /** The receipt of one of the member's own card deposits (by its record id). */
  async ownReceipt(userId: number, recordId: number) {
    const key = await this.repository.ownReceiptKey(userId, recordId);
    return key ? this.storage.readPrivate(key) : null;
  }

  async receipt(id: number) {
    const key = await this.repository.receiptKey(id);
    return key ? this.storage.readPrivate(key) : null;
  }

  async rates(): Promise<CardRates> {
    const value = await this.content.setting(RATES_KEY);
    return { USD: '0', RUB: '0', UZS: '0', ...(value ? JSON.parse(value) : {}) };
  }

  /**
   * The console fills every card credit in from these rates, so while the
   * club has two active admins a change waits for the other (issue 36):
   * it is in the answer's pending_changes, and the rates stand until approved.
   */
  async setRates(operatorId: number, rates: CardRates): Promise<CardRatesAnswer> {
    const next = { USD: rates.USD, RUB: rates.RUB, UZS: rates.UZS };
    const before = await this.rates();
    const same = CARD_CURRENCIES.every((c) => before[c] === next[c]);
    const pending = await this.dataSource.transaction(async (db) => {
      // The same rates again change nothing: nothing to wait for.
      const waiting = same
        ? null
        : await this.changes.holdForSecondAdmin(
            db,
            { target: 'card_rates', before, after: next },
            operatorId,
          );
      if (!waiting) await this.writeRates(db, operatorId, next);
      return waiting ? [waiting] : [];
    });
    return { ...(await this.rates()), pending_changes: pending };
  }

  private async writeRates(db: EntityManager, operatorId: number, next: CardRates) {
    const before = await this.content.replaceSetting(db, RATES_KEY, JSON.stringify(next));
    await this.audit.record(db, operatorId, 'card.rates', null, {
      before: before ? JSON.parse(before) : null,
      after: next,
    });
  }

  async list(status?: string, order?: 'asc' | 'desc'): Promise<CardDepositItem[]> {
    const rows = await this.repository.list(status ?? null, order);
    const rates = await this.rates();
    const approvals = await this.approvals.byRequest(
      'card_deposit',
      rows.map((row) => row.id),
    );
    return rows.map((row) => toItem(row, rates[row.currency], approvals.get(String(row.id))));
  }

  /**
   * One operator's approval of `credit` USDT (approvals/approvals.service.ts):
   * above CARD_DEPOSIT_APPROVAL_THRESHOLD for the member's card deposits over
   * 24 hours (this one included) a second, different operator must approve
   * the same amount, and an approver over OPERATOR_DAILY_LIMIT waits for an
   * admin. Only the last approval credits.
   */
  async approve(operatorId: number, id: number, credit: bigint): Promise<CardDepositItem> {
    return this.decide(operatorId, id, async (db, row) => {
      const outcome = await this.approvals.approve(db, {
        kind: 'card_deposit',
        subjectId: id,
        memberId: row.user_id,
        operatorId,
        amount: credit,
        threshold: this.config.CARD_DEPOSIT_APPROVAL_THRESHOLD,
      });
      if (!outcome.done) {
        await this.audit.record(db, operatorId, 'card_deposit.approval', row.user_id, {
          card_deposit_id: id,
          credited: microToNumber(credit),
          waiting: outcome.waiting,
        });
        return null;
      }
      const posted = await this.ledger.post(db, {
        key: `card_deposit:${id}`,
        kind: 'card_deposit',
        userId: row.user_id,
        memo: { card_deposit_id: id, currency: row.currency, amount: row.amount },
        transfers: [
          { from: system('card_deposits'), to: member(row.user_id, 'money'), amount: credit },
        ],
      });
      await this.wallet.closeCardRecord(db, row.record_id, {
        status: 'success',
        amount: credit,
        ledgerTransactionId: posted.transactionId,
      });
      return { status: 'success', credited: credit };
    });
  }

  async reject(operatorId: number, id: number, reason: string): Promise<CardDepositItem> {
    return this.decide(operatorId, id, async (db, row) => {
      await this.approvals.assertArmsLength(db, operatorId, row.user_id);
      await this.approvals.void(db, 'card_deposit', id);
      await this.wallet.closeCardRecord(db, row.record_id, { status: 'fail', reason });
      return { status: 'fail', reason };
    });
  }

  /** Locks a request under review, applies the verdict, audits it: one transaction. */
  private async decide(
    operatorId: number,
    id: number,
    apply: (
      db: EntityManager,
      row: CardDepositRow,
    ) => Promise<{ status: 'success' | 'fail'; credited?: bigint; reason?: string } | null>,
  ): Promise<CardDepositItem> {
    const decided = await this.dataSource.transaction(async (db) => {
      const row = await this.repository.lock(db, id);
      if (!row) throw new AppError('NOT_FOUND');
      if (row.status !== 'under_review') throw new AppError('REVIEW_ALREADY_DECIDED');
      const verdict = await apply(db, row);
      if (!verdict) return row; // an approval that waits for another: still under review
      const updated = await this.repository.decide(db, id, verdict, operatorId);
      await this.audit.record(
        db,
        operatorId,
        verdict.status === 'success' ? 'card_deposit.approve' : 'card_deposit.reject',
        row.user_id,
        {
          card_deposit_id: id,
          currency: row.currency,
          amount: row.amount,
          ...(verdict.credited ? { credited: microToNumber(verdict.credited) } : {}),
          ...(verdict.reason ? { reason: verdict.reason } : {}),
        },
      );
      return updated;
    });
    this.events.publishQueue('card_deposits', id);
    const approvals = await this.approvals.byRequest('card_deposit', [decided.id]);
    return toItem(
      decided,
      (await this.rates())[decided.currency],
      approvals.get(String(decided.id)),
    );
  }
}

function toItem(row: CardDepositRow, rate: string, approvals: ApprovalRow[] = []): CardDepositItem {
  return {
    id: Number(row.id),
    user_id: row.user_id,
    record_id: Number(row.record_id),
    currency: row.currency,
    amount: row.amount,
    rate,
    suggested_usdt: microToNumber(suggestedMicro(row.amount, rate)),
    status: row.status,
    credited: row.credited_micro === null ? null : microToNumber(BigInt(row.credited_micro)),
    reason: row.reason,
    created_at: row.created_at.toISOString(),
    decided_at: row.decided_at ? row.decided_at.toISOString() : null,
    approvals: approvals.map(view),
    ...awaiting(row.status === 'under_review', approvals),
  };
}
