import { Module } from '@nestjs/common';
import { EconomyModule } from '../economy/economy.module';
import { PromotionsModule } from '../promotions/promotions.module';
import { UsersModule } from '../users/users.module';
import { WalletController } from './wallet.controller';
import { WalletRepository } from './wallet.repository';
import { WalletService } from './wallet.service';
import { IdempotencyModule } from '../../infra/idempotency/idempotency.module';

/** Owns `balance_records`; moves money through the ledger. */
@Module({
  imports: [IdempotencyModule, UsersModule, EconomyModule, PromotionsModule],
  controllers: [WalletController],
  providers: [WalletService, WalletRepository],
  exports: [WalletService],
})
export class WalletModule {}
