import type { AppConfig } from '../../src/config/config';
import { MailService } from '../../src/modules/mail/mail.service';
import {
  TestApp,
  login,
  me,
  member,
  operator,
  register,
  startApp,
  uniquePhone,
} from '../support/harness';
import { BuiltProcess, killBuilt, startWorker } from '../support/built-process';
import { eventually } from '../support/eventually';
import { startSmtp } from '../support/smtp';

type Smtp = Awaited<ReturnType<typeof startSmtp>>;

describe('a bound mailbox and password reset through a real SMTP server', () => {
  let smtp: Smtp;
  let t: TestApp;
  let worker: BuiltProcess;
  let admin: Record<string, string>;

  beforeAll(async () => {
    smtp = await startSmtp();
    const settings = {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Membership <no-reply@example.test>',
      MAIL_CODE_RESEND_SECONDS: '30',
      PASSWORD_RESET_LIMIT_PER_HOUR: '6',
    };
    t = await startApp(settings);
    // The API puts the mail in the outbox; the worker sends it.
    worker = await startWorker(settings);
    admin = await operator(t);
  });
  afterAll(async () => {
    await killBuilt(worker);
    await t.close();
    await smtp.close();
  });

  const bind = async (m: { auth: Record<string, string> }, mail: string, password?: string) => {
    const sent = smtp.mails.length;
    const asked = await t
      .http()
      .post('/users/mail/code')
      .set(m.auth)
      .set('Accept-Language', 'en')
      .send({ mail, ...(password ? { password } : {}) });
    expect(asked.status).toBe(200);
    const code = await smtp.codeFor(mail.trim().toLowerCase(), sent);
    return t.http().post('/users/mail').set(m.auth).send({ mail, code });
  };

  it('binds a mailbox with the mailed code; /users/me and GET /users/mail show it', async () => {
    const m = await member(t);
    expect((await me(t, m)).mail).toBeNull();
    expect((await t.http().get('/users/mail').set(m.auth)).body).toEqual({
      mail: null,
      delivery: 'smtp',
      code_mail: null,
    });
    const bound = await bind(m, ' Member.One@Example.test ');
    expect(bound.status).toBe(200);
    const mail = smtp.mails.at(-1)!;
    expect(mail.to).toEqual(['member.one@example.test']);
    expect(mail.subject).toMatch(/^Your code: \d{6}$/);
    // Sent from the outbox, with a Message-ID of its row.
    const row = await eventually(async () => {
      const [r] = await t.db.query(
        `SELECT id, status, attempts, sealed FROM mail_outbox WHERE user_id = $1`,
        [m.id],
      );
      return r.status === 'sent' ? r : undefined;
    });
    expect(row).toMatchObject({ status: 'sent', attempts: 1, sealed: null });
    expect(mail.messageId).toBe(`<mail-outbox-${row.id}@example.test>`);
    expect((await t.http().get('/users/mail').set(m.auth)).body).toMatchObject({
      code_mail: 'sent',
    });
    expect((await me(t, m)).mail).toBe('member.one@example.test');
  });

  it('refuses a wrong code, a code for another address, and any code after 5 wrong tries', async () => {
    const m = await member(t);
    await t.http().post('/users/mail/code').set(m.auth).send({ mail: 'a@example.test' });
    const code = await smtp.codeFor('a@example.test');
    const wrong = code === '000000' ? '111111' : '000000';
    const other = await t
      .http()
      .post('/users/mail')
      .set(m.auth)
      .send({ mail: 'b@example.test', code });
    expect(other.body.code).toBe('INVALID_CODE');
    for (let i = 0; i < 4; i++) {
      const res = await t
        .http()
        .post('/users/mail')
        .set(m.auth)
        .send({ mail: 'a@example.test', code: wrong });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        detail: 'The code is wrong or has expired',
        code: 'INVALID_CODE',
      });
    }
    // Five wrong tries (the other address counted too): the right code no longer works,
    // and the answer says when a new one may be asked for.
    const late = await t
      .http()
      .post('/users/mail')
      .set(m.auth)
      .send({ mail: 'a@example.test', code });
    expect(late.status).toBe(429);
    expect(late.body.code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(late.headers['retry-after'])).toBeGreaterThan(0);
    expect((await me(t, m)).mail).toBeNull();
    const malformed = await t
      .http()
      .post('/users/mail')
      .set(m.auth)
      .send({ mail: 'nope', code: '12' });
    expect(malformed.status).toBe(422);
  });

  it('counts parallel guesses at a mailbox code one by one: 5 are checked, the rest and then the right one are 429', async () => {
    const m = await member(t);
    await t.http().post('/users/mail/code').set(m.auth).send({ mail: 'p@example.test' });
    const code = await smtp.codeFor('p@example.test');
    const guess = (i: number) => {
      const wrong = String(i).padStart(6, '0');
      return t
        .http()
        .post('/users/mail')
        .set(m.auth)
        .send({ mail: 'p@example.test', code: wrong === code ? '999999' : wrong });
    };
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => guess(i)));
    expect(answers.filter((r) => r.body.code === 'INVALID_CODE')).toHaveLength(5);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(5);
    const right = await t
      .http()
      .post('/users/mail')
      .set(m.auth)
      .send({ mail: 'p@example.test', code });
    expect(right.status).toBe(429);
    expect((await me(t, m)).mail).toBeNull();
  });

  it('waits between codes, and changing a bound mailbox needs the password', async () => {
    const m = await member(t);
    expect((await bind(m, 'first@example.test')).status).toBe(200);
    // The next code may be asked for once the resend delay has passed.
    await t.db.query(
      `UPDATE one_time_codes SET created_at = created_at - interval '1 minute' WHERE user_id = $1`,
      [m.id],
    );
    const again = await t
      .http()
      .post('/users/mail/code')
      .set(m.auth)
      .send({ mail: 'second@example.test' });
    expect(again.body.code).toBe('INCORRECT_PASSWORD');
    const withPassword = await t
      .http()
      .post('/users/mail/code')
      .set(m.auth)
      .send({ mail: 'second@example.test', password: m.password });
    expect(withPassword.status).toBe(200);
    const tooSoon = await t
      .http()
      .post('/users/mail/code')
      .set(m.auth)
      .send({ mail: 'second@example.test', password: m.password });
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    const code = await smtp.codeFor('second@example.test');
    await t
      .http()
      .post('/users/mail')
      .set(m.auth)
      .send({ mail: 'second@example.test', code })
      .expect(200);
    expect((await me(t, m)).mail).toBe('second@example.test');
  });

  it('resets a password with the mailed code: every login ends, the new password works once set', async () => {
    const m = await member(t);
    await bind(m, 'reset@example.test');
    const sent = smtp.mails.length;
    const forgot = await t
      .http()
      .post('/password/forgot')
      .set('Accept-Language', 'en-GB,en;q=0.9')
      .send({ email: m.phone });
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({ ok: true });
    const code = await smtp.codeFor('reset@example.test', sent);
    expect(smtp.mails.at(-1)!.subject).toBe(`Password reset code: ${code}`);

    const weak = await t
      .http()
      .post('/password/reset')
      .send({ email: m.phone, code, password: 'x' });
    expect(weak.status).toBe(422);
    const done = await t
      .http()
      .post('/password/reset')
      .send({ email: m.phone, code, password: 'brand-new-pass' });
    expect(done.status).toBe(200);
    // The old login is over, the old password too; the code worked once.
    expect((await t.http().get('/users/me').set(m.auth)).status).toBe(401);
    const old = await t
      .http()
      .post('/token')
      .type('form')
      .send({ username: m.phone, password: m.password });
    expect(old.body.code).toBe('BAD_CREDENTIALS');
    await login(t, m.phone, 'brand-new-pass');
    const reused = await t
      .http()
      .post('/password/reset')
      .send({ email: m.phone, code, password: 'another-pass' });
    expect(reused.body.code).toBe('INVALID_CODE');
  });

  it('answers forgot the same for a stranger, a member without a mailbox and one with it', async () => {
    const bare = await register(t);
    const withMail = await member(t);
    await bind(withMail, 'known@example.test');
    const sent = smtp.mails.length;
    const answers = [];
    for (const phone of [uniquePhone(), bare.phone, withMail.phone]) {
      const res = await t.http().post('/password/forgot').send({ email: phone });
      answers.push([res.status, res.body]);
    }
    expect(answers).toEqual([
      [200, { ok: true }],
      [200, { ok: true }],
      [200, { ok: true }],
    ]);
    await smtp.codeFor('known@example.test', sent);
    expect(smtp.mails.slice(sent)).toHaveLength(1);
  });

  it('limits forgot and reset per phone and per client address', async () => {
    await t.redis.flushdb(); // earlier tests counted against this address
    const m = await register(t);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push(
        (
          await t
            .http()
            .post('/password/reset')
            .send({ email: m.phone, code: '123456', password: 'new-pass' })
        ).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 429, 429]);
    // Another phone from the same address is refused too once the address's count is used up.
    const other = await t
      .http()
      .post('/password/reset')
      .send({ email: uniquePhone(), code: '123456', password: 'new-pass' });
    expect(other.status).toBe(429);
  });

  it('lets an operator issue a one-time reset code, audited', async () => {
    const m = await member(t);
    const issued = await t.http().post(`/admin/users/${m.id}/reset_code`).set(admin);
    expect(issued.status).toBe(200);
    expect(issued.body.code).toMatch(/^\d{6}$/);
    expect(new Date(issued.body.expires_at).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    const audit = (await t.http().get('/admin/audit').set(admin)).body;
    expect(audit[0]).toMatchObject({ action: 'user.reset_code', target_user_id: m.id });
    expect(JSON.stringify(audit[0])).not.toContain(issued.body.code);
    await t.redis.flushdb(); // the previous test used up this address's reset allowance
    await t
      .http()
      .post('/password/reset')
      .send({ email: m.phone, code: issued.body.code, password: 'from-operator' })
      .expect(200);
    const fresh = await login(t, m.phone, 'from-operator');
    expect(
      (
        await t
          .http()
          .post(`/admin/users/${m.id}/reset_code`)
          .set({ Authorization: `Bearer ${fresh.access_token}` })
      ).status,
    ).toBe(403);
    expect((await t.http().post('/admin/users/999999999/reset_code').set(admin)).body.code).toBe(
      'NOT_FOUND',
    );
  });
});

describe('mail delivery without SMTP_URL', () => {
  const config = (env: Partial<AppConfig>) => ({ MAIL_FROM: 'x <x@x>', ...env }) as AppConfig;

  it('prints mail to the log in development and refuses plainly in production', async () => {
    const development = new MailService(config({ NODE_ENV: 'development' }));
    expect(development.delivery).toBe('log');
    await expect(
      development.send({ to: 'a@example.test', subject: 's', text: 't' }),
    ).resolves.toBeUndefined();
    const production = new MailService(config({ NODE_ENV: 'production' }));
    expect(production.delivery).toBe('off');
    await expect(
      production.send({ to: 'a@example.test', subject: 's', text: 't' }),
    ).rejects.toMatchObject({ code: 'MAIL_NOT_CONFIGURED' });
  });
});
