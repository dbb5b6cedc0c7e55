import { Module } from '@nestjs/common';
import { ContentModule } from '../content/content.module';
import { WalletController } from './wallet.controller';
import { WalletService } from './wallet.service';

@Module({ imports: [ContentModule], controllers: [WalletController], providers: [WalletService] })
export class WalletModule {}
