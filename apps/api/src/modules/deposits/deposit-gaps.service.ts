import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { microToNumber } from '@app/domain';
import { AppError } from '../../common/app-error';
import { afterCommit } from '../../database/after-commit';
import { MemberEventsService } from '../../infra/events/member-events.service';
import { ApprovalsService } from '../approvals/approvals.service';
import { AuditService } from '../audit/audit.service';
import { DepositGapItem } from './deposits.dto';
import { DepositGapRow, DepositGapStatus, DepositsRepository } from './deposits.repository';

/**
 * The reconciler's items for operators (deposit_gaps; the reconciler itself:
 * reconciler.service.ts): the list, the open count on the console's Money
 * tab, and an operator's resolution of an open item once the difference is
 * settled outside the deposit books (an adjustment, a refund by hand), which
 * the reconciler then accepts for that address.
 */
@Injectable()
export class DepositGapsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: DepositsRepository,
    private readonly approvals: ApprovalsService,
    private readonly audit: AuditService,
    private readonly events: MemberEventsService,
  ) {}

  /** Newest first (a page). */
  async list(status: DepositGapStatus | null, limit: number, before?: number) {
    return (await this.repository.listGaps(status, limit, before)).map(gapItem);
  }

  /** Open items: a queue count of the console. */
  openCount(): Promise<number> {
    return this.repository.openGapCount();
  }

  /**
   * Closes an open item with the operator's note, audited in the same
   * transaction. Accepting a difference decides a member's money: nobody
   * resolves an item of their own team or upline, nor in their cooling off.
   */
  async resolve(operatorId: number, id: number, note: string): Promise<DepositGapItem> {
    return this.dataSource.transaction(async (db) => {
      const gap = await this.repository.lockGap(db, id);
      if (!gap) throw new AppError('NOT_FOUND', 'No such reconciler item');
      if (gap.status !== 'open') throw new AppError('DEPOSIT_GAP_NOT_OPEN');
      await this.approvals.assertMayApprove(db, operatorId);
      await this.approvals.assertArmsLength(db, operatorId, gap.user_id);
      const resolved = await this.repository.resolveGap(db, id, operatorId, note);
      const item = gapItem(resolved);
      await this.audit.record(db, operatorId, 'deposit.gap.resolve', gap.user_id, {
        gap_id: item.id,
        address: item.address,
        chain_in: item.chain_in,
        credited: item.credited,
        chain_out: item.chain_out,
        swept: item.swept,
        as_of_block: item.as_of_block,
        note,
      });
      afterCommit(db, () => this.events.publishQueue('deposit_gaps', id));
      return item;
    });
  }
}

function gapItem(r: DepositGapRow): DepositGapItem {
  const usdt = (micro: string) => microToNumber(BigInt(micro));
  return {
    id: Number(r.id),
    user_id: r.user_id,
    address: r.address,
    chain_in: usdt(r.chain_in_micro),
    credited: usdt(r.credited_micro),
    chain_out: usdt(r.chain_out_micro),
    swept: usdt(r.swept_micro),
    as_of_block: Number(r.as_of_block),
    status: r.status,
    found_at: r.found_at.toISOString(),
    checked_at: r.checked_at.toISOString(),
    closed_at: r.closed_at?.toISOString() ?? null,
    resolved_by: r.resolved_by,
    note: r.note,
  };
}
