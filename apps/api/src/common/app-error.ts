import { ERRORS, ErrorCode } from './error-codes';

/**
 * A rule violation the client can act on. The code decides the HTTP status
 * (see the catalogue in error-codes.ts); `detail` is stable English text,
 * the catalogue's unless a more precise one is given.
 */
export class AppError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string = ERRORS[code].detail,
    headers: Record<string, string> = {},
  ) {
    super(detail);
    this.status = ERRORS[code].status;
    // RFC 6750: a 401 names the scheme the client should use.
    this.headers = this.status === 401 ? { 'WWW-Authenticate': 'Bearer', ...headers } : headers;
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
