import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { microToNumber } from '@app/domain';
import { AppError } from '../../common/app-error';
import { afterCommit } from '../../database/after-commit';
import { MemberEventsService } from '../../infra/events/member-events.service';
import { ApprovalsService } from '../approvals/approvals.service';
import { AuditService } from '../audit/audit.service';
import { HeldDepositItem } from './deposits.dto';
import { DepositsRepository, HeldDepositRow } from './deposits.repository';

/**
 * Operators' end of a held deposit (a second opinion, issue 43): one that
 * no second node will ever confirm (the node that reported it was taken out
 * of TRON_FULL_NODE_URL) is dismissed with a note, so it is asked about no
 * more and leaves the Money tab's count. Nothing was credited, so nothing
 * moves; a member who claims the transaction again is answered by the nodes
 * as any claim (a dismissed log is not held again, nor credited unless two
 * nodes return the receipt).
 */
@Injectable()
export class HeldDepositsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: DepositsRepository,
    private readonly approvals: ApprovalsService,
    private readonly audit: AuditService,
    private readonly events: MemberEventsService,
  ) {}

  /**
   * Dismisses the held logs of the row's transaction, audited in the same
   * transaction; the rows dismissed, the given one first. Nobody dismisses a
   * deposit of their own team or upline, nor in their cooling off.
   */
  async dismiss(operatorId: number, id: number, note: string): Promise<HeldDepositItem[]> {
    return this.dataSource.transaction(async (db) => {
      const held = await this.repository.lockHeld(db, id);
      if (!held) throw new AppError('NOT_FOUND', 'No such held deposit');
      if (held.status !== 'held') throw new AppError('HELD_DEPOSIT_NOT_HELD');
      await this.approvals.assertMayApprove(db, operatorId);
      await this.approvals.assertArmsLength(db, operatorId, held.user_id);
      const dismissed = await this.repository.dismissHeld(db, id, operatorId, note);
      const rows = dismissed.map(heldItem);
      await this.audit.record(db, operatorId, 'deposit.held.dismiss', held.user_id, {
        held_ids: rows.map((r) => r.id),
        tx_id: held.tx_id,
        amount: microToNumber(dismissed.reduce((sum, r) => sum + BigInt(r.amount_micro), 0n)),
        reason: held.reason,
        note,
      });
      afterCommit(db, () => this.events.publishQueue('held_deposits', id));
      return rows;
    });
  }
}

export function heldItem(row: HeldDepositRow): HeldDepositItem {
  return {
    id: Number(row.id),
    user_id: row.user_id,
    tx_id: row.tx_id,
    log_index: row.log_index,
    from_address: row.from_address,
    to_address: row.to_address,
    amount: microToNumber(BigInt(row.amount_micro)),
    block_number: Number(row.block_number),
    reason: row.reason,
    status: row.status,
    checked_at: row.checked_at.toISOString(),
    created_at: row.created_at.toISOString(),
    dismissed_by: row.dismissed_by,
    dismissed_at: row.dismissed_at?.toISOString() ?? null,
    note: row.note,
  };
}
