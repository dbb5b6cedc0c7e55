import { z } from 'zod';

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

export const phoneSchema = z
  .string()
  .trim()
  .min(1, ValidationMessage.required)
  .refine((v) => v === '' || isValidPhone(v), ValidationMessage.invalidPhone);

export const passwordSchema = z
  .string()
  .min(1, ValidationMessage.required)
  .min(PASSWORD_MIN, ValidationMessage.tooShortPassword)
  .max(PASSWORD_MAX, ValidationMessage.tooLongPassword);

export const loginFormSchema = z.object({
  email: phoneSchema,
  password: passwordSchema,
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export const registerFormSchema = z
  .object({
    email: phoneSchema,
    password: passwordSchema,
    passwordConfirm: z.string().min(1, ValidationMessage.required),
    invite: z.string().optional(),
  })
  .refine((v) => v.password === v.passwordConfirm, {
    message: ValidationMessage.passwordsMismatch,
    path: ['passwordConfirm'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const nicknameSchema = z
  .string()
  .trim()
  .min(NICKNAME_MIN, ValidationMessage.tooShortNickname)
  .max(NICKNAME_MAX, ValidationMessage.tooLongNickname);

export const passwordChangeFormSchema = z
  .object({
    password: passwordSchema,
    newPassword: passwordSchema,
    passwordConfirm: z.string().min(1, ValidationMessage.required),
  })
  .refine((v) => v.newPassword === v.passwordConfirm, {
    message: ValidationMessage.passwordsMismatch,
    path: ['passwordConfirm'],
  });

/** `/mine/safety/transpass`: a new transaction password twice; the current one to change it. */
export const transactionPasswordFormSchema = z
  .object({
    oldPassword: z.string().max(TRANSACTION_PASSWORD_MAX),
    password: z
      .string()
      .min(1, ValidationMessage.required)
      .min(TRANSACTION_PASSWORD_MIN, ValidationMessage.tooShortTransactionPassword)
      .max(TRANSACTION_PASSWORD_MAX, ValidationMessage.tooLongPassword),
    passwordConfirm: z.string().min(1, ValidationMessage.required),
  })
  .refine((v) => v.password === v.passwordConfirm, {
    message: ValidationMessage.passwordsMismatch,
    path: ['passwordConfirm'],
  });

export const txIdSchema = z
  .string()
  .trim()
  .min(1, ValidationMessage.required)
  .regex(TX_ID_RE, ValidationMessage.invalidTxId);

export const CODE_RE = /^\d{6}$/;
const codeSchema = z
  .string()
  .trim()
  .min(1, ValidationMessage.required)
  .regex(CODE_RE, ValidationMessage.invalidCode);
const mailSchema = z
  .string()
  .trim()
  .min(1, ValidationMessage.required)
  .max(254, ValidationMessage.invalidMailbox)
  .email(ValidationMessage.invalidMailbox);

/** `/forgot`: the phone of the account. */
export const forgotFormSchema = z.object({ email: phoneSchema });

/** `/reset`: the phone, the mailed (or operator's) code, the new password twice. */
export const resetFormSchema = z
  .object({
    email: phoneSchema,
    code: codeSchema,
    password: passwordSchema,
    passwordConfirm: z.string().min(1, ValidationMessage.required),
  })
  .refine((v) => v.password === v.passwordConfirm, {
    message: ValidationMessage.passwordsMismatch,
    path: ['passwordConfirm'],
  });

/** `/mine/safety/mail`: the mailbox, the login password when one is bound, then the code. */
export const mailFormSchema = z.object({
  mail: mailSchema,
  password: z.string().max(PASSWORD_MAX),
  code: z.string().trim().max(6),
});

/** `/mine/verified`: the document's details (the two photos are checked by the page). */
export const verificationFormSchema = z.object({
  country: z
    .string()
    .trim()
    .min(1, ValidationMessage.required)
    .min(2, ValidationMessage.tooShortText)
    .max(64),
  document_type: z.enum(['passport', 'id_card', 'driver_license']),
  full_name: z
    .string()
    .trim()
    .min(1, ValidationMessage.required)
    .min(2, ValidationMessage.tooShortText)
    .max(128),
  document_number: z
    .string()
    .trim()
    .min(1, ValidationMessage.required)
    .min(3, ValidationMessage.tooShortText)
    .max(64),
});

/** `/mine/recharge-card`: what was paid, in which currency (2 decimals at most). */
export const cardDepositFormSchema = z.object({
  currency: z.enum(['USD', 'RUB', 'UZS']),
  amount: z
    .string()
    .trim()
    .min(1, ValidationMessage.required)
    .transform((v) => v.replace(',', '.'))
    .refine((v) => /^\d{1,12}(\.\d{1,2})?$/.test(v), ValidationMessage.invalidAmount)
    .refine((v) => Number(v) > 0, ValidationMessage.amountNotPositive),
});
