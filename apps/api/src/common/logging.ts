import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { DynamicModule, LoggerService } from '@nestjs/common';
import { LoggerModule, Params } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { APP_CONFIG, AppConfig } from '../config/config';

/**
 * Names of fields that carry secrets or identity documents (the DTOs' own
 * names). Bodies are never logged; these are redacted wherever they show up
 * anyway: in a query string (the refresh token travels in one) or in an
 * object a service logs.
 */
export const SECRET_FIELDS = [
  'password',
  'old_password',
  'new_password',
  'transaction_password',
  'code',
  'token',
  'access_token',
  'refresh_token',
  'document_number',
  'id_number',
] as const;

export const REDACTED = '[Redacted]';

/** Pino paths: credentials in headers, and the secret fields at the top or one level down. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  // `code` anywhere would also hide error codes (err.code): only as a body's field.
  ...SECRET_FIELDS.flatMap((field) =>
    field === 'code' ? ['body.code', '*.body.code'] : [field, `*.${field}`],
  ),
];

/** A client's X-Request-Id is kept only when it is short and plain (no log injection). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's request id (app.factory.ts): the client's when sane, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** The URL with the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const key of new Set(params.keys())) {
    if ((SECRET_FIELDS as readonly string[]).includes(key.toLowerCase())) {
      params.set(key, REDACTED);
      changed = true;
    }
  }
  return changed ? `${url.slice(0, at)}?${params.toString()}` : url;
}

/** Set on the raw request once the JWT guard knows who calls (see app.factory.ts). */
export type LoggedRequest = IncomingMessage & { memberId?: number };

export interface LoggingOptions {
  /** Where the lines go (default stdout): a test reads them here. */
  destination?: DestinationStream;
  /** No output whatever LOG_LEVEL says (tests that do not read the log). */
  silent?: boolean;
}

export function loggingParams(config: AppConfig, options: LoggingOptions = {}): Params {
  return {
    pinoHttp: {
      level: options.silent ? 'silent' : config.LOG_LEVEL,
      stream: options.destination,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      // pino-http reuses the id Fastify gave the request (requestIdOf).
      // Read again when the request ends, so the completion line has the member.
      customProps: (req: LoggedRequest) => (req.memberId ? { memberId: req.memberId } : {}),
      serializers: {
        // No header dump: a dozen headers per line made logging a fifth of the
        // API's CPU (bench:api). Who called is the member id; the client, its agent.
        req: (req: {
          id: unknown;
          method: string;
          url: string;
          headers: Record<string, unknown>;
          remoteAddress?: string;
        }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.remoteAddress,
          userAgent: req.headers['user-agent'],
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      // The completion line carries status and duration; 5xx lines are errors.
      customLogLevel: (_req, res, error) =>
        error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    },
  };
}

/**
 * The JSON logger of a process (API or worker). nestjs-pino keeps one
 * pino-http instance per process: the first app booted decides its settings.
 */
export function loggingModule(options: LoggingOptions = {}): DynamicModule {
  return LoggerModule.forRootAsync({
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig) => loggingParams(config, options),
  });
}

/** Nest's start-up listing (every module and route), one info line each: noise in production. */
const BOOT_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

/** Nest's logger (the app's and the framework's messages) as JSON lines, minus the boot listing. */
export function nestLogger(logger: LoggerService): LoggerService {
  return {
    log: (message: unknown, ...params: unknown[]) => {
      if (!BOOT_CONTEXTS.has(params.at(-1) as string)) logger.log(message, ...params);
    },
    error: (message: unknown, ...params: unknown[]) => logger.error(message, ...params),
    warn: (message: unknown, ...params: unknown[]) => logger.warn(message, ...params),
    debug: (message: unknown, ...params: unknown[]) => logger.debug?.(message, ...params),
    verbose: (message: unknown, ...params: unknown[]) => logger.verbose?.(message, ...params),
    fatal: (message: unknown, ...params: unknown[]) => logger.fatal?.(message, ...params),
  };
}
