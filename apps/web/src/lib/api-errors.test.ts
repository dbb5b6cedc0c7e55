import { describe, expect, it } from 'vitest';
import { ApiError, ErrorCode } from '@app/contracts';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import uz from '../locales/uz.json';
import adminEn from '../locales/admin/en.json';
import adminRu from '../locales/admin/ru.json';
import adminUz from '../locales/admin/uz.json';
import { API_ERROR_KEYS, apiErrorKey } from './api-errors';

const lookup = (resource: unknown, key: string) =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], resource);

describe('API error messages', () => {
  it('has a message in every language for every code of the OpenAPI catalogue', () => {
    const codes = Object.values(ErrorCode);
    expect(Object.keys(API_ERROR_KEYS).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      // Codes only operators meet have their words in the operator area's chunk.
      for (const resource of [
        { ...ru, admin: adminRu },
        { ...en, admin: adminEn },
        { ...uz, admin: adminUz },
      ]) {
        expect(typeof lookup(resource, API_ERROR_KEYS[code]), code).toBe('string');
      }
    }
  });

  it('maps a coded answer to its message and anything else to the generic one', () => {
    expect(apiErrorKey(new ApiError(400, { detail: 'x', code: 'INSUFFICIENT_FUNDS' }))).toBe(
      'errors.insufficientFunds',
    );
    expect(apiErrorKey(new ApiError(429, { detail: 'x', code: 'TOO_MANY_ATTEMPTS' }))).toBe(
      'errors.tooManyAttempts',
    );
    expect(apiErrorKey(new ApiError(418, { detail: 'x', code: 'SOMETHING_NEW' }))).toBe(
      'errors.generic',
    );
    expect(apiErrorKey(new TypeError('Failed to fetch'))).toBe('errors.generic');
  });
});
