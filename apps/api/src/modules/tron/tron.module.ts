import { Global, Module } from '@nestjs/common';
import { EnergyService } from './energy.service';
import { HotWallet } from './hot-wallet';
import { TronClient } from './tron.client';

/** The TRON node client and the hot wallet, shared by deposits and withdrawals. */
@Global()
@Module({
  providers: [TronClient, HotWallet, EnergyService],
  exports: [TronClient, HotWallet, EnergyService],
})
export class TronModule {}
