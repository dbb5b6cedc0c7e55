import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { microToNumber, usdt } from '@app/domain';
import { AppError } from '../../common/app-error';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { type ApprovalRow, ApprovalsService, awaiting, view } from '../approvals/approvals.service';
import { AuditService } from '../audit/audit.service';
import { system } from '../ledger/ledger.accounts';
import { LedgerService } from '../ledger/ledger.service';
import { SponsorFundsItem } from './funding.dto';
import {
  SponsorFundsRepository,
  SponsorPaymentRow,
  SponsorPaymentStatus,
} from './sponsor-funds.repository';

const itemOf = (row: SponsorPaymentRow, approvals: ApprovalRow[]): SponsorFundsItem => ({
  id: Number(row.id),
  status: row.status,
  amount: microToNumber(BigInt(row.amount_micro)),
  payer: row.payer,
  reference: row.reference,
  requested_by: row.requested_by,
  decided_by: row.decided_by,
  decided_at: row.decided_at?.toISOString() ?? null,
  transaction_id: row.ledger_transaction_id,
  created_at: row.created_at.toISOString(),
  approvals: approvals.map(view),
  ...awaiting(row.status === 'pending', approvals),
});

/**
 * Outside money paid in (sponsors, advertisers): an operator records it with
 * its payer and reference; it moves from `sponsors` into `sponsor_funds`,
 * which payouts draw on first (ledger_post). Four eyes as for credits: when
 * the outside money recorded over 24 hours, this one included, exceeds
 * ADJUST_APPROVAL_THRESHOLD it waits for a second operator (approvals,
 * kind `sponsor_funds`), since sponsor funds recorded from nothing would let
 * the public page and the funding guard say the club can pay what it
 * cannot. Everything is audited.
 */
@Injectable()
export class SponsorFundsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: SponsorFundsRepository,
    private readonly approvals: ApprovalsService,
    private readonly ledger: LedgerService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async record(
    operatorId: number,
    p: { amount: bigint; payer: string; reference: string },
  ): Promise<SponsorFundsItem> {
    return this.dataSource.transaction(async (db) => {
      const row = await this.payments.insert(db, { ...p, requestedBy: operatorId });
      if (!row) throw new AppError('SPONSOR_REFERENCE_TAKEN');
      const outcome = await this.approve(db, row, operatorId);
      if (outcome.done) return this.post(db, row, operatorId);
      await this.audit.record(db, operatorId, 'sponsor_funds.request', null, {
        payment_id: Number(row.id),
        amount: microToNumber(p.amount),
        payer: p.payer,
        reference: p.reference,
        waiting: outcome.waiting,
      });
      return itemOf(row, await this.approvals.rowsOf(db, 'sponsor_funds', row.id));
    });
  }

  /** Another operator's approval: recorded now when that was the one it waited for. */
  async approveRecord(operatorId: number, id: number): Promise<SponsorFundsItem> {
    return this.dataSource.transaction(async (db) => {
      const row = await this.pending(db, id);
      const outcome = await this.approve(db, row, operatorId);
      if (outcome.done) return this.post(db, row, operatorId);
      await this.audit.record(db, operatorId, 'sponsor_funds.approval', null, {
        payment_id: id,
        waiting: outcome.waiting,
      });
      return itemOf(row, await this.approvals.rowsOf(db, 'sponsor_funds', id));
    });
  }

  /** Any money operator, the requester included, can turn a pending record down. */
  async reject(operatorId: number, id: number): Promise<SponsorFundsItem> {
    return this.dataSource.transaction(async (db) => {
      const row = await this.pending(db, id);
      const decided = await this.payments.decide(db, id, { status: 'rejected', by: operatorId });
      await this.approvals.void(db, 'sponsor_funds', id);
      await this.audit.record(db, operatorId, 'sponsor_funds.reject', null, {
        payment_id: id,
        requested_by: row.requested_by,
        amount: microToNumber(BigInt(row.amount_micro)),
      });
      return itemOf(decided, await this.approvals.rowsOf(db, 'sponsor_funds', id));
    });
  }

  async list(
    status: SponsorPaymentStatus | undefined,
    limit: number,
    before?: number,
  ): Promise<SponsorFundsItem[]> {
    const rows = await this.payments.list(status, limit, before);
    const approvals = await this.approvals.byRequest(
      'sponsor_funds',
      rows.map((r) => r.id),
    );
    return rows.map((row) => itemOf(row, approvals.get(String(row.id)) ?? []));
  }

  /** One approval of the record; two operators when the day's outside money exceeds the threshold. */
  private async approve(db: EntityManager, row: SponsorPaymentRow, operatorId: number) {
    const amount = BigInt(row.amount_micro);
    const threshold = this.config.ADJUST_APPROVAL_THRESHOLD;
    const day = (await this.payments.dayTotal(db, row.id)) + amount;
    return this.approvals.approve(db, {
      kind: 'sponsor_funds',
      subjectId: row.id,
      memberId: null,
      operatorId,
      amount,
      threshold: 0,
      required: threshold > 0 && day > usdt(threshold) ? 2 : 1,
    });
  }

  private async post(
    db: EntityManager,
    row: SponsorPaymentRow,
    operatorId: number,
  ): Promise<SponsorFundsItem> {
    const amount = BigInt(row.amount_micro);
    const { transactionId } = await this.ledger.post(db, {
      key: `sponsor-funds:${row.id}`,
      kind: 'sponsor_funds',
      memo: { payment_id: Number(row.id), payer: row.payer, reference: row.reference },
      transfers: [{ from: system('sponsors'), to: system('sponsor_funds'), amount }],
    });
    const decided = await this.payments.decide(db, Number(row.id), {
      status: 'recorded',
      by: operatorId,
      transactionId,
    });
    await this.audit.record(db, operatorId, 'sponsor_funds.record', null, {
      payment_id: Number(row.id),
      amount: microToNumber(amount),
      payer: row.payer,
      reference: row.reference,
      requested_by: row.requested_by,
      transaction_id: Number(transactionId),
    });
    return itemOf(decided, await this.approvals.rowsOf(db, 'sponsor_funds', row.id));
  }

  private async pending(db: EntityManager, id: number): Promise<SponsorPaymentRow> {
    const row = await this.payments.lock(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'Sponsor payment not found');
    if (row.status !== 'pending') throw new AppError('SPONSOR_FUNDS_ALREADY_DECIDED');
    return row;
  }
}
