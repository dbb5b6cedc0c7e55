import { type TestApp, approveEconomyChanges } from '../support/harness';
import { Auth, ConsoleApp, startConsole } from '../support/console';

describe('promotions: invitation campaigns', () => {
  let t: TestApp;
  let admin: Auth;
  let staff: ConsoleApp['staff'];
  let app: ConsoleApp;

  beforeAll(async () => {
    app = await startConsole();
    ({ t, admin, staff } = app);
  });
  afterAll(() => app.close());

  it('plans and changes invitation campaigns, refusing an end before the start', async () => {
    const body = {
      name: 'Winter invitations',
      starts_at: '2030-01-01T00:00:00.000Z',
      ends_at: '2030-02-01T00:00:00.000Z',
      min_vip_level: 2,
      inviter_points: 10,
      member_points: 5.5,
      hold_days: 30,
    };
    const created = (await t.http().post('/admin/campaigns').set(admin).send(body)).body;
    // Its bonuses wait for a second admin.
    expect(created).toMatchObject({ ...body, inviter_points: 0, member_points: 0, running: false });
    await approveEconomyChanges(t);
    const changed = await t
      .http()
      .put(`/admin/campaigns/${created.id}`)
      .set(admin)
      .send({ ...body, starts_at: '2020-01-01T00:00:00.000Z' });
    // Running from now rather than from 2030: years of bonuses more than the
    // approved month, so it waits for a second admin too.
    expect(changed.body).toMatchObject({
      running: false,
      pending_changes: [{ target: 'campaign' }],
    });
    await approveEconomyChanges(t, changed.body.pending_changes);
    expect((await t.http().get('/admin/campaigns').set(admin)).body).toContainEqual(
      expect.objectContaining({ id: created.id, running: true }),
    );
    const bonus = (await t.http().get('/bonus')).body;
    expect(bonus.campaign).toMatchObject({
      id: created.id,
      name: 'Winter invitations',
      member_points: 5.5,
    });
    expect(bonus.team_rates).toEqual((await t.http().get('/admin/team_rates').set(admin)).body);
    expect(
      (await t.http().get('/admin/campaigns').set(staff.support)).body.map(
        (c: { id: number }) => c.id,
      ),
    ).toContain(created.id);
    expect(
      (
        await t
          .http()
          .post('/admin/campaigns')
          .set(admin)
          .send({ ...body, ends_at: body.starts_at })
      ).status,
    ).toBe(400);
    expect((await t.http().post('/admin/campaigns').set(staff.finance).send(body)).status).toBe(
      403,
    );
    // Put the running one back in the future so other tests' purchases earn nothing from it.
    await t.http().put(`/admin/campaigns/${created.id}`).set(admin).send(body).expect(200);
    expect((await t.http().get('/bonus')).body.campaign?.id).not.toBe(created.id);
  });

  it("names a campaign in each language: members read theirs, else Russian, else the operators' name", async () => {
    const seeded = (await t.http().get('/admin/campaigns').set(admin)).body.find(
      (c: { id: number }) => c.id === 1,
    );
    expect(seeded).toMatchObject({
      name_ru: 'Бонус за приглашения, май 2024',
      name_en: 'May 2024 referral bonus',
      name_uz: 'Taklif uchun bonus, 2024-yil may',
    });
    // No bonuses: nothing waits, and it runs now (and ends after any other running one).
    const body = {
      name: 'Spring',
      name_ru: 'Весна',
      name_uz: 'Bahor',
      starts_at: '2020-01-01T00:00:00.000Z',
      ends_at: '2099-01-01T00:00:00.000Z',
      min_vip_level: 2,
      inviter_points: 0,
      member_points: 0,
      hold_days: 0,
    };
    const created = await t.http().post('/admin/campaigns').set(admin).send(body);
    expect(created.body).toMatchObject({
      name: 'Spring',
      name_ru: 'Весна',
      name_en: '',
      name_uz: 'Bahor',
      pending_changes: [],
    });
    const nameFor = async (language: string) =>
      (await t.http().get('/bonus').set('Accept-Language', language)).body.campaign.name;
    expect(await nameFor('uz')).toBe('Bahor');
    expect(await nameFor('ru')).toBe('Весна');
    expect(await nameFor('en')).toBe('Весна');
    const untranslated = { ...body, name_ru: '', name_uz: '' };
    await t.http().put(`/admin/campaigns/${created.body.id}`).set(admin).send(untranslated);
    expect(await nameFor('uz')).toBe('Spring');
    // Ended, so other tests' purchases never meet it.
    await t
      .http()
      .put(`/admin/campaigns/${created.body.id}`)
      .set(admin)
      .send({ ...untranslated, ends_at: '2020-01-02T00:00:00.000Z' })
      .expect(200);
  });
});
