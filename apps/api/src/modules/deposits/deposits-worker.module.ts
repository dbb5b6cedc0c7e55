import { Module } from '@nestjs/common';
import { WalletModule } from '../wallet/wallet.module';
import { DepositScannerService } from './deposit-scanner.service';
import { DepositsModule } from './deposits.module';
import { DepositsRepository } from './deposits.repository';
import { ReconcilerService } from './reconciler.service';

/** The worker's side of deposits: the chain scanner (its ticks and jobs: deposits.jobs.ts). */
@Module({
  imports: [DepositsModule, WalletModule],
  // The module's own repository (a module exports services, never its repository).
  providers: [DepositsRepository, DepositScannerService, ReconcilerService],
  exports: [DepositScannerService, ReconcilerService],
})
export class DepositsWorkerModule {}
