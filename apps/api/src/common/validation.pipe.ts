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
  async transform(value: unknown, metadata: ArgumentMetadata) {
    const { metatype, type } = metadata;
    if (!metatype || PRIMITIVES.has(metatype) || type === 'custom') return value;
    const where = type === 'param' ? 'path' : type;
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
