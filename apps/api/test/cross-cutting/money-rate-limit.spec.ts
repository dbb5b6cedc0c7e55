import {
  TestApp,
  adjust,
  expectLedgerSound,
  me,
  member,
  operator,
  startApp,
} from '../support/harness';

/**
 * MONEY_RATE_LIMIT_PER_MINUTE: one budget per member across every money
 * route and every API process (counted in Redis), refused with 429 and
 * Retry-After, after authentication (a stranger cannot spend it).
 */
describe('money routes: a per-member rate limit shared by every API process', () => {
  const LIMIT = 4;
  /** A view nobody opened: the watch is refused, and still spends the budget. */
  const VIEW = { view_id: 'never-opened-view-00001' };
  let one: TestApp;
  let two: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    one = await startApp({ MONEY_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    two = await startApp({ MONEY_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    admin = await operator(one);
  });
  afterAll(async () => {
    await expectLedgerSound(one, admin);
    await one.close();
    await two.close();
  });

  const transfer = (t: TestApp, auth: Record<string, string>) =>
    t.http().post('/users/transfer').set(auth).send({ amount: 1 });

  it('counts one budget over both processes and all money routes, then 429 with Retry-After', async () => {
    const m = await member(one);
    await adjust(one, admin, m.id, 100);
    expect((await transfer(one, m.auth)).status).toBe(200);
    expect((await transfer(two, m.auth)).status).toBe(200);
    // A refused purchase is still a money request: it spends the budget.
    const buy = await two.http().post('/balance/buy_vip').set(m.auth).send({ vip_level: 6 });
    expect(buy.status).toBe(400);
    const watch = await one.http().post('/trailers/1/watch').set(m.auth).send(VIEW);
    expect(watch.status).not.toBe(429);

    const refused = await transfer(two, m.auth);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.body.detail).toContain(`${LIMIT}`);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await one.http().post('/trailers/1/watch').set(m.auth).send(VIEW)).status).toBe(429);

    // Reads are not money routes; another member has a budget of their own.
    expect((await one.http().get('/users/me').set(m.auth)).status).toBe(200);
    const other = await member(one);
    await adjust(one, admin, other.id, 10);
    expect((await transfer(one, other.auth)).status).toBe(200);
    // Exactly the two transfers that were let through moved money.
    expect((await me(one, m)).points).toBe(2);
  });

  it('lets exactly the budget through under parallel requests', async () => {
    const m = await member(one);
    await adjust(one, admin, m.id, 100);
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => transfer(i % 2 ? one : two, m.auth)),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(24 - LIMIT);
    const after = await me(one, m);
    expect(after.points).toBe(LIMIT);
    expect(after.money).toBe(100 - LIMIT);
  });

  it('answers a request without a valid token 401, spending nobody’s budget', async () => {
    const m = await member(one);
    await adjust(one, admin, m.id, 10);
    for (let i = 0; i < LIMIT * 2; i++) {
      const forged = await one
        .http()
        .post('/users/transfer')
        .set('Authorization', 'Bearer not-a-token')
        .send({ amount: 1 });
      expect(forged.status).toBe(401);
    }
    expect((await transfer(one, m.auth)).status).toBe(200);
  });
});

describe('money routes: MONEY_RATE_LIMIT_PER_MINUTE=0 turns the limit off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ MONEY_RATE_LIMIT_PER_MINUTE: '0' });
  });
  afterAll(() => t.close());

  it('never answers 429 however many money requests a member sends', async () => {
    const admin = await operator(t);
    const m = await member(t);
    await adjust(t, admin, m.id, 100);
    for (let i = 0; i < 40; i++) {
      const res = await t.http().post('/users/transfer').set(m.auth).send({ amount: 1 });
      expect(res.status).toBe(200);
    }
  });
});
