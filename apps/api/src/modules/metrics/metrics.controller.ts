import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../common/app-error';
import { isInternalAddress } from '../../common/metrics';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { MetricsService } from './metrics.service';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Prometheus text, outside the OpenAPI contract (it is not JSON). Who may
 * read it: with METRICS_TOKEN set, whoever sends it as a Bearer token;
 * without, only loopback and private addresses, as TRUST_PROXY resolves the
 * client's address.
 */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async metricsText(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    if (!this.allowed(request))
      throw new AppError('FORBIDDEN', 'Metrics are for the internal network or the metrics token');
    reply.header('Content-Type', this.metrics.contentType);
    return this.metrics.render();
  }

  private allowed(request: FastifyRequest): boolean {
    const token = this.config.METRICS_TOKEN;
    if (!token) return isInternalAddress(request.ip);
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    // Equal-length digests: the comparison time says nothing about the token.
    return timingSafeEqual(digest(given), digest(token));
  }
}
