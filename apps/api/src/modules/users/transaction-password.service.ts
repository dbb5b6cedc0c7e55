import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { DataSource, EntityManager } from 'typeorm';
import { AppError } from '../../common/app-error';
import { PasswordHasher } from '../../common/passwords';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { REDIS } from '../../infra/redis/redis.module';
import { UsersRepository } from './users.repository';

/** Whether a member's transaction password was set for the first time or changed. */
export type TransactionPasswordChange = 'set' | 'changed';

/**
 * The transaction password: once a member sets one, withdrawals and
 * address-book changes need it. Attempts are counted per member in Redis
 * (TRANSACTION_PASSWORD_MAX_FAILURES per window), then 429 until the window
 * ends, so a stolen session cannot guess it; a right one clears the count.
 */
@Injectable()
export class TransactionPasswordService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Sets the first one, or changes it with the current one. `alongside` runs
   * in the same transaction as the change, told which it was (the recovery
   * notice: account recovery must not be able to change it unseen).
   */
  async set(
    userId: number,
    password: string,
    oldPassword?: string,
    alongside?: (db: EntityManager, change: TransactionPasswordChange) => Promise<void>,
  ): Promise<void> {
    const current = await this.users.transactionPasswordHash(userId);
    if (current) await this.verify(userId, current, oldPassword);
    const hash = await this.hasher.hash(password, 'interactive');
    await this.dataSource.transaction(async (db) => {
      await this.users.setTransactionPasswordHash(db, userId, hash);
      await alongside?.(db, current ? 'changed' : 'set');
    });
  }

  /** Passes when the member has none, or `password` is it; else 400 (or 429 after too many). */
  async check(userId: number, password: string | undefined): Promise<void> {
    const current = await this.users.transactionPasswordHash(userId);
    if (current) await this.verify(userId, current, password);
  }

  private key = (userId: number) => `txpass:fail:${userId}`;

  /**
   * The attempt is counted before the hash is checked, in one atomic Redis
   * step shared by every API process: parallel guesses each take a number,
   * and those past the limit are refused unchecked, the right one included.
   */
  private async verify(userId: number, hash: string, password: string | undefined): Promise<void> {
    const max = this.config.TRANSACTION_PASSWORD_MAX_FAILURES;
    if (max) {
      const key = this.key(userId);
      const result = await this.redis
        .multi()
        .incr(key)
        .expire(key, this.config.TRANSACTION_PASSWORD_WINDOW_SECONDS, 'NX')
        .ttl(key)
        .exec();
      const [attempt, , ttl] = (result ?? []).map(([error, value]) => {
        if (error) throw error;
        return Number(value);
      });
      if (attempt > max) {
        throw new AppError(
          'TOO_MANY_ATTEMPTS',
          'Too many wrong transaction passwords, try again later',
          { 'Retry-After': String(Math.max(1, ttl)) },
        );
      }
    }
    if (password && (await this.hasher.verify(hash, password, 'interactive'))) {
      if (max) await this.redis.del(this.key(userId));
      return;
    }
    throw new AppError('INCORRECT_TRANSACTION_PASSWORD');
  }
}
