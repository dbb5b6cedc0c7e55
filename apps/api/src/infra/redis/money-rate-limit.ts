/**
 * Per-member rate limit on the routes that move money (transfer, buy_vip,
 * watch, and the withdrawals and uploads to come), counted in Redis so every
 * API process shares one budget per member.
 *
 * The counting is @fastify/rate-limit's (its Redis store and its
 * `createRateLimit`), but it runs from a Nest guard, after authentication:
 * the plugin's own route hook runs before Nest's guards, where the member is
 * not yet known, and keying on an unverified token would let anyone spend a
 * victim's budget with a forged `sub`.
 */
import {
  CanActivate,
  ExecutionContext,
  Inject,
  Injectable,
  UseGuards,
  applyDecorators,
} from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { ApiErrors } from '../../common/api-errors.decorator';
import { AppError } from '../../common/app-error';
import type { AuthUser } from '../../common/auth';

const WINDOW_MS = 60_000;

/**
 * Registers the counting plugin (no route is limited by it directly) for the
 * money limit and the public reads' limit (infra/redis/public-rate-limit.ts).
 */
export async function registerRateLimitPlugin(
  app: NestFastifyApplication,
  config: AppConfig,
  redis: Redis,
) {
  if (!config.MONEY_RATE_LIMIT_PER_MINUTE && !config.PUBLIC_RATE_LIMIT_PER_MINUTE) return;
  await app.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace: 'rate:',
    // Redis away: let the request through. The ledger, not this limit,
    // keeps money right; refusing every payment because a counter is
    // unreachable would be the worse failure.
    skipOnError: true,
  });
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

@Injectable()
export class MoneyRateLimitGuard implements CanActivate {
  private limiter?: Limiter;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const max = this.config.MONEY_RATE_LIMIT_PER_MINUTE;
    if (!max) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthUser }>();
    if (!request.user) return true; // anonymous routes are not money routes
    this.limiter ??= request.server.createRateLimit({
      max,
      timeWindow: WINDOW_MS,
      keyGenerator: (req) => `money:${(req as { user?: AuthUser }).user?.id}`,
    });
    const result = await this.limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      const retryAfter = String(Math.max(1, result.ttlInSeconds));
      throw new AppError('TOO_MANY_REQUESTS', `Too many money requests: at most ${max} a minute`, {
        'Retry-After': retryAfter,
      });
    }
    return true;
  }
}

/** Marks a route as a money route: it must also carry `@Auth()` (class or method). */
export function MoneyRoute() {
  return applyDecorators(UseGuards(MoneyRateLimitGuard), ApiErrors('TOO_MANY_REQUESTS'));
}
