import { Module } from '@nestjs/common';
import { ApprovalsModule } from '../approvals/approvals.module';
import { AuditModule } from '../audit/audit.module';
import { TrailersModule } from '../trailers/trailers.module';
import { UsersModule } from '../users/users.module';
import { WalletModule } from '../wallet/wallet.module';
import { EconomyModule } from '../economy/economy.module';
import {
  AdminChallengesController,
  ChallengesController,
  ProgressController,
} from './challenges.controller';
import { ChallengesService } from './challenges.service';
import { ChallengesRepository } from './challenges.repository';
import { IdempotencyModule } from '../../infra/idempotency/idempotency.module';

/** Owns `challenges` and `challenge_claims`; also the VIP progress screen's figures. */
@Module({
  imports: [
    ApprovalsModule,
    IdempotencyModule,
    AuditModule,
    EconomyModule,
    TrailersModule,
    UsersModule,
    WalletModule,
  ],
  controllers: [ChallengesController, AdminChallengesController, ProgressController],
  providers: [ChallengesService, ChallengesRepository],
})
export class ChallengesModule {}
