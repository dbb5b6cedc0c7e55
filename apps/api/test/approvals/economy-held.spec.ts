import { type Member, type TestApp, member, operator, startApp } from '../support/harness';
import { demoteStaff, staffMember } from '../support/staff';

type Auth = Record<string, string>;
type Change = { id: number; target: string; target_id: number | null; status: string };

const DAY = 86_400_000;
/** Dates no other suite's purchase or watch falls in (nothing is paid while these tests run). */
const FUTURE = Date.UTC(2031, 0, 1);

/**
 * Issue 36, case 3: economy four eyes that cannot be stepped around. A change
 * is held against the last value a second admin approved, every term of pay
 * counts, and the club's card, support link and card rates wait for a second
 * admin while the club has two (ECONOMY_RAISE_APPROVAL_PERCENT: 10, the default).
 */
describe('economy changes held against the approved value, by every term of pay', () => {
  let t: TestApp;
  let admin: Auth;
  let adminId: number;
  let admin2: Member;

  beforeAll(async () => {
    t = await startApp();
    admin = await operator(t);
    adminId = (await t.http().get('/users/me').set(admin)).body.id;
    admin2 = await staffMember(t, 'admin');
    // Start from the values in force: other suites leave changes waiting and approved values
    // behind (the reach matrix approves what it can), and each case here counts from its own.
    for (const change of await pending()) await decide(change, 'reject');
    await t.db.query(`DELETE FROM economy_baselines`);
  });
  afterAll(async () => {
    await demoteStaff(t, adminId);
    await t.close();
  });

  const level5 = async () =>
    (await t.http().get('/packages')).body.find((p: { vip_level: number }) => p.vip_level === 5);
  const decide = async (change: Change, verdict: 'approve' | 'reject', by: Auth = admin2.auth) => {
    const res = await t.http().post(`/admin/economy/changes/${change.id}/${verdict}`).set(by);
    expect([res.status, res.body.status]).toEqual([
      200,
      verdict === 'approve' ? 'approved' : 'rejected',
    ]);
  };
  const pending = async (): Promise<Change[]> =>
    (await t.http().get('/admin/economy/changes?status=pending').set(admin)).body;
  /** The second admin approves the change waiting for one target (a new challenge's, campaign's). */
  const approveWaiting = async (target: string, targetId: number) => {
    const waiting = (await pending()).filter(
      (c) => c.target === target && c.target_id === targetId,
    );
    expect(waiting).toHaveLength(1);
    await decide(waiting[0], 'approve');
  };

  describe('packages', () => {
    let seeded: Record<string, number>;
    beforeAll(async () => {
      const { vip_level: _, ...values } = await level5();
      seeded = values;
    });
    afterAll(async () => {
      for (const change of await pending()) await decide(change, 'reject');
      // Back to the seeded terms: a cut from any approved value applies at once.
      await t.http().put('/admin/packages/5').set(admin).send(seeded).expect(200);
    });

    it("holds VIP 5's price cut from 3,000 to 0.01: the same pay for almost nothing", async () => {
      expect(seeded).toMatchObject({ price: 3000, reward_per_trailer: 4 });
      const cut = await t
        .http()
        .put('/admin/packages/5')
        .set(admin)
        .send({ ...seeded, price: 0.01 });
      expect(cut.status).toBe(200);
      expect(await level5()).toMatchObject({ price: 3000 });
      expect(cut.body.packages.find((p: { vip_level: number }) => p.vip_level === 5)).toMatchObject(
        { price: 3000 },
      );
      expect(cut.body.pending_changes).toEqual([
        expect.objectContaining({
          target: 'package',
          target_id: 5,
          proposed_by: adminId,
          before: expect.objectContaining({ price: 3000 }),
          after: expect.objectContaining({ price: 0.01 }),
          baseline: expect.objectContaining({ price: 3000 }),
          awaiting_second_approval: true,
        }),
      ]);
      await decide(cut.body.pending_changes[0], 'reject');
      // A small cut (3.4 % more pay per USDT) still applies at once.
      const small = await t
        .http()
        .put('/admin/packages/5')
        .set(admin)
        .send({ ...seeded, price: 2900 });
      expect(small.body.pending_changes).toEqual([]);
      expect(await level5()).toMatchObject({ price: 2900 });
      await t.http().put('/admin/packages/5').set(admin).send(seeded).expect(200);
    });

    it('holds twenty +10 % steps of the reward once the total passes 10 % over the approved 4', async () => {
      let reward = seeded.reward_per_trailer;
      const applied: number[] = [];
      for (let step = 1; step <= 20; step++) {
        reward = Math.round(reward * 1.1 * 1e6) / 1e6;
        const res = await t
          .http()
          .put('/admin/packages/5')
          .set(admin)
          .send({ ...seeded, reward_per_trailer: reward });
        expect(res.status).toBe(200);
        if ((await level5()).reward_per_trailer === reward) applied.push(step);
      }
      expect(reward).toBeCloseTo(26.91, 2);
      // Only the first step (exactly +10 %) applied; every later one waits.
      expect(applied).toEqual([1]);
      expect((await level5()).reward_per_trailer).toBe(4.4);
      const waiting = await pending();
      expect(waiting).toHaveLength(19);
      expect(waiting.every((c) => c.target === 'package')).toBe(true);
      for (const change of waiting) await decide(change, 'reject');
      expect((await level5()).reward_per_trailer).toBe(4.4);
    });

    it('moves the baseline when a second admin approves: the next step is held against it', async () => {
      const step = (reward: number) =>
        t
          .http()
          .put('/admin/packages/5')
          .set(admin)
          .send({ ...seeded, reward_per_trailer: reward });
      // 4.84 is +21 % over the approved 4 (the live 4.4 stayed unapproved).
      const held = await step(4.84);
      expect((await level5()).reward_per_trailer).toBe(4.4);
      expect(held.body.pending_changes).toHaveLength(1);
      const own = await t
        .http()
        .post(`/admin/economy/changes/${held.body.pending_changes[0].id}/approve`)
        .set(admin);
      expect([own.status, own.body.code]).toEqual([403, 'SELF_APPROVAL_FORBIDDEN']);
      await decide(held.body.pending_changes[0], 'approve');
      expect((await level5()).reward_per_trailer).toBe(4.84);
      const baselines = (await t.http().get('/admin/economy/baselines').set(admin)).body;
      expect(baselines.raise_percent).toBe(10);
      expect(baselines.baselines).toContainEqual(
        expect.objectContaining({
          target: 'package',
          target_id: 5,
          change_id: held.body.pending_changes[0].id,
          value: expect.objectContaining({ reward_per_trailer: 4.84 }),
        }),
      );
      // +10 % over the approved 4.84 applies at once; +21 % waits again.
      expect((await step(5.324)).body.pending_changes).toEqual([]);
      expect((await level5()).reward_per_trailer).toBe(5.324);
      const again = await step(5.8564);
      expect((await level5()).reward_per_trailer).toBe(5.324);
      expect(again.body.pending_changes).toEqual([
        expect.objectContaining({
          baseline: expect.objectContaining({ reward_per_trailer: 4.84 }),
        }),
      ]);
      expect((await level5()).reward_per_trailer).toBe(5.324);
    });
  });

  describe('team rates', () => {
    let seeded: { level1: number; level2: number; level3: number };
    beforeAll(async () => {
      seeded = (await t.http().get('/admin/team_rates').set(admin)).body;
    });
    afterAll(async () => {
      for (const change of await pending()) await decide(change, 'reject');
      await t.http().put('/admin/team_rates').set(admin).send(seeded).expect(200);
    });

    it('holds small raises of a level that add up beyond 10 %', async () => {
      // Held against the approved rates, which other suites may have left above the live ones
      // (a cut applies at once and leaves the approved value where it was).
      const baselines = (await t.http().get('/admin/economy/baselines').set(admin)).body as {
        baselines: { target: string; value: typeof seeded }[];
      };
      const approved = baselines.baselines.find((b) => b.target === 'team_rates')?.value ?? seeded;
      const level1 = approved.level1;
      const once = Math.round(level1 * 1.08 * 100) / 100;
      const twice = Math.round(level1 * 1.08 * 1.08 * 100) / 100;
      const first = await t
        .http()
        .put('/admin/team_rates')
        .set(admin)
        .send({ ...seeded, level1: once });
      const live = async () => (await t.http().get('/admin/team_rates').set(admin)).body;
      expect(await live()).toEqual({ ...seeded, level1: once });
      const second = await t
        .http()
        .put('/admin/team_rates')
        .set(admin)
        .send({ ...seeded, level1: twice });
      expect(await live()).toEqual({ ...seeded, level1: once });
      expect(first.body.pending_changes).toEqual([]);
      expect(second.body).toMatchObject({
        level1: once,
        pending_changes: [expect.objectContaining({ target: 'team_rates', baseline: approved })],
      });
    });
  });

  describe('challenges', () => {
    let id: number;
    const approvedBody = {
      title: 'A thousand trailers',
      text: '',
      kind: 'trailers',
      goal: 1000,
      reward: 5,
      starts_at: new Date(FUTURE).toISOString(),
      ends_at: new Date(FUTURE + 7 * DAY).toISOString(),
      published: true,
    };
    const live = async () =>
      (await t.http().get('/admin/challenges').set(admin)).body.find(
        (c: { id: number }) => c.id === id,
      );
    const change = (body: object) => t.http().put(`/admin/challenges/${id}`).set(admin).send(body);
    /** The change waited: it is the one pending change, and the challenge is as approved. */
    const expectHeld = async (res: { status: number; body: { pending_changes: Change[] } }) => {
      expect(res.status).toBe(200);
      expect(await live()).toMatchObject({ goal: 1000, kind: 'trailers', reward: 5 });
      expect(await live()).toMatchObject({ ends_at: approvedBody.ends_at });
      expect(res.body.pending_changes).toEqual([expect.objectContaining({ target: 'challenge' })]);
      await decide(res.body.pending_changes[0], 'reject');
    };

    beforeAll(async () => {
      const created = await t.http().post('/admin/challenges').set(admin).send(approvedBody);
      expect(created.body).toMatchObject({ published: false });
      id = created.body.id;
      await approveWaiting('challenge', id);
      expect(await live()).toMatchObject({ published: true, goal: 1000 });
    });
    afterAll(async () => {
      await change({ ...approvedBody, published: false });
    });

    it('holds a goal of 1,000 cut to 1', async () => {
      await expectHeld(await change({ ...approvedBody, goal: 1 }));
    });

    it('holds a change of kind', async () => {
      await expectHeld(await change({ ...approvedBody, kind: 'team_vip1' }));
    });

    it('holds an end date ten years later', async () => {
      const later = new Date(FUTURE + 7 * DAY + 3650 * DAY).toISOString();
      await expectHeld(await change({ ...approvedBody, ends_at: later }));
    });

    it('applies small changes at once and holds their sum against the approved reward', async () => {
      const small = await change({ ...approvedBody, title: 'Trailer month', reward: 5.5 });
      expect(small.body).toMatchObject({ title: 'Trailer month', reward: 5.5 });
      // 6 is +9 % over the live 5.5, but +20 % over the approved 5.
      const more = await change({ ...approvedBody, reward: 6 });
      expect(await live()).toMatchObject({ reward: 5.5 });
      expect(small.body.pending_changes).toEqual([]);
      expect(more.body).toMatchObject({ reward: 5.5 });
      expect(more.body.pending_changes).toEqual([
        expect.objectContaining({ baseline: expect.objectContaining({ reward: 5 }) }),
      ]);
      await decide(more.body.pending_changes[0], 'reject');
    });
  });

  describe('campaigns', () => {
    let id: number;
    const approvedBody = {
      name: 'Big packages only',
      starts_at: new Date(FUTURE).toISOString(),
      ends_at: new Date(FUTURE + 30 * DAY).toISOString(),
      min_vip_level: 9,
      inviter_points: 10,
      member_points: 5,
      hold_days: 365,
    };
    const live = async () =>
      (await t.http().get('/admin/campaigns').set(admin)).body.find(
        (c: { id: number }) => c.id === id,
      );
    const change = (body: object) => t.http().put(`/admin/campaigns/${id}`).set(admin).send(body);

    beforeAll(async () => {
      const created = await t.http().post('/admin/campaigns').set(admin).send(approvedBody);
      expect(created.body).toMatchObject({ inviter_points: 0, member_points: 0 });
      id = created.body.id;
      await approveWaiting('campaign', id);
      expect(await live()).toMatchObject({ inviter_points: 10, min_vip_level: 9 });
    });

    it('holds an entry level cut from 9 to 1', async () => {
      const res = await change({ ...approvedBody, min_vip_level: 1 });
      expect(await live()).toMatchObject({ min_vip_level: 9 });
      expect(res.body).toMatchObject({ min_vip_level: 9 });
      expect(res.body.pending_changes).toEqual([
        expect.objectContaining({
          target: 'campaign',
          target_id: id,
          after: expect.objectContaining({ min_vip_level: 1 }),
        }),
      ]);
      await decide(res.body.pending_changes[0], 'reject');
    });

    it('holds a hold cut from 365 days to 0', async () => {
      const res = await change({ ...approvedBody, hold_days: 0 });
      expect(await live()).toMatchObject({ hold_days: 365 });
      expect(res.body.pending_changes).toHaveLength(1);
      await decide(res.body.pending_changes[0], 'reject');
    });

    it('applies a slightly shorter hold at once and holds further cuts against the approved one', async () => {
      const res = await change({ ...approvedBody, hold_days: 340, name: 'Renamed' });
      expect(res.body).toMatchObject({ hold_days: 340, name: 'Renamed' });
      // 320 days is 12 % shorter than the approved 365, though only 6 % shorter than the live 340.
      const shorter = await change({ ...approvedBody, hold_days: 320 });
      expect(await live()).toMatchObject({ hold_days: 340 });
      expect(res.body.pending_changes).toEqual([]);
      expect(shorter.body).toMatchObject({ hold_days: 340 });
      expect(shorter.body.pending_changes).toHaveLength(1);
      await decide(shorter.body.pending_changes[0], 'reject');
    });
  });

  describe('the card, the support link and the card rates', () => {
    let settings: Record<string, string>;
    let rates: Record<string, string>;
    let finance: Member;
    beforeAll(async () => {
      settings = (await t.http().get('/admin/settings').set(admin)).body;
      rates = (await t.http().get('/admin/card_rates').set(admin)).body;
      finance = await staffMember(t, 'finance');
    });
    afterAll(async () => {
      // One admin now: the settings go back at once.
      await t.http().put('/admin/settings').set(admin).send(settings).expect(200);
      await t.http().put('/admin/card_rates').set(admin).send(rates).expect(200);
      expect((await t.http().get('/admin/settings').set(admin)).body).toEqual(settings);
    });

    it('waits for the second admin while the club has two: the card', async () => {
      const res = await t
        .http()
        .put('/admin/settings')
        .set(admin)
        .send({ ...settings, card: '8600 9999 0000 1111', main_message: 'Welcome' });
      expect(res.status).toBe(200);
      // The rest applied; the card did not.
      expect(res.body).toMatchObject({ main_message: 'Welcome', card: settings.card });
      expect((await t.http().get('/admin/settings').set(admin)).body.card).toBe(settings.card);
      expect(res.body.pending_changes).toEqual([
        expect.objectContaining({
          target: 'card',
          target_id: null,
          before: { card: settings.card },
          after: { card: '8600 9999 0000 1111' },
        }),
      ]);
      const [waiting] = await pending();
      expect(waiting).toMatchObject({ id: res.body.pending_changes[0].id, target: 'card' });
      const own = await t.http().post(`/admin/economy/changes/${waiting.id}/approve`).set(admin);
      expect([own.status, own.body.code]).toEqual([403, 'SELF_APPROVAL_FORBIDDEN']);
      await decide(waiting, 'approve');
      const m = await member(t);
      expect((await t.http().get('/card').set(m.auth)).body).toEqual({
        card: '8600 9999 0000 1111',
      });
    });

    it('waits for the second admin while the club has two: the support link', async () => {
      const res = await t
        .http()
        .put('/admin/settings')
        .set(admin2.auth)
        .send({
          ...(await t.http().get('/admin/settings').set(admin)).body,
          support_url: 'https://t.me/not_the_club',
        });
      expect((await t.http().get('/site')).body.support_url).toBe(settings.support_url || null);
      expect(res.body.pending_changes).toEqual([
        expect.objectContaining({ target: 'support_url', proposed_by: admin2.id }),
      ]);
      await decide(res.body.pending_changes[0], 'reject', admin);
      expect((await t.http().get('/site')).body.support_url).toBe(settings.support_url || null);
    });

    it('waits for the second admin while the club has two: the card rates, even from finance', async () => {
      // Finance ×10: the console would fill every USD card credit in ten times over.
      const tenfold = { ...rates, USD: String((Number(rates.USD) || 1) * 10) };
      // The same rates again change nothing: nothing waits.
      const same = await t.http().put('/admin/card_rates').set(finance.auth).send(rates);
      expect(same.body.pending_changes).toEqual([]);
      const res = await t.http().put('/admin/card_rates').set(finance.auth).send(tenfold);
      expect(res.status).toBe(200);
      expect((await t.http().get('/admin/card_rates').set(admin)).body).toEqual(rates);
      expect(res.body).toMatchObject({
        ...rates,
        pending_changes: [expect.objectContaining({ target: 'card_rates' })],
      });
      await decide(res.body.pending_changes[0], 'approve', admin);
      expect((await t.http().get('/admin/card_rates').set(admin)).body).toEqual(tenfold);
    });

    it('applies them at once while the club has one admin', async () => {
      await demoteStaff(t, adminId);
      const [{ count }] = await t.db.query(
        `SELECT count(*)::int AS count FROM users WHERE role = 'admin' AND is_active`,
      );
      expect(count).toBe(1);
      const res = await t
        .http()
        .put('/admin/settings')
        .set(admin)
        .send({ ...settings, card: '8600 2222 3333 4444', support_url: 'https://t.me/club_help' });
      expect(res.body).toMatchObject({
        card: '8600 2222 3333 4444',
        support_url: 'https://t.me/club_help',
        pending_changes: [],
      });
      const halved = { ...rates, RUB: '0.005' };
      const saved = await t.http().put('/admin/card_rates').set(admin).send(halved);
      expect(saved.body).toEqual({ ...halved, pending_changes: [] });
      expect(await pending()).toEqual([]);
    });
  });
});
