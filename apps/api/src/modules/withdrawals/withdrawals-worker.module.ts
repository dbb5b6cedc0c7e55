import { Module } from '@nestjs/common';
import { WithdrawalSettlementService } from './withdrawal-settlement.service';
import { WithdrawalsModule } from './withdrawals.module';

/** The worker's side of withdrawals: sending approved ones from the hot wallet. */
@Module({
  imports: [WithdrawalsModule],
  providers: [WithdrawalSettlementService],
  exports: [WithdrawalSettlementService],
})
export class WithdrawalsWorkerModule {}
