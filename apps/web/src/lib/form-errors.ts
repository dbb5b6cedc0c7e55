import type { TFunction } from 'i18next';
import { ValidationMessage } from '@app/domain';

type ValidationName = keyof typeof ValidationMessage;

const byMessage = new Map<string, ValidationName>(
  (Object.entries(ValidationMessage) as [ValidationName, string][]).map(([name, text]) => [
    text,
    name,
  ]),
);

/** Form-level errors set by the pages (not from the shared schemas). */
export const FormError = {
  incorrect: 'Incorrect',
  alreadyRegistered: 'AlreadyReg',
  invalidInvite: 'InvalidInvite',
  inviteNotEligible: 'InviteNotEligible',
  incorrectPassword: 'IncorrectPassword',
} as const;

const formErrorKeys = {
  [FormError.incorrect]: 'errors.incorrect',
  [FormError.alreadyRegistered]: 'errors.alreadyRegistered',
  [FormError.invalidInvite]: 'errors.invalidInvite',
  [FormError.inviteNotEligible]: 'errors.inviteNotEligible',
  [FormError.incorrectPassword]: 'errors.incorrectPassword',
} as const;

/**
 * The shared zod schemas speak English (spec section 5); the UI shows the
 * translation of the same message.
 */
export function translateFieldError(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const name = byMessage.get(message);
  if (name) return t(`validation.${name}`);
  if (message in formErrorKeys) return t(formErrorKeys[message as keyof typeof formErrorKeys]);
  return message;
}
