import { Global, Module } from '@nestjs/common';
import { HotWallet } from './hot-wallet';
import { TronClient } from './tron.client';

/** The TRON node client and the hot wallet, shared by deposits and withdrawals. */
@Global()
@Module({ providers: [TronClient, HotWallet], exports: [TronClient, HotWallet] })
export class TronModule {}
