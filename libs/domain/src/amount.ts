import { z } from 'zod';
import { MAX_AMOUNT_MICRO, type Micro, USDT_DECIMALS, parseMicro } from './money';
import { withdrawalRefusal } from './economy';
import { isTronAddress } from './tron-address';
import { ValidationMessage } from './rules';

/** Reasons of operator adjustments (contract section 6; the API checks the same bounds). */
export const ADJUST_REASON_MIN = 3;
export const ADJUST_REASON_MAX = 500;

const AMOUNT_TEXT_RE = /^-?\d+(?:\.\d+)?$/;

export type AmountInputProblem = keyof Pick<
  typeof ValidationMessage,
  'required' | 'invalidAmount' | 'tooManyDecimals'
>;

/**
 * What a member typed into an amount field, as micro-USDT. A decimal comma
 * ("60,5", as Russian and Uzbek keyboards write it) is read as a point.
 */
export function parseAmountInput(text: string): Micro | AmountInputProblem {
  const value = text.trim().replace(',', '.');
  if (value === '') return 'required';
  if (!AMOUNT_TEXT_RE.test(value)) return 'invalidAmount';
  const decimals = value.split('.')[1]?.length ?? 0;
  if (decimals > USDT_DECIMALS) return 'tooManyDecimals';
  return parseMicro(value) ?? 'invalidAmount';
}

/**
 * An amount field: text in, micro-USDT out. Unsigned amounts must be above 0;
 * signed ones (operator adjustments) only must not be 0; none may exceed
 * MAX_AMOUNT_MICRO, the API's ceiling.
 */
export function usdtAmountSchema({ signed = false }: { signed?: boolean } = {}) {
  return z.string().transform((text, ctx): Micro => {
    const parsed = parseAmountInput(text);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: ValidationMessage[parsed] });
      return z.NEVER;
    }
    if (signed && parsed === 0n) {
      ctx.addIssue({ code: 'custom', message: ValidationMessage.amountZero });
      return z.NEVER;
    }
    if (!signed && parsed <= 0n) {
      ctx.addIssue({ code: 'custom', message: ValidationMessage.amountNotPositive });
      return z.NEVER;
    }
    if ((parsed < 0n ? -parsed : parsed) > MAX_AMOUNT_MICRO) {
      ctx.addIssue({ code: 'custom', message: ValidationMessage.amountTooLarge });
      return z.NEVER;
    }
    return parsed;
  });
}

/**
 * Transfer from the E-Wallet to registration points: required, above 0, at
 * most 6 decimals and at most the wallet balance (contract section 3).
 */
export function transferFormSchema(money: Micro) {
  return z.object({
    quantity: usdtAmountSchema().refine(
      (amount) => amount <= money,
      ValidationMessage.amountAboveBalance,
    ),
  });
}
export type TransferFormInput = z.input<ReturnType<typeof transferFormSchema>>;
export type TransferFormValues = z.output<ReturnType<typeof transferFormSchema>>;

export const ADJUST_ACCOUNTS = ['money', 'points'] as const;
export type AdjustAccount = (typeof ADJUST_ACCOUNTS)[number];

/** An operator's credit (positive) or debit (negative) of a member's balance. */
export const adjustFormSchema = z.object({
  userId: z
    .string()
    .trim()
    .min(1, ValidationMessage.required)
    .regex(/^[1-9]\d{0,9}$/, ValidationMessage.invalidMemberId)
    .transform(Number)
    .refine((id) => id <= 2_147_483_647, ValidationMessage.invalidMemberId),
  account: z.enum(ADJUST_ACCOUNTS, { message: ValidationMessage.required }),
  amount: usdtAmountSchema({ signed: true }),
  reason: z
    .string()
    .trim()
    .min(1, ValidationMessage.required)
    .min(ADJUST_REASON_MIN, ValidationMessage.tooShortReason)
    .max(ADJUST_REASON_MAX, ValidationMessage.tooLongReason),
});
export type AdjustFormInput = z.input<typeof adjustFormSchema>;
export type AdjustFormValues = z.output<typeof adjustFormSchema>;

const tronAddressSchema = z
  .string()
  .trim()
  .min(1, ValidationMessage.required)
  .refine(isTronAddress, ValidationMessage.invalidTronAddress);

/**
 * The withdrawal form: a TRON address, an amount the rules allow for this
 * member (withdrawalRefusal), and the transaction password when one is set.
 */
export function withdrawalFormSchema(money: Micro, effectiveLevel: number) {
  return z.object({
    wallet: tronAddressSchema,
    amount: usdtAmountSchema().superRefine((amount, ctx) => {
      const refusal = withdrawalRefusal(amount, effectiveLevel, money);
      if (refusal) {
        ctx.addIssue({
          code: 'custom',
          message: {
            below_minimum: ValidationMessage.belowWithdrawalMinimum,
            level_limit: ValidationMessage.withdrawalLevel,
            insufficient_funds: ValidationMessage.amountAboveBalance,
          }[refusal],
        });
      }
    }),
    transactionPassword: z.string().max(64),
  });
}
export type WithdrawalFormInput = z.input<ReturnType<typeof withdrawalFormSchema>>;
export type WithdrawalFormValues = z.output<ReturnType<typeof withdrawalFormSchema>>;

/** The address book's labels (the API's bound). */
export const ADDRESS_LABEL_MAX = 32;

/** `/mine/management/add`: a TRON address, an optional label, the transaction password when set. */
export const addressBookFormSchema = z.object({
  address: tronAddressSchema,
  label: z.string().trim().max(ADDRESS_LABEL_MAX, ValidationMessage.tooLongLabel),
  transactionPassword: z.string().max(64),
});
export type AddressBookFormValues = z.output<typeof addressBookFormSchema>;
