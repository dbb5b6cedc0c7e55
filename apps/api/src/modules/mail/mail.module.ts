import { Global, Module } from '@nestjs/common';
import { MailService } from './mail.service';
import { OneTimeCodesService } from './one-time-codes.service';

@Global()
@Module({
  providers: [MailService, OneTimeCodesService],
  exports: [MailService, OneTimeCodesService],
})
export class MailModule {}
