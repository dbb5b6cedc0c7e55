import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  type Member,
  type TestApp,
  adjust,
  login,
  member,
  operator,
  startApp,
} from '../support/harness';
import { type SseStream, openSse } from '../support/sse';
import { staffMember } from '../support/staff';

/** Contract section 11: a stream closes within 5 s of its login's end. */
const WITHIN_MS = 5_000;

/**
 * GET /users/me/events on two listening API processes: EventSource opens it
 * with a one-use ticket (never a token in the URL), and an open stream ends
 * within 5 s of its login's end, whichever process the end happens on:
 * logout, deactivation, role change, password change, an operator's "end
 * logins". Another member's stream stays open and keeps delivering.
 */
describe('event streams: one-use tickets, and closed when the login ends', () => {
  let t: TestApp;
  let other: TestApp;
  let admin: Record<string, string>;
  let base: string;
  let otherBase: string;
  const open: SseStream[] = [];

  const listen = async (app: TestApp) => {
    await app.app.listen(0, '127.0.0.1');
    return `http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}`;
  };
  const ticketFor = async (m: { auth: Record<string, string> }, app = t) => {
    const res = await app.http().post('/users/me/events/ticket').set(m.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    return res.body.ticket as string;
  };
  /** A stream as EventSource opens it: a ticket asked of one process, the stream of another. */
  const streamOf = async (m: { auth: Record<string, string> }, via = otherBase) => {
    const url = new URL('/users/me/events', via);
    url.searchParams.set('ticket', await ticketFor(m));
    const stream = await openSse(url.toString());
    open.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  };
  const endsWithin = async (stream: SseStream, ms = WITHIN_MS) => {
    const started = Date.now();
    const ended = await Promise.race([
      stream.closed.then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), ms)),
    ]);
    return ended ? Date.now() - started : null;
  };
  /** Still open: it delivers the bystander's next balance change. */
  const stillDelivers = async (stream: SseStream, m: Member) => {
    await adjust(t, admin, m.id, 1);
    const balance = await stream.next((e) => e.event === 'balance', 5_000);
    expect(JSON.parse(balance.data)).toMatchObject({ money: expect.any(Number) });
  };

  beforeAll(async () => {
    // Keep-alives (and the stream's own check of its login on each) far apart:
    // what closes the streams here is the notice of the login's end.
    const settings = { EVENTS_HEARTBEAT_SECONDS: '25' };
    t = await startApp(settings);
    admin = await operator(t);
    base = await listen(t);
    // A second API process on the same database and Redis (startApp would flush Redis).
    other = await startApp(settings);
    otherBase = await listen(other);
  });
  afterEach(() => {
    for (const stream of open.splice(0)) stream.close();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  describe('tickets', () => {
    it('opens a stream once with a ticket from any process; a reused, forged or expired one is 401', async () => {
      const m = await member(t);
      const ticket = await ticketFor(m);
      const url = `${otherBase}/users/me/events?ticket=${ticket}`;
      const first = await openSse(url);
      open.push(first);
      expect(first.status).toBe(200);
      await adjust(t, admin, m.id, 3);
      expect(JSON.parse((await first.next((e) => e.event === 'balance')).data)).toMatchObject({
        money: 3,
      });

      const again = await openSse(url);
      expect([again.status, again.body]).toEqual([
        401,
        { detail: 'The stream ticket is unknown, used or expired', code: 'UNAUTHORIZED' },
      ]);
      const forged = await openSse(`${base}/users/me/events?ticket=${'A'.repeat(43)}`);
      expect([forged.status, (forged.body as { code: string }).code]).toEqual([
        401,
        'UNAUTHORIZED',
      ]);

      // Valid 60 s: kept in Redis (by its hash) that long, then gone.
      const late = await ticketFor(m);
      const key = `events:ticket:${createHash('sha256').update(late).digest('hex')}`;
      const ttl = await t.redis.pttl(key);
      expect(ttl).toBeGreaterThan(55_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
      // Sixty seconds pass.
      await t.redis.pexpire(key, 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const expired = await openSse(`${base}/users/me/events?ticket=${late}`);
      expect([expired.status, (expired.body as { code: string }).code]).toEqual([
        401,
        'UNAUTHORIZED',
      ]);
    });

    it('no longer takes the access token in the URL; the Authorization header still works', async () => {
      const m = await member(t);
      const inUrl = await openSse(`${base}/users/me/events?access_token=${m.access_token}`);
      expect([inUrl.status, (inUrl.body as { code: string }).code]).toEqual([401, 'UNAUTHORIZED']);
      const header = await openSse(`${base}/users/me/events`, {
        authorization: `Bearer ${m.access_token}`,
      });
      open.push(header);
      expect(header.status).toBe(200);
      // Asking for a ticket takes a signed-in member.
      expect((await t.http().post('/users/me/events/ticket')).status).toBe(401);
    });

    it('refuses a ticket whose login ended before it was used', async () => {
      const m = await member(t);
      const ticket = await ticketFor(m);
      await t.http().post('/logout').set(m.auth).expect(200);
      const res = await openSse(`${otherBase}/users/me/events?ticket=${ticket}`);
      expect([res.status, (res.body as { code: string }).code]).toEqual([401, 'UNAUTHORIZED']);
    });
  });

  describe('a stream ends within 5 s of its login ending, on every process', () => {
    it('logout: that login’s stream ends, the member’s other login and another member keep theirs', async () => {
      const m = await member(t);
      const otherLogin = await login(t, m.phone, m.password);
      const otherAuth = { auth: { Authorization: `Bearer ${otherLogin.access_token}` } };
      const bystander = await member(t);
      const ending = await streamOf(m);
      const sameMember = await streamOf(otherAuth, base);
      const kept = await streamOf(bystander);

      await t.http().post('/logout').set(m.auth).expect(200);
      expect(await endsWithin(ending)).not.toBeNull();
      await stillDelivers(kept, bystander);
      await adjust(t, admin, m.id, 1);
      await sameMember.next((e) => e.event === 'balance', 5_000);
    });

    it('deactivation by an operator ends every stream of the account', async () => {
      const m = await member(t);
      const bystander = await member(t);
      const ending = [await streamOf(m), await streamOf(m, base)];
      const kept = await streamOf(bystander);

      await t.http().post(`/admin/users/${m.id}/deactivate`).set(admin).expect(200);
      for (const stream of ending) expect(await endsWithin(stream)).not.toBeNull();
      await stillDelivers(kept, bystander);
    });

    it('a role change ends the operator’s streams (they reopen with the new role)', async () => {
      const support = await staffMember(t, 'support');
      const bystander = await staffMember(t, 'support');
      const ending = await streamOf(support);
      const kept = await streamOf(bystander);

      const changed = await t
        .http()
        .post(`/admin/users/${support.id}/role`)
        .set(admin)
        .send({ role: 'member' });
      expect(changed.status).toBe(200);
      expect(await endsWithin(ending)).not.toBeNull();
      await stillDelivers(kept, bystander);
      await t.db.query(`UPDATE users SET role = 'member' WHERE id = $1`, [bystander.id]);
    });

    it('a password change ends the other logins’ streams; the login that changed it keeps its own', async () => {
      const m = await member(t);
      const changer = await login(t, m.phone, m.password);
      const changerAuth = { Authorization: `Bearer ${changer.access_token}` };
      const bystander = await member(t);
      const ending = await streamOf(m);
      const changerStream = await streamOf({ auth: changerAuth }, base);
      const kept = await streamOf(bystander);

      await t
        .http()
        .post('/users/password')
        .set(changerAuth)
        .send({ old_password: m.password, new_password: 'changed-pw-1' })
        .expect(200);
      expect(await endsWithin(ending)).not.toBeNull();
      await stillDelivers(kept, bystander);
      await adjust(t, admin, m.id, 1);
      await changerStream.next((e) => e.event === 'balance', 5_000);
    });

    it('an operator’s “end logins” ends every stream of the member', async () => {
      const m = await member(t);
      const bystander = await member(t);
      const ending = await streamOf(m);
      const kept = await streamOf(bystander);

      await t.http().post(`/admin/users/${m.id}/end_logins`).set(admin).expect(200);
      expect(await endsWithin(ending)).not.toBeNull();
      await stillDelivers(kept, bystander);
    });
  });
});
