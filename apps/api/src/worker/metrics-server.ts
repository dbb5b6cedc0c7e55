import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Server, createServer } from 'node:http';
import { ERRORS } from '../common/error-codes';
import { METRICS_REFUSAL, mayReadMetrics, metricsRegistry } from '../infra/metrics/metrics';
import { APP_CONFIG, AppConfig } from '../config/config';

/**
 * The worker's own GET /metrics on WORKER_METRICS_PORT (0: none): most ledger
 * postings (deposit credits, settlements, scheduled money work) happen here,
 * and the API's /metrics only sees its own process. Same access rule; no
 * proxy sits in front, so the socket's address is the client's.
 */
@Injectable()
export class WorkerMetricsServer implements OnModuleInit, OnModuleDestroy {
  private server: Server | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async onModuleInit() {
    if (!this.config.WORKER_METRICS_PORT) return;
    const server = createServer((request, response) => {
      const send = (status: number, type: string, body: string) =>
        response.writeHead(status, { 'Content-Type': type }).end(body);
      const path = request.url?.split('?')[0];
      if (request.method !== 'GET' || path !== '/metrics')
        return send(
          404,
          'application/json',
          JSON.stringify({ detail: ERRORS.NOT_FOUND.detail, code: 'NOT_FOUND' }),
        );
      const ip = request.socket.remoteAddress ?? '';
      if (!mayReadMetrics(this.config.METRICS_TOKEN, ip, request.headers.authorization))
        return send(
          403,
          'application/json',
          JSON.stringify({ detail: METRICS_REFUSAL, code: 'FORBIDDEN' }),
        );
      metricsRegistry.metrics().then(
        (text) => send(200, metricsRegistry.contentType, text),
        () =>
          send(
            500,
            'application/json',
            JSON.stringify({ detail: ERRORS.INTERNAL_ERROR.detail, code: 'INTERNAL_ERROR' }),
          ),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.WORKER_METRICS_PORT, this.config.API_HOST, resolve);
    });
    this.server = server;
  }

  async onModuleDestroy() {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}
