import { JwtService } from '@nestjs/jwt';
import { loadConfig } from '../../src/config/config';
import { AuthSessionsRepository } from '../../src/modules/auth/auth-sessions.repository';
import { SessionRevocationService } from '../../src/modules/auth/session-revocation.service';
import { SessionEnds } from '../../src/modules/auth/session-ends';
import {
  TestApp,
  login,
  member,
  register,
  setLevel,
  startApp,
  uniquePhone,
} from '../support/harness';

describe('auth and users', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());
  beforeEach(() => t.redis.flushdb());

  describe('POST /users/ (register)', () => {
    it('registers with a valid phone and answers 200 with the id', async () => {
      const res = await t
        .http()
        .post('/users/')
        .send({ email: uniquePhone(), password: 'secret12', invite_code: 0 });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: expect.any(Number) });
    });

    it.each([[0], [''], ['0'], [undefined]])(
      'treats invite_code %p as no inviter',
      async (code) => {
        const m = await member(t, code);
        const me = await t.http().get('/users/me').set(m.auth);
        expect(me.body.inviter_id).toBeNull();
      },
    );

    it('links the inviter from a valid code, given as number or string', async () => {
      const inviter = await register(t);
      await setLevel(t, inviter.id, 1);
      for (const code of [inviter.id, String(inviter.id)]) {
        const m = await member(t, code);
        const me = await t.http().get('/users/me').set(m.auth);
        expect(me.body.inviter_id).toBe(inviter.id);
      }
    });

    it('refuses the code of a member below VIP 1 (never bought, or run out): only VIP 1+ invite', async () => {
      const send = (code: number) =>
        t
          .http()
          .post('/users/')
          .send({ email: uniquePhone(), password: 'secret12', invite_code: code });
      const never = await register(t);
      const lapsed = await register(t);
      await t.db.query(
        `UPDATE users SET vip_level = 2, vip_expire = now() - interval '1 minute' WHERE id = $1`,
        [lapsed.id],
      );
      for (const code of [never.id, lapsed.id]) {
        const res = await send(code);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('INVITE_CODE_NOT_ELIGIBLE');
      }
      // Nobody was registered under them.
      const [{ n }] = await t.db.query(
        `SELECT count(*)::int AS n FROM users WHERE inviter_id = ANY($1::int[])`,
        [[never.id, lapsed.id]],
      );
      expect(n).toBe(0);
      // At VIP 1 the same code invites.
      await setLevel(t, never.id, 1);
      expect((await send(never.id)).status).toBe(200);
    });

    it.each([[999999999], ['abc'], ['12x']])(
      'rejects unknown or malformed invite code %p with 400',
      async (code) => {
        const res = await t
          .http()
          .post('/users/')
          .send({ email: uniquePhone(), password: 'secret12', invite_code: code });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ detail: 'Invalid invite code', code: 'INVALID_INVITE_CODE' });
      },
    );

    it('rejects a duplicate phone, however it is written, with the exact detail', async () => {
      const phone = uniquePhone();
      await register(t, phone);
      const digits = phone.slice(1);
      const spaced = `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
      const res = await t
        .http()
        .post('/users/')
        .send({ email: spaced, password: 'other12', invite_code: 0 });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        detail: 'Email already registered',
        code: 'EMAIL_ALREADY_REGISTERED',
      });
    });

    it('answers 422 with the list shape for a bad phone', async () => {
      const res = await t
        .http()
        .post('/users/')
        .send({ email: 'not-a-phone', password: 'secret12' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        code: 'VALIDATION_ERROR',
        detail: [{ loc: ['body', 'email'], msg: 'Invalid phone number', type: expect.any(String) }],
      });
    });

    it('answers 422 for a short password and for a missing one', async () => {
      const short = await t.http().post('/users/').send({ email: uniquePhone(), password: 'x' });
      expect(short.status).toBe(422);
      expect(short.body.detail).toEqual([
        expect.objectContaining({ loc: ['body', 'password'], msg: 'Too short password' }),
      ]);
      const missing = await t.http().post('/users/').send({ email: uniquePhone() });
      expect(missing.status).toBe(422);
      expect(missing.body.detail[0].loc).toEqual(['body', 'password']);
    });

    it('answers 422 for wrong types, not 500', async () => {
      const res = await t
        .http()
        .post('/users/')
        .send({ email: 998901234567, password: ['a'], invite_code: { x: 1 } });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    });
  });

  describe('POST /token', () => {
    it('signs in with form-encoded phone and password', async () => {
      const account = await register(t);
      const res = await t
        .http()
        .post('/token')
        .type('form')
        .send({ username: account.phone, password: account.password });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        token_type: 'bearer',
      });
    });

    it('accepts the phone written differently from registration', async () => {
      const account = await register(t);
      const digits = account.phone.slice(1);
      const res = await t
        .http()
        .post('/token')
        .type('form')
        .send({ username: digits, password: account.password });
      expect(res.status).toBe(200);
    });

    it('answers the same 401 for a wrong password and an unknown phone', async () => {
      const account = await register(t);
      const wrong = await t
        .http()
        .post('/token')
        .type('form')
        .send({ username: account.phone, password: 'nope' });
      const unknown = await t
        .http()
        .post('/token')
        .type('form')
        .send({ username: uniquePhone(), password: 'nope' });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          detail: 'Incorrect email or password',
          code: 'BAD_CREDENTIALS',
        });
      }
    });

    it('answers 422 when fields are missing', async () => {
      const res = await t.http().post('/token').type('form').send({ username: '+998901234567' });
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['body', 'password']);
    });

    it('limits repeated failures for one phone with 429 and Retry-After, even for the right password', async () => {
      const account = await register(t);
      for (let i = 0; i < 5; i++) {
        const res = await t
          .http()
          .post('/token')
          .type('form')
          .send({ username: account.phone, password: 'wrong' });
        expect(res.status).toBe(401);
      }
      const limited = await t
        .http()
        .post('/token')
        .type('form')
        .send({ username: account.phone, password: account.password });
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(900);
    });

    it('limits parallel guessing for one phone: no more than 5 attempts reach the password check', async () => {
      const account = await register(t);
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          t.http().post('/token').type('form').send({ username: account.phone, password: 'wrong' }),
        ),
      );
      // Five attempts are let through to the password check; on a loaded machine one of them
      // may wait in the hash queue past PASSWORD_HASH_QUEUE_MS and be answered 503 instead.
      const statuses = results.map((r) => r.status);
      const checked = statuses.filter((s) => s === 401 || s === 503);
      expect(checked).toHaveLength(5);
      expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(1);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    });

    it('limits repeated failures from one address across many phones', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const res = await t
          .http()
          .post('/token')
          .type('form')
          .send({ username: uniquePhone(), password: 'wrong' });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
    });

    it('does not let a deactivated member sign in or refresh', async () => {
      const m = await member(t);
      await t.db.query('UPDATE users SET is_active = false WHERE id = $1', [m.id]);
      const signIn = await t
        .http()
        .post('/token')
        .type('form')
        .send({ username: m.phone, password: m.password });
      expect(signIn.status).toBe(403);
      expect(signIn.body.code).toBe('ACCOUNT_DISABLED');
      const refresh = await t
        .http()
        .post('/refresh_token')
        .query({ refresh_token: m.refresh_token });
      expect(refresh.status).toBe(401);
    });
  });

  describe('access tokens', () => {
    it('refuses a missing, tampered, foreign-signed or expired token', async () => {
      const m = await member(t);
      const [header, payload, signature] = m.access_token.split('.');
      const flipped = signature[0] === 'A' ? 'B' + signature.slice(1) : 'A' + signature.slice(1);
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: claims.sub + 1 })).toString(
        'base64url',
      );
      const foreign = await new JwtService({ secret: 'x'.repeat(40) }).signAsync({
        sub: m.id,
        sid: claims.sid,
        role: 'admin',
      });
      const expired = await new JwtService({
        secret: 'dev-only-secret-change-me-0123456789abcdef',
      }).signAsync({
        sub: m.id,
        sid: claims.sid,
        role: 'member',
        exp: Math.floor(Date.now() / 1000) - 10,
      });
      const cases = [
        undefined,
        `Bearer ${header}.${payload}.${flipped}`,
        `Bearer ${header}.${forged}.${signature}`,
        `Bearer ${foreign}`,
        `Bearer ${expired}`,
        'Bearer not-a-jwt',
      ];
      for (const authorization of cases) {
        const req = t.http().get('/users/me');
        const res = await (authorization ? req.set('Authorization', authorization) : req);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          detail: 'Could not validate credentials',
          code: 'UNAUTHORIZED',
        });
      }
    });
  });

  describe('revocation across API processes', () => {
    const sessionOf = (accessToken: string) =>
      JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).sid as string;

    it('refuses a token whose login another process revoked (published over Redis)', async () => {
      const m = await member(t);
      expect((await t.http().get('/users/me').set(m.auth)).status).toBe(200);
      const other = t.redis.duplicate();
      await other.set(`revoked-session:${sessionOf(m.access_token)}`, '1', 'EX', 900);
      await other.publish('revoked-sessions', sessionOf(m.access_token));
      await other.quit();
      let status = 200;
      for (let i = 0; i < 50 && status === 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        status = (await t.http().get('/users/me').set(m.auth)).status;
      }
      expect(status).toBe(401);
    });

    it('knows revocations written before it started', async () => {
      const m = await member(t);
      const sid = sessionOf(m.access_token);
      await t.redis.set(`revoked-session:${sid}`, '1', 'EX', 900);
      // The service alone, as a freshly started process builds it.
      const fresh = new SessionRevocationService(
        new AuthSessionsRepository(t.db),
        t.redis,
        loadConfig(),
        new SessionEnds(),
      );
      await fresh.onModuleInit();
      try {
        expect(fresh.isRevoked(sid)).toBe(true);
        expect(fresh.isRevoked('00000000-0000-0000-0000-000000000000')).toBe(false);
      } finally {
        await fresh.onApplicationShutdown();
      }
    });
  });

  describe('refresh tokens', () => {
    it('rotates: the new pair works and the old refresh token is spent', async () => {
      const m = await member(t);
      const first = await t.http().post('/refresh_token').query({ refresh_token: m.refresh_token });
      expect(first.status).toBe(200);
      expect(first.body.refresh_token).not.toBe(m.refresh_token);
      const me = await t
        .http()
        .get('/users/me')
        .set('Authorization', `Bearer ${first.body.access_token}`);
      expect(me.status).toBe(200);
      const second = await t
        .http()
        .post('/refresh_token')
        .query({ refresh_token: first.body.refresh_token });
      expect(second.status).toBe(200);
    });

    it('revokes the whole login when a used refresh token comes back', async () => {
      const m = await member(t);
      const rotated = await t
        .http()
        .post('/refresh_token')
        .query({ refresh_token: m.refresh_token });
      const reuse = await t.http().post('/refresh_token').query({ refresh_token: m.refresh_token });
      expect(reuse.status).toBe(401);
      expect(reuse.body.code).toBe('INVALID_REFRESH_TOKEN');
      const later = await t
        .http()
        .post('/refresh_token')
        .query({ refresh_token: rotated.body.refresh_token });
      expect(later.status).toBe(401);
      const me = await t
        .http()
        .get('/users/me')
        .set('Authorization', `Bearer ${rotated.body.access_token}`);
      expect(me.status).toBe(401);
    });

    it('lets only one of two parallel refreshes with the same token win', async () => {
      const m = await member(t);
      const results = await Promise.all(
        [1, 2].map(() => t.http().post('/refresh_token').query({ refresh_token: m.refresh_token })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
    });

    it('takes the token in the body (JSON or form), which wins over the query kept for older clients', async () => {
      const m = await member(t);
      const json = await t.http().post('/refresh_token').send({ refresh_token: m.refresh_token });
      expect(json.status).toBe(200);
      const form = await t
        .http()
        .post('/refresh_token')
        .type('form')
        .send({ refresh_token: json.body.refresh_token });
      expect(form.status).toBe(200);
      const both = await t
        .http()
        .post('/refresh_token')
        .query({ refresh_token: 'spent-or-not-this-one' })
        .send({ refresh_token: form.body.refresh_token });
      expect(both.status).toBe(200);
      const me = await t
        .http()
        .get('/users/me')
        .set('Authorization', `Bearer ${both.body.access_token}`);
      expect(me.status).toBe(200);
    });

    it('refuses an unknown token and answers 422 without one', async () => {
      const unknown = await t.http().post('/refresh_token').query({ refresh_token: 'nope' });
      expect(unknown.status).toBe(401);
      const unknownInBody = await t.http().post('/refresh_token').send({ refresh_token: 'nope' });
      expect([unknownInBody.status, unknownInBody.body.code]).toEqual([
        401,
        'INVALID_REFRESH_TOKEN',
      ]);
      const missing = await t.http().post('/refresh_token');
      expect(missing.status).toBe(422);
      expect(missing.body.detail[0].loc).toEqual(['body', 'refresh_token']);
      for (const body of [{ refresh_token: '' }, { refresh_token: 42 }, ['x']]) {
        const bad = await t.http().post('/refresh_token').send(body);
        expect([bad.status, bad.body.code]).toEqual([422, 'VALIDATION_ERROR']);
      }
    });

    it('refuses an expired refresh token', async () => {
      const m = await member(t);
      await t.db.query(
        `UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL AND session_id IN (SELECT id FROM auth_sessions WHERE user_id = $1)`,
        [m.id],
      );
      const res = await t.http().post('/refresh_token').query({ refresh_token: m.refresh_token });
      expect(res.status).toBe(401);
    });
  });

  describe('POST /logout', () => {
    it('ends the login: its access and refresh tokens stop working, other logins go on', async () => {
      const m = await member(t);
      const other = await login(t, m.phone, m.password);
      const res = await t.http().post('/logout').set(m.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      expect((await t.http().get('/users/me').set(m.auth)).status).toBe(401);
      expect(
        (await t.http().post('/refresh_token').query({ refresh_token: m.refresh_token })).status,
      ).toBe(401);
      expect(
        (await t.http().get('/users/me').set('Authorization', `Bearer ${other.access_token}`))
          .status,
      ).toBe(200);
    });
  });

  describe('GET /users/me', () => {
    it('returns every field of the contract', async () => {
      const inviter = await register(t);
      await setLevel(t, inviter.id, 1);
      const m = await member(t, inviter.id);
      const res = await t.http().get('/users/me').set(m.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: m.id,
        nickname: null,
        email: m.phone,
        money: 0,
        points: 0,
        points_hold: 0,
        vip_level: 0,
        vip_expire: null,
        is_active: true,
        inviter_id: inviter.id,
        team_earn: 0,
        total_earn: 0,
        role: 'member',
        has_transaction_password: false,
        mail: null,
        verification: 'none',
        recovery_hold_until: null,
      });
    });

    it('reads the membership expiry to the millisecond', async () => {
      const m = await member(t);
      // The row is read as JSON (users.repository.ts): the timestamp travels
      // as milliseconds, its microseconds dropped as pg's own parser drops them.
      await t.db.query(
        `UPDATE users SET vip_level = 3, vip_expire = '2031-05-06 12:08:09.123456+05' WHERE id = $1`,
        [m.id],
      );
      const res = await t.http().get('/users/me').set(m.auth);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ vip_level: 3, vip_expire: '2031-05-06T07:08:09.123Z' });
    });

    it('shows the seeded operator with role admin', async () => {
      const tokens = await login(t, process.env.ADMIN_PHONE!, process.env.ADMIN_PASSWORD!);
      const res = await t
        .http()
        .get('/users/me')
        .set('Authorization', `Bearer ${tokens.access_token}`);
      expect(res.body.role).toBe('admin');
    });
  });

  describe('POST /users/nickname', () => {
    it('changes the nickname and rejects a one-character one', async () => {
      const m = await member(t);
      const ok = await t.http().post('/users/nickname').set(m.auth).send({ nickname: '  Aziz ' });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ ok: true });
      expect((await t.http().get('/users/me').set(m.auth)).body.nickname).toBe('Aziz');
      const bad = await t.http().post('/users/nickname').set(m.auth).send({ nickname: 'A' });
      expect(bad.status).toBe(422);
      expect((await t.http().get('/users/me').set(m.auth)).body.nickname).toBe('Aziz');
    });
  });

  describe('POST /users/login (phone change)', () => {
    it('changes the phone and ends every login', async () => {
      const m = await member(t);
      const newPhone = uniquePhone();
      const res = await t
        .http()
        .post('/users/login')
        .set(m.auth)
        .send({ login: newPhone, password: m.password });
      expect(res.status).toBe(200);
      expect((await t.http().get('/users/me').set(m.auth)).status).toBe(401);
      expect(
        (await t.http().post('/refresh_token').query({ refresh_token: m.refresh_token })).status,
      ).toBe(401);
      const old = await t
        .http()
        .post('/token')
        .type('form')
        .send({ username: m.phone, password: m.password });
      expect(old.status).toBe(401);
      const fresh = await login(t, newPhone, m.password);
      const me = await t
        .http()
        .get('/users/me')
        .set('Authorization', `Bearer ${fresh.access_token}`);
      expect(me.body.email).toBe(newPhone);
    });

    it('refuses a phone another member has, and a malformed one', async () => {
      const a = await member(t);
      const b = await member(t);
      const taken = await t
        .http()
        .post('/users/login')
        .set(a.auth)
        .send({ login: b.phone, password: a.password });
      expect(taken.status).toBe(400);
      expect(taken.body).toEqual({
        detail: 'Email already registered',
        code: 'EMAIL_ALREADY_REGISTERED',
      });
      const bad = await t
        .http()
        .post('/users/login')
        .set(a.auth)
        .send({ login: '12', password: a.password });
      expect(bad.status).toBe(422);
      expect((await t.http().get('/users/me').set(a.auth)).body.email).toBe(a.phone);
    });

    it('needs the current password: a wrong one is 400 and a missing one 422, the phone stays', async () => {
      const m = await member(t);
      const newPhone = uniquePhone();
      const wrong = await t
        .http()
        .post('/users/login')
        .set(m.auth)
        .send({ login: newPhone, password: 'wrong1' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ detail: 'Incorrect password', code: 'INCORRECT_PASSWORD' });
      const missing = await t.http().post('/users/login').set(m.auth).send({ login: newPhone });
      expect(missing.status).toBe(422);
      expect(missing.body.detail[0].loc).toEqual(['body', 'password']);
      // The login goes on and the phone is unchanged.
      expect((await t.http().get('/users/me').set(m.auth)).body.email).toBe(m.phone);
      await login(t, m.phone, m.password);
    });

    it('limits password guessing with a stolen token: 429 after 5 failures, even for the right one', async () => {
      const m = await member(t);
      for (let i = 0; i < 5; i++) {
        const res = await t
          .http()
          .post('/users/login')
          .set(m.auth)
          .send({ login: uniquePhone(), password: `wrong${i}` });
        expect(res.status).toBe(400);
      }
      const limited = await t
        .http()
        .post('/users/login')
        .set(m.auth)
        .send({ login: uniquePhone(), password: m.password });
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await t.http().get('/users/me').set(m.auth)).body.email).toBe(m.phone);
      // The password-change form counts against the same allowance.
      const password = await t
        .http()
        .post('/users/password')
        .set(m.auth)
        .send({ old_password: m.password, new_password: 'newpass1' });
      expect(password.status).toBe(429);
    });
  });

  describe('POST /users/password', () => {
    it('refuses a wrong old password and keeps the old one', async () => {
      const m = await member(t);
      const res = await t
        .http()
        .post('/users/password')
        .set(m.auth)
        .send({ old_password: 'wrong1', new_password: 'newpass1' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Incorrect password', code: 'INCORRECT_PASSWORD' });
      await login(t, m.phone, m.password);
    });

    it('changes the password, keeps this login and ends the others', async () => {
      const m = await member(t);
      const other = await login(t, m.phone, m.password);
      const res = await t
        .http()
        .post('/users/password')
        .set(m.auth)
        .send({ old_password: m.password, new_password: 'newpass1' });
      expect(res.status).toBe(200);
      expect((await t.http().get('/users/me').set(m.auth)).status).toBe(200);
      expect(
        (await t.http().get('/users/me').set('Authorization', `Bearer ${other.access_token}`))
          .status,
      ).toBe(401);
      expect(
        (await t.http().post('/refresh_token').query({ refresh_token: other.refresh_token }))
          .status,
      ).toBe(401);
      const oldPassword = await t
        .http()
        .post('/token')
        .type('form')
        .send({ username: m.phone, password: m.password });
      expect(oldPassword.status).toBe(401);
      await login(t, m.phone, 'newpass1');
    });

    it('answers 422 for a too-short new password', async () => {
      const m = await member(t);
      const res = await t
        .http()
        .post('/users/password')
        .set(m.auth)
        .send({ old_password: m.password, new_password: 'x' });
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['body', 'new_password']);
    });
  });
});
