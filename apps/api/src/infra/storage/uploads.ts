import '@fastify/multipart';
import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ValidationFailed } from '../../common/app-error';
import { AppValidationPipe } from '../../common/validation.pipe';

export interface UploadedFile {
  field: string;
  bytes: Buffer;
}

/** @fastify/multipart's limit errors, as the catalogue's codes. */
function uploadError(error: unknown): unknown {
  switch ((error as { code?: string })?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('FILE_TOO_LARGE');
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('TOO_MANY_FILES');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send multipart/form-data');
    default:
      return error;
  }
}

/** A request's parts once read: the stream can be read only once. */
const readParts = new WeakMap<
  FastifyRequest,
  Promise<{ files: UploadedFile[]; fields: Record<string, string> }>
>();

/**
 * Reads a multipart request whole (files are small: UPLOAD_MAX_FILE_BYTES):
 * the files and the text fields. Nothing is stored here, so a request that
 * fails a limit half-way leaves nothing behind. A second call for the same
 * request (the idempotency fingerprint, then the handler) gets the same parts.
 */
export function readMultipart(
  request: FastifyRequest,
): Promise<{ files: UploadedFile[]; fields: Record<string, string> }> {
  let parts = readParts.get(request);
  if (!parts) {
    parts = readAllParts(request);
    readParts.set(request, parts);
  }
  return parts;
}

async function readAllParts(
  request: FastifyRequest,
): Promise<{ files: UploadedFile[]; fields: Record<string, string> }> {
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') files.push({ field: part.fieldname, bytes: await part.toBuffer() });
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    throw uploadError(error);
  }
  return { files, fields };
}

/** The one file of `field`, or a 422 naming it. */
export function singleFile(files: UploadedFile[], field: string): Buffer {
  const matching = files.filter((file) => file.field === field);
  if (matching.length !== 1) {
    throw new ValidationFailed([
      {
        loc: ['body', field],
        msg: matching.length ? 'Send one file' : 'Required',
        type: 'value_error.file',
      },
    ]);
  }
  return matching[0].bytes;
}

/** The text fields of a multipart form, validated against a DTO like a JSON body (422 list). */
export async function validateForm<T extends object>(
  dto: new () => T,
  fields: Record<string, string>,
): Promise<T> {
  return (await new AppValidationPipe().transform(fields, {
    type: 'body',
    metatype: dto,
  })) as T;
}

/** A private upload (identity documents, receipts) to someone allowed to see it: never cached. */
export function sendPrivateImage(
  reply: FastifyReply,
  found: { body: Buffer; contentType: string } | null,
) {
  if (!found) throw new AppError('NOT_FOUND');
  return reply
    .header('Content-Type', found.contentType)
    .header('Cache-Control', 'private, no-store')
    .send(found.body);
}

/** The image types an upload may have (sniff.ts); a stored image is served as one of them. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * The `content` of an answer that is an image's bytes: each type an upload
 * may have, as a binary string, so a generated client reads bytes, not JSON.
 */
export function imageContent() {
  return Object.fromEntries(
    IMAGE_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
  );
}

/** The OpenAPI side of a route that answers with an uploaded image's bytes. */
export function ApiImageResponse(summary: string) {
  return applyDecorators(
    ApiOperation({ summary }),
    ApiProduces(...IMAGE_TYPES),
    ApiOkResponse({ description: 'The image bytes', content: imageContent() }),
    ApiErrors('NOT_FOUND', 'VALIDATION_ERROR'),
  );
}
