import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { RedisModule } from '../../infra/redis/redis.module';
import { UsersModule } from '../users/users.module';
import {
  AdminSupportRequestsController,
  SupportRequestsController,
} from './support-requests.controller';
import { SupportRequestsRepository } from './support-requests.repository';
import { SupportRequestsService } from './support-requests.service';

/** Owns `support_requests`: what members write to a person, answered from the console. */
@Module({
  imports: [AuditModule, AuthModule, RedisModule, UsersModule],
  controllers: [SupportRequestsController, AdminSupportRequestsController],
  providers: [SupportRequestsService, SupportRequestsRepository],
  exports: [SupportRequestsService],
})
export class SupportRequestsModule {}
