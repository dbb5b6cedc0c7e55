import { Global, Module } from '@nestjs/common';
import { TronClient } from './tron.client';

/** The TRON node client, shared by deposits and withdrawals. */
@Global()
@Module({ providers: [TronClient], exports: [TronClient] })
export class TronModule {}
