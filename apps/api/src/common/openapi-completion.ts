/**
 * Fills in what Nest's document builder leaves out and the OpenAPI linters
 * (Redocly `recommended`, Spectral `spectral:oas`; scripts/openapi-lint.sh)
 * rightly ask for, from what the routes already declare:
 * - a public operation (no `@Auth()`) says so with `security: []`;
 * - every operation gets a description: its summary plus who may call it;
 * - every tag an operation uses is declared, with a description;
 * - an operation with a JSON body documents what the framework answers for
 *   a body it cannot take, before the route runs (so no route declares it):
 *   400 INVALID_JSON (not JSON), 413 PAYLOAD_TOO_LARGE (over BODY_LIMIT),
 *   415 UNSUPPORTED_MEDIA_TYPE (a type it does not read; error.filter.ts);
 * - every answer has a description: a success answer that a route left
 *   without one (`@ApiOkResponse({ type })` says what it is, not what it
 *   means) gets the operation's summary, so a generated client's docs and
 *   Swagger UI say what a 200 is. A route's own text always wins.
 */
import type { OpenAPIObject } from '@nestjs/swagger';
import { ERRORS, type ErrorCode } from './error-codes';

/** What each tag groups; a new tag needs a line here (the lint step fails without it). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  admin: 'The operator console: members, money queues, content, economy, audit',
  auth: 'Sign-in, tokens, password recovery and account security',
  challenges: 'Daily challenges and their rewards',
  content: 'Home message, site links, banners and the card deposit details',
  deposits: 'USDT (TRC-20) deposit addresses and card deposits',
  events: "Live updates of the member's money and messages over Server-Sent Events",
  health: 'Liveness and readiness for orchestrators',
  messages: "The member's mailbox of operator messages",
  moments: 'Members’ posts with images, likes and comments',
  proofs: 'Proof of liabilities: the published Merkle sum tree of balances and reserves',
  support: 'Requests to a person at the club, signed in or out, answered from the console',
  team: 'The three-level team and invitation campaigns',
  trailers: 'Film trailers and the daily watch rewards',
  users: 'The member: profile, balances, invitations',
  wallet: 'E-Wallet, points, transfers, packages and withdrawals',
};

type Media = {
  schema?: { $ref?: string; oneOf?: { $ref?: string }[] };
  examples?: Record<string, unknown>;
};
type Response = { description?: string; content?: Record<string, Media> };

type Operation = {
  summary?: string;
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, Response>;
  description?: string;
  security?: unknown[];
  tags?: string[];
  'x-roles'?: string[];
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

function whoMayCall(operation: Operation): string {
  if (!operation.security) return 'Public: no sign-in needed.';
  const roles = operation['x-roles'];
  if (roles?.length) return `Signed in with one of the roles: ${roles.join(', ')}.`;
  return 'Any signed-in member.';
}

const ERROR_BODY = '#/components/schemas/ErrorBody';

/** What the framework answers for a JSON body it cannot take (error.filter.ts, BODY_LIMIT). */
const JSON_BODY_ERRORS: ErrorCode[] = [
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
];

/** Adds `code` to the operation's answers of its status: its example, its line of the description. */
function documentError(operation: Operation, code: ErrorCode): void {
  const { status, detail, description } = ERRORS[code];
  const responses = (operation.responses ??= {});
  const response = (responses[String(status)] ??= { description: '' });
  const json = ((response.content ??= {})['application/json'] ??= {});
  if (json.examples?.[code]) return;
  const schema = json.schema;
  if (!schema) json.schema = { $ref: ERROR_BODY };
  else if (schema.$ref && schema.$ref !== ERROR_BODY)
    json.schema = { oneOf: [schema, { $ref: ERROR_BODY }] };
  else if (schema.oneOf && !schema.oneOf.some((s) => s.$ref === ERROR_BODY))
    schema.oneOf.push({ $ref: ERROR_BODY });
  json.examples = { ...json.examples, [code]: { value: { code, detail } } };
  response.description = [response.description, `${code}: ${description}`]
    .filter(Boolean)
    .join('; ');
}

export function completeOpenApi(document: OpenAPIObject): OpenAPIObject {
  const usedTags = new Set<string>();
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation) continue;
      const access = whoMayCall(operation);
      operation.security ??= [];
      if (!operation.description) {
        const summary = operation.summary?.replace(/\.?$/, '.') ?? '';
        operation.description = `${summary} ${access}`.trim();
      }
      if (operation.requestBody?.content?.['application/json'])
        JSON_BODY_ERRORS.forEach((code) => documentError(operation, code));
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (response.description) continue;
        const what = operation.summary?.replace(/\.$/, '') ?? 'Success';
        response.description = status.startsWith('2') ? `Success: ${what}` : what;
      }
      operation.tags?.forEach((tag) => usedTags.add(tag));
    }
  }
  document.tags = [...usedTags].sort().map((name) => ({
    name,
    description: TAG_DESCRIPTIONS[name] ?? '',
  }));
  return document;
}
