import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiResponse } from '@nestjs/swagger';
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
  @ApiProperty({ type: [String], example: ['body', 'email'] })
  loc: string[];
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

/**
 * Documents the `{detail, code}` errors an endpoint can answer, with an
 * example per code, all from the catalogue. 'VALIDATION_ERROR' documents the
 * 422 list body.
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
          schema: { $ref: '#/components/schemas/ErrorBody' },
          examples: Object.fromEntries(
            entries.map((code) => [code, { value: { detail: ERRORS[code].detail, code } }]),
          ),
        },
      },
    }),
  );
  if (codes.includes('VALIDATION_ERROR')) {
    decorators.push(
      ApiResponse({ status: 422, description: 'Validation failed', type: ValidationErrorBody }),
    );
  }
  return applyDecorators(...decorators);
}
