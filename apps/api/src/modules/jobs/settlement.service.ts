import { Injectable } from '@nestjs/common';
import { Outcome, PromotionsService } from '../promotions/promotions.service';
import { ProofsService } from '../proofs/proofs.service';
import { UsersService } from '../users/users.service';

export type { Outcome } from '../promotions/promotions.service';

/**
 * The scheduled work, one method per job name. Each settles one item of
 * pending work that PostgreSQL records, through the module that owns it;
 * every one of them is safe to run twice.
 */
@Injectable()
export class SettlementService {
  constructor(
    private readonly promotions: PromotionsService,
    private readonly users: UsersService,
    private readonly proofs: ProofsService,
  ) {}

  settlePromotion(grantId: number): Promise<Outcome> {
    return this.promotions.settleGrant(grantId);
  }

  releaseHold(holdId: number): Promise<Outcome> {
    return this.promotions.releaseHold(holdId);
  }

  /** The scheduled proof of liabilities, when still due (two workers make one). */
  async publishProof(): Promise<Outcome> {
    return (await this.proofs.publishIfDue()) ? 'settled' : 'already';
  }

  /** Back to level 0 once the membership has run out. */
  async expireMembership(userId: number): Promise<Outcome> {
    return (await this.users.expireMembership(userId)) ? 'settled' : 'already';
  }
}
