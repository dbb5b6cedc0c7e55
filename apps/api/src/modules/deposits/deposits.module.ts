import { Module } from '@nestjs/common';
import { LedgerModule } from '../ledger/ledger.module';
import { RiskModule } from '../risk/risk.module';
import { UsersModule } from '../users/users.module';
import { WalletModule } from '../wallet/wallet.module';
import { ApprovalsModule } from '../approvals/approvals.module';
import { AuditModule } from '../audit/audit.module';
import { DepositGapsService } from './deposit-gaps.service';
import { HeldDepositsService } from './held-deposits.service';
import {
  AdminDepositsController,
  AdminSweepsController,
  DepositsController,
} from './deposits.controller';
import { SweepsService } from './sweeps.service';
import { DepositsRepository } from './deposits.repository';
import { DepositsService } from './deposits.service';
import { IdempotencyModule } from '../../infra/idempotency/idempotency.module';
import { JobQueueModule } from '../../infra/jobs/job-queue';

/**
 * USDT deposits on TRON: addresses, claims (API) and the crediting path.
 * Owns deposit_addresses, chain_cursors, chain_deposits, foreign_deposits, sweeps,
 * held_deposits, deposit_activity, deposit_gaps;
 * the records members see stay the wallet's.
 */
@Module({
  imports: [
    IdempotencyModule,
    JobQueueModule,
    ApprovalsModule,
    AuditModule,
    LedgerModule,
    RiskModule,
    UsersModule,
    WalletModule,
  ],
  controllers: [DepositsController, AdminDepositsController, AdminSweepsController],
  providers: [
    DepositsService,
    DepositsRepository,
    SweepsService,
    DepositGapsService,
    HeldDepositsService,
  ],
  exports: [DepositsService, DepositGapsService],
})
export class DepositsModule {}
