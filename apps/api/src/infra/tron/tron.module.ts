import { Global, Module } from '@nestjs/common';
import { EnergyService } from './energy.service';
import { HotWallet } from './hot-wallet';
import { TronCostsRepository } from './tron-costs.repository';
import { TronCostsService } from './tron-costs.service';
import { TronClient } from './tron.client';

/** The TRON node client, the hot wallet and what chain transactions cost, shared by deposits and withdrawals. */
@Global()
@Module({
  providers: [TronClient, HotWallet, EnergyService, TronCostsService, TronCostsRepository],
  exports: [TronClient, HotWallet, EnergyService, TronCostsService],
})
export class TronModule {}
