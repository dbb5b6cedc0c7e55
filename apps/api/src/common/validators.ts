import { ValidationOptions, isEmail, registerDecorator } from 'class-validator';
import {
  MAX_AMOUNT_MICRO,
  hasHiddenCharacters,
  isValidNickname,
  isValidPassword,
  isValidPhone,
  parseMicro,
  ValidationMessage,
} from '@app/domain';

/** class-validator adapters over the rules in libs/domain: one rule, two callers. */
function fromDomain(name: string, test: (value: string) => boolean, message: string) {
  return (options?: ValidationOptions) => (target: object, propertyName: string) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName,
      options: { message, ...options },
      validator: { validate: (value: unknown) => typeof value === 'string' && test(value) },
    });
}

/** validator.js throws on malformed UTF-16 (a lone surrogate): such text is simply not a mailbox. */
export const IsMailbox = fromDomain(
  'isMailbox',
  (value) => {
    try {
      return value.length <= 254 && isEmail(value);
    } catch {
      return false;
    }
  },
  'Invalid mailbox',
);
export const IsPhone = fromDomain('isPhone', isValidPhone, ValidationMessage.invalidPhone);
export const IsPassword = fromDomain(
  'isPassword',
  isValidPassword,
  ValidationMessage.tooShortPassword,
);
export const IsNickname = fromDomain(
  'isNickname',
  isValidNickname,
  ValidationMessage.tooShortNickname,
);
/** Text that shows what it says: no zero-width, bidirectional or control characters, no bare marks. */
export const HasNoHiddenCharacters = fromDomain(
  'hasNoHiddenCharacters',
  (value) => !hasHiddenCharacters(value),
  ValidationMessage.nicknameHiddenCharacters,
);

/**
 * A USDT amount as a JSON number or decimal string with at most 6 decimals.
 * `signed` allows negatives (operator adjustments); zero is never an amount.
 */
export function IsUsdtAmount(options: { signed?: boolean; allowZero?: boolean } = {}) {
  const message = options.signed
    ? 'amount must be a non-zero number with at most 6 decimals'
    : options.allowZero
      ? 'amount must be 0 or more with at most 6 decimals'
      : 'amount must be a positive number with at most 6 decimals';
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isUsdtAmount',
      target: target.constructor,
      propertyName,
      options: { message },
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'number' && typeof value !== 'string') return false;
          const micro = parseMicro(value);
          if (micro === null || (micro === 0n && !options.allowZero)) return false;
          if (!options.signed && micro < 0n) return false;
          return (micro < 0n ? -micro : micro) <= MAX_AMOUNT_MICRO;
        },
      },
    });
}

/** The validated amount in micro-USDT (call only after IsUsdtAmount passed). */
export function toMicro(value: number | string): bigint {
  const micro = parseMicro(value);
  if (micro === null) throw new Error(`unvalidated amount: ${value}`);
  return micro;
}
