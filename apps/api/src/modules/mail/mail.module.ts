import { Global, Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { MailService } from './mail.service';
import { OneTimeCodesRepository } from './one-time-codes.repository';
import { OneTimeCodesService } from './one-time-codes.service';

@Global()
@Module({
  imports: [UsersModule],
  providers: [MailService, OneTimeCodesService, OneTimeCodesRepository],
  exports: [MailService, OneTimeCodesService],
})
export class MailModule {}
