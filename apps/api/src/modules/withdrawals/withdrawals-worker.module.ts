import { Module } from '@nestjs/common';
import { WithdrawalSettlementService } from './withdrawal-settlement.service';
import { WalletModule } from '../wallet/wallet.module';
import { WithdrawalsModule } from './withdrawals.module';
import { WithdrawalsRepository } from './withdrawals.repository';

/** The worker's side of withdrawals: sending approved ones from the hot wallet. */
@Module({
  imports: [WithdrawalsModule, WalletModule],
  // The module's own repository (a module exports services, never its repository).
  providers: [WithdrawalsRepository, WithdrawalSettlementService],
  exports: [WithdrawalSettlementService],
})
export class WithdrawalsWorkerModule {}
