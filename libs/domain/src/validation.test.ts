import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  isValidNickname,
  isValidPassword,
  isValidPhone,
  loginFormSchema,
  nicknameSchema,
  normalizePhone,
  parseInviteCode,
  passwordError,
  phoneError,
  passwordChangeFormSchema,
  passwordSchema,
  phoneSchema,
  registerFormSchema,
  transactionPasswordFormSchema,
  TX_ID_RE,
  txIdSchema,
  ValidationMessage,
} from './index';

/** The first message per field path, as a form resolver shows them. */
function firstMessages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

describe('isValidPhone', () => {
  it.each([
    '+998(901)234567',
    '998 901 2345',
    '123-456-7890',
    '+998901234567',
    '(998) 901-2345',
    '998.901.234567',
    '+998 901 234567',
    ' +998901234567 ',
  ])('accepts %s', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });

  it.each([
    'abc',
    '12345',
    '',
    '+',
    '+998',
    '99890123',
    '998-901-2345678',
    '+998 90 123 45 67',
    'phone 9989012345',
  ])('rejects %j', (phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });
});

describe('normalizePhone', () => {
  it('keeps a plus and the digits, so one phone is one login', () => {
    expect(normalizePhone('+998901234567')).toBe('+998901234567');
    expect(normalizePhone('998901234567')).toBe('+998901234567');
    expect(normalizePhone('+998(901)234567')).toBe('+998901234567');
    expect(normalizePhone('+998 (901) 234-567')).toBe('+998901234567');
    expect(normalizePhone('123-456-7890')).toBe('+1234567890');
  });
});

describe('passwords and nicknames', () => {
  it('accepts passwords of 2 to 128 characters', () => {
    expect(isValidPassword('')).toBe(false);
    expect(isValidPassword('a')).toBe(false);
    expect(isValidPassword('ab')).toBe(true);
    expect(isValidPassword('x'.repeat(128))).toBe(true);
    expect(isValidPassword('x'.repeat(129))).toBe(false);
  });

  it('accepts nicknames of 2 to 32 characters after trimming', () => {
    expect(isValidNickname('a')).toBe(false);
    expect(isValidNickname('  a  ')).toBe(false);
    expect(isValidNickname('ab')).toBe(true);
    expect(isValidNickname('x'.repeat(32))).toBe(true);
    expect(isValidNickname('x'.repeat(33))).toBe(false);
  });
});

describe('parseInviteCode', () => {
  it('treats 0, "0", "", null and absent as no inviter', () => {
    for (const none of [0, '0', '', '  ', undefined, null, '00']) {
      expect(parseInviteCode(none), JSON.stringify(none)).toBeNull();
    }
  });

  it('reads positive integer codes from numbers and strings', () => {
    expect(parseInviteCode(42)).toBe(42);
    expect(parseInviteCode('42')).toBe(42);
    expect(parseInviteCode(' 7 ')).toBe(7);
  });

  it('marks anything else invalid', () => {
    for (const bad of ['abc', '-1', -1, 1.5, '1.5', '1e3', '1234567890123', true, {}]) {
      expect(parseInviteCode(bad), JSON.stringify(bad)).toBe('invalid');
    }
  });
});

describe('field schemas', () => {
  it('phone: Required, then Invalid phone number', () => {
    expect(firstMessages(phoneSchema, '')).toEqual({ '': ValidationMessage.required });
    expect(firstMessages(phoneSchema, '   ')).toEqual({ '': ValidationMessage.required });
    expect(firstMessages(phoneSchema, 'abc')).toEqual({ '': 'Invalid phone number' });
    expect(phoneSchema.parse(' +998901234567 ')).toBe('+998901234567');
  });

  it('password: Required, Too short password, Too long password', () => {
    expect(firstMessages(passwordSchema, '')).toEqual({ '': 'Required' });
    expect(firstMessages(passwordSchema, 'a')).toEqual({ '': 'Too short password' });
    expect(firstMessages(passwordSchema, 'x'.repeat(129))).toEqual({ '': 'Too long password' });
    expect(passwordSchema.safeParse('secret12').success).toBe(true);
  });

  it('nickname: too short and too long', () => {
    expect(firstMessages(nicknameSchema, ' a ')).toEqual({ '': 'Too short nickname' });
    expect(firstMessages(nicknameSchema, 'x'.repeat(33))).toEqual({ '': 'Too long nickname' });
    expect(nicknameSchema.parse('  Neo  ')).toBe('Neo');
  });

  it('nickname: hidden characters and staff names, as the API refuses them', () => {
    expect(firstMessages(nicknameSchema, 'Sup\u200bport')).toEqual({
      '': 'Invisible or control characters are not allowed',
    });
    expect(firstMessages(nicknameSchema, '\u0410dmin')).toEqual({
      '': 'This nickname is reserved for the club staff',
    });
    expect(nicknameSchema.parse("O'tkir")).toBe("O'tkir");
  });

  it('transaction id: exactly 64 hex characters', () => {
    const tx = 'a'.repeat(32) + 'F'.repeat(32);
    expect(TX_ID_RE.test(tx)).toBe(true);
    expect(txIdSchema.parse(` ${tx} `)).toBe(tx);
    expect(firstMessages(txIdSchema, '')).toEqual({ '': 'Required' });
    expect(firstMessages(txIdSchema, 'a'.repeat(63))).toEqual({ '': 'Invalid transaction id' });
    expect(firstMessages(txIdSchema, 'g'.repeat(64))).toEqual({ '': 'Invalid transaction id' });
  });
});

