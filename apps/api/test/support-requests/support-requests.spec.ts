import { TestApp, member, operator, startApp, uniquePhone } from '../support/harness';
import { demoteStaff, staffMember } from '../support/staff';

type Item = {
  id: number;
  phone: string;
  topic: string;
  message: string;
  lang: string;
  sent_by: number | null;
  account_id: number | null;
  status: string;
  closed_by: number | null;
};

/**
 * Issue 39: with no support link set, and for a member locked out without a
 * mailbox, there is still a way to a person: a request, signed in or out,
 * that waits in the console's support queue until an operator closes it.
 */
describe('support requests: a way to a person out of the box', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let support: Awaited<ReturnType<typeof staffMember>>;
  let finance: Awaited<ReturnType<typeof staffMember>>;

  beforeAll(async () => {
    t = await startApp({ SUPPORT_REQUESTS_PER_HOUR: '0' });
    admin = await operator(t);
    support = await staffMember(t, 'support');
    finance = await staffMember(t, 'finance');
  });
  afterAll(async () => {
    const seeded = (await t.http().get('/users/me').set(admin)).body.id;
    await demoteStaff(t, seeded);
    await t.close();
  });

  const send = (body: object, headers: Record<string, string> = {}) =>
    t.http().post('/support/requests').set(headers).send(body);
  const open = async (): Promise<Item[]> => {
    const res = await t.http().get('/admin/support_requests?status=open').set(support.auth);
    expect(res.status).toBe(200);
    return res.body;
  };

  it('takes a locked-out member’s request signed out, in their language, and shows it to support', async () => {
    const m = await member(t);
    const res = await send(
      { phone: m.phone, topic: 'password', message: '  Parolni unutdim, pochta bogʻlanmagan.  ' },
      { 'Accept-Language': 'uz' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number), status: 'open' });
    const item = (await open()).find((i) => i.id === res.body.id);
    expect(item).toMatchObject({
      phone: m.phone,
      topic: 'password',
      message: 'Parolni unutdim, pochta bogʻlanmagan.',
      lang: 'uz',
      // Sent signed out: the phone's account is named, but nothing proves it was its owner.
      sent_by: null,
      account_id: m.id,
      status: 'open',
    });
    // The console counts it for those who work the queue only.
    expect((await t.http().get('/admin/queues').set(support.auth)).body.support).toBeGreaterThan(0);
    expect((await t.http().get('/admin/queues').set(finance.auth)).body.support).toBeNull();
  });

  it('names the member who sent it signed in; a phone of nobody names no account', async () => {
    const m = await member(t);
    const signedIn = await send(
      { phone: m.phone, topic: 'money', message: 'My withdrawal waits since Monday' },
      m.auth,
    );
    const stranger = await send({ phone: uniquePhone(), topic: 'other', message: 'Hello' });
    // A stale or forged token is no reason to lose the request: it counts as signed out.
    const forged = await send(
      { phone: m.phone, topic: 'other', message: 'Hello again' },
      { Authorization: 'Bearer nonsense' },
    );
    const items = await open();
    expect(items.find((i) => i.id === signedIn.body.id)).toMatchObject({ sent_by: m.id });
    expect(items.find((i) => i.id === stranger.body.id)).toMatchObject({
      sent_by: null,
      account_id: null,
    });
    expect(items.find((i) => i.id === forged.body.id)).toMatchObject({
      sent_by: null,
      account_id: m.id,
    });
  });

  it('refuses what cannot be answered: no phone to call back, no words, an unknown topic', async () => {
    for (const body of [
      { phone: 'not a phone', topic: 'other', message: 'x' },
      { phone: uniquePhone(), topic: 'other', message: '   ' },
      { phone: uniquePhone(), topic: 'bribe', message: 'x' },
      { phone: uniquePhone(), topic: 'other', message: 'x'.repeat(2001) },
    ]) {
      const res = await send(body);
      expect([res.status, res.body.code]).toEqual([422, 'VALIDATION_ERROR']);
    }
  });

  it('is closed by support or an admin, audited once; members and finance cannot read it', async () => {
    const m = await member(t);
    const { id } = (await send({ phone: m.phone, topic: 'other', message: 'Thanks' })).body;
    expect((await t.http().get('/admin/support_requests').set(m.auth)).status).toBe(403);
    expect((await t.http().get('/admin/support_requests').set(finance.auth)).status).toBe(403);
    const closed = await t.http().post(`/admin/support_requests/${id}/close`).set(support.auth);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ id, status: 'closed', closed_by: support.id });
    const again = await t.http().post(`/admin/support_requests/${id}/close`).set(admin);
    expect(again.body).toMatchObject({ status: 'closed', closed_by: support.id });
    const audits = await t.db.query(
      `SELECT actor_id FROM audit_log WHERE action = 'support.close' AND details->>'request_id' = $1`,
      [String(id)],
    );
    expect(audits).toEqual([{ actor_id: support.id }]);
    expect((await open()).some((i) => i.id === id)).toBe(false);
    const closedList = await t
      .http()
      .get('/admin/support_requests?status=closed')
      .set(support.auth);
    expect(closedList.body.some((i: Item) => i.id === id)).toBe(true);
    expect((await t.http().post('/admin/support_requests/999999/close').set(admin)).status).toBe(
      404,
    );
  });
});

describe('support requests: at most SUPPORT_REQUESTS_PER_HOUR per phone and per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ SUPPORT_REQUESTS_PER_HOUR: '2' });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After past the limit, for the phone and for the address', async () => {
    const phone = uniquePhone();
    const send = (to: string) =>
      t.http().post('/support/requests').send({ phone: to, topic: 'other', message: 'Help' });
    expect((await send(phone)).status).toBe(200);
    expect((await send(phone)).status).toBe(200);
    const third = await send(phone);
    expect([third.status, third.body.code]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // Another phone from the same address: the address has used its two as well.
    expect((await send(uniquePhone())).status).toBe(429);
  });
});
