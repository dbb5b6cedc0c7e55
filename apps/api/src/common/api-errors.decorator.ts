import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiProperty, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { ERRORS, ERROR_CODES, ErrorCode } from './error-codes';

export class ErrorBody {
  @ApiProperty({ description: 'Stable English text', example: 'Incorrect email or password' })
  detail: string;
  @ApiProperty({
    description: 'Machine-readable error code',
    enum: ERROR_CODES,
    enumName: 'ErrorCode',
    example: 'BAD_CREDENTIALS',
  })
  code: ErrorCode;
}

export class ValidationIssueBody {
  @ApiProperty({
    type: 'array',
    // An element of an array is named by its index, a number (validation.pipe.ts).
    items: { oneOf: [{ type: 'string' }, { type: 'integer', minimum: 0 }] },
    description:
      'Where: body, query, path or header, then the field names; an array element by its index (an integer)',
    example: ['body', 'email'],
  })
  loc: (string | number)[];
  @ApiProperty({ example: 'Invalid phone number' })
  msg: string;
  @ApiProperty({ example: 'value_error.isPhone' })
  type: string;
}

export class ValidationErrorBody {
  @ApiProperty({ type: [ValidationIssueBody] })
  detail: ValidationIssueBody[];
  @ApiProperty({ enum: ['VALIDATION_ERROR'], example: 'VALIDATION_ERROR' })
  code: 'VALIDATION_ERROR';
}

/** RECOVERY_HOLD's body: when the withdrawals held after a password reset may go again. */
export class RecoveryHoldErrorBody extends ErrorBody {
  @ApiProperty({
    description: 'Stable English text',
    example: 'Withdrawals and address changes wait after a password reset',
  })
  declare detail: string;
  @ApiProperty({
    description: 'Machine-readable error code',
    enum: ERROR_CODES,
    enumName: 'ErrorCode',
    example: 'RECOVERY_HOLD',
  })
  declare code: ErrorCode;
  @ApiProperty({
    type: String,
    format: 'date-time',
    description: 'When the hold after the password reset ends',
    example: '2026-01-11T12:00:00.000Z',
  })
  until: string;
}

/** The codes whose body carries more than `{detail, code}` (AppError.fields), and that body. */
const BODIES: Partial<Record<ErrorCode, { type: Type<ErrorBody>; example: object }>> = {
  RECOVERY_HOLD: { type: RecoveryHoldErrorBody, example: { until: '2026-01-11T12:00:00.000Z' } },
};

/** The schema of one status's errors: ErrorBody, or one of the bodies its codes use. */
function bodySchema(codes: ErrorCode[]) {
  const types = [...new Set(codes.map((code) => BODIES[code]?.type ?? ErrorBody))];
  const refs = types.map((type) => ({ $ref: getSchemaPath(type) }));
  return refs.length === 1 ? refs[0] : { oneOf: refs };
}

/**
 * Documents the `{detail, code}` errors an endpoint can answer, with an
 * example per code, all from the catalogue (a code with more fields, such
 * as RECOVERY_HOLD's `until`, with its own body). 'VALIDATION_ERROR'
 * documents the 422 list body.
 */
export function ApiErrors(...codes: ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    if (code === 'VALIDATION_ERROR') continue;
    const status = ERRORS[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const decorators = [...byStatus.entries()].map(([status, entries]) =>
    ApiResponse({
      status,
      description: entries.map((code) => `${code}: ${ERRORS[code].description}`).join('; '),
      content: {
        'application/json': {
          schema: bodySchema(entries),
          examples: Object.fromEntries(
            entries.map((code) => [
              code,
              { value: { detail: ERRORS[code].detail, code, ...BODIES[code]?.example } },
            ]),
          ),
        },
      },
    }),
  );
  const extra = codes.flatMap((code) => BODIES[code]?.type ?? []);
  if (extra.length > 0) decorators.push(ApiExtraModels(...new Set(extra)));
  if (codes.includes('VALIDATION_ERROR')) {
    decorators.push(
      ApiResponse({ status: 422, description: 'Validation failed', type: ValidationErrorBody }),
    );
  }
  return applyDecorators(...decorators);
}
