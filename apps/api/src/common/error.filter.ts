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
import { RouteTable } from './route-table';

const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  431: 'HEADERS_TOO_LARGE',
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Request body is larger than 1 MiB',
  415: 'Unsupported Media Type',
};

/**
 * Every error leaves the API as `{detail, code}`. Anything we did not expect
 * becomes a 500 with a fixed text: no stack, SQL or internal id reaches a client.
 */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Error');

  constructor(private readonly routes: RouteTable) {}

  catch(error: unknown, host: ArgumentsHost) {
    const ctx = host.switchToHttp();
    const reply = ctx.getResponse<FastifyReply>();
    const request = ctx.getRequest<FastifyRequest>();
    const { status, body, headers } = this.describe(error, request);
    if (status >= 500) this.logger.error(error instanceof Error ? error.stack : String(error));
    reply.status(status).headers(headers).send(body);
  }

  private describe(error: unknown, request: FastifyRequest) {
    if (error instanceof AppError) {
      return {
        status: error.status,
        body: { detail: error.detail, code: error.code },
        headers: error.headers,
      };
    }
    if (error instanceof ValidationFailed) {
      return {
        status: HttpStatus.UNPROCESSABLE_ENTITY,
        body: { detail: error.issues, code: 'VALIDATION_ERROR' },
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
            body: { detail: STATUS_TEXT[405], code: STATUS_CODES[405] },
            headers: { Allow: allowed.join(', ') },
          };
        }
      }
      if (status === 400 && /JSON/i.test(error.message)) {
        return {
          status,
          body: { detail: 'Malformed JSON body', code: 'INVALID_JSON' },
          headers: {},
        };
      }
      if (status >= 500) status = 500;
      return { status, body: this.plain(status), headers: {} };
    }
    const statusCode = (error as { statusCode?: unknown })?.statusCode;
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      // Fastify's own errors (body too large, bad content type, bad JSON).
      if (
        (error as { code?: string }).code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        error instanceof SyntaxError
      ) {
        return {
          status: 400,
          body: { detail: 'Malformed JSON body', code: 'INVALID_JSON' },
          headers: {},
        };
      }
      return { status: statusCode, body: this.plain(statusCode), headers: {} };
    }
    return {
      status: 500,
      body: { detail: 'Internal server error', code: 'INTERNAL_ERROR' },
      headers: {},
    };
  }

  private plain(status: number) {
    if (status >= 500) return { detail: 'Internal server error', code: 'INTERNAL_ERROR' };
    return {
      detail: STATUS_TEXT[status] ?? 'Request failed',
      code: STATUS_CODES[status] ?? 'HTTP_ERROR',
    };
  }
}
