import { Module } from '@nestjs/common';
import { ApprovalsModule } from '../approvals/approvals.module';
import { AuditModule } from '../audit/audit.module';
import { ContentModule } from '../content/content.module';
import { LedgerModule } from '../ledger/ledger.module';
import { WalletModule } from '../wallet/wallet.module';
import { CardDepositReviewController, CardDepositsController } from './card-deposits.controller';
import { CardDepositsService } from './card-deposits.service';
import { CardDepositsRepository } from './card-deposits.repository';
import { IdempotencyModule } from '../../infra/idempotency/idempotency.module';

/** Owns `card_deposits`: card payments reported by members, confirmed by operators. */
@Module({
  imports: [
    ApprovalsModule,
    IdempotencyModule,
    AuditModule,
    ContentModule,
    LedgerModule,
    WalletModule,
  ],
  controllers: [CardDepositsController, CardDepositReviewController],
  providers: [CardDepositsService, CardDepositsRepository],
  exports: [CardDepositsService],
})
export class CardDepositsModule {}
