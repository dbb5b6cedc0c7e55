import { loadConfig } from '../../src/config/config';
import { newAuditSigningKey } from '../../src/config/audit-signing-key';
import { TestApp, adjust, member, operator, startApp } from '../support/harness';

const DEV_SECRET = 'dev-only-secret-change-me-0123456789abcdef';

describe('security: bad input is a 422, never a 500', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startApp();
    admin = await operator(t);
  });
  afterAll(() => t.close());

  const expectNul = (res: {
    status: number;
    body: { code: string; detail: { type: string }[] };
  }) => {
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.detail[0].type).toBe('value_error.nul');
  };

  it('refuses malformed Unicode (a lone surrogate) in any text or key, which PostgreSQL cannot store', async () => {
    const m = await member(t);
    for (const res of [
      await t.http().post('/users/nickname').set(m.auth).send({ nickname: 'ab\ud800cd' }),
      await t.http().put('/admin/settings').set(admin).send({
        card: '\udc00',
        main_message: '',
        main_message_ru: '',
        main_message_en: '',
        main_message_uz: '',
      }),
      await t
        .http()
        .post('/admin/messages')
        .set(admin)
        .send({ title_ru: 'x', description_ru: 'y', ['k\ud800']: 1 }),
    ]) {
      expect([res.status, res.body.code, res.body.detail[0].type]).toEqual([
        422,
        'VALIDATION_ERROR',
        'value_error.unicode',
      ]);
    }
    // A well-formed pair (an emoji) is fine.
    await t.http().post('/users/nickname').set(m.auth).send({ nickname: 'ab😀cd' }).expect(200);
  });

  it('refuses a NUL byte in any text field, before sign-in too', async () => {
    expectNul(await t.http().post('/token').type('form').send('username=%00abc&password=secret12'));
    const m = await member(t);
    expectNul(await t.http().post('/users/nickname').set(m.auth).send({ nickname: 'ab\u0000cd' }));
    expectNul(
      await t
        .http()
        .post(`/admin/users/${m.id}/adjust`)
        .set(admin)
        .send({ account: 'money', amount: 1, reason: 'bad\u0000reason' }),
    );
    expectNul(
      await t
        .http()
        .post('/users/')
        .send({ email: '+998901234567', password: 'secret12', ['in\u0000vite']: 1 }),
    );
    const audit = await t.http().get('/admin/audit').query({ limit: 5 }).set(admin);
    expect(JSON.stringify(audit.body)).not.toContain('bad');
  });

  it.each(['1e20', '9223372036854775807', '1e300', '9007199254740992'])(
    'refuses a paging cursor of %s',
    async (before) => {
      const m = await member(t);
      const balance = await t.http().get('/balance').query({ before }).set(m.auth);
      expect(balance.status).toBe(422);
      expect(balance.body.detail[0].loc).toEqual(['query', 'before']);
      const audit = await t.http().get('/admin/audit').query({ before }).set(admin);
      expect(audit.status).toBe(422);
    },
  );

  it('still pages with the largest safe cursor', async () => {
    const m = await member(t);
    await adjust(t, admin, m.id, 1);
    const res = await t.http().get('/balance').query({ before: '9007199254740991' }).set(m.auth);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
  });

  it('refuses a deeply nested body cheaply, without a token', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const body = `{"email":"+998901234567","password":"secret12","invite_code":${deep}}`;
    const res = await t.http().post('/users/').set('Content-Type', 'application/json').send(body);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].type).toBe('value_error.depth');
    const shallow = { a: { b: { c: 1 } } };
    const ok = await t
      .http()
      .post('/users/')
      .send({ email: '+998901234568', password: 'x', extra: shallow });
    expect(ok.status).toBe(422);
    expect(ok.body.detail[0].loc).toEqual(['body', 'password']);
  });
});

describe('security: the development JWT secret never leaves loopback', () => {
  const env = (extra: Record<string, string>) => ({ NODE_ENV: 'development', ...extra });

  it('refuses the development secret on a public address, in development too', () => {
    expect(() => loadConfig(env({ API_HOST: '0.0.0.0' }))).toThrow(/JWT_SECRET/);
    expect(() => loadConfig(env({ API_HOST: '0.0.0.0', JWT_SECRET: DEV_SECRET }))).toThrow(
      /loopback/,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: DEV_SECRET,
        ADMIN_PHONE: '+998900000001',
        ADMIN_PASSWORD: 'long-enough',
        API_HOST: '127.0.0.1',
      }),
    ).toThrow(/JWT_SECRET/);
  });

  it('accepts it on loopback in development, and any own secret anywhere', () => {
    expect(loadConfig(env({})).API_HOST).toBe('127.0.0.1');
    expect(loadConfig(env({ API_HOST: 'localhost' })).JWT_SECRET).toBe(DEV_SECRET);
    expect(loadConfig(env({ API_HOST: '0.0.0.0', JWT_SECRET: 'a'.repeat(40) })).API_HOST).toBe(
      '0.0.0.0',
    );
  });

  it('serves /docs by default except in production, where API_DOCS turns it on', () => {
    expect(loadConfig(env({})).API_DOCS).toBe(true);
    expect(loadConfig(env({ API_DOCS: 'false' })).API_DOCS).toBe(false);
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'b'.repeat(40),
      ADMIN_PHONE: '+998900000001',
      ADMIN_PASSWORD: 'long-enough',
      AUDIT_SIGNING_KEY: newAuditSigningKey(),
    };
    expect(loadConfig(production).API_DOCS).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).API_DOCS).toBe(true);
  });
});
