import { Module } from '@nestjs/common';
import { WalletModule } from '../wallet/wallet.module';
import { DepositScannerService } from './deposit-scanner.service';
import { DepositClaimsSweeper, DepositsProcessor } from './deposits.processor';
import { DepositsModule } from './deposits.module';
import { DepositsRepository } from './deposits.repository';

/** The worker's side of deposits: the chain scanner, claim checks and their sweep. */
@Module({
  imports: [DepositsModule, WalletModule],
  // The module's own repository (a module exports services, never its repository).
  providers: [DepositsRepository, DepositScannerService, DepositsProcessor, DepositClaimsSweeper],
  exports: [DepositScannerService],
})
export class DepositsWorkerModule {}
