import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { ERRORS, ErrorCode } from '../../common/error-codes';
import { REDIS } from '../redis/redis.module';

export class HealthResponse {
  @ApiProperty({ enum: ['ok', 'degraded'], example: 'ok' })
  status: 'ok' | 'degraded';
  @ApiProperty({ enum: ['up', 'down'], example: 'up' })
  postgres: 'up' | 'down';
  @ApiProperty({ enum: ['up', 'down'], example: 'up' })
  redis: 'up' | 'down';
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Liveness of the API and its PostgreSQL and Redis' })
  @ApiOkResponse({ type: HealthResponse })
  @ApiResponse({
    status: 503,
    description: 'A dependency is down; body has detail, code and the same fields',
  })
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const [postgres, redis] = await Promise.all([
      within(this.dataSource.query('SELECT 1'), 2000).then(
        () => 'up' as const,
        () => 'down' as const,
      ),
      within(this.redis.ping(), 2000).then(
        () => 'up' as const,
        () => 'down' as const,
      ),
    ]);
    if (postgres === 'up' && redis === 'up') return { status: 'ok', postgres, redis };
    reply.status(HttpStatus.SERVICE_UNAVAILABLE);
    return {
      status: 'degraded',
      postgres,
      redis,
      detail: ERRORS.SERVICE_UNAVAILABLE.detail,
      code: 'SERVICE_UNAVAILABLE' satisfies ErrorCode,
    };
  }
}
