import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import type { Language } from '../../common/language';
import { MailOutboxService } from '../mail/mail-outbox.service';
import { mailText } from '../mail/mail-templates';
import { MailService } from '../mail/mail.service';
import { OneTimeCodesService } from '../mail/one-time-codes.service';
import { UsersService } from '../users/users.service';
import { AuthService } from './auth.service';

export const normalizeMail = (mail: string) => mail.trim().toLowerCase();

/**
 * "m***@example.com": enough for an operator to tell the member where to
 * look, not enough to learn the address.
 */
export const maskMail = (mail: string) => {
  const at = mail.lastIndexOf('@');
  return `${mail.slice(0, Math.min(1, at))}***${mail.slice(at)}`;
};

/**
 * The member's mailbox, bound by a code mailed to it. Changing a bound one
 * takes the login password too, so a stolen session cannot redirect the
 * password-reset codes.
 */
@Injectable()
export class MailboxService {
  constructor(
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly codes: OneTimeCodesService,
    private readonly mail: MailService,
    private readonly outbox: MailOutboxService,
  ) {}

  async status(userId: number) {
    const [mail, codeMail] = await Promise.all([
      this.users.mailOf(userId),
      this.outbox.latestStatus(userId, 'mail_bind'),
    ]);
    return { mail, delivery: this.mail.delivery, code_mail: codeMail };
  }

  /**
   * Mails a code in the member's language (the one their client asked in).
   * Answers once the code and its mail are committed: the worker sends it,
   * again and again while the SMTP server is away (GET /users/mail says how it went).
   */
  async sendCode(
    userId: number,
    rawMail: string,
    password: string | undefined,
    lang: Language,
  ): Promise<void> {
    if (this.mail.delivery === 'off') throw new AppError('MAIL_NOT_CONFIGURED');
    const mail = normalizeMail(rawMail);
    if (await this.users.mailOf(userId)) {
      await this.auth.checkOwnPassword(userId, password ?? '');
    }
    await this.codes.issue(userId, 'mail_bind', mail, {
      mail: (code) => ({
        to: mail,
        ...mailText('mail_bind_code', lang, { code, minutes: this.codes.lifetimeMinutes }),
      }),
    });
  }

  /**
   * Binds the mailbox and keeps the language of the member's client: mail
   * that no request of theirs starts (notices, an operator's reset code) is
   * written in it.
   */
  async bind(userId: number, rawMail: string, code: string, lang: Language): Promise<void> {
    const mail = normalizeMail(rawMail);
    if (!(await this.codes.consume(userId, 'mail_bind', code, mail))) {
      throw new AppError('INVALID_CODE');
    }
    await this.users.setMail(userId, mail, lang);
  }
}
