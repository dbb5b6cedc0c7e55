import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { hostname } from 'node:os';
import { DynamicModule, LoggerService } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LoggerModule } from 'nestjs-pino';
import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import { SonicBoom } from 'sonic-boom';
import type { AppConfig } from '../../config/config';
import type { AuthUser } from '../../common/auth';
import { activeTraceIds } from '../tracing/trace-context';

/**
 * Names of fields that carry secrets or identity documents (the DTOs' own
 * names). Bodies are never logged; these are redacted wherever they show up
 * anyway: in a query string (older clients still send the refresh token in
 * one, EventSource its one-use stream ticket) or in an object a service logs.
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
  'ticket',
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

export interface LoggingOptions {
  /** Where the lines go (default stdout): a test reads them here. */
  destination?: DestinationStream;
  /** No output whatever LOG_LEVEL says (tests that do not read the log). */
  silent?: boolean;
}

/** The id of the request the current code runs for (entered in request-hooks.ts), if any. */
export const requestContext = new AsyncLocalStorage<string>();

/**
 * A process's loggers. `root` takes every line of the app and the framework
 * (through nestjs-pino): secrets redacted, the request id added to the
 * lines written while a request runs, and `trace_id` and `span_id` while a
 * traced span runs (tracing on: infra/tracing). `requests` writes only the
 * one line per answered request (see RequestLog).
 */
export function createLoggers(config: AppConfig, options: LoggingOptions = {}) {
  const level = options.silent ? 'silent' : config.LOG_LEVEL;
  // A silent logger writes nothing: no stdout stream is opened for it (tests boot many apps).
  const destination =
    options.destination ??
    (options.silent ? { write() {} } : stdout(config.LOG_BATCH_BYTES, config.LOG_FLUSH_MS));
  const root = pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      mixin: () => {
        const id = requestContext.getStore();
        const trace = activeTraceIds();
        if (trace) return id === undefined ? trace : { req: { id }, ...trace };
        return id === undefined ? {} : { req: { id } };
      },
    },
    destination,
  );
  const requests = new RequestLog(level, destination);
  return { root, requests };
}

const outputs = new Set<SonicBoom>();

/**
 * Standard output, written asynchronously in batches: a line waits for no
 * disk or pipe; lines collect until LOG_BATCH_BYTES have come or
 * LOG_FLUSH_MS has passed, then go out in one write. Each line is handed
 * over as bytes (sonic-boom's buffer mode): in its text mode every line
 * re-measured the whole pending batch, a copy of up to 16 KB per line.
 * With a write whenever the last had finished, that was about 5 us of
 * /users/me's 77 (docs/decisions.md, "Hot paths").
 *
 * sonic-boom 5 directly, not pino.destination (sonic-boom 4): 4's synchronous
 * flush retried a write to a pipe without a reader (EPIPE) forever, so a
 * process whose log reader had gone hung in its stop (`pnpm start`'s prefixer
 * ended by the same signal, issue 42). 5 throws instead, and flushLogs drops
 * the lines.
 */
function stdout(batchBytes: number, flushMs: number): DestinationStream {
  const batched = batchBytes > 0 && flushMs > 0;
  const output = new SonicBoom({
    fd: 1,
    sync: false,
    contentMode: 'buffer',
    minLength: batched ? batchBytes : 0,
    periodicFlush: batched ? flushMs : 0,
  });
  // A reader that went away (EPIPE: the pipe closed, a log shipper restarted) leaves nowhere to
  // report to: the lines are dropped, and the process neither crashes nor hangs on them.
  output.on('error', () => undefined);
  if (outputs.size === 0) process.once('exit', flushLogs);
  outputs.add(output);
  return { write: (line: string) => output.write(Buffer.from(line) as unknown as string) };
}

/**
 * Writes out what is still queued: when the process exits, and from the
 * lifecycle logger last (a process stopped by a signal that Nest re-raises
 * never sees `exit`).
 */
export function flushLogs() {
  for (const output of outputs) {
    try {
      output.flushSync();
    } catch {
      // Not open yet, already closed, or its reader gone: nothing of ours can be written.
    }
  }
}

/**
 * The one line per answered request, in pino's format (level, time, pid,
 * hostname, then the fields, then msg) on the same destination as every
 * other line. Its fields are fixed and already safe (the URL's secret
 * parameters redacted, no headers but the user agent), so the line is
 * written from a template: through pino, its generic serialization and
 * redaction pass were a twentieth of `/users/me` (docs/decisions.md, "Hot
 * paths"). Strings a client sends go through JSON.stringify.
 */
export class RequestLog {
  private readonly threshold: number;
  private readonly origin: string;

  constructor(
    level: string,
    private readonly destination: DestinationStream,
  ) {
    this.threshold = level === 'silent' ? Infinity : pino.levels.values[level];
    this.origin = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
  }

  /** 5xx lines are errors, 4xx warnings, the rest info. */
  write(request: FastifyRequest, reply: FastifyReply) {
    const status = reply.statusCode;
    const level = status >= 500 ? 50 : status >= 400 ? 40 : 30;
    if (level < this.threshold) return;
    const user = (request as { user?: AuthUser }).user;
    const userAgent = request.headers['user-agent'];
    const trace = activeTraceIds();
    this.destination.write(
      `{"level":${level},"time":${Date.now()}${this.origin}` +
        `,"req":{"id":${JSON.stringify(request.id)},"method":${JSON.stringify(request.method)}` +
        `,"url":${JSON.stringify(redactUrl(request.url))}` +
        // Behind a misconfigured proxy chain Fastify may know no address.
        `,"remoteAddress":${JSON.stringify(request.ip ?? null)}` +
        (typeof userAgent === 'string' ? `,"userAgent":${JSON.stringify(userAgent)}` : '') +
        '}' +
        (user ? `,"memberId":${user.id}` : '') +
        `,"res":{"statusCode":${status}}` +
        `,"responseTime":${Math.round(reply.elapsedTime * 10) / 10}` +
        (trace ? `,"trace_id":"${trace.trace_id}","span_id":"${trace.span_id}"` : '') +
        ',"msg":"request completed"}\n',
    );
  }
}

/**
 * nestjs-pino as the Nest logger of a process (API or worker), writing
 * through `root`. Its per-request pino-http middleware is not mounted
 * (`forRoutes: []`): a child logger per request cost more than the rest of
 * /users/me; the API's request hooks log the requests instead.
 */
export function loggingModule(root: PinoLogger): DynamicModule {
  return LoggerModule.forRoot({
    forRoutes: [],
    pinoHttp: { logger: root, wrapSerializers: false },
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
