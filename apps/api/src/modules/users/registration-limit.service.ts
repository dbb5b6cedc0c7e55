import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { AppError } from '../../common/app-error';
import { REDIS } from '../../infra/redis/redis.module';

const WINDOW_SECONDS = 3600;
const DECR_IF_EXISTS = `if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end return 0`;

/**
 * Registrations per client address per hour (REGISTER_LIMIT_PER_HOUR, 0 = off).
 * Each attempt is counted before its password is hashed, so a flood is turned
 * away before it costs a hash; an attempt the server was too busy to serve is
 * given back.
 */
@Injectable()
export class RegistrationLimitService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private key(ip: string) {
    return `register-attempts:ip:${ip}`;
  }

  async begin(ip: string): Promise<void> {
    const limit = this.config.REGISTER_LIMIT_PER_HOUR;
    if (limit === 0) return;
    const key = this.key(ip);
    const result = await this.redis
      .multi()
      .incr(key)
      .expire(key, WINDOW_SECONDS, 'NX')
      .pttl(key)
      .exec();
    const [count, , ttl] = (result ?? []).map(([error, value]) => {
      if (error) throw error;
      return Number(value);
    });
    if (count > limit) {
      const retryAfter = String(Math.max(1, Math.ceil(ttl / 1000)));
      throw new AppError(
        'TOO_MANY_REQUESTS',
        'Too many registrations from this address, try again later',
        { 'Retry-After': retryAfter },
      );
    }
  }

  async giveBack(ip: string): Promise<void> {
    if (this.config.REGISTER_LIMIT_PER_HOUR === 0) return;
    // Only while the window lasts: a DECR after expiry would leave a key without a TTL.
    await this.redis.eval(DECR_IF_EXISTS, 1, this.key(ip));
  }
}
