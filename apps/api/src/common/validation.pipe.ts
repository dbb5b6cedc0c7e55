import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate, ValidationError } from 'class-validator';
import { ValidationFailed, ValidationIssue } from './app-error';

const PRIMITIVES = new Set<unknown>([String, Boolean, Number, Array, Object]);

/**
 * class-validator DTOs, reported as a 422 list of `{loc, msg, type}` where
 * `loc` starts with where the value came from (body, query, path).
 */
@Injectable()
export class AppValidationPipe implements PipeTransform {
  /** `maxDepth`: deepest nesting of objects and arrays accepted; 0 for no limit. */
  constructor(private readonly options: { maxDepth: number } = { maxDepth: 32 }) {}

  async transform(value: unknown, metadata: ArgumentMetadata) {
    const { metatype, type } = metadata;
    if (!metatype || PRIMITIVES.has(metatype) || type === 'custom') return value;
    const where = type === 'param' ? 'path' : type;
    const problem = inspect(value, this.options.maxDepth);
    if (problem) throw new ValidationFailed([{ ...problem, loc: [where, ...problem.loc] }]);
    if (
      value === undefined ||
      value === null ||
      typeof value !== 'object' ||
      Array.isArray(value)
    ) {
      if (type === 'body') {
        throw new ValidationFailed([
          { loc: ['body'], msg: 'Request body must be a JSON object', type: 'type_error.object' },
        ]);
      }
      value = {};
    }
    const instance = plainToInstance(metatype, value, { enableImplicitConversion: false });
    const errors = await validate(instance as object, {
      whitelist: true,
      forbidUnknownValues: false,
      stopAtFirstError: true,
    });
    if (errors.length > 0) throw new ValidationFailed(flatten(errors, [where]));
    return instance;
  }
}

/**
 * Walks the raw input without recursion (a deeply nested body must not
 * overflow the stack here or later in class-transformer): refuses nesting
 * beyond `maxDepth`, NUL characters in any string or key, which
 * PostgreSQL cannot store, and malformed UTF-16 (a lone surrogate), which
 * neither text columns nor jsonb accept.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function inspect(value: unknown, maxDepth: number): ValidationIssue | null {
  const stack: { node: unknown; depth: number; loc: (string | number)[] }[] = [
    { node: value, depth: 0, loc: [] },
  ];
  while (stack.length > 0) {
    const { node, depth, loc } = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes('\u0000'))
        return { loc, msg: 'Text must not contain NUL characters', type: 'value_error.nul' };
      if (LONE_SURROGATE.test(node))
        return { loc, msg: 'Text must be valid Unicode', type: 'value_error.unicode' };
      continue;
    }
    if (!node || typeof node !== 'object') continue;
    if (maxDepth > 0 && depth >= maxDepth)
      return { loc, msg: `Nested deeper than ${maxDepth} levels`, type: 'value_error.depth' };
    for (const [key, child] of Object.entries(node)) {
      const at = [...loc, Array.isArray(node) ? Number(key) : key];
      if (key.includes('\u0000'))
        return { loc: at, msg: 'Text must not contain NUL characters', type: 'value_error.nul' };
      if (LONE_SURROGATE.test(key))
        return { loc: at, msg: 'Text must be valid Unicode', type: 'value_error.unicode' };
      stack.push({ node: child, depth: depth + 1, loc: at });
    }
  }
  return null;
}

function flatten(errors: ValidationError[], prefix: (string | number)[]): ValidationIssue[] {
  return errors.flatMap((error) => {
    const loc = [...prefix, error.property];
    const own = Object.entries(error.constraints ?? {}).map(([rule, msg]) => ({
      loc,
      msg,
      type: `value_error.${rule}`,
    }));
    return [...own, ...flatten(error.children ?? [], loc)];
  });
}
