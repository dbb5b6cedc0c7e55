import { Inject, Injectable } from '@nestjs/common';
import { createHmac, randomInt } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/app-error';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { UsersService } from '../users/users.service';

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
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private hash(code: string) {
    return createHmac('sha256', this.config.JWT_SECRET).update(`otc:${code}`).digest('hex');
  }

  /**
   * A new code, or 429 while the last one is younger than the resend delay
   * (`respectResend` false: an operator's code, never delayed). `alongside`
   * runs in the same transaction (an operator's audit entry).
   */
  async issue(
    userId: number,
    purpose: CodePurpose,
    target: string | null,
    options: { respectResend?: boolean; alongside?: (db: EntityManager) => Promise<void> } = {},
  ): Promise<{ code: string; expiresAt: Date }> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const resend = options.respectResend === false ? 0 : this.config.MAIL_CODE_RESEND_SECONDS;
    return this.dataSource.transaction(async (db) => {
      // Serialises issues for one member, so two parallel requests cannot both pass the delay.
      await this.users.lock(db, userId);
      const [recent]: { wait: number }[] = await db.query(
        `SELECT ceil(extract(epoch FROM created_at + make_interval(secs => $3) - now()))::int AS wait
         FROM one_time_codes WHERE user_id = $1 AND purpose = $2 AND created_at > now() - make_interval(secs => $3)
         ORDER BY id DESC LIMIT 1`,
        [userId, purpose, resend],
      );
      if (recent) {
        throw new AppError('TOO_MANY_ATTEMPTS', 'Wait before asking for another code', {
          'Retry-After': String(Math.max(1, recent.wait)),
        });
      }
      await db.query(
        `UPDATE one_time_codes SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
        [userId, purpose],
      );
      const [row]: { expires_at: Date }[] = await db.query(
        `INSERT INTO one_time_codes (user_id, purpose, target, code_hash, expires_at)
         VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5)) RETURNING expires_at`,
        [userId, purpose, target, this.hash(code), this.config.MAIL_CODE_TTL_SECONDS],
      );
      await options.alongside?.(db);
      return { code, expiresAt: row.expires_at };
    });
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
      const [live]: {
        id: string;
        code_hash: string;
        target: string | null;
        spent: boolean;
        wait: number;
      }[] = await db.query(
        `SELECT id, code_hash, target, $3 > 0 AND tries >= $3 AS spent,
                ceil(extract(epoch FROM created_at + make_interval(secs => $4) - now()))::int AS wait
         FROM one_time_codes
         WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
         ORDER BY id DESC LIMIT 1 FOR UPDATE`,
        [userId, purpose, this.config.MAIL_CODE_MAX_TRIES, this.config.MAIL_CODE_RESEND_SECONDS],
      );
      if (!live) return false;
      if (live.spent) {
        throw new AppError('TOO_MANY_ATTEMPTS', 'Too many wrong codes, ask for a new one', {
          'Retry-After': String(Math.max(1, live.wait)),
        });
      }
      await db.query(`UPDATE one_time_codes SET tries = tries + 1 WHERE id = $1`, [live.id]);
      const matches =
        live.code_hash === this.hash(code) && (target === null || live.target === target);
      if (matches)
        await db.query(`UPDATE one_time_codes SET used_at = now() WHERE id = $1`, [live.id]);
      return matches;
    });
  }
}
