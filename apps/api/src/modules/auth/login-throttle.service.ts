import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { AppError } from '../../common/app-error';
import { REDIS } from '../redis/redis.module';

/**
 * Limits password guessing per phone and per client address. Each attempt is
 * counted before the password is checked, so parallel guesses cannot slip
 * through; a success gives its attempt back.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private keys(phone: string, ip: string) {
    return { phone: `login-attempts:phone:${phone}`, ip: `login-attempts:ip:${ip}` };
  }

  async begin(phone: string, ip: string): Promise<void> {
    const keys = this.keys(phone, ip);
    const window = this.config.LOGIN_FAILURE_WINDOW_SECONDS;
    const result = await this.redis
      .multi()
      .incr(keys.phone)
      .expire(keys.phone, window, 'NX')
      .incr(keys.ip)
      .expire(keys.ip, window, 'NX')
      .pttl(keys.phone)
      .pttl(keys.ip)
      .exec();
    const values = (result ?? []).map(([error, value]) => {
      if (error) throw error;
      return Number(value);
    });
    const [phoneCount, , ipCount, , phoneTtl, ipTtl] = values;
    const overPhone = phoneCount > this.config.LOGIN_MAX_FAILURES_PER_PHONE;
    const overIp = ipCount > this.config.LOGIN_MAX_FAILURES_PER_IP;
    if (overPhone || overIp) {
      const ttl = Math.max(overPhone ? phoneTtl : 0, overIp ? ipTtl : 0);
      const retryAfter = String(Math.max(1, Math.ceil(ttl / 1000)));
      throw new AppError('TOO_MANY_ATTEMPTS', undefined, { 'Retry-After': retryAfter });
    }
  }

  /** A correct password clears the phone's count and returns the address's attempt. */
  async succeeded(phone: string, ip: string): Promise<void> {
    const keys = this.keys(phone, ip);
    await this.redis.multi().del(keys.phone).decr(keys.ip).exec();
  }
}
