/**
 * Media-type examples built from the schemas' own property examples
 * (`@ApiProperty({ example })`), so every request body and every JSON
 * answer shows a whole value without a second, hand-kept copy that could
 * drift from its DTO. What a schema says settles a value it gives no
 * example for: a `$ref` its schema's example, an array one element, an
 * `enum` its first value, a `default` itself, a nullable leaf `null` (not
 * yet decided, none given), a date-time or a date a fixed instant, a boolean
 * `true`, an upload's bytes a placeholder. Any other leaf without an example (a plain string or number)
 * leaves its media type without one: `.spectral.yaml` (body-has-example,
 * answer-has-example) and the platform spec then name it, and the fix is an
 * `example` on that property.
 */

export type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  example?: unknown;
  default?: unknown;
  enum?: unknown[];
  nullable?: boolean;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  minItems?: number;
};

/** An instant for a date-time without its own example (a Saturday morning, UTC). */
export const EXAMPLE_DATE_TIME = '2026-01-10T09:30:00.000Z';
/** A placeholder for an uploaded file's bytes in a multipart example. */
export const EXAMPLE_FILE = '(the file’s bytes)';

export type Components = { schemas?: Record<string, Schema> };

/** A leaf with no example: where it is, for the message that names it. */
export class MissingExample {
  constructor(readonly at: string) {}
}

const MAX_DEPTH = 12;

function resolve(components: Components, ref: string): [string, Schema] {
  const name = ref.replace('#/components/schemas/', '');
  const schema = components.schemas?.[name];
  if (!schema) throw new Error(`openapi-examples: ${ref} is not in components.schemas`);
  return [name, schema];
}

/** The schema `schema` stands for, its `$ref`s followed. */
export function deref(schema: Schema, components: Components): Schema {
  while (schema.$ref) schema = resolve(components, schema.$ref)[1];
  return schema;
}

/**
 * The example of `schema`, or a MissingExample naming the first leaf without
 * one. `at` names the schema in that message.
 */
export function exampleOf(schema: Schema, components: Components, at = '', depth = 0): unknown {
  if (schema.example !== undefined) return schema.example;
  if (depth > MAX_DEPTH) return new MissingExample(`${at} (nested too deep)`);
  if (schema.$ref) {
    const [name, target] = resolve(components, schema.$ref);
    return exampleOf(target, components, name, depth + 1);
  }
  if (schema.allOf?.length) {
    const parts = schema.allOf.map((part) => exampleOf(part, components, at, depth + 1));
    const missing = parts.find((part) => part instanceof MissingExample);
    if (missing) return missing;
    if (parts.length === 1) return parts[0];
    return Object.assign({}, ...parts);
  }
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices?.length) return exampleOf(choices[0], components, at, depth + 1);
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.type === 'array' && schema.items) {
    const item = exampleOf(schema.items, components, `${at}[]`, depth + 1);
    return item instanceof MissingExample ? item : [item];
  }
  if (schema.properties) {
    const value: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(schema.properties)) {
      const example = exampleOf(property, components, `${at}.${key}`, depth + 1);
      if (example instanceof MissingExample) return example;
      value[key] = example;
    }
    return value;
  }
  if (schema.nullable) return null;
  if (schema.format === 'date-time') return EXAMPLE_DATE_TIME;
  if (schema.format === 'date') return EXAMPLE_DATE_TIME.slice(0, 10);
  if (schema.format === 'binary') return EXAMPLE_FILE;
  if (schema.type === 'boolean') return true;
  return new MissingExample(at || JSON.stringify(schema));
}
