import { INestApplicationContext } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { deriveTronAddress } from '@app/domain';
import { streamKeyOf } from '../../src/infra/events/member-events.service';
import { eventually } from '../support/eventually';
import {
  Member,
  TestApp,
  adjust,
  expectLedgerSound,
  member,
  operator,
  setLevel,
  startApp,
} from '../support/harness';
import { SseStream, openSse } from '../support/sse';
import {
  TEST_WALLET,
  TronTestNode,
  startTronNode,
  startWorker,
  tronSettings,
} from '../support/tron';

const USDT = 1_000_000n;
const OUTSIDE = 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16';

/**
 * GET /users/me/events against listening API processes: events published by
 * the real worker and by another API process reach the member's stream
 * through Redis; a reconnecting client resumes with Last-Event-ID.
 */
describe('GET /users/me/events: live events over Server-Sent Events', () => {
  let tron: TronTestNode;
  let t: TestApp;
  let other: TestApp;
  let worker: INestApplicationContext;
  let admin: Record<string, string>;
  let base: string;
  let otherBase: string;
  const open: SseStream[] = [];

  const listen = async (app: TestApp) => {
    await app.app.listen(0, '127.0.0.1');
    return `http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}`;
  };
  const events = async (
    m: Member,
    options: { via?: string; lastEventId?: string; query?: boolean } = {},
  ) => {
    const url = new URL('/users/me/events', options.via ?? base);
    const headers: Record<string, string> = {};
    // As EventSource opens it: a one-use ticket in the URL (never the token).
    if (options.query) url.searchParams.set('ticket', await ticketFor(m));
    else headers.authorization = `Bearer ${m.access_token}`;
    if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
    const stream = await openSse(url.toString(), headers);
    open.push(stream);
    return stream;
  };
  const json = (e: { data: string }) => JSON.parse(e.data);
  const ticketFor = async (m: Member) =>
    (await t.http().post('/users/me/events/ticket').set(m.auth).expect(200)).body.ticket as string;

  beforeAll(async () => {
    tron = await startTronNode();
    const settings = {
      ...tronSettings(tron),
      EVENTS_MAX_STREAMS_PER_MEMBER: '2',
      EVENTS_HEARTBEAT_SECONDS: '1',
    };
    t = await startApp(settings);
    await t.db.query(`DELETE FROM chain_cursors`);
    worker = await startWorker(settings);
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
    await expectLedgerSound(t, admin);
    await worker.close();
    await other.close();
    await t.close();
    await tron.close();
  });

  it('tells the member of a deposit the real worker credited, and of the new balance', async () => {
    const m = await member(t);
    const stream = await events(m);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    await t.http().get('/deposit/address').set(m.auth).expect(200);
    await tron.payUsdt(deriveTronAddress(TEST_WALLET.depositXpub, m.id), 25n * USDT);
    await tron.solidify();
    const deposit = await stream.next((e) => e.event === 'deposit', 15_000);
    expect(json(deposit)).toEqual({ id: expect.any(Number), status: 'success', amount: 25 });
    const [record] = (await t.http().get('/balance?add=true').set(m.auth)).body;
    expect(json(deposit).id).toBe(record.id);
    const balance = await stream.next((e) => e.event === 'balance');
    expect(json(balance)).toEqual({ money: 25, points: 0, points_hold: 0 });
    expect(deposit.id).toMatch(/^\d+-\d+_\d+-\d+$/);
    // Keep-alive comments at EVENTS_HEARTBEAT_SECONDS.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(stream.comments).toContain('keep-alive');
  });

  it('resumes after Last-Event-ID with what happened while away; without it, starts from now', async () => {
    const m = await member(t);
    const first = await events(m);
    await adjust(t, admin, m.id, 5);
    const seen = await first.next((e) => e.event === 'balance');
    expect(json(seen)).toMatchObject({ money: 5 });
    first.close();
    await first.closed;

    // While away: a message to the member, a transfer to points.
    const sent = await t
      .http()
      .post('/admin/messages')
      .set(admin)
      .send({ user_id: m.id, title_ru: 'While you were away', description_ru: 'Hello' });
    expect(sent.status).toBe(200);
    await t.http().post('/users/transfer').set(m.auth).send({ amount: 2 }).expect(200);

    const resumed = await events(m, { lastEventId: seen.id, query: true });
    const message = await resumed.next((e) => e.event === 'message');
    expect(json(message)).toEqual({ id: sent.body.id, title: 'While you were away' });
    const balance = await resumed.next((e) => e.event === 'balance');
    expect(json(balance)).toEqual({ money: 3, points: 2, points_hold: 0 });

    const fresh = await events(m);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fresh.events).toEqual([]);
  });

  it('fans out through Redis: an event from one API process reaches a stream held by another', async () => {
    const m = await member(t);
    const elsewhere = await events(m, { via: otherBase });
    await adjust(t, admin, m.id, 7);
    expect(json(await elsewhere.next((e) => e.event === 'balance'))).toMatchObject({ money: 7 });
    // A message to every member reaches this one too.
    const all = await t
      .http()
      .post('/admin/messages')
      .set(admin)
      .send({ title_ru: 'To everyone', description_ru: 'News' });
    expect(all.status).toBe(200);
    expect(json(await elsewhere.next((e) => e.event === 'message'))).toEqual({
      id: all.body.id,
      title: 'To everyone',
    });
  });

  it('tells of a withdrawal refused and refunded', async () => {
    const m = await member(t);
    await setLevel(t, m.id, 1);
    await adjust(t, admin, m.id, 50);
    const stream = await events(m);
    const taken = await t
      .http()
      .post('/balance/take')
      .set(m.auth)
      .send({ wallet: OUTSIDE, amount: 20 });
    expect(taken.status).toBe(200);
    expect(json(await stream.next((e) => e.event === 'balance'))).toMatchObject({ money: 30 });
    const [w] = await t.db.query(`SELECT id FROM withdrawals WHERE record_id = $1`, [
      taken.body.id,
    ]);
    await t
      .http()
      .post(`/admin/withdrawals/${w.id}/reject`)
      .set(admin)
      .send({ reason: 'wrong address' })
      .expect(200);
    // Refused by an operator (not "failed"), with what would have gone on chain: the net.
    expect(json(await stream.next((e) => e.event === 'withdrawal'))).toEqual({
      id: taken.body.id,
      status: 'fail',
      amount: 20,
      net_amount: 17,
      tx_id: null,
      failure: 'refused',
      reason: 'wrong address',
    });
    expect(json(await stream.next((e) => e.event === 'balance'))).toMatchObject({ money: 50 });
  });

  it('tells of a withdrawal the member cancelled', async () => {
    const m = await member(t);
    await setLevel(t, m.id, 1);
    await adjust(t, admin, m.id, 50);
    const stream = await events(m);
    const taken = await t
      .http()
      .post('/balance/take')
      .set(m.auth)
      .send({ wallet: OUTSIDE, amount: 10 });
    expect(taken.status).toBe(200);
    await t.http().post(`/balance/take/${taken.body.id}/cancel`).set(m.auth).expect(200);
    expect(json(await stream.next((e) => e.event === 'withdrawal'))).toEqual({
      id: taken.body.id,
      status: 'fail',
      amount: 10,
      net_amount: 8.5,
      tx_id: null,
      failure: 'cancelled',
      reason: 'cancelled',
    });
  });

  it('sends one balance marker for postings in the same moment (EVENTS_BALANCE_COALESCE_MS)', async () => {
    const m = await member(t);
    const key = streamKeyOf(m.id);
    const balanceEvents = async () =>
      (await t.redis.xrange(key, '-', '+')).filter(([, fields]) => fields.includes('balance'))
        .length;
    // Five adjustments back to back: five postings, one marker (default 250 ms window).
    await Promise.all([1, 2, 3, 4, 5].map(() => adjust(t, admin, m.id, 1)));
    await eventually(async () => ((await balanceEvents()) >= 1 ? true : undefined));
    await new Promise((r) => setTimeout(r, 600));
    expect(await balanceEvents()).toBeLessThan(5);
  });

  it('refuses without a valid token and beyond EVENTS_MAX_STREAMS_PER_MEMBER open streams', async () => {
    const none = await openSse(`${base}/users/me/events`);
    expect([none.status, (none.body as { code: string }).code]).toEqual([401, 'UNAUTHORIZED']);
    const bad = await openSse(`${base}/users/me/events?ticket=nope`);
    expect(bad.status).toBe(401);

    const m = await member(t);
    const one = await events(m);
    await events(m, { via: otherBase });
    const third = await events(m);
    expect([third.status, (third.body as { code: string }).code]).toEqual([
      429,
      'EVENT_STREAMS_LIMIT',
    ]);
    one.close();
    await one.closed;
    // The closed stream's place is free again (the server sees the close).
    let again: SseStream | undefined;
    for (let i = 0; i < 20 && again?.status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await events(m);
    }
    expect(again?.status).toBe(200);
  });
});
