import {
  TestApp,
  adjust,
  member,
  operator,
  setCardNumber,
  setLevel,
  startApp,
} from '../support/harness';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The console's tables in either order by time, each paged from its own end. */
describe('the console lists oldest or newest first', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startApp();
    admin = await operator(t);
    await setCardNumber(t, admin, '8600 0000 1111 2222');
  });
  afterAll(() => t.close());

  const ids = (body: { id: number }[]) => body.map((x) => x.id);

  it('pages the audit log newest first with before and oldest first with after', async () => {
    for (let i = 0; i < 3; i++) await setCardNumber(t, admin, `8600 0000 1111 222${i}`);
    const newest = (await t.http().get('/admin/audit?limit=3').set(admin).expect(200)).body;
    expect(ids(newest)).toEqual([...ids(newest)].sort((a, b) => b - a));
    const oldest = (await t.http().get('/admin/audit?order=asc&limit=2').set(admin).expect(200))
      .body;
    expect(ids(oldest)).toEqual([...ids(oldest)].sort((a, b) => a - b));
    const next = (
      await t
        .http()
        .get(`/admin/audit?order=asc&limit=2&after=${oldest[1].id}`)
        .set(admin)
        .expect(200)
    ).body;
    expect(next[0].id).toBeGreaterThan(oldest[1].id);
    expect(ids(next)).toEqual([...ids(next)].sort((a, b) => a - b));
    expect((await t.http().get('/admin/audit?order=up').set(admin)).status).toBe(422);
    expect((await t.http().get('/admin/audit?after=-1').set(admin)).status).toBe(422);
  });

  it('lists card deposits under review oldest first, or newest first when asked', async () => {
    const m = await member(t);
    for (let i = 0; i < 3; i++) {
      await t
        .http()
        .post('/card/deposits')
        .set(m.auth)
        .field('currency', 'USD')
        .field('amount', String(i + 1))
        .attach('receipt', PNG, 'r.png')
        .expect(200);
    }
    const list = async (query: string) =>
      ids((await t.http().get(`/admin/card_deposits?${query}`).set(admin).expect(200)).body);
    const queue = await list('status=under_review');
    expect(queue).toEqual([...queue].sort((a, b) => a - b));
    const newest = await list('status=under_review&order=desc');
    expect(newest).toEqual([...queue].reverse());
  });

  it('lists withdrawals oldest first with after', async () => {
    const m = await member(t);
    await setLevel(t, m.id, 1);
    await adjust(t, admin, m.id, 100);
    for (let i = 0; i < 4; i++) {
      await t
        .http()
        .post('/balance/take')
        .set(m.auth)
        .send({ wallet: 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16', amount: 10 })
        .expect(200);
    }
    const asc = ids(
      (await t.http().get(`/admin/withdrawals?user_id=${m.id}&order=asc&limit=2`).set(admin)).body,
    );
    expect(asc).toHaveLength(2);
    expect(asc[0]).toBeLessThan(asc[1]);
    const rest = ids(
      (
        await t
          .http()
          .get(`/admin/withdrawals?user_id=${m.id}&order=asc&after=${asc[1]}`)
          .set(admin)
      ).body,
    );
    expect(rest).toHaveLength(2);
    expect(rest[0]).toBeGreaterThan(asc[1]);
    const desc = ids((await t.http().get(`/admin/withdrawals?user_id=${m.id}`).set(admin)).body);
    expect(desc).toEqual([...asc, ...rest].reverse());
  });
});
