import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiResponse } from '@nestjs/swagger';

export class ErrorBody {
  @ApiProperty({ description: 'Stable English text', example: 'Incorrect email or password' })
  detail: string;
  @ApiProperty({ description: 'Machine-readable error code', example: 'BAD_CREDENTIALS' })
  code: string;
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
  @ApiProperty({ example: 'VALIDATION_ERROR' })
  code: string;
}

const DEFAULTS: Record<number, [string, string, string]> = {
  400: ['Rule violated', 'Bad request', 'BAD_REQUEST'],
  401: [
    'Missing, expired or invalid credentials',
    'Could not validate credentials',
    'UNAUTHORIZED',
  ],
  403: ['Operators only', 'Not enough permissions', 'FORBIDDEN'],
  404: ['Not found (or not yours)', 'Not Found', 'NOT_FOUND'],
  429: [
    'Too many failed attempts',
    'Too many failed sign-in attempts, try again later',
    'TOO_MANY_ATTEMPTS',
  ],
};

type ErrorSpec = number | { status: number; code: string; detail: string; description?: string };

/** Documents the `{detail, code}` errors an endpoint can answer, with examples. */
export function ApiErrors(...specs: ErrorSpec[]) {
  const byStatus = new Map<number, { code: string; detail: string; description: string }[]>();
  const withValidation = specs.includes(422);
  for (const spec of specs) {
    if (spec === 422) continue;
    const s = typeof spec === 'number' ? spec : spec.status;
    const [description, detail, code] = DEFAULTS[s] ?? ['Error', 'Error', 'ERROR'];
    const entry =
      typeof spec === 'number'
        ? { code, detail, description }
        : { code: spec.code, detail: spec.detail, description: spec.description ?? description };
    byStatus.set(s, [...(byStatus.get(s) ?? []), entry]);
  }
  const decorators = [...byStatus.entries()].map(([status, entries]) =>
    ApiResponse({
      status,
      description: entries.map((e) => `${e.code}: ${e.description}`).join('; '),
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/ErrorBody' },
          examples: Object.fromEntries(
            entries.map((e) => [e.code, { value: { detail: e.detail, code: e.code } }]),
          ),
        },
      },
    }),
  );
  if (withValidation) {
    decorators.push(
      ApiResponse({ status: 422, description: 'Validation failed', type: ValidationErrorBody }),
    );
  }
  return applyDecorators(...decorators);
}
