import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomInt } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/app-error';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { UsersService } from '../users/users.service';
import { MailOutboxService } from './mail-outbox.service';
import type { Mail } from './mail.service';
import { OneTimeCodesRepository } from './one-time-codes.repository';

export type CodePurpose = 'mail_bind' | 'password_reset';

/**
 * Six-digit codes mailed to a member (or handed out by an operator), kept
 * in PostgreSQL as an HMAC only. A code lives MAIL_CODE_TTL_SECONDS, allows
 * MAIL_CODE_MAX_TRIES wrong guesses, and is used once; a new one replaces
 * the member's earlier code of the same purpose. New codes for one member and
 * purpose wait MAIL_CODE_RESEND_SECONDS.
 */
@Injectable()
export class OneTimeCodesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: OneTimeCodesRepository,
    private readonly users: UsersService,
    private readonly outbox: MailOutboxService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** How long a code works, in whole minutes (what the mails say). */
  get lifetimeMinutes(): number {
    return Math.max(1, Math.ceil(this.config.MAIL_CODE_TTL_SECONDS / 60));
  }

  private hash(code: string) {
    return createHmac('sha256', this.config.JWT_SECRET).update(`otc:${code}`).digest('hex');
  }

  /**
   * A new code, or 429 while the last one is younger than the resend delay
   * (`respectResend` false: an operator's code, never delayed). `alongside`
   * runs in the same transaction (an operator's audit entry). `mail`: the
   * mail that carries the code, put in the outbox in the same transaction
   * and queued for the worker once committed (the answer never waits for SMTP).
   */
  async issue(
    userId: number,
    purpose: CodePurpose,
    target: string | null,
    options: {
      respectResend?: boolean;
      alongside?: (db: EntityManager) => Promise<void>;
      mail?: (code: string) => Mail;
    } = {},
  ): Promise<{ code: string; expiresAt: Date }> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const resend = options.respectResend === false ? 0 : this.config.MAIL_CODE_RESEND_SECONDS;
    const issued = await this.dataSource.transaction(async (db) => {
      // Serialises issues for one member, so two parallel requests cannot both pass the delay.
      await this.users.lock(db, userId);
      const wait = await this.repository.resendWait(db, userId, purpose, resend);
      if (wait !== null) {
        throw new AppError('TOO_MANY_ATTEMPTS', 'Wait before asking for another code', {
          'Retry-After': String(Math.max(1, wait)),
        });
      }
      await this.repository.retire(db, userId, purpose);
      const inserted = await this.repository.insert(db, {
        userId,
        purpose,
        target,
        hash: this.hash(code),
        ttlSeconds: this.config.MAIL_CODE_TTL_SECONDS,
      });
      await options.alongside?.(db);
      const mailId = options.mail
        ? await this.outbox.add(db, {
            kind: purpose,
            userId,
            codeId: inserted.id,
            mail: options.mail(code),
          })
        : null;
      return { code, expiresAt: inserted.expires_at, mailId };
    });
    if (issued.mailId) this.outbox.queued(issued.mailId, purpose);
    return { code: issued.code, expiresAt: issued.expiresAt };
  }

  /**
   * Uses the member's live code of `purpose` when `code` is it (and, for a
   * binding, it was mailed to `target`); returns false otherwise, counting
   * the try. The code's row is locked and the try counted before the
   * comparison, so parallel guesses (from any API process) are counted one
   * by one and a code is used once. Once MAIL_CODE_MAX_TRIES wrong tries are
   * spent, every further one is 429, the right code included, with
   * Retry-After saying when a new code may be asked for.
   */
  async consume(
    userId: number,
    purpose: CodePurpose,
    code: string,
    target: string | null = null,
  ): Promise<boolean> {
    return this.dataSource.transaction(async (db) => {
      const live = await this.repository.lockLive(
        db,
        userId,
        purpose,
        this.config.MAIL_CODE_MAX_TRIES,
        this.config.MAIL_CODE_RESEND_SECONDS,
      );
      if (!live) return false;
      if (live.spent) {
        throw new AppError('TOO_MANY_ATTEMPTS', 'Too many wrong codes, ask for a new one', {
          'Retry-After': String(Math.max(1, live.wait)),
        });
      }
      await this.repository.countTry(db, live.id);
      const matches =
        live.code_hash === this.hash(code) && (target === null || live.target === target);
      if (matches) await this.repository.markUsed(db, live.id);
      return matches;
    });
  }
}
