import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { ERRORS, ErrorCode } from '../../common/error-codes';
import { within } from '../../common/within';
import { pendingMigrations } from '../../database/migrations-state';
import { REDIS } from '../redis/redis.module';
import { PublicRoute } from '../redis/public-rate-limit';

export class HealthResponse {
  @ApiProperty({ enum: ['ok', 'degraded'], example: 'ok' })
  status: 'ok' | 'degraded';
  @ApiProperty({ enum: ['up', 'down'], example: 'up' })
  postgres: 'up' | 'down';
  @ApiProperty({ enum: ['up', 'down'], example: 'up' })
  redis: 'up' | 'down';
  @ApiProperty({
    enum: ['applied', 'pending', 'unknown'],
    example: 'applied',
    description: 'unknown when PostgreSQL did not answer',
  })
  migrations: 'applied' | 'pending' | 'unknown';
}

export class LivenessResponse {
  @ApiProperty({ enum: ['ok'], example: 'ok' })
  status: 'ok';
}

/** Each check answers within this, so a probe never hangs on a stuck dependency. */
const CHECK_TIMEOUT_MS = 2000;
/** What a 503 asks the prober (or a client) to wait. */
const RETRY_AFTER_SECONDS = '5';

/**
 * Liveness (`/health/live`: the process answers, nothing else is asked) and
 * readiness (`/health/ready`, and `/health` as before: PostgreSQL and Redis
 * answer and every compiled migration is applied).
 */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Get()
  @PublicRoute()
  @ApiOperation({ summary: 'Readiness (same as /health/ready); the compose healthcheck uses it' })
  @ApiOkResponse({ type: HealthResponse })
  @ApiResponse({
    status: 503,
    description: 'Not ready; body has detail, code and the same fields, with Retry-After',
  })
  health(@Res({ passthrough: true }) reply: FastifyReply) {
    return this.check(reply);
  }

  @Get('ready')
  @PublicRoute()
  @ApiOperation({
    summary: 'Readiness: PostgreSQL and Redis answer and no migration is pending',
  })
  @ApiOkResponse({ type: HealthResponse })
  @ApiResponse({
    status: 503,
    description: 'Not ready; body has detail, code and the same fields, with Retry-After',
  })
  readiness(@Res({ passthrough: true }) reply: FastifyReply) {
    return this.check(reply);
  }

  @Get('live')
  @PublicRoute()
  @ApiOperation({ summary: 'Liveness: the process answers (no dependency is checked)' })
  @ApiOkResponse({ type: LivenessResponse })
  liveness(): LivenessResponse {
    return { status: 'ok' };
  }

  private async check(reply: FastifyReply) {
    const [migrations, redis] = await Promise.all([
      within(pendingMigrations(this.dataSource), CHECK_TIMEOUT_MS).then(
        (pending) => (pending.length === 0 ? ('applied' as const) : ('pending' as const)),
        () => 'unknown' as const,
      ),
      within(this.redis.ping(), CHECK_TIMEOUT_MS).then(
        () => 'up' as const,
        () => 'down' as const,
      ),
    ]);
    const postgres = migrations === 'unknown' ? ('down' as const) : ('up' as const);
    if (migrations === 'applied' && redis === 'up')
      return { status: 'ok', postgres, redis, migrations };
    reply.status(HttpStatus.SERVICE_UNAVAILABLE).header('Retry-After', RETRY_AFTER_SECONDS);
    return {
      status: 'degraded',
      postgres,
      redis,
      migrations,
      detail:
        migrations === 'pending'
          ? 'Database migrations are pending'
          : ERRORS.SERVICE_UNAVAILABLE.detail,
      code: 'SERVICE_UNAVAILABLE' satisfies ErrorCode,
    };
  }
}
