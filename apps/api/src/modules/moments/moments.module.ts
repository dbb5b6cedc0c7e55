import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminMomentsController, MomentsController } from './moments.controller';
import { MomentsService } from './moments.service';
import { MomentsRepository } from './moments.repository';

/** Owns `moments`, `moment_images`, `moment_likes` and `moment_reports`. */
@Module({
  imports: [AuditModule],
  controllers: [MomentsController, AdminMomentsController],
  providers: [MomentsService, MomentsRepository],
  exports: [MomentsService],
})
export class MomentsModule {}
