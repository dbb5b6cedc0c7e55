import { Logger } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TestApp, login, register, startApp, uniquePhone } from '../support/harness';

/**
 * The API's JSON log, captured from the real app: one completion line per
 * request with its id, the member where known, and no secret of any request.
 */
describe('logs: JSON lines with request ids, members, and no secrets', () => {
  let t: TestApp;
  const lines: string[] = [];
  const destination = { write: (chunk: string) => void lines.push(...chunk.split('\n')) };

  beforeAll(async () => {
    t = await startApp({ LOG_LEVEL: 'info' }, { logDestination: destination });
  });
  afterAll(() => t.close());

  const entries = () =>
    lines.filter(Boolean).map((line) => JSON.parse(line) as Record<string, any>);
  const completions = () => entries().filter((e) => e.res && e.responseTime !== undefined);

  it('logs every request once with its id, status, duration and member, redacting secrets', async () => {
    const password = 'Pw-of-member-7731';
    const newPassword = 'Pw-changed-9142';
    const resetCode = '739154';
    const account = await register(t, uniquePhone(), password);
    const tokens = await login(t, account.phone, password);
    const auth = { Authorization: `Bearer ${tokens.access_token}` };

    // A request carrying passwords in its body.
    const changed = await t
      .http()
      .post('/users/password')
      .set(auth)
      .send({ old_password: password, new_password: newPassword });
    expect(changed.status).toBe(200);
    // The refresh token travels in the body, as the web client sends it...
    const refreshed = await t
      .http()
      .post('/refresh_token')
      .send({ refresh_token: tokens.refresh_token });
    expect(refreshed.status).toBe(200);
    // ...or, from an older client, in the query string.
    const refreshedByQuery = await t
      .http()
      .post('/refresh_token')
      .query({ refresh_token: refreshed.body.refresh_token });
    expect(refreshedByQuery.status).toBe(200);
    // A stream ticket travels in the URL (EventSource sends no headers); this
    // one's login ends before it is used, so the request is answered (401).
    const other = await login(t, account.phone, newPassword);
    const otherAuth = { Authorization: `Bearer ${other.access_token}` };
    const ticket = await t.http().post('/users/me/events/ticket').set(otherAuth);
    expect(ticket.status).toBe(200);
    await t.http().post('/logout').set(otherAuth).expect(200);
    const spent = await t
      .http()
      .get('/users/me/events')
      .query({ ticket: ticket.body.ticket, last_event_id: '1-0_0-0' });
    expect(spent.status).toBe(401);
    // A code-bearing request (the code is wrong; what matters is where it goes).
    const reset = await t
      .http()
      .post('/password/reset')
      .send({ email: account.phone, code: resetCode, password: 'Pw-reset-5520' });
    expect(reset.status).toBeGreaterThanOrEqual(400);

    // A client's request id is echoed and logged; the member is named.
    const traced = await t
      .http()
      .get('/users/me')
      .set({ Authorization: `Bearer ${refreshed.body.access_token}` })
      .set('X-Request-Id', 'trace-obs-0001');
    expect(traced.status).toBe(200);
    expect(traced.headers['x-request-id']).toBe('trace-obs-0001');
    // Whatever a client puts in its user agent stays inside one JSON string.
    const agent = 'probe "quoted" \\ back\\slash {"level":60} caf\u00e9';
    await t.http().get('/site').set('User-Agent', agent).set('X-Request-Id', 'trace-obs-ua');
    // An unreasonable one is replaced by a generated id.
    const forged = await t
      .http()
      .get('/packages')
      .set('X-Request-Id', `a b ${'x'.repeat(100)}`);
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    // A line the app writes while a request runs carries that request's id
    // (here the mail outbox saying it queued the code's mail for the worker).
    const mailed = await t
      .http()
      .post('/users/mail/code')
      .set({ Authorization: `Bearer ${refreshed.body.access_token}` })
      .set('X-Request-Id', 'trace-obs-0002')
      .send({ mail: 'member-7731@example.com' });
    expect(mailed.status).toBe(200);
    const during = entries().filter((e) => e.req?.id === 'trace-obs-0002' && !e.res);
    expect(during.map((e) => e.msg)).toEqual([
      expect.stringMatching(/^mail \d+ \(mail_bind\) queued$/),
    ]);
    // A line written outside any request has no request id.
    new Logger('LogsTest').log('outside any request');
    const outside = entries().find((e) => e.msg === 'outside any request');
    expect(outside).toMatchObject({ context: 'LogsTest' });
    expect(outside!.req).toBeUndefined();

    const done = completions();
    // register, 2 token, password, 2 refresh_token, ticket, logout, events, reset, users/me, packages, mail code
    expect(done.length).toBeGreaterThanOrEqual(13);
    for (const entry of done) {
      expect(typeof entry.req?.id).toBe('string');
      expect(entry.req.id.length).toBeGreaterThan(0);
      expect(typeof entry.res.statusCode).toBe('number');
      expect(typeof entry.responseTime).toBe('number');
    }
    // pino's own fields come first, the message last, on every completion line.
    for (const entry of done) {
      expect(Object.keys(entry).slice(0, 4)).toEqual(['level', 'time', 'pid', 'hostname']);
      expect(Object.keys(entry).at(-1)).toBe('msg');
      expect(entry).toMatchObject({ pid: process.pid, msg: 'request completed' });
      expect(Math.abs(Date.now() - entry.time)).toBeLessThan(60_000);
      const status = entry.res.statusCode;
      expect(entry.level).toBe(status >= 500 ? 50 : status >= 400 ? 40 : 30);
    }
    expect(done.find((e) => e.req.url === '/password/reset')!.level).toBe(40);
    expect(done.find((e) => e.req.id === 'trace-obs-ua')).toMatchObject({
      level: 30,
      req: { userAgent: agent, url: '/site' },
    });
    const me = done.find((e) => e.req.id === 'trace-obs-0001');
    expect(me).toMatchObject({ req: { method: 'GET', url: '/users/me' }, memberId: account.id });
    // Headers are not logged at all, so the bearer token cannot be.
    expect(me!.req.headers).toBeUndefined();
    const refreshes = done.filter((e) => e.req.url.startsWith('/refresh_token'));
    expect(refreshes.map((e) => e.req.url)).toEqual([
      '/refresh_token',
      '/refresh_token?refresh_token=%5BRedacted%5D',
    ]);
    expect(done.find((e) => e.req.url.startsWith('/users/me/events?'))!.req.url).toBe(
      '/users/me/events?ticket=%5BRedacted%5D&last_event_id=1-0_0-0',
    );
    expect(done.find((e) => e.req.url === '/packages')!.req.id).toBe(
      forged.headers['x-request-id'],
    );

    const text = lines.join('\n');
    for (const secret of [
      password,
      newPassword,
      'Pw-reset-5520',
      tokens.access_token,
      tokens.refresh_token,
      refreshed.body.access_token,
      refreshed.body.refresh_token,
      refreshedByQuery.body.refresh_token,
      other.access_token,
      other.refresh_token,
      ticket.body.ticket,
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(new RegExp(`\\b${resetCode}\\b`));
  });

  it("the web image's nginx logs no query string (a stream ticket, an older client's refresh token)", () => {
    const conf = readFileSync(join(__dirname, '../../../web/nginx.conf'), 'utf8').replace(
      /#.*$/gm,
      '',
    );
    const formats = new Map(
      [...conf.matchAll(/log_format\s+(\S+)\s+((?:'[^']*'\s*)+);/g)].map((m) => [m[1], m[2]]),
    );
    expect(formats.size).toBeGreaterThan(0);
    for (const [name, format] of formats) {
      // $request is the request line with its query; $request_uri, $args and friends carry it too.
      expect({
        name,
        leaks: format.match(/\$(request|request_uri|args|query_string|arg_\w+|http_referer)\b/g),
      }).toEqual({
        name,
        leaks: null,
      });
    }
    // Every access log names one of those formats (the image's own `main` logs `$request`).
    const logs = [...conf.matchAll(/access_log\s+([^;]+);/g)].map((m) => m[1].trim().split(/\s+/));
    expect(logs.length).toBeGreaterThan(0);
    for (const [path, format] of logs) {
      if (path === 'off') continue;
      expect(formats.has(format)).toBe(true);
    }
    // Set on the server itself, so no location falls back to the image's http-level format.
    const server = conf.slice(conf.indexOf('server {'));
    expect(server.slice(0, server.indexOf('location'))).toMatch(/access_log\s+\S+\s+\S+;/);
  });
});
