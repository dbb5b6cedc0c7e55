import { Module } from '@nestjs/common';
import { ApprovalsModule } from '../approvals/approvals.module';
import { AuditModule } from '../audit/audit.module';
import { DepositsModule } from '../deposits/deposits.module';
import { IdentityModule } from '../identity/identity.module';
import { LedgerModule } from '../ledger/ledger.module';
import { RecoveryModule } from '../recovery/recovery.module';
import { RiskModule } from '../risk/risk.module';
import { UsersModule } from '../users/users.module';
import { WalletModule } from '../wallet/wallet.module';
import { SolvencyService } from './solvency.service';
import { TronCostsController } from './tron-costs.controller';
import { AdminWithdrawalsController, WithdrawalsController } from './withdrawals.controller';
import { WithdrawalsRepository } from './withdrawals.repository';
import { WithdrawalsService } from './withdrawals.service';
import { IdempotencyModule } from '../../infra/idempotency/idempotency.module';

/** USDT withdrawals on TRON: requests, operator decisions. Owns withdrawals, withdrawal_attempts. */
@Module({
  imports: [
    IdempotencyModule,
    ApprovalsModule,
    AuditModule,
    DepositsModule,
    IdentityModule,
    LedgerModule,
    RecoveryModule,
    RiskModule,
    UsersModule,
    WalletModule,
  ],
  controllers: [WithdrawalsController, AdminWithdrawalsController, TronCostsController],
  providers: [WithdrawalsService, WithdrawalsRepository, SolvencyService],
  exports: [WithdrawalsService, SolvencyService],
})
export class WithdrawalsModule {}
