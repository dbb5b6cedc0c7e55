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
 * - every operation documents what any route may answer whatever it does:
 *   500 INTERNAL_ERROR (a fault, logged) and 503 SERVICE_UNAVAILABLE (a
 *   dependency away, or the API stopping: app.factory.ts, error.filter.ts);
 * - an error answer is JSON (`{detail, code}`) even on a route that answers
 *   CSV, an image or an event stream on success (`@ApiProduces` gives every
 *   answer of the route the route's own media types);
 * - every answer has a description: a success answer that a route left
 *   without one (`@ApiOkResponse({ type })` says what it is, not what it
 *   means) gets the operation's summary, so a generated client's docs and
 *   Swagger UI say what a 200 is. A route's own text always wins;
 * - every request body and every JSON answer has an example: a 422 one the
 *   validation pipe really answers for that operation, the others built from
 *   the schemas' property examples (openapi-examples.ts). A route's own
 *   `example` or `examples` always wins.
 */
import type { OpenAPIObject } from '@nestjs/swagger';
import { ERRORS, type ErrorCode } from './error-codes';
import { type Components, deref, exampleOf, MissingExample, type Schema } from './openapi-examples';

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
  schema?: Schema & { oneOf?: Schema[] };
  example?: unknown;
  examples?: Record<string, unknown>;
};
type Response = { description?: string; content?: Record<string, Media> };
type Parameter = { name: string; in: string; required?: boolean };

type Operation = {
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, Media> };
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
const VALIDATION_ERROR_BODY = '#/components/schemas/ValidationErrorBody';
const JSON_TYPE = 'application/json';

/** What any route may answer, whatever it does (error.filter.ts, app.factory.ts's stop). */
const ANY_ROUTE_ERRORS: ErrorCode[] = ['INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'];

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

/** The schemas an error answer uses: `{detail, code}`, the 422 list, or a code's own body. */
function isErrorSchema(schema: Media['schema']): boolean {
  const refs = [schema?.$ref, ...(schema?.oneOf ?? []).map((s) => s.$ref)];
  return refs.some((ref) => ref === ERROR_BODY || ref === VALIDATION_ERROR_BODY);
}

/**
 * An error answer is JSON whatever the route answers on success: its
 * content under the route's own media types (text/csv, image/*, an event
 * stream) becomes one `application/json`.
 */
function errorsAsJson(response: Response): void {
  const content = response.content ?? {};
  const types = Object.keys(content);
  if (types.length === 0 || (types.length === 1 && types[0] === JSON_TYPE)) return;
  const schemaOf = content[JSON_TYPE] ?? content[types[0]];
  if (!types.every((type) => isErrorSchema(content[type].schema))) return;
  response.content = { [JSON_TYPE]: schemaOf };
}

/**
 * A 422 the validation pipe answers for this operation (validation.pipe.ts,
 * uploads.ts): an `{id}` that is not an integer; an upload's file missing;
 * else a NUL character (which PostgreSQL cannot store) in the first body
 * field or parameter, refused before any other check.
 */
function validationExample(operation: Operation, components: Components): unknown {
  const issue = (loc: (string | number)[], msg: string, type: string) => ({
    detail: [{ loc, msg, type }],
    code: 'VALIDATION_ERROR',
  });
  const parameters = operation.parameters ?? [];
  if (parameters.some((p) => p.in === 'path' && p.name === 'id'))
    return issue(['path', 'id'], 'id must be an integer', 'value_error.isInt');
  const content = operation.requestBody?.content ?? {};
  const [type, media] = Object.entries(content)[0] ?? [];
  if (media?.schema) {
    const schema = deref(media.schema, components);
    const fields = Object.keys(schema.properties ?? {});
    const required = schema.required ?? [];
    const file = required.find((f) => schema.properties?.[f]?.format === 'binary');
    if (type === 'multipart/form-data' && file)
      return issue(['body', file], 'Required', 'value_error.file');
    const field = required[0] ?? fields[0];
    if (field)
      return issue(['body', field], 'Text must not contain NUL characters', 'value_error.nul');
  }
  const parameter =
    parameters.find((p) => p.in === 'query') ?? parameters.find((p) => p.in === 'path');
  if (parameter) {
    const where = parameter.in === 'path' ? 'path' : 'query';
    return issue(
      [where, parameter.name],
      'Text must not contain NUL characters',
      'value_error.nul',
    );
  }
  return issue(['body'], 'Request body must be a JSON object', 'type_error.object');
}

/** Gives `media` an example from its schema unless it has one (or a leaf has none). */
function addExample(media: Media, components: Components): void {
  if (media.example !== undefined || media.examples || !media.schema) return;
  const example = exampleOf(media.schema, components);
  if (!(example instanceof MissingExample)) media.example = example;
}

/** The leaves without an example that keep a media type of the document without one. */
export function missingExamples(document: OpenAPIObject): string[] {
  const components = (document.components ?? {}) as Components;
  const missing: string[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation) continue;
      const media = [
        ...Object.entries(operation.requestBody?.content ?? {}).map(([t, m]) => [`body ${t}`, m]),
        ...Object.entries(operation.responses ?? {}).flatMap(([status, r]) =>
          Object.entries(r.content ?? {})
            .filter(([t]) => t === JSON_TYPE)
            .map(([t, m]) => [`${status} ${t}`, m]),
        ),
      ] as [string, Media][];
      for (const [where, m] of media) {
        if (m.example !== undefined || m.examples || !m.schema) continue;
        const example = exampleOf(m.schema, components);
        missing.push(
          `${method.toUpperCase()} ${path} ${where}: ${example instanceof MissingExample ? example.at : '?'}`,
        );
      }
    }
  }
  return missing;
}

export function completeOpenApi(document: OpenAPIObject): OpenAPIObject {
  const components = (document.components ?? {}) as Components;
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
      ANY_ROUTE_ERRORS.forEach((code) => documentError(operation, code));
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (/^[45]/.test(status)) errorsAsJson(response);
        const json = response.content?.[JSON_TYPE];
        if (status === '422' && json?.schema?.$ref === VALIDATION_ERROR_BODY)
          json.example ??= validationExample(operation, components);
        if (json) addExample(json, components);
        if (response.description) continue;
        const what = operation.summary?.replace(/\.$/, '') ?? 'Success';
        response.description = status.startsWith('2') ? `Success: ${what}` : what;
      }
      Object.values(operation.requestBody?.content ?? {}).forEach((media) =>
        addExample(media, components),
      );
      operation.tags?.forEach((tag) => usedTags.add(tag));
    }
  }
  document.tags = [...usedTags].sort().map((name) => ({
    name,
    description: TAG_DESCRIPTIONS[name] ?? '',
  }));
  return document;
}
