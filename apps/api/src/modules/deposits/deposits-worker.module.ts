import { Module } from '@nestjs/common';
import { WalletModule } from '../wallet/wallet.module';
import { DepositScannerService } from './deposit-scanner.service';
import { DepositsModule } from './deposits.module';

/** The worker's side of deposits: the chain scanner (its ticks and jobs: deposits.jobs.ts). */
@Module({
  imports: [DepositsModule, WalletModule],
  providers: [DepositScannerService],
  exports: [DepositScannerService],
})
export class DepositsWorkerModule {}
