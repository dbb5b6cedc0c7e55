import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { setTimeout as sleep } from 'node:timers/promises';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { AppError } from '../../common/app-error';
import { REDIS } from '../../infra/redis/redis.module';

/**
 * Counts one attempt atomically. KEYS: the (phone, address) pair, the address,
 * the phone from any address. ARGV: window in ms, pair limit, address limit.
 * The pair and the address are counted first; an attempt either of them
 * refuses stops there, so only attempts that reach the password check count
 * towards the phone's slow-down. Returns {allowed, phone count or retry ms}.
 */
const BEGIN_SCRIPT = `
local function count(key, window)
  local n = redis.call('INCR', key)
  if n == 1 then redis.call('PEXPIRE', key, window) end
  return n
end
local window = tonumber(ARGV[1])
local pair = count(KEYS[1], window)
local ip = count(KEYS[2], window)
local retry = 0
if pair > tonumber(ARGV[2]) then retry = math.max(retry, redis.call('PTTL', KEYS[1])) end
if ip > tonumber(ARGV[3]) then retry = math.max(retry, redis.call('PTTL', KEYS[2])) end
if pair > tonumber(ARGV[2]) or ip > tonumber(ARGV[3]) then return {0, retry} end
return {1, count(KEYS[3], window)}
`;

/** A success takes its attempt back, only from counts still in their window. */
const SUCCEEDED_SCRIPT = `
redis.call('DEL', KEYS[1])
for i = 2, 3 do
  if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('DECR', KEYS[i]) end
end
`;

/**
 * Limits password guessing without letting a stranger lock the owner out:
 *
 * - per (phone, client address): LOGIN_MAX_FAILURES_PER_PHONE, then 429;
 * - per client address across phones: LOGIN_MAX_FAILURES_PER_IP, then 429;
 * - per phone from any address: after LOGIN_SLOWDOWN_AFTER attempts each
 *   further one waits (LOGIN_SLOWDOWN_MS more per attempt, at most
 *   LOGIN_SLOWDOWN_MAX_MS) before its check, but is never refused, so the
 *   owner with the right password still gets in from their own address.
 *
 * Each attempt is counted before the password is checked, so parallel
 * guesses cannot slip through; a success gives its attempt back.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private keys(phone: string, ip: string) {
    return [
      `login-attempts:pair:${ip}:${phone}`,
      `login-attempts:ip:${ip}`,
      `login-attempts:phone:${phone}`,
    ];
  }

  async begin(phone: string, ip: string): Promise<void> {
    const windowMs = this.config.LOGIN_FAILURE_WINDOW_SECONDS * 1000;
    const [allowed, value] = (await this.redis.eval(
      BEGIN_SCRIPT,
      3,
      ...this.keys(phone, ip),
      windowMs,
      this.config.LOGIN_MAX_FAILURES_PER_PHONE,
      this.config.LOGIN_MAX_FAILURES_PER_IP,
    )) as [number, number];
    if (!allowed) throw tooMany(value);
    const delay = this.slowdown(value);
    if (delay > 0) await sleep(delay);
  }

  /** A correct password clears the pair's count and gives the other two their attempt back. */
  async succeeded(phone: string, ip: string): Promise<void> {
    await this.redis.eval(SUCCEEDED_SCRIPT, 3, ...this.keys(phone, ip));
  }

  /**
   * The signed-in member's own password checks (phone change, password
   * change): LOGIN_MAX_FAILURES_PER_PHONE per window per member, so a stolen
   * access token cannot be used to guess the password.
   */
  async beginForMember(userId: number): Promise<void> {
    const key = `login-attempts:member:${userId}`;
    const result = await this.redis
      .multi()
      .incr(key)
      .expire(key, this.config.LOGIN_FAILURE_WINDOW_SECONDS, 'NX')
      .pttl(key)
      .exec();
    const [count, , ttl] = (result ?? []).map(([error, value]) => {
      if (error) throw error;
      return Number(value);
    });
    if (count > this.config.LOGIN_MAX_FAILURES_PER_PHONE) throw tooMany(ttl);
  }

  async succeededForMember(userId: number): Promise<void> {
    await this.redis.del(`login-attempts:member:${userId}`);
  }

  /** The wait before the check of the phone's `attempts`-th attempt in the window. */
  private slowdown(attempts: number): number {
    const after = this.config.LOGIN_SLOWDOWN_AFTER;
    if (after === 0 || attempts <= after) return 0;
    return Math.min(
      (attempts - after) * this.config.LOGIN_SLOWDOWN_MS,
      this.config.LOGIN_SLOWDOWN_MAX_MS,
    );
  }
}

function tooMany(retryMs: number): AppError {
  const retryAfter = String(Math.max(1, Math.ceil(retryMs / 1000)));
  return new AppError('TOO_MANY_ATTEMPTS', undefined, { 'Retry-After': retryAfter });
}
