import { Global, Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { MailOutboxRepository } from './mail-outbox.repository';
import { JobQueueModule } from '../../infra/jobs/job-queue';
import { MailOutboxService } from './mail-outbox.service';
import { MailService } from './mail.service';
import { OneTimeCodesRepository } from './one-time-codes.repository';
import { OneTimeCodesService } from './one-time-codes.service';

/**
 * Mailed codes and the outbox that sends them (the API writes and queues,
 * the worker sends: mail.jobs.ts). Owns one_time_codes and mail_outbox.
 */
@Global()
@Module({
  imports: [UsersModule, JobQueueModule],
  providers: [
    MailService,
    MailOutboxService,
    MailOutboxRepository,
    OneTimeCodesService,
    OneTimeCodesRepository,
  ],
  exports: [MailService, MailOutboxService, OneTimeCodesService],
})
export class MailModule {}
