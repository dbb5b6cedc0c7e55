import { Injectable } from '@nestjs/common';
import { type Role, Staff } from '../../common/auth';
import { CardDepositsService } from '../card-deposits/card-deposits.service';
import { DepositGapsService } from '../deposits/deposit-gaps.service';
import { DepositsService } from '../deposits/deposits.service';
import { IdentityService } from '../identity/identity.service';
import { MomentsService } from '../moments/moments.service';
import { SupportRequestsService } from '../support-requests/support-requests.service';
import { WithdrawalsService } from '../withdrawals/withdrawals.service';
import { QueueCounts } from './dashboard.dto';

/**
 * What waits for operators, per queue, counted for the roles that work it
 * (null for the others): the console shows these on its navigation and
 * refetches them when a `queue` live event arrives (events/member-events.service.ts).
 */
@Injectable()
export class QueuesService {
  constructor(
    private readonly withdrawals: WithdrawalsService,
    private readonly cardDeposits: CardDepositsService,
    private readonly identity: IdentityService,
    private readonly moments: MomentsService,
    private readonly support: SupportRequestsService,
    private readonly deposits: DepositsService,
    private readonly gaps: DepositGapsService,
  ) {}

  async counts(role: Role): Promise<QueueCounts> {
    const money = (Staff.money as readonly Role[]).includes(role);
    const people = (Staff.people as readonly Role[]).includes(role);
    const [withdrawals, cardDeposits, verifications, reports, support, held, gaps] =
      await Promise.all([
        money ? this.withdrawals.waitingCount() : null,
        money ? this.cardDeposits.waitingCount() : null,
        people ? this.identity.waitingCount() : null,
        people ? this.moments.waitingCount() : null,
        people ? this.support.waitingCount() : null,
        money ? this.deposits.heldCount() : null,
        money ? this.gaps.openCount() : null,
      ]);
    return {
      withdrawals,
      card_deposits: cardDeposits,
      verifications,
      reports,
      support,
      held_deposits: held,
      deposit_gaps: gaps,
    };
  }
}
