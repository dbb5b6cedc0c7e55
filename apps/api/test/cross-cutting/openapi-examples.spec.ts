/**
 * The document's examples (issue 42): every request body and every JSON
 * answer has one, and every example, of a media type or of a property,
 * fits its schema, so a wrong example fails here (and in the lint:
 * .spectral.yaml's body-has-example and answer-has-example, spectral:oas's
 * oas3-valid-media-example). Also every operation documents what any route
 * may answer (500, 503) and an error answer is JSON on every route.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import type { OpenAPIObject } from '@nestjs/swagger';
import { missingExamples } from '../../src/common/openapi-completion';
import { TestApp, startApp } from '../support/harness';

type Media = { schema?: object; example?: unknown; examples?: Record<string, { value: unknown }> };
type Operation = {
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

/** An Ajv that reads OpenAPI 3.0 schemas, with the document's components behind its refs. */
function schemaChecker(doc: OpenAPIObject) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addKeyword('example');
  ajv.addFormat('date-time', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
  ajv.addFormat('date', /^\d{4}-\d\d-\d\d$/);
  ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
  ajv.addFormat('binary', true);
  const local = (schema: unknown) =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'));
  ajv.addSchema({ $id: 'openapi.json', components: local(doc.components) });
  const cache = new Map<string, ValidateFunction>();
  return (schema: object, value: unknown): string[] => {
    const key = JSON.stringify(schema);
    let validate = cache.get(key);
    if (!validate) cache.set(key, (validate = ajv.compile(local(schema))));
    return validate(value)
      ? []
      : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
  };
}

function operations(doc: OpenAPIObject): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]) => [`${method.toUpperCase()} ${path}`, op] as [string, Operation]),
  );
}

/** Every media type of the document: request bodies and answers, with where they are. */
function mediaTypes(doc: OpenAPIObject): [string, string, Media][] {
  return operations(doc).flatMap(([name, op]) => [
    ...Object.entries(op.requestBody?.content ?? {}).map(
      ([type, media]) => [`${name} body`, type, media] as [string, string, Media],
    ),
    ...Object.entries(op.responses).flatMap(([status, response]) =>
      Object.entries(response.content ?? {}).map(
        ([type, media]) => [`${name} ${status}`, type, media] as [string, string, Media],
      ),
    ),
  ]);
}

describe('the OpenAPI document: an example for every body and answer, each valid', () => {
  let t: TestApp;
  let doc: OpenAPIObject;
  let check: ReturnType<typeof schemaChecker>;
  beforeAll(async () => {
    t = await startApp();
    doc = (await t.http().get('/openapi.json')).body;
    check = schemaChecker(doc);
  });
  afterAll(() => t.close());

  it('has an example for every request body and every JSON answer', () => {
    const without = mediaTypes(doc)
      .filter(([where, type]) => where.endsWith(' body') || type === 'application/json')
      .filter(([, , media]) => media.example === undefined && !media.examples)
      .map(([where, type]) => `${where} ${type}`);
    // What keeps one without: the property that has no example.
    expect({ without, missingExamples: missingExamples(doc) }).toEqual({
      without: [],
      missingExamples: [],
    });
  });

  it('gives every example a value its schema accepts', () => {
    const wrong: string[] = [];
    for (const [where, type, media] of mediaTypes(doc)) {
      if (!media.schema) continue;
      const examples = Object.entries(media.examples ?? {}).map(([name, e]) => [name, e.value]);
      if (media.example !== undefined) examples.push(['example', media.example]);
      for (const [name, value] of examples)
        for (const error of check(media.schema, value))
          wrong.push(`${where} ${type} ${name}: ${error}`);
    }
    // A property's own example, also where no media example shows it (a oneOf's other branches).
    for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
      const properties = (schema as { properties?: Record<string, { example?: unknown }> })
        .properties;
      for (const [property, propertySchema] of Object.entries(properties ?? {}))
        if (propertySchema.example !== undefined)
          for (const error of check(propertySchema, propertySchema.example))
            wrong.push(`${name}.${property}: ${error}`);
    }
    expect(wrong).toEqual([]);
  });

  it('fails an example that does not fit (the check above is not blind)', () => {
    const errorBody = { $ref: '#/components/schemas/ErrorBody' };
    expect(check(errorBody, { detail: 'Not Found', code: 'NOT_FOUND' })).toEqual([]);
    expect(check(errorBody, { detail: 'Not Found', code: 'NO_SUCH_CODE' })).not.toEqual([]);
    expect(check(errorBody, { detail: 'Not Found' })).not.toEqual([]);
    const me = { $ref: '#/components/schemas/UserMe' };
    const example = doc.paths['/users/me'].get!.responses['200'] as {
      content: Record<string, Media>;
    };
    const value = example.content['application/json'].example as Record<string, unknown>;
    expect(check(me, value)).toEqual([]);
    expect(check(me, { ...value, id: 1.5 })).not.toEqual([]);
    expect(check(me, { ...value, money: '12.5' })).not.toEqual([]);
  });

  it("accepts the 422 POST /users/transfer answers, an array element's index in loc (money.spec)", () => {
    const answer = doc.paths['/users/transfer'].post!.responses['422'] as {
      content: Record<string, Media>;
    };
    const schema = answer.content['application/json'].schema!;
    const body = (loc: unknown[]) => ({
      detail: [{ loc, msg: 'Text must not contain NUL characters', type: 'value_error.nul' }],
      code: 'VALIDATION_ERROR',
    });
    expect(check(schema, body(['body', 'note', 1]))).toEqual([]);
    expect(check(schema, body(['body', 'note', 1.5]))).not.toEqual([]);
    expect(check(schema, body(['body', 'note', -1]))).not.toEqual([]);
  });

  it('documents 500 and 503 on every operation, and every error answer as JSON', () => {
    const gaps: string[] = [];
    for (const [name, op] of operations(doc)) {
      for (const status of ['500', '503'])
        if (!op.responses[status]?.content?.['application/json']) gaps.push(`${name} ${status}`);
      for (const [status, response] of Object.entries(op.responses))
        if (
          /^[45]/.test(status) &&
          Object.keys(response.content ?? {}).join() !== 'application/json'
        )
          gaps.push(`${name} ${status}: ${Object.keys(response.content ?? {}).join()}`);
    }
    expect(gaps).toEqual([]);
    const receipt = doc.paths['/card/deposits/{id}/receipt'].get!.responses['422'] as {
      content: Record<string, Media>;
    };
    expect(receipt.content['application/json'].example).toEqual({
      detail: [{ loc: ['path', 'id'], msg: 'id must be an integer', type: 'value_error.isInt' }],
      code: 'VALIDATION_ERROR',
    });
  });
});
