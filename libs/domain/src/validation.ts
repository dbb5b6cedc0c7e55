import { z } from 'zod';
import { hasHiddenCharacters, isReservedNickname } from './nickname';
import {
  NICKNAME_MAX,
  NICKNAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  TRANSACTION_PASSWORD_MAX,
  TRANSACTION_PASSWORD_MIN,
  TX_ID_RE,
  ValidationMessage,
  isValidPhone,
} from './rules';

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

/** The API's rules (POST /users/nickname): length, no hidden characters, no staff name. */
export const nicknameSchema = z
  .string()
  .trim()
  .min(NICKNAME_MIN, ValidationMessage.tooShortNickname)
  .max(NICKNAME_MAX, ValidationMessage.tooLongNickname)
  .refine((v) => !hasHiddenCharacters(v), ValidationMessage.nicknameHiddenCharacters)
  .refine((v) => !isReservedNickname(v), ValidationMessage.nicknameReserved);

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
