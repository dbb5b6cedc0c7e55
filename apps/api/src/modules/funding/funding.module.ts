import { Module } from '@nestjs/common';
import { ApprovalsModule } from '../approvals/approvals.module';
import { AuditModule } from '../audit/audit.module';
import { EconomyModule } from '../economy/economy.module';
import { IdempotencyModule } from '../../infra/idempotency/idempotency.module';
import { PromotionsModule } from '../promotions/promotions.module';
import { ProofsModule } from '../proofs/proofs.module';
import { UsersModule } from '../users/users.module';
import { AdminFundingController, TransparencyController } from './funding.controller';
import { FundingService } from './funding.service';
import { SponsorFundsRepository } from './sponsor-funds.repository';
import { SponsorFundsService } from './sponsor-funds.service';

/**
 * The club's money in public (issue 37): owns `sponsor_payments` (outside
 * money recorded); serves GET /transparency and the runway, and guards
 * economy changes against what the club can fund. Reads the economy,
 * campaigns and proofs through their services; they never import this
 * module (the guard is registered with the economy changes).
 */
@Module({
  imports: [
    ApprovalsModule,
    AuditModule,
    EconomyModule,
    IdempotencyModule,
    PromotionsModule,
    ProofsModule,
    UsersModule,
  ],
  controllers: [TransparencyController, AdminFundingController],
  providers: [FundingService, SponsorFundsService, SponsorFundsRepository],
  exports: [FundingService],
})
export class FundingModule {}
