import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { UsersModule } from '../users/users.module';
import { WalletModule } from '../wallet/wallet.module';
import { MembersController } from './members.controller';
import { MembersService } from './members.service';

/** The operator area's members pages; owns no table (each piece comes from its owner). */
@Module({
  imports: [AuditModule, UsersModule, WalletModule],
  controllers: [MembersController],
  providers: [MembersService],
})
export class MembersModule {}
