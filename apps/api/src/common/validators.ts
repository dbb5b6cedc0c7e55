import { ValidationOptions, registerDecorator } from 'class-validator';
import { isValidNickname, isValidPassword, isValidPhone, ValidationMessage } from '@app/domain';

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
