import { describe, expect, it } from 'vitest';
import {
  addressBookFormSchema,
  adjustFormSchema,
  parseAmountInput,
  transferFormSchema,
  usdtAmountSchema,
  withdrawalFormSchema,
} from './amount';
import { MAX_AMOUNT_MICRO, usdt } from './money';
import { ValidationMessage } from './index';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('parseAmountInput', () => {
  it('reads decimals with a point or a comma into micro-USDT', () => {
    expect(parseAmountInput('60')).toBe(60_000_000n);
    expect(parseAmountInput(' 0.5 ')).toBe(500_000n);
    expect(parseAmountInput('12,345678')).toBe(12_345_678n);
    expect(parseAmountInput('-5.25')).toBe(-5_250_000n);
  });

  it('names what is wrong', () => {
    expect(parseAmountInput('')).toBe('required');
    expect(parseAmountInput('   ')).toBe('required');
    expect(parseAmountInput('abc')).toBe('invalidAmount');
    expect(parseAmountInput('1e3')).toBe('invalidAmount');
    expect(parseAmountInput('1.')).toBe('invalidAmount');
    expect(parseAmountInput('1.2.3')).toBe('invalidAmount');
    expect(parseAmountInput('0.0000001')).toBe('tooManyDecimals');
  });
});

describe('usdtAmountSchema', () => {
  it('unsigned: above 0 only', () => {
    const schema = usdtAmountSchema();
    expect(schema.parse('0.000001')).toBe(1n);
    expect(firstMessage(schema.safeParse('0'))).toBe(ValidationMessage.amountNotPositive);
    expect(firstMessage(schema.safeParse('-1'))).toBe(ValidationMessage.amountNotPositive);
  });

  it('signed: anything but 0', () => {
    const schema = usdtAmountSchema({ signed: true });
    expect(schema.parse('-5.25')).toBe(-5_250_000n);
    expect(schema.parse('100')).toBe(usdt(100));
    expect(firstMessage(schema.safeParse('0.000'))).toBe(ValidationMessage.amountZero);
  });

  it('refuses amounts above the API ceiling, either sign', () => {
    expect(usdtAmountSchema().parse('1000000000')).toBe(MAX_AMOUNT_MICRO);
    expect(firstMessage(usdtAmountSchema().safeParse('1000000000.000001'))).toBe(
      ValidationMessage.amountTooLarge,
    );
    expect(firstMessage(usdtAmountSchema({ signed: true }).safeParse('-1000000001'))).toBe(
      ValidationMessage.amountTooLarge,
    );
  });
});

describe('transferFormSchema', () => {
  const schema = transferFormSchema(usdt(12.5));

  it('accepts 0 < amount <= money with at most 6 decimals', () => {
    expect(schema.parse({ quantity: '12.5' })).toEqual({ quantity: usdt(12.5) });
    expect(schema.parse({ quantity: '0.000001' })).toEqual({ quantity: 1n });
  });

  it('refuses empty, zero, negative, too precise and above-balance amounts', () => {
    expect(firstMessage(schema.safeParse({ quantity: '' }))).toBe(ValidationMessage.required);
    expect(firstMessage(schema.safeParse({ quantity: '0' }))).toBe(
      ValidationMessage.amountNotPositive,
    );
    expect(firstMessage(schema.safeParse({ quantity: '-1' }))).toBe(
      ValidationMessage.amountNotPositive,
    );
    expect(firstMessage(schema.safeParse({ quantity: '1.1234567' }))).toBe(
      ValidationMessage.tooManyDecimals,
    );
    expect(firstMessage(schema.safeParse({ quantity: '12.500001' }))).toBe(
      ValidationMessage.amountAboveBalance,
    );
  });

  it('refuses everything when the wallet is empty', () => {
    expect(firstMessage(transferFormSchema(0n).safeParse({ quantity: '1' }))).toBe(
      ValidationMessage.amountAboveBalance,
    );
  });
});

describe('adjustFormSchema', () => {
  const valid = { userId: '100001', account: 'money', amount: '-5.25', reason: ' Refund ' };

  it('parses a valid adjustment', () => {
    expect(adjustFormSchema.parse(valid)).toEqual({
      userId: 100001,
      account: 'money',
      amount: -5_250_000n,
      reason: 'Refund',
    });
  });

  it('checks each field', () => {
    expect(firstMessage(adjustFormSchema.safeParse({ ...valid, userId: '' }))).toBe(
      ValidationMessage.required,
    );
    expect(firstMessage(adjustFormSchema.safeParse({ ...valid, userId: '0' }))).toBe(
      ValidationMessage.invalidMemberId,
    );
    expect(firstMessage(adjustFormSchema.safeParse({ ...valid, userId: '9999999999' }))).toBe(
      ValidationMessage.invalidMemberId,
    );
    expect(firstMessage(adjustFormSchema.safeParse({ ...valid, account: 'hold' }))).toBe(
      ValidationMessage.required,
    );
    expect(firstMessage(adjustFormSchema.safeParse({ ...valid, amount: '0' }))).toBe(
      ValidationMessage.amountZero,
    );
    expect(firstMessage(adjustFormSchema.safeParse({ ...valid, reason: ' ab ' }))).toBe(
      ValidationMessage.tooShortReason,
    );
    expect(firstMessage(adjustFormSchema.safeParse({ ...valid, reason: 'x'.repeat(501) }))).toBe(
      ValidationMessage.tooLongReason,
    );
  });
});

describe('withdrawalFormSchema', () => {
  const schema = withdrawalFormSchema(usdt(50), 1);
  const wallet = 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16';
  const messages = (input: Record<string, string>) => {
    const result = schema.safeParse({ wallet, amount: '20', transactionPassword: '', ...input });
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('accepts a valid address and an allowed amount, as micro-USDT', () => {
    const result = schema.parse({ wallet: ` ${wallet} `, amount: '12.5', transactionPassword: '' });
    expect(result).toEqual({ wallet, amount: usdt(12.5), transactionPassword: '' });
  });

  it('explains each refusal', () => {
    expect(messages({ wallet: 'T123' })).toEqual([ValidationMessage.invalidTronAddress]);
    expect(messages({ amount: '9.99' })).toEqual([ValidationMessage.belowWithdrawalMinimum]);
    expect(messages({ amount: '50.01' })).toEqual([ValidationMessage.amountAboveBalance]);
    expect(
      withdrawalFormSchema(usdt(50), 0).safeParse({ wallet, amount: '10', transactionPassword: '' })
        .error?.issues[0].message,
    ).toBe(ValidationMessage.withdrawalLevel);
  });
});

describe('addressBookFormSchema', () => {
  const address = 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16';
  it('keeps a trimmed address and label', () => {
    expect(
      addressBookFormSchema.parse({
        address: ` ${address}`,
        label: ' Exchange ',
        transactionPassword: '',
      }),
    ).toEqual({ address, label: 'Exchange', transactionPassword: '' });
  });
  it('refuses a bad address and a long label', () => {
    const issues = addressBookFormSchema
      .safeParse({
        address: 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz17',
        label: 'x'.repeat(33),
        transactionPassword: '',
      })
      .error?.issues.map((i) => i.message);
    expect(issues).toEqual([ValidationMessage.invalidTronAddress, ValidationMessage.tooLongLabel]);
  });
});
