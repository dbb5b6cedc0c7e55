import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../common/app-error';
import { METRICS_REFUSAL, mayReadMetrics } from '../../infra/metrics/metrics';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { MetricsService } from './metrics.service';

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
    if (!mayReadMetrics(this.config.METRICS_TOKEN, request.ip, request.headers.authorization))
      throw new AppError('FORBIDDEN', METRICS_REFUSAL);
    reply.header('Content-Type', this.metrics.contentType);
    return this.metrics.render();
  }
}
