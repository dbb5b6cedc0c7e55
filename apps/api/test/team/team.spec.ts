import {
  TestApp,
  expectLedgerSound,
  me,
  member,
  operator,
  setLevel,
  startApp,
  viewFor,
} from '../support/harness';

describe('team: three levels of invitees and their commissions', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startApp();
    admin = await operator(t);
  });
  afterEach(() => expectLedgerSound(t, admin));
  afterAll(() => t.close());

  /**
   * A member registered with `inviterId`'s code. Only VIP 1 and above invite:
   * the inviter holds VIP 1 while the code is used and goes back to what it
   * was after, as a membership that runs out does (the team stays).
   */
  async function invitedBy(inviterId: number) {
    const [before] = await t.db.query(`SELECT vip_level, vip_expire FROM users WHERE id = $1`, [
      inviterId,
    ]);
    await setLevel(t, inviterId, 1);
    const invited = await member(t, inviterId);
    await t.db.query(`UPDATE users SET vip_level = $2, vip_expire = $3 WHERE id = $1`, [
      inviterId,
      before.vip_level,
      before.vip_expire,
    ]);
    return invited;
  }

  it('pays team commission of 10%, 5% and 2% to three uplines, not a fourth', async () => {
    const top = await member(t);
    const l3 = await invitedBy(top.id);
    const l2 = await invitedBy(l3.id);
    const l1 = await invitedBy(l2.id);
    const watcher = await invitedBy(l1.id);
    await setLevel(t, watcher.id, 9);
    const view = await viewFor(t, watcher, 5, 30);
    const res = await t.http().post('/trailers/5/watch').set(watcher.auth).send(view);
    expect(res.body.reward).toBe(12);
    expect(await me(t, watcher)).toMatchObject({ money: 12, total_earn: 12, team_earn: 0 });
    expect(await me(t, l1)).toMatchObject({ money: 1.2, team_earn: 1.2, total_earn: 0 });
    expect(await me(t, l2)).toMatchObject({ money: 0.6, team_earn: 0.6 });
    expect(await me(t, l3)).toMatchObject({ money: 0.24, team_earn: 0.24 });
    expect(await me(t, top)).toMatchObject({ money: 0, team_earn: 0 });
  });

  it('lists the team on three levels', async () => {
    const root = await member(t);
    const a = await invitedBy(root.id);
    const b = await invitedBy(root.id);
    const c = await invitedBy(a.id);
    const d = await invitedBy(c.id);
    await invitedBy(d.id);
    await setLevel(t, b.id, 3);
    const res = await t.http().get('/users/invites').set(root.auth);
    expect(res.status).toBe(200);
    expect(res.body.level1.map((x: { id: number }) => x.id)).toEqual([a.id, b.id]);
    expect(res.body.level1[1]).toEqual({
      id: b.id,
      vip_level: 3,
      created_at: expect.any(String),
    });
    expect(res.body.level2.map((x: { id: number }) => x.id)).toEqual([c.id]);
    expect(res.body.level3.map((x: { id: number }) => x.id)).toEqual([d.id]);
  });

  it('pages one level on request, newest first, in the same shape; whole by default', async () => {
    const root = await member(t);
    const l1 = [await invitedBy(root.id), await invitedBy(root.id), await invitedBy(root.id)];
    const l2 = [await invitedBy(l1[0].id), await invitedBy(l1[2].id)];
    const l3 = await invitedBy(l2[1].id);
    const page = async (query: string) => {
      const res = await t.http().get(`/users/invites?${query}`).set(root.auth);
      expect(res.status).toBe(200);
      return {
        level1: res.body.level1.map((x: { id: number }) => x.id),
        level2: res.body.level2.map((x: { id: number }) => x.id),
        level3: res.body.level3.map((x: { id: number }) => x.id),
      };
    };
    const ids = (ms: { id: number }[]) => ms.map((m) => m.id);
    // A level's first page also counts the whole level (the screen's headers); later pages do not.
    await setLevel(t, l1[1].id, 3);
    await setLevel(t, l1[2].id, 2, -1); // expired yesterday: no longer a VIP
    const counts = async (query: string) =>
      (await t.http().get(`/users/invites?${query}`).set(root.auth)).body.counts;
    expect(await counts('level=1&limit=1')).toEqual({ total: 3, vip: 1 });
    expect(await counts('level=2&limit=1')).toEqual({ total: 2, vip: 0 });
    expect(await counts('level=3')).toEqual({ total: 1, vip: 0 });
    expect(await counts(`level=1&limit=1&before=${l1[2].id}`)).toBeUndefined();
    expect(await counts('')).toBeUndefined();
    expect(await page('level=1&limit=2')).toEqual({
      level1: ids(l1).reverse().slice(0, 2),
      level2: [],
      level3: [],
    });
    expect(await page(`level=1&limit=2&before=${l1[1].id}`)).toEqual({
      level1: [l1[0].id],
      level2: [],
      level3: [],
    });
    expect(await page('level=2')).toEqual({ level1: [], level2: ids(l2).reverse(), level3: [] });
    expect(await page(`level=2&before=${l2[1].id}`)).toEqual({
      level1: [],
      level2: [l2[0].id],
      level3: [],
    });
    expect(await page('level=3&limit=1')).toEqual({ level1: [], level2: [], level3: [l3.id] });
    // The contract's answer is unchanged: all three levels, oldest first.
    expect(await page('')).toEqual({ level1: ids(l1), level2: ids(l2), level3: [l3.id] });
    for (const [bad, status] of [
      ['level=4', 422],
      ['level=1&limit=0', 422],
      ['level=1&limit=201', 422],
      ['limit=5', 400],
      ['before=3', 400],
    ]) {
      const res = await t.http().get(`/users/invites?${bad}`).set(root.auth);
      expect({ bad, status: res.status, code: res.body.code }).toEqual({
        bad,
        status,
        code: status === 400 ? 'BAD_REQUEST' : 'VALIDATION_ERROR',
      });
    }
  });
});
