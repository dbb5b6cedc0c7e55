/**
 * The plain rules behind the form schemas, without zod: a page that needs
 * only these (the sign-in form) does not download the schema library.
 */

/**
 * Phone rule from the spec: an optional plus, 3 digits (optionally in
 * brackets), 3 digits, then 4 to 6 digits, with optional separators. The
 * second group may be bracketed too, because with a country code in front
 * ("+998(901)234567") the bracketed group is the operator code.
 */
export const PHONE_RE = /^[+]?[(]?[0-9]{3}[)]?[-\s.]?[(]?[0-9]{3}[)]?[-\s.]?[0-9]{4,6}$/;

export const PASSWORD_MIN = 2;
export const PASSWORD_MAX = 128;
export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 32;
export const TX_ID_RE = /^[0-9a-fA-F]{64}$/;

/** The messages the client shows (spec section 5); keys for i18n. */
export const ValidationMessage = {
  required: 'Required',
  invalidPhone: 'Invalid phone number',
  tooShortPassword: 'Too short password',
  tooLongPassword: 'Too long password',
  passwordsMismatch: "Passwords doesn't match",
  tooShortNickname: 'Too short nickname',
  tooLongNickname: 'Too long nickname',
  nicknameHiddenCharacters: 'Invisible or control characters are not allowed',
  nicknameReserved: 'This nickname is reserved for the club staff',
  invalidTxId: 'Invalid transaction id',
  invalidAmount: 'Invalid amount',
  amountNotPositive: 'Amount must be greater than 0',
  amountZero: 'Amount must not be 0',
  tooManyDecimals: 'At most 6 decimals',
  amountAboveBalance: 'Amount is above the balance',
  amountTooLarge: 'Amount is too large',
  invalidMemberId: 'Invalid member ID',
  tooShortReason: 'Too short reason',
  tooLongReason: 'Too long reason',
  invalidTronAddress: 'Invalid TRON address',
  belowWithdrawalMinimum: 'Below the minimum withdrawal',
  withdrawalLevel: 'Level 0 cannot withdraw',
  tooShortTransactionPassword: 'Too short transaction password',
  tooLongLabel: 'Too long label',
  invalidMailbox: 'Invalid mailbox',
  invalidCode: 'The code is 6 digits',
  tooShortText: 'Too short',
  tooLongText: 'Too long',
} as const;

export const TRANSACTION_PASSWORD_MIN = 6;
export const TRANSACTION_PASSWORD_MAX = 64;

export function isValidPhone(value: string): boolean {
  return PHONE_RE.test(value.trim());
}

/**
 * One phone, one account: "+998 (901) 234567" and "998901234567" are the same
 * login. Stored and compared as "+" followed by the digits.
 */
export function normalizePhone(value: string): string {
  return '+' + value.replace(/\D/g, '');
}

export function isValidPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX;
}

export function isValidNickname(value: string): boolean {
  const length = value.trim().length;
  return length >= NICKNAME_MIN && length <= NICKNAME_MAX;
}

/** Invite code from the form: empty, "0" or 0 mean "no inviter". */
export function parseInviteCode(value: unknown): number | null | 'invalid' {
  if (value === undefined || value === null || value === '' || value === 0 || value === '0')
    return null;
  const text = String(value).trim();
  if (text === '' || text === '0') return null;
  if (!/^\d{1,12}$/.test(text)) return 'invalid';
  const code = Number(text);
  // "00" is still zero: no inviter, like 0 itself.
  return code === 0 ? null : code;
}

/** The sign-in phone's first problem, as the schemas word it; undefined when fine. */
export function phoneError(value: string): string | undefined {
  if (value.trim() === '') return ValidationMessage.required;
  return isValidPhone(value) ? undefined : ValidationMessage.invalidPhone;
}

/** The password's first problem, as passwordSchema words it; undefined when fine. */
export function passwordError(value: string): string | undefined {
  if (value === '') return ValidationMessage.required;
  if (value.length < PASSWORD_MIN) return ValidationMessage.tooShortPassword;
  if (value.length > PASSWORD_MAX) return ValidationMessage.tooLongPassword;
  return undefined;
}
