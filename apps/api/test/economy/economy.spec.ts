import { type TestApp, adjust, approveEconomyChanges, me, member } from '../support/harness';
import { Auth, ConsoleApp, startConsole } from '../support/console';

describe('economy: packages and team rates, edited by operators', () => {
  let t: TestApp;
  let admin: Auth;
  let staff: ConsoleApp['staff'];
  let app: ConsoleApp;

  beforeAll(async () => {
    app = await startConsole();
    ({ t, admin, staff } = app);
  });
  afterAll(() => app.close());

  it('edits a package and the team rates: live at once, audited with before and after, refused when wrong', async () => {
    const before = (await t.http().get('/packages')).body.find(
      (p: { vip_level: number }) => p.vip_level === 1,
    );
    const edit = { price: 61.5, daily_trailers: 6, reward_per_trailer: 0.55, membership_days: 31 };
    expect((await t.http().put('/admin/packages/1').set(staff.finance).send(edit)).status).toBe(
      403,
    );
    await t.http().put('/admin/packages/1').set(admin).send(edit).expect(200);
    // More pay per day: it waits for a second admin, then takes effect.
    expect(
      (await t.http().get('/packages')).body.find((p: { vip_level: number }) => p.vip_level === 1),
    ).toEqual(before);
    await approveEconomyChanges(t);
    expect(
      (await t.http().get('/packages')).body.find((p: { vip_level: number }) => p.vip_level === 1),
    ).toEqual({ vip_level: 1, ...edit });
    const m = await member(t);
    await adjust(t, admin, m.id, 61.5);
    await t.http().post('/balance/buy_vip').set(m.auth).send({ vip_level: 1 }).expect(200);
    expect((await me(t, m)).money).toBe(0);
    const history = (await t.http().get('/admin/economy/history').set(staff.support)).body.find(
      (h: { action: string }) => h.action === 'economy.package',
    );
    expect(history).toMatchObject({
      action: 'economy.package',
      details: { vip_level: 1, before, after: { vip_level: 1, ...edit } },
    });
    const wrong = await t
      .http()
      .put('/admin/packages/1')
      .set(admin)
      .send({ ...edit, price: -1, daily_trailers: 1.5 });
    expect(wrong.status).toBe(422);
    await t
      .http()
      .put('/admin/packages/1')
      .set(admin)
      .send({ ...before, vip_level: undefined })
      .expect(200);

    const rates = (await t.http().get('/admin/team_rates').set(admin)).body;
    await t
      .http()
      .put('/admin/team_rates')
      .set(admin)
      .send({ level1: 12.5, level2: 4, level3: 1 })
      .expect(200);
    await approveEconomyChanges(t);
    expect((await t.http().get('/admin/team_rates').set(admin)).body).toEqual({
      level1: 12.5,
      level2: 4,
      level3: 1,
    });
    expect(
      (
        await t
          .http()
          .put('/admin/team_rates')
          .set(admin)
          .send({ level1: 101, level2: 0, level3: 0 })
      ).status,
    ).toBe(422);
    // Back as they were: raising levels 2 and 3 again above the approved 4 and 1 waits too.
    await t.http().put('/admin/team_rates').set(admin).send(rates).expect(200);
    await approveEconomyChanges(t);
    expect((await t.http().get('/admin/team_rates').set(admin)).body).toEqual(rates);
  });
});
