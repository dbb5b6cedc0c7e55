import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { POWER_ROLES, isValidPhone, normalizePhone } from '@app/domain';
import { AppError } from '../../common/app-error';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { AuditService } from '../audit/audit.service';
import { FALLBACK_LANGUAGE, type Language } from '../../common/language';
import { mailText } from '../mail/mail-templates';
import { MailService } from '../mail/mail.service';
import { OneTimeCodesService } from '../mail/one-time-codes.service';
import { REDIS } from '../../infra/redis/redis.module';
import { UsersService } from '../users/users.service';
import { AuthService } from './auth.service';
import { maskMail } from './mailbox.service';

/**
 * Forgotten passwords: a code goes to the bound mailbox (or, for a member
 * without one, an operator hands one out), and the code sets a new password,
 * ends every login, tells the member and holds withdrawals for a while
 * (recovery.service.ts). The
 * answer to "forgot" is the same whether the phone exists, has a mailbox or
 * not, and it never waits for the mail, so neither its words nor its timing
 * tell who is a member. Both steps are limited per phone and per client
 * address (PASSWORD_RESET_LIMIT_PER_HOUR).
 */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly codes: OneTimeCodesService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The code is mailed in the language of the client that asked (Accept-Language). */
  async forgot(rawPhone: string, ip: string, lang: Language): Promise<void> {
    const phone = this.phone(rawPhone);
    await this.limit('forgot', phone, ip);
    const user = await this.users.credentials({ phone });
    if (!user?.isActive) return;
    const mail = await this.users.mailOf(user.id);
    if (!mail || this.mail.delivery === 'off') return;
    // The mail goes through the outbox: the worker sends it, retrying while SMTP is away.
    await this.codes
      .issue(user.id, 'password_reset', mail, {
        mail: (code) => ({
          to: mail,
          ...mailText('password_reset_code', lang, { code, minutes: this.codes.lifetimeMinutes }),
        }),
      })
      .catch((error: unknown) => {
        // Asked again within the resend delay: the first code still works.
        if (error instanceof AppError && error.code === 'TOO_MANY_ATTEMPTS') return;
        throw error;
      });
  }

  async reset(rawPhone: string, code: string, password: string, ip: string): Promise<void> {
    const phone = this.phone(rawPhone);
    await this.limit('reset', phone, ip);
    const user = await this.users.credentials({ phone });
    if (!user || !(await this.codes.consume(user.id, 'password_reset', code))) {
      throw new AppError('INVALID_CODE');
    }
    await this.auth.resetPassword(user.id, password);
  }

  /**
   * An operator's one-time code (no resend delay). A member with a bound
   * mailbox gets it there, never the operator: otherwise whoever works
   * support could reset any member's password and sign in as them. The
   * mail is in the language the member bound the mailbox in (the operator's
   * request says nothing of theirs). With no way to send mail, such a member
   * gets no code at all (503) rather than one through the operator.
   */
  async issueByOperator(
    operatorId: number,
    userId: number,
  ): Promise<{ code: string; expires_at: string } | { sent_to: string; expires_at: string }> {
    const account = await this.users.account(userId);
    if (!account) throw new AppError('NOT_FOUND');
    const { mail, language } = await this.users.mailbox(userId);
    // An admin or finance operator is a second pair of eyes: a code in another
    // operator's hands would make that pair theirs (issue 36). Their own mailbox only.
    if (!mail && POWER_ROLES.includes(account.role))
      throw new AppError('OPERATOR_MAILBOX_REQUIRED');
    if (!mail) {
      const issued = await this.codes.issue(userId, 'password_reset', null, {
        respectResend: false,
        alongside: (db) => this.audit.record(db, operatorId, 'user.reset_code', userId, {}),
      });
      return { code: issued.code, expires_at: issued.expiresAt.toISOString() };
    }
    if (this.mail.delivery === 'off') throw new AppError('MAIL_NOT_CONFIGURED');
    const sentTo = maskMail(mail);
    const issued = await this.codes.issue(userId, 'password_reset', mail, {
      respectResend: false,
      alongside: (db) =>
        this.audit.record(db, operatorId, 'user.reset_code', userId, { sent_to: sentTo }),
      mail: (code) => ({
        to: mail,
        ...mailText('password_reset_code', language ?? FALLBACK_LANGUAGE, {
          code,
          minutes: this.codes.lifetimeMinutes,
        }),
      }),
    });
    return { sent_to: sentTo, expires_at: issued.expiresAt.toISOString() };
  }

  private phone(raw: string) {
    return isValidPhone(raw) ? normalizePhone(raw) : raw.trim().slice(0, 64);
  }

  private async limit(step: string, phone: string, ip: string): Promise<void> {
    const max = this.config.PASSWORD_RESET_LIMIT_PER_HOUR;
    if (!max) return;
    for (const key of [`pwreset:${step}:phone:${phone}`, `pwreset:${step}:ip:${ip}`]) {
      const [[, count], , [, ttl]] = (await this.redis
        .multi()
        .incr(key)
        .expire(key, 3600, 'NX')
        .ttl(key)
        .exec()) as [[null, number], unknown, [null, number]];
      if (count > max) {
        throw new AppError('TOO_MANY_ATTEMPTS', undefined, {
          'Retry-After': String(Math.max(1, ttl)),
        });
      }
    }
  }
}
