import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { StorageModule } from '../../infra/storage/storage.module';
import { UsersModule } from '../users/users.module';
import { VerificationController, VerificationReviewController } from './identity.controller';
import { IdentityService } from './identity.service';
import { IdentityRepository } from './identity.repository';
import { IdempotencyModule } from '../../infra/idempotency/idempotency.module';

/** Owns `verifications`: who a member is, checked by an operator. */
@Module({
  imports: [IdempotencyModule, AuditModule, StorageModule, UsersModule],
  controllers: [VerificationController, VerificationReviewController],
  providers: [IdentityService, IdentityRepository],
  exports: [IdentityService],
})
export class IdentityModule {}
