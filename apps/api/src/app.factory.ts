import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Logger } from 'nestjs-pino';
import { join } from 'node:path';
import { AppModule } from './app.module';
import {
  LoggingOptions,
  createLoggers,
  loggingModule,
  nestLogger,
  requestIdOf,
} from './infra/logging/logging';
import { registerRequestHooks } from './infra/http/request-hooks';
import { loadConfig } from './config/config';
import { REDIS } from './infra/redis/redis.module';
import { ErrorBody, ValidationErrorBody } from './common/api-errors.decorator';
import { codeForStatus } from './common/error-codes';
import { registerDirectRoutes } from './common/direct-route';
import { ErrorFilter, errorBody } from './common/error.filter';
import { completeOpenApi } from './common/openapi-completion';
import { registerRateLimitPlugin } from './infra/redis/money-rate-limit';
import { RouteTable } from './common/route-table';
import { AppValidationPipe } from './common/validation.pipe';

export const BODY_LIMIT = 1024 * 1024;

/**
 * TRUST_PROXY for Fastify. A number is a hop count: trust that many proxies
 * nearest the server, as Fastify did up to 5.11 (and as proxy-addr does).
 * Fastify 5.12 trusts no hop at all for a number, which would make every
 * client behind compose's proxy the proxy's address; so the count is handed
 * over as the function Fastify used to build from it.
 */
function trustProxyOf(
  value: boolean | number | string,
): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/**
 * Builds the HTTP app exactly as production runs it; tests and the spec
 * writer use it too. `logger: false` silences every log line (unless a test
 * gives `logDestination` to read them).
 */
export async function createApp(
  options: { logger?: boolean; logDestination?: LoggingOptions['destination'] } = {},
): Promise<NestFastifyApplication> {
  const quiet = options.logger === false && !options.logDestination;
  const config = loadConfig();
  const adapter = new FastifyAdapter({
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    logger: false,
    // One id per request for the log lines and the X-Request-Id answer header.
    genReqId: requestIdOf,
    // Fastify's own 503 for a request that comes while it closes has neither Retry-After nor
    // the contract's body (bench:chaos saw them on SIGTERM): the hook below answers instead.
    return503OnClosing: false,
    // The spec's client posts to `/users/`; Nest declares `/users`.
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals (a malformed %-escape, a path segment longer
    // than maxParamLength) never reach Nest's filter: same contract shape.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      void reply.code(status).send(errorBody(codeForStatus(status)));
    },
  });
  const loggers = createLoggers(config, { destination: options.logDestination, silent: quiet });
  registerRequestHooks(adapter.getInstance(), loggers.requests);
  // A request on a kept connection while the API stops (SIGTERM): a clean 503 with Retry-After,
  // and the connection closed, so that the client goes to another replica.
  let closing = false;
  adapter.getInstance().addHook('preClose', (done) => {
    closing = true;
    done();
  });
  adapter.getInstance().addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    void reply
      .code(503)
      .headers({
        'retry-after': String(config.UNAVAILABLE_RETRY_AFTER_SECONDS),
        connection: 'close',
      })
      .send(errorBody('SERVICE_UNAVAILABLE'));
  });
  const routes = new RouteTable();
  adapter.getInstance().addHook('onRoute', (route) => routes.add(route.method, route.url));
  const app = await NestFactory.create<NestFastifyApplication>(
    {
      module: AppModule,
      imports: [loggingModule(loggers.root)],
    },
    adapter,
    // Nest's own messages wait for pino, then go out as JSON (ErrorFilter's 500s among them).
    { logger: quiet ? false : undefined, bufferLogs: !quiet },
  );
  // Before init, when Nest registers its routes.
  registerDirectRoutes(app);
  if (!quiet) {
    app.useLogger(nestLogger(app.get(Logger)));
    // Nest holds buffered lines until listen(); apps that tests drive never listen.
    app.flushLogs();
  }
  app.useGlobalFilters(new ErrorFilter(routes, config.UNAVAILABLE_RETRY_AFTER_SECONDS));
  app.useGlobalPipes(new AppValidationPipe({ maxDepth: config.JSON_MAX_DEPTH }));
  await registerRateLimitPlugin(app, config, app.get(REDIS));
  // Uploads are read whole by the route (storage/uploads.ts); 0 means no limit.
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: config.UPLOAD_MAX_FILE_BYTES || Infinity,
      files: config.UPLOAD_MAX_FILES || Infinity,
      fields: 20,
      fieldSize: 64 * 1024,
    },
  });
  await app.register(fastifyStatic, {
    root: join(__dirname, '..', 'static'),
    prefix: '/static/',
    decorateReply: false,
  });
  if (config.API_DOCS) {
    SwaggerModule.setup('docs', app, buildOpenApi(app), {
      jsonDocumentUrl: 'openapi.json',
      yamlDocumentUrl: 'openapi.yaml',
    });
  }
  return app;
}

export function buildOpenApi(app: NestFastifyApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Trailer Club API')
    .setDescription(
      'Members, trailers, messages and money. Every error body is `{detail, code}`; validation errors are 422 ' +
        'with `detail` a list of `{loc, msg, type}`. Amounts are USDT as JSON numbers with at most 6 decimals.',
    )
    .setVersion('1.0.0')
    .setLicense('Proprietary', '/static/license.txt')
    // Relative to the document (`/openapi.json`, or `/api/openapi.json` behind the
    // web's same-origin prefix), so "Try it out" calls the API that served it.
    .addServer('.', 'This API')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
    .addOAuth2(
      { type: 'oauth2', flows: { password: { tokenUrl: '/token', scopes: {} } } },
      'oauth2',
    )
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (_controller, method) => method,
    extraModels: [ErrorBody, ValidationErrorBody],
  });
  return completeOpenApi(document);
}
