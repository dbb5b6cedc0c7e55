import { createHash } from 'node:crypto';
import {
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  UseInterceptors,
  applyDecorators,
} from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Observable, from, lastValueFrom } from 'rxjs';
import { ApiErrors } from '../../common/api-errors.decorator';
import { ValidationFailed } from '../../common/app-error';
import type { AuthUser } from '../../common/auth';
import { readMultipart } from '../storage/uploads';
import { IdempotencyService, REPLAYED_HEADER } from './idempotency.service';

const HEADER = 'idempotency-key';
const MAX_KEY_LENGTH = 100;

/**
 * Makes a signed-in POST idempotent when the client sends `Idempotency-Key`
 * (contract section 10: optional; without it nothing is deduplicated): one
 * run per (user, key), its answer given again to a retry with the same
 * request; see IdempotencyService. Goes on every route that moves money.
 */
export function Idempotent() {
  return applyDecorators(
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: HEADER,
      required: false,
      description:
        'Any unique string (1 to 100 characters, a UUID is best) per intended operation, scoped to ' +
        'the signed-in user. A retry with the same key and request runs once and gets the first ' +
        'answer again (status and body, with `Idempotent-Replayed: true`), also when both arrive at ' +
        'once; the same key with another request is 409 IDEMPOTENCY_CONFLICT. Without it a ' +
        'request is not deduplicated. Answers are kept IDEMPOTENCY_KEY_TTL_HOURS (24).',
      schema: { type: 'string', minLength: 1, maxLength: MAX_KEY_LENGTH },
    }),
    ApiErrors('IDEMPOTENCY_CONFLICT', 'IDEMPOTENCY_KEY_IN_USE'),
  );
}

@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly idempotency: IdempotencyService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest & { user?: AuthUser }>();
    const header = request.headers[HEADER];
    const key = Array.isArray(header) ? header[0] : header;
    if (key === undefined || !request.user) return next.handle();
    const userId = request.user.id;
    return from(
      (async () => {
        checkKey(key);
        const outcome = await this.idempotency.run(userId, key, await fingerprint(request), () =>
          lastValueFrom(next.handle(), { defaultValue: undefined }),
        );
        if (outcome.replayed) http.getResponse<FastifyReply>().header(REPLAYED_HEADER, 'true');
        return outcome.body;
      })(),
    );
  }
}

function checkKey(key: string) {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new ValidationFailed([
      {
        loc: ['header', HEADER],
        msg: `1 to ${MAX_KEY_LENGTH} characters`,
        type: 'value_error.any_str.length',
      },
    ]);
  }
}

/**
 * What makes two requests "the same": method, path and body, the body's keys
 * in a fixed order; a multipart form by its fields and its files' digests.
 */
async function fingerprint(request: FastifyRequest): Promise<string> {
  let body: unknown = request.body ?? null;
  if (request.isMultipart()) {
    const { files, fields } = await readMultipart(request);
    body = {
      fields,
      files: files.map((f) => [f.field, createHash('sha256').update(f.bytes).digest('hex')]),
    };
  }
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.url, canonical(body)]))
    .digest('hex');
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}
