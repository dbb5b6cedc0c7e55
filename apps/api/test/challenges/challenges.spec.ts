import {
  TestApp,
  expectLedgerSound,
  me,
  member,
  operator,
  setCardNumber,
  setLevel,
  startApp,
  viewFor,
  approveEconomyChanges,
} from '../support/harness';

const hour = 3600_000;
const window = () => ({
  starts_at: new Date(Date.now() - hour).toISOString(),
  ends_at: new Date(Date.now() + hour).toISOString(),
});

describe('challenges pay once from real activity; VIP progress from deposits', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await startApp();
    admin = await operator(t);
  });
  afterAll(async () => {
    await expectLedgerSound(t, admin);
    await t.close();
  });

  const create = async (body: Record<string, unknown>) => {
    const res = await t.http().post('/admin/challenges').set(admin).send(body);
    expect(res.status).toBe(200);
    // A rewarded challenge is a raise of members' pay: a second admin publishes it.
    await approveEconomyChanges(t);
    return res.body as { id: number };
  };
  const mine = async (auth: Record<string, string>, id: number) =>
    (await t.http().get('/challenges').set(auth)).body.find((c: { id: number }) => c.id === id);

  it('counts trailers watched between the dates; 50 parallel claims pay the reward once', async () => {
    const challenge = await create({
      title: 'Two trailers',
      text: 'Watch two',
      kind: 'trailers',
      goal: 2,
      reward: 5,
      ...window(),
    });
    const m = await member(t);
    await setLevel(t, m.id, 1);
    expect(await mine(m.auth, challenge.id)).toMatchObject({
      count: 0,
      goal: 2,
      completed: false,
      claimed: false,
      reward: 5,
    });
    const early = await t.http().post(`/challenges/${challenge.id}/claim`).set(m.auth);
    expect([early.status, early.body.code]).toEqual([400, 'CHALLENGE_NOT_COMPLETE']);

    for (const trailerId of [1, 2]) {
      const view = await viewFor(t, m, trailerId, 30);
      await t.http().post(`/trailers/${trailerId}/watch`).set(m.auth).send(view).expect(200);
    }
    expect(await mine(m.auth, challenge.id)).toMatchObject({
      count: 2,
      completed: true,
      claimed: false,
    });
    const before = (await me(t, m)).money;
    const claims = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.http().post(`/challenges/${challenge.id}/claim`).set(m.auth),
      ),
    );
    expect(claims.map((c) => c.status)).toEqual(Array(50).fill(200));
    expect(claims[0].body).toEqual({ reward: 5 });
    expect((await me(t, m)).money).toBeCloseTo(before + 5, 6);
    const [{ n }] = await t.db.query(
      `SELECT count(*)::int AS n FROM challenge_claims WHERE challenge_id = $1`,
      [challenge.id],
    );
    expect(n).toBe(1);
    expect(await mine(m.auth, challenge.id)).toMatchObject({ claimed: true });
    const admins = (await t.http().get('/admin/challenges').set(admin)).body;
    expect(admins.find((c: { id: number }) => c.id === challenge.id)).toMatchObject({ claims: 1 });
  });

  it('counts invitees at VIP1 or above, and USDT deposited between the dates', async () => {
    const team = await create({
      title: 'Bring one',
      text: '',
      kind: 'team_vip1',
      goal: 1,
      reward: 2,
      ...window(),
    });
    const money = await create({
      title: 'Deposit 25',
      text: '',
      kind: 'deposits',
      goal: 25.5,
      reward: 1,
      ...window(),
    });
    const inviter = await member(t);
    // Only VIP 1 and above invite; the inviter's membership ran out since.
    await setLevel(t, inviter.id, 1);
    const invited = await member(t, inviter.id);
    await t.db.query(`UPDATE users SET vip_level = 0, vip_expire = NULL WHERE id = $1`, [
      inviter.id,
    ]);
    expect(await mine(inviter.auth, team.id)).toMatchObject({ count: 0, completed: false });
    await setLevel(t, invited.id, 1);
    expect(await mine(inviter.auth, team.id)).toMatchObject({ count: 1, completed: true });

    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    await setCardNumber(t, admin, '8600 4444 5555 6666');
    const sent = await t
      .http()
      .post('/card/deposits')
      .set(inviter.auth)
      .field('currency', 'USD')
      .field('amount', '30')
      .attach('receipt', png, 'r.png');
    expect((await mine(inviter.auth, money.id)).count).toBe(0);
    const [card] = await t.db.query(`SELECT id FROM card_deposits WHERE record_id = $1`, [
      sent.body.id,
    ]);
    await t
      .http()
      .post(`/admin/card_deposits/${card.id}/approve`)
      .set(admin)
      .send({ amount: 30 })
      .expect(200);
    expect(await mine(inviter.auth, money.id)).toMatchObject({
      count: 25.5,
      goal: 25.5,
      completed: true,
    });
    await t.http().post(`/challenges/${money.id}/claim`).set(inviter.auth).expect(200);
    expect((await me(t, inviter)).money).toBe(31);

    const progress = (await t.http().get('/users/me/progress').set(inviter.auth)).body;
    expect(progress.levels).toEqual([
      { level: 1, goal: 150, value: 30 },
      { level: 2, goal: 400, value: 30 },
      { level: 3, goal: 1250, value: 30 },
      { level: 4, goal: 2500, value: 30 },
      { level: 5, goal: 5000, value: 30 },
      { level: 6, goal: 10000, value: 30 },
    ]);
    expect(progress).toMatchObject({ vip_level: 0, vip_expire: null });
    const invitedProgress = (await t.http().get('/users/me/progress').set(invited.auth)).body;
    expect(invitedProgress.vip_level).toBe(1);
    expect(invitedProgress.daily_tasks).toBeGreaterThan(0);
  });

  it('shows members only published challenges that started, and refuses wrong ones', async () => {
    const m = await member(t);
    const later = await create({
      title: 'Later',
      text: '',
      kind: 'trailers',
      goal: 1,
      reward: 1,
      starts_at: new Date(Date.now() + hour).toISOString(),
      ends_at: new Date(Date.now() + 2 * hour).toISOString(),
    });
    const hidden = await create({
      title: 'Hidden',
      text: '',
      kind: 'trailers',
      goal: 1,
      reward: 1,
      published: false,
      ...window(),
    });
    const ids = (await t.http().get('/challenges').set(m.auth)).body.map(
      (c: { id: number }) => c.id,
    );
    expect(ids).not.toContain(later.id);
    expect(ids).not.toContain(hidden.id);
    expect((await t.http().post(`/challenges/${hidden.id}/claim`).set(m.auth)).body.code).toBe(
      'NOT_FOUND',
    );
    const fractional = await t
      .http()
      .post('/admin/challenges')
      .set(admin)
      .send({ title: 'x', text: '', kind: 'trailers', goal: 1.5, reward: 1, ...window() });
    expect(fractional.status).toBe(422);
    const backwards = await t.http().post('/admin/challenges').set(admin).send({
      title: 'x',
      text: '',
      kind: 'trailers',
      goal: 1,
      reward: 1,
      starts_at: window().ends_at,
      ends_at: window().starts_at,
    });
    expect(backwards.status).toBe(400);
    expect((await t.http().post('/admin/challenges').set(m.auth).send({})).status).toBe(403);
    const updated = await t
      .http()
      .put(`/admin/challenges/${hidden.id}`)
      .set(admin)
      .send({
        title: 'Shown',
        text: '',
        kind: 'trailers',
        goal: 1,
        reward: 1,
        published: true,
        ...window(),
      });
    // Publishing a rewarded challenge waits for a second admin.
    expect(updated.body).toMatchObject({ published: false });
    await approveEconomyChanges(t);
    expect(
      (await t.http().get('/admin/challenges').set(admin)).body.find(
        (c: { id: number }) => c.id === hidden.id,
      ),
    ).toMatchObject({ title: 'Shown', published: true });
    expect(
      (await t.http().get('/challenges').set(m.auth)).body.map((c: { id: number }) => c.id),
    ).toContain(hidden.id);
  });
});
