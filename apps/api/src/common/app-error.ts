import { HttpStatus } from '@nestjs/common';

/**
 * A rule violation the client can act on. `detail` is stable English text,
 * `code` the machine-readable key the web client translates.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }

  static badRequest(code: string, detail: string) {
    return new AppError(HttpStatus.BAD_REQUEST, code, detail);
  }

  static unauthorized(detail = 'Could not validate credentials', code = 'UNAUTHORIZED') {
    return new AppError(HttpStatus.UNAUTHORIZED, code, detail, { 'WWW-Authenticate': 'Bearer' });
  }

  static forbidden(detail = 'Not enough permissions') {
    return new AppError(HttpStatus.FORBIDDEN, 'FORBIDDEN', detail);
  }

  static notFound(detail = 'Not Found') {
    return new AppError(HttpStatus.NOT_FOUND, 'NOT_FOUND', detail);
  }
}

/** One entry of a 422 body, in the shape integrators know from FastAPI. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export class ValidationFailed extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super('Validation failed');
  }
}
