import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { MessagesModule } from '../messages/messages.module';
import { UsersModule } from '../users/users.module';
import { RecoveryController } from './recovery.controller';
import { RecoveryService } from './recovery.service';

/**
 * Account recovery: the hold on withdrawals after a password reset and the
 * notices that tell the member. Owns no table: the reset's time is the users
 * module's (`users.password_reset_at`), the notices are messages and mail.
 */
@Module({
  imports: [UsersModule, MessagesModule, MailModule],
  controllers: [RecoveryController],
  providers: [RecoveryService],
  exports: [RecoveryService],
})
export class RecoveryModule {}
