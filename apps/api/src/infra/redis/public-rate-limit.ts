/**
 * Per-address rate limit on the public reads (no sign-in: the economy table,
 * site links, the home message, media, health). They cost little each, but
 * anyone can send them, so one address gets a budget of its own, counted in
 * Redis across API processes (PUBLIC_RATE_LIMIT_PER_MINUTE, 0 = off).
 *
 * The counting is @fastify/rate-limit's, registered by registerRateLimitPlugin
 * (infra/redis/money-rate-limit.ts); the address is the client's as TRUST_PROXY
 * makes Fastify see it.
 */
import {
  CanActivate,
  ExecutionContext,
  Inject,
  Injectable,
  UseGuards,
  applyDecorators,
} from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { REDIS } from './redis.module';
import { ApiErrors } from '../../common/api-errors.decorator';
import { AppError } from '../../common/app-error';

const WINDOW_MS = 60_000;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

@Injectable()
export class PublicRateLimitGuard implements CanActivate {
  private limiter?: Limiter;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const max = this.config.PUBLIC_RATE_LIMIT_PER_MINUTE;
    // Redis away: let the read through rather than queue it behind a
    // reconnecting client (health must answer while Redis is down).
    if (!max || this.redis.status !== 'ready') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    this.limiter ??= request.server.createRateLimit({
      max,
      timeWindow: WINDOW_MS,
      keyGenerator: (req) => `public:${req.ip}`,
    });
    const result = await this.limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError(
        'TOO_MANY_REQUESTS',
        `Too many requests from this address: at most ${max} a minute`,
        { 'Retry-After': String(Math.max(1, result.ttlInSeconds)) },
      );
    }
    return true;
  }
}

/** Marks a route anyone may call without signing in; its reads are limited per address. */
export function PublicRoute() {
  return applyDecorators(UseGuards(PublicRateLimitGuard), ApiErrors('TOO_MANY_REQUESTS'));
}
