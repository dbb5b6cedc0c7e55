import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { ApprovalsRepository } from './approvals.repository';
import { ApprovalsService } from './approvals.service';

/**
 * Owns `approvals` (who approved what, for every kind of request that moves
 * money) and `economy_changes` (economy changes waiting for a second admin).
 */
@Module({
  imports: [UsersModule],
  providers: [ApprovalsRepository, ApprovalsService],
  exports: [ApprovalsService],
})
export class ApprovalsModule {}
