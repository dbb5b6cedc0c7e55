import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { UsersModule } from '../users/users.module';
import { ApprovalsRepository } from './approvals.repository';
import { ApprovalsService } from './approvals.service';
import { EconomyBaselinesController, EconomyChangesController } from './economy-changes.controller';
import { EconomyChangesRepository } from './economy-changes.repository';
import { EconomyChangesService } from './economy-changes.service';

/**
 * Owns `approvals` (who approved what, for every kind of request that moves
 * money or raises pay), `economy_changes` (economy changes waiting for a
 * second admin) and `economy_baselines` (the approved values raises are
 * held against).
 */
@Module({
  imports: [AuditModule, UsersModule],
  controllers: [EconomyChangesController, EconomyBaselinesController],
  providers: [
    ApprovalsRepository,
    ApprovalsService,
    EconomyChangesRepository,
    EconomyChangesService,
  ],
  exports: [ApprovalsService, EconomyChangesService],
})
export class ApprovalsModule {}
