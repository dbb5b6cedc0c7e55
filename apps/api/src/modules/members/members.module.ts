import { Module } from '@nestjs/common';
import { ApprovalsModule } from '../approvals/approvals.module';
import { AuditModule } from '../audit/audit.module';
import { IdempotencyModule } from '../../infra/idempotency/idempotency.module';
import { UsersModule } from '../users/users.module';
import { WalletModule } from '../wallet/wallet.module';
import { MembersController } from './members.controller';
import { MembersService } from './members.service';
import { StaffChangesService } from './staff-changes.service';
import { StaffRequestsController } from './staff-requests.controller';
import { StaffRequestsRepository } from './staff-requests.repository';

/**
 * The operator area's members pages (each piece comes from its owner) and
 * the staff requests that wait for a second admin (`staff_requests`).
 */
@Module({
  imports: [ApprovalsModule, AuditModule, IdempotencyModule, UsersModule, WalletModule],
  controllers: [MembersController, StaffRequestsController],
  providers: [MembersService, StaffChangesService, StaffRequestsRepository],
})
export class MembersModule {}
