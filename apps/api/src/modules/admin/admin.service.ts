import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AdjustAccount, microToNumber } from '@app/domain';
import { AppError } from '../../common/app-error';
import { member, system } from '../ledger/ledger.accounts';
import { LedgerService, Transfer } from '../ledger/ledger.service';
import { AdjustResponse } from './admin.dto';
import { AuditService } from '../audit/audit.service';
import { UsersService } from '../users/users.service';
import { WalletService } from '../wallet/wallet.service';

@Injectable()
export class AdminService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly audit: AuditService,
    private readonly users: UsersService,
    private readonly wallet: WalletService,
  ) {}

  /**
   * An operator's correction: a ledger transaction against the adjustments
   * account, audited, and shown to the member as a balance record when it
   * touches money.
   */
  async adjust(
    actorId: number,
    userId: number,
    account: AdjustAccount,
    amount: bigint,
    reason: string,
    requestKey?: string,
  ): Promise<AdjustResponse> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.users.exists(userId, manager)))
        throw new AppError('NOT_FOUND', 'Member not found');
      const counter = system(account === 'money' ? 'adjustments' : 'points_adjustments');
      const own = member(userId, account);
      const abs = amount < 0n ? -amount : amount;
      const transfer: Transfer =
        amount > 0n
          ? { from: counter, to: own, amount: abs }
          : { from: own, to: counter, amount: abs };
      const posted = await this.ledger.post(manager, {
        key: `adjust:${actorId}:${requestKey ?? randomUUID()}`,
        kind: 'adjustment',
        userId,
        memo: { actor_id: actorId, reason },
        transfers: [transfer],
      });
      if (!posted.replayed) {
        if (account === 'money') {
          await this.wallet.recordAdjustment(manager, {
            userId,
            amount,
            reason,
            ledgerTransactionId: posted.transactionId,
          });
        }
        await this.audit.record(manager, actorId, 'ledger.adjust', userId, {
          account,
          amount: microToNumber(amount),
          reason,
          transaction_id: posted.transactionId,
        });
      }
      const balances = await this.ledger.balancesOf(manager, userId);
      return {
        transaction_id: posted.transactionId,
        money: microToNumber(balances.money),
        points: microToNumber(balances.points),
      };
    });
  }
}
