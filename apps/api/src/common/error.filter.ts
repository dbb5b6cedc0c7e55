import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ValidationFailed } from './app-error';
import { ERRORS, ErrorCode, codeForStatus } from './error-codes';
import { RouteTable } from './route-table';
import { isUnavailable } from './unavailable';

/**
 * Every error leaves the API as `{detail, code}` (with the few fields a code
 * documents beside them, AppError.fields). Anything we did not expect
 * becomes a 500 with a fixed text: no stack, SQL or internal id reaches a client.
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Error');

  constructor(
    private readonly routes: RouteTable,
    /** Retry-After on every 503 (a dependency away, a busy server). */
    private readonly retryAfterSeconds = 5,
  ) {}

  catch(error: unknown, host: ArgumentsHost) {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    const { status, body, headers } = this.describe(error, request);
    if (status === 503 && !Object.keys(headers).some((h) => h.toLowerCase() === 'retry-after'))
      headers['Retry-After'] = String(this.retryAfterSeconds);
    if (status === 503 && !(error instanceof AppError) && isUnavailable(error))
      // A dependency away: one short line per request, not a stack.
      this.logger.warn(`unavailable: ${error instanceof Error ? error.message : String(error)}`);
    else if (status >= 500) this.logger.error(error instanceof Error ? error.stack : String(error));
    reply.status(status).headers(headers).send(body);
  }

  private describe(
    error: unknown,
    request: FastifyRequest,
  ): { status: number; body: unknown; headers: Record<string, string> } {
    if (error instanceof AppError) {
      return {
        status: error.status,
        body: { ...error.fields, detail: error.detail, code: error.code },
        headers: { ...error.headers },
      };
    }
    if (isUnavailable(error)) {
      return { status: 503, body: errorBody('SERVICE_UNAVAILABLE'), headers: {} };
    }
    if (error instanceof ValidationFailed) {
      return {
        status: HttpStatus.UNPROCESSABLE_ENTITY,
        body: { detail: error.issues, code: 'VALIDATION_ERROR' satisfies ErrorCode },
        headers: {},
      };
    }
    if (error instanceof HttpException) {
      let status = error.getStatus();
      // Fastify found no route: a path served under another method is a 405.
      if (status === 404 && !request.routeOptions?.url) {
        const allowed = this.routes.methodsFor(request.url);
        if (allowed.length > 0) {
          return {
            status: 405,
            body: errorBody('METHOD_NOT_ALLOWED'),
            headers: { Allow: allowed.join(', ') },
          };
        }
      }
      if (status === 400 && /JSON/i.test(error.message)) {
        return { status, body: errorBody('INVALID_JSON'), headers: {} };
      }
      if (status >= 500) status = 500;
      return { status, body: errorBody(codeForStatus(status)), headers: {} };
    }
    const statusCode = (error as { statusCode?: unknown })?.statusCode;
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      // Fastify's own errors (body too large, bad content type, bad JSON).
      if (
        (error as { code?: string }).code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        error instanceof SyntaxError
      ) {
        return { status: 400, body: errorBody('INVALID_JSON'), headers: {} };
      }
      return { status: statusCode, body: errorBody(codeForStatus(statusCode)), headers: {} };
    }
    return { status: 500, body: errorBody('INTERNAL_ERROR'), headers: {} };
  }
}

export const errorBody = (code: ErrorCode) => ({ detail: ERRORS[code].detail, code });
