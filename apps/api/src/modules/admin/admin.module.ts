import { Module } from '@nestjs/common';
import { ApprovalsModule } from '../approvals/approvals.module';
import { AuditModule } from '../audit/audit.module';
import { TrailersModule } from '../trailers/trailers.module';
import { UsersModule } from '../users/users.module';
import { WalletModule } from '../wallet/wallet.module';
import { WithdrawalsModule } from '../withdrawals/withdrawals.module';
import { AdjustmentRequestsRepository } from './adjustment-requests.repository';
import { AdminController } from './admin.controller';
import { AdminService } from './admin.service';
import { IdempotencyModule } from '../../infra/idempotency/idempotency.module';

/** The operator's routes; owns `adjustment_requests`, acts on the rest through their owners, audited. */
@Module({
  imports: [
    IdempotencyModule,
    ApprovalsModule,
    AuditModule,
    UsersModule,
    WalletModule,
    TrailersModule,
    WithdrawalsModule,
  ],
  controllers: [AdminController],
  providers: [AdminService, AdjustmentRequestsRepository],
})
export class AdminModule {}
