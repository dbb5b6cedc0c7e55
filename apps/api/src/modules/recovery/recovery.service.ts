import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { recoveryHoldUntil } from '@app/domain';
import { AppError } from '../../common/app-error';
import { FALLBACK_LANGUAGE, LANGUAGES, type Texts } from '../../common/language';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { MailOutboxService } from '../mail/mail-outbox.service';
import { type NoticeKind, type NoticeParams, mailText } from '../mail/mail-templates';
import { MailService } from '../mail/mail.service';
import { MessagesService } from '../messages/messages.service';
import { TransactionPasswordService } from '../users/transaction-password.service';
import { UsersService } from '../users/users.service';

const TRANSACTION_PASSWORD_NOTICES = {
  set: 'transaction_password_set_notice',
  changed: 'transaction_password_changed_notice',
} as const satisfies Record<string, NoticeKind>;

/**
 * Recovery that does not hand over the account (contract section 11): a
 * password reset, whoever holds the code, is told to the member (an in-app
 * message, and a mail to a bound mailbox) in the reset's own transaction, and
 * for RECOVERY_HOLD_HOURS after it withdrawals and withdrawal-address changes
 * are refused. A transaction password set or changed inside that window is
 * told too, and leaves the window as it is: the hold counts from the reset
 * alone, so nothing done after it can shorten it.
 */
@Injectable()
export class RecoveryService {
  constructor(
    private readonly users: UsersService,
    private readonly transactionPassword: TransactionPasswordService,
    private readonly messages: MessagesService,
    private readonly mail: MailService,
    private readonly outbox: MailOutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** 403 RECOVERY_HOLD, with `until`, while the hold after a reset is in force. */
  async refuseWhileHeld(userId: number): Promise<void> {
    const until = await this.holdUntil(userId);
    if (until) throw new AppError('RECOVERY_HOLD', undefined, {}, { until: until.toISOString() });
  }

  /** In the reset's transaction: the member hears of the reset made at `at`. */
  passwordReset(db: EntityManager, userId: number, at: Date): Promise<void> {
    return this.tell(db, userId, 'password_reset_notice', {
      at,
      until: recoveryHoldUntil(at, this.config.RECOVERY_HOLD_HOURS, at),
    });
  }

  /**
   * POST /users/transaction_password: sets or changes it; within the hold
   * the member is told in the same transaction (the one who reset the
   * password may be the one setting it).
   */
  setTransactionPassword(userId: number, password: string, oldPassword?: string): Promise<void> {
    return this.transactionPassword.set(userId, password, oldPassword, async (db, change) => {
      const until = await this.holdUntil(userId, db);
      if (!until) return;
      await this.tell(db, userId, TRANSACTION_PASSWORD_NOTICES[change], { at: new Date(), until });
    });
  }

  private async holdUntil(userId: number, db?: EntityManager): Promise<Date | null> {
    return recoveryHoldUntil(
      await this.users.passwordResetAt(userId, db),
      this.config.RECOVERY_HOLD_HOURS,
    );
  }

  /**
   * The message in every language (each reader sees theirs) and, to a bound
   * mailbox, the mail in the language it was bound in; both commit or roll
   * back with the change they tell of.
   */
  private async tell(
    db: EntityManager,
    userId: number,
    kind: NoticeKind,
    params: NoticeParams,
  ): Promise<void> {
    const title: Texts = {};
    const description: Texts = {};
    for (const lang of LANGUAGES) {
      const text = mailText(kind, lang, params);
      title[lang] = text.subject;
      description[lang] = text.text;
    }
    await this.messages.notify(db, userId, { title, description });
    const { mail, language } = await this.users.mailbox(userId, db);
    // Without a way to send (production without SMTP_URL), no row waits for one.
    if (!mail || this.mail.delivery === 'off') return;
    await this.outbox.addNotice(db, userId, {
      to: mail,
      ...mailText(kind, language ?? FALLBACK_LANGUAGE, params),
    });
  }
}
