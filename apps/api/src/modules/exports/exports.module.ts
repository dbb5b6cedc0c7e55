import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { UsersModule } from '../users/users.module';
import { WalletModule } from '../wallet/wallet.module';
import { ExportsController } from './exports.controller';

/** CSV exports for operators; owns no table (each owner pages its own rows). */
@Module({ imports: [AuditModule, UsersModule, WalletModule], controllers: [ExportsController] })
export class ExportsModule {}
