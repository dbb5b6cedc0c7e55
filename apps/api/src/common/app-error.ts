import { ERRORS, ErrorCode } from './error-codes';

/** What an error body carries besides `detail` and `code` (documented per code: api-errors.decorator.ts). */
export type ErrorFields = Record<string, string | number | boolean | null> & {
  detail?: never;
  code?: never;
};

/**
 * A rule violation the client can act on. The code decides the HTTP status
 * (see the catalogue in error-codes.ts); `detail` is stable English text,
 * the catalogue's unless a more precise one is given. `fields` go into the
 * body beside them (RECOVERY_HOLD's `until`).
 */
export class AppError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string = ERRORS[code].detail,
    headers: Record<string, string> = {},
    readonly fields: ErrorFields = {},
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