describe('form schemas', () => {
  it('login form', () => {
    expect(
      loginFormSchema.safeParse({ email: '+998901234567', password: 'secret12' }).success,
    ).toBe(true);
    expect(firstMessages(loginFormSchema, { email: '', password: '' })).toEqual({
      email: 'Required',
      password: 'Required',
    });
    expect(firstMessages(loginFormSchema, { email: '12345', password: 'a' })).toEqual({
      email: 'Invalid phone number',
      password: 'Too short password',
    });
  });

  it('register form: confirmation must match', () => {
    const ok = { email: '+998901234567', password: 'secret12', passwordConfirm: 'secret12' };
    expect(registerFormSchema.safeParse(ok).success).toBe(true);
    expect(registerFormSchema.safeParse({ ...ok, invite: '' }).success).toBe(true);
    expect(firstMessages(registerFormSchema, { ...ok, passwordConfirm: 'other' })).toEqual({
      passwordConfirm: "Passwords doesn't match",
    });
    expect(
      firstMessages(registerFormSchema, { email: '', password: '', passwordConfirm: '' }),
    ).toEqual(
      expect.objectContaining({
        email: 'Required',
        password: 'Required',
        passwordConfirm: 'Required',
      }),
    );
  });

  it('password change form: both passwords validated, confirmation matches the new one', () => {
    const ok = { password: 'old-pass', newPassword: 'new-pass', passwordConfirm: 'new-pass' };
    expect(passwordChangeFormSchema.safeParse(ok).success).toBe(true);
    expect(firstMessages(passwordChangeFormSchema, { ...ok, password: 'a' })).toEqual({
      password: 'Too short password',
    });
    expect(firstMessages(passwordChangeFormSchema, { ...ok, passwordConfirm: 'old-pass' })).toEqual(
      {
        passwordConfirm: "Passwords doesn't match",
      },
    );
  });

  it('transaction password form: 6 characters at least, confirmed; the old one may be empty', () => {
    const ok = { oldPassword: '', password: 'pay-2026', passwordConfirm: 'pay-2026' };
    expect(transactionPasswordFormSchema.safeParse(ok).success).toBe(true);
    expect(firstMessages(transactionPasswordFormSchema, { ...ok, password: '12345' })).toEqual({
      password: 'Too short transaction password',
      passwordConfirm: "Passwords doesn't match",
    });
    expect(
      firstMessages(transactionPasswordFormSchema, { ...ok, passwordConfirm: 'pay-2027' }),
    ).toEqual({ passwordConfirm: "Passwords doesn't match" });
  });
});

describe('the plain sign-in rules say what the schemas say', () => {
  const firstMessage = (schema: typeof phoneSchema | typeof passwordSchema, value: string) => {
    const result = schema.safeParse(value);
    return result.success ? undefined : result.error.issues[0].message;
  };
  it.each(['', ' ', '+', '+998901234567', '998 901 234567', '12', 'abc', ' +998(901)234567 '])(
    'phone %j',
    (value) => expect(phoneError(value)).toBe(firstMessage(phoneSchema, value)),
  );
  it.each(['', 'a', 'ab', 'x'.repeat(128), 'x'.repeat(129), ' '])('password %j', (value) =>
    expect(passwordError(value)).toBe(firstMessage(passwordSchema, value)),
  );
});
