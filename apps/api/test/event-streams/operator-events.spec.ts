import type { AddressInfo } from 'node:net';
import { Member, TestApp, member, operator, setCardNumber, startApp } from '../support/harness';
import { SseStream, openSse } from '../support/sse';
import { demoteStaff, staffMember } from '../support/staff';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The console's live counts: an item arriving in an operator queue on one
 * API process reaches operators' streams on another through Redis, as a
 * `queue` event for the roles that work that queue only; GET /admin/queues
 * counts what waits.
 */
describe('operators hear of their queues live; GET /admin/queues counts them', () => {
  let t: TestApp;
  let other: TestApp;
  let admin: Record<string, string>;
  let adminId: number;
  let finance: Member;
  let support: Member;
  let base: string;
  let otherBase: string;
  const open: SseStream[] = [];

  const listen = async (app: TestApp) => {
    await app.app.listen(0, '127.0.0.1');
    return `http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}`;
  };
  const stream = async (token: string, via: string, query: Record<string, string> = {}) => {
    const url = new URL('/users/me/events', via);
    const ticket = await t
      .http()
      .post('/users/me/events/ticket')
      .set({ Authorization: `Bearer ${token}` })
      .expect(200);
    url.searchParams.set('ticket', ticket.body.ticket);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const opened = await openSse(url.toString());
    open.push(opened);
    expect(opened.status).toBe(200);
    return opened;
  };
  const json = (e: { data: string }) => JSON.parse(e.data);
  const counts = async (auth: Record<string, string>) =>
    (await t.http().get('/admin/queues').set(auth).expect(200)).body;

  beforeAll(async () => {
    t = await startApp({ EVENTS_HEARTBEAT_SECONDS: '1' });
    admin = await operator(t);
    adminId = (await t.http().get('/users/me').set(admin)).body.id;
    finance = await staffMember(t, 'finance');
    support = await staffMember(t, 'support');
    await setCardNumber(t, admin, '8600 0000 1111 2222');
    base = await listen(t);
    other = await startApp({ EVENTS_HEARTBEAT_SECONDS: '1' });
    otherBase = await listen(other);
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  afterAll(async () => {
    await demoteStaff(t, adminId);
    await other.close();
    await t.close();
  });

  it('a card deposit sent through another process reaches finance live, not support; counts follow', async () => {
    const m = await member(t);
    const before = await counts(finance.auth);
    expect(before).toEqual({
      withdrawals: expect.any(Number),
      card_deposits: expect.any(Number),
      verifications: null,
      reports: null,
      support: null,
      held_deposits: expect.any(Number),
      deposit_gaps: expect.any(Number),
    });
    const financeStream = await stream(finance.access_token, base);
    const supportStream = await stream(support.access_token, base);
    const memberStream = await stream(m.access_token, base);
    const sent = await other
      .http()
      .post('/card/deposits')
      .set(m.auth)
      .field('currency', 'USD')
      .field('amount', '5')
      .attach('receipt', PNG, 'r.png');
    expect(sent.status).toBe(200);
    const [row] = await t.db.query(`SELECT id FROM card_deposits WHERE record_id = $1`, [
      sent.body.id,
    ]);
    const event = await financeStream.next((e) => e.event === 'queue');
    expect(json(event)).toEqual({ queue: 'card_deposits', id: Number(row.id) });
    // Operators' event ids carry their place in the staff stream too.
    expect(event.id).toMatch(/^\d+-\d+_\d+-\d+_\d+-\d+$/);
    expect((await counts(finance.auth)).card_deposits).toBe(before.card_deposits + 1);

    // Deciding takes it out of the queue: finance hears of that too.
    await t
      .http()
      .post(`/admin/card_deposits/${row.id}/reject`)
      .set(finance.auth)
      .send({ reason: 'unreadable' })
      .expect(200);
    expect(json(await financeStream.next((e) => e.event === 'queue'))).toEqual({
      queue: 'card_deposits',
      id: Number(row.id),
    });
    expect((await counts(finance.auth)).card_deposits).toBe(before.card_deposits);

    // Support works other queues, and members have no queues at all.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(supportStream.events.filter((e) => e.event === 'queue')).toEqual([]);
    expect(memberStream.events.filter((e) => e.event === 'queue')).toEqual([]);
    expect(memberStream.events.every((e) => /^\d+-\d+_\d+-\d+$/.test(e.id ?? ''))).toBe(true);
    expect((await t.http().get('/admin/queues').set(m.auth)).status).toBe(403);
  });

  it('a reported post reaches support live, not finance; hiding it takes it off the count', async () => {
    const author = await member(t);
    const reader = await member(t);
    const post = await t.http().post('/moments').set(author.auth).field('text', 'Look at this');
    expect(post.status).toBe(200);
    const before = await counts(support.auth);
    expect(before).toMatchObject({ withdrawals: null, card_deposits: null });
    const supportStream = await stream(support.access_token, otherBase);
    const financeStream = await stream(finance.access_token, otherBase);
    await t
      .http()
      .post(`/moments/${post.body.id}/report`)
      .set(reader.auth)
      .send({ reason: 'spam' })
      .expect(200);
    expect(json(await supportStream.next((e) => e.event === 'queue'))).toEqual({
      queue: 'reports',
      id: post.body.id,
    });
    expect((await counts(support.auth)).reports).toBe(before.reports + 1);
    await t.http().post(`/admin/moments/${post.body.id}/hide`).set(support.auth).expect(200);
    await supportStream.next((e) => e.event === 'queue');
    expect((await counts(support.auth)).reports).toBe(before.reports);
    expect(financeStream.events.filter((e) => e.event === 'queue')).toEqual([]);
  });

  it('a request to support reaches support live, not finance; closing it takes it off the count', async () => {
    const before = await counts(support.auth);
    const supportStream = await stream(support.access_token, otherBase);
    const financeStream = await stream(finance.access_token, otherBase);
    const sent = await t
      .http()
      .post('/support/requests')
      .send({ phone: '+998901112233', topic: 'password', message: 'Locked out' })
      .expect(200);
    expect(json(await supportStream.next((e) => e.event === 'queue'))).toEqual({
      queue: 'support',
      id: sent.body.id,
    });
    expect((await counts(support.auth)).support).toBe(before.support + 1);
    await t
      .http()
      .post(`/admin/support_requests/${sent.body.id}/close`)
      .set(support.auth)
      .expect(200);
    await supportStream.next((e) => e.event === 'queue');
    expect((await counts(support.auth)).support).toBe(before.support);
    expect(financeStream.events.filter((e) => e.event === 'queue')).toEqual([]);
  });

  it('an operator resumes with a three-part Last-Event-ID and gets what arrived meanwhile', async () => {
    const first = await stream(admin.Authorization.slice(7), base);
    const m = await member(t);
    const send = () =>
      t
        .http()
        .post('/card/deposits')
        .set(m.auth)
        .field('currency', 'USD')
        .field('amount', '1')
        .attach('receipt', PNG, 'r.png')
        .expect(200);
    await send();
    const seen = await first.next((e) => e.event === 'queue');
    first.close();
    await send();
    const resumed = await stream(admin.Authorization.slice(7), otherBase, {
      last_event_id: seen.id!,
    });
    const missed = await resumed.next((e) => e.event === 'queue');
    expect(json(missed).queue).toBe('card_deposits');
    expect(json(missed).id).not.toBe(json(seen).id);
  });
});
