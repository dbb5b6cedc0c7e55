import { FUNDING_HORIZON_DAYS } from '@app/domain';
import { PromotionsService } from '../../src/modules/promotions/promotions.service';
import {
  adjust,
  approveEconomyChanges,
  coSigner,
  expectLedgerSound,
  me,
  member,
  Member,
  operator,
  setLevel,
  startApp,
  TestApp,
  viewFor,
} from '../support/harness';
import { staffMember } from '../support/staff';

const USDT = 1_000_000n;
const micro = (usdt: number) => BigInt(Math.round(usdt * 1e6));
const hour = 3_600_000;

/**
 * Issue 37, case 4 (contract section 11, "Funding (public)"): every payout
 * is drawn from a named funding account, sponsor funds first while they hold
 * money, then club revenue; outside money is recorded with four eyes;
 * /transparency adds up to the ledger; an economy change or campaign the club
 * cannot fund is refused, and the console sees the runway before approving.
 */
describe('funded payouts and the club in public (issue 37)', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    // A low threshold keeps the sums small enough to spend with a few watches.
    t = await startApp({ TRANSPARENCY_CACHE_SECONDS: '0', ADJUST_APPROVAL_THRESHOLD: '10' });
    admin = await operator(t);
  });
  afterAll(async () => {
    await expectLedgerSound(t, admin);
    await t.close();
  });

  /** What the funding accounts paid in one ledger transaction (positive), micro-USDT. */
  async function fundingOf(transactionId: string) {
    const rows: { kind: string; paid: string }[] = await t.db.query(
      `SELECT a.kind, (-sum(p.amount))::text AS paid FROM ledger_postings p
       JOIN ledger_accounts a ON a.id = p.account_id
       WHERE p.transaction_id = $1 AND a.user_id IS NULL AND a.kind IN ('sponsor_funds', 'club_revenue')
       GROUP BY a.kind`,
      [transactionId],
    );
    const of = (kind: string) => BigInt(rows.find((r) => r.kind === kind)?.paid ?? '0');
    return { sponsor: of('sponsor_funds'), club: of('club_revenue') };
  }
  const lastTransaction = async (kind: string, userId: number) => {
    const [row] = await t.db.query(
      `SELECT id::text FROM ledger_transactions WHERE kind = $1 AND user_id = $2 ORDER BY id DESC LIMIT 1`,
      [kind, userId],
    );
    return row.id as string;
  };
  const sponsorFunds = async () => {
    const [row] = await t.db.query(
      `SELECT balance::text FROM ledger_accounts WHERE user_id IS NULL AND kind = 'sponsor_funds'`,
    );
    return BigInt(row.balance);
  };
  const record = (auth: Record<string, string>, amount: number, reference: string) =>
    t
      .http()
      .post('/admin/sponsor_funds')
      .set(auth)
      .send({ amount, payer: 'Kino Partners', reference });
  /** Recorded, with the co-signer's approval when it waits for one. */
  async function recordFunded(amount: number, reference: string) {
    const res = await record(admin, amount, reference).expect(200);
    if (res.body.status === 'recorded') return res.body;
    return (
      await t
        .http()
        .post(`/admin/sponsor_funds/${res.body.id}/approve`)
        .set(await coSigner(t))
        .expect(200)
    ).body;
  }
  /** A watch of a level's trailer and what the funding accounts paid for it. */
  async function watch(m: Member, trailerId: number) {
    const view = await viewFor(t, m, trailerId, 30);
    await t.http().post(`/trailers/${trailerId}/watch`).set(m.auth).send(view).expect(200);
    return fundingOf(await lastTransaction('reward', m.id));
  }

  it('records outside money with its payer and reference, four eyes over the threshold', async () => {
    const small = await record(admin, 5, `INV-${Date.now()}-small`);
    expect(small.status).toBe(200);
    expect(small.body).toMatchObject({
      id: expect.any(Number),
      status: 'recorded',
      amount: 5,
      payer: 'Kino Partners',
      transaction_id: expect.any(String),
      awaiting_second_approval: false,
    });
    expect((await record(admin, 5, small.body.reference)).body.code).toBe(
      'SPONSOR_REFERENCE_TAKEN',
    );

    // Over ADJUST_APPROVAL_THRESHOLD (10 here) over 24 hours, this one with the 5 before: it
    // waits, and not for its requester.
    const before = await sponsorFunds();
    const large = await record(admin, 6, `INV-${Date.now()}-large`);
    expect(large.body).toMatchObject({ status: 'pending', awaiting_second_approval: true });
    expect(await sponsorFunds()).toBe(before);
    const self = await t.http().post(`/admin/sponsor_funds/${large.body.id}/approve`).set(admin);
    expect([self.status, self.body.code]).toEqual([403, 'SELF_APPROVAL_FORBIDDEN']);
    const second = await t
      .http()
      .post(`/admin/sponsor_funds/${large.body.id}/approve`)
      .set(await coSigner(t));
    expect(second.body).toMatchObject({ status: 'recorded', approvals: [{}, {}] });
    expect(await sponsorFunds()).toBe(before + 6n * USDT);

    const turned = await record(admin, 2000, `INV-${Date.now()}-turned`);
    const rejected = await t
      .http()
      .post(`/admin/sponsor_funds/${turned.body.id}/reject`)
      .set(admin);
    expect(rejected.body).toMatchObject({ status: 'rejected' });
    const again = await t.http().post(`/admin/sponsor_funds/${turned.body.id}/approve`).set(admin);
    expect(again.body.code).toBe('SPONSOR_FUNDS_ALREADY_DECIDED');
    expect(await sponsorFunds()).toBe(before + 6n * USDT);

    const listed = (await t.http().get('/admin/sponsor_funds').set(admin).expect(200)).body;
    expect(listed.map((p: { id: number }) => p.id)).toEqual(
      expect.arrayContaining([small.body.id, large.body.id, turned.body.id]),
    );
    const support = await staffMember(t, 'support');
    expect((await record(support.auth, 1, 'by support')).status).toBe(403);
    expect(
      (
        await t
          .http()
          .get('/admin/sponsor_funds')
          .set((await member(t)).auth)
      ).status,
    ).toBe(403);
    const [audit] = await t.db.query(
      `SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'sponsor_funds.%'`,
    );
    expect(audit.n).toBeGreaterThanOrEqual(4);
  });

  it('pays rewards and commissions from sponsor funds while they hold money, then from club revenue', async () => {
    // Spend what the previous case recorded, so the figures below start at a known 20 USDT.
    const spender = await member(t);
    await setLevel(t, spender.id, 9);
    for (let trailer = 1; (await sponsorFunds()) > 0n; trailer++) await watch(spender, trailer);
    await recordFunded(20, `INV-${Date.now()}-twenty`);
    expect(await sponsorFunds()).toBe(20n * USDT);

    const inviter = await member(t);
    await setLevel(t, inviter.id, 1); // only VIP 1 and above invite
    const watcher = await member(t, inviter.id);
    await setLevel(t, watcher.id, 9);
    // A level 9 reward (12 USDT) and its 10% commission: 13.2 USDT a watch.
    expect(await watch(watcher, 1)).toEqual({ sponsor: micro(13.2), club: 0n });
    expect(await sponsorFunds()).toBe(micro(6.8));
    // What is left, then the rest from club revenue, in the same transaction.
    expect(await watch(watcher, 2)).toEqual({ sponsor: micro(6.8), club: micro(6.4) });
    expect(await sponsorFunds()).toBe(0n);
    expect(await watch(watcher, 3)).toEqual({ sponsor: 0n, club: micro(13.2) });

    // Members see what they always saw: rewards, a commission, their earnings.
    expect(await me(t, watcher)).toMatchObject({ money: 36, total_earn: 36 });
    expect(await me(t, inviter)).toMatchObject({ money: 3.6, team_earn: 3.6 });
    const statement = (await t.http().get('/users/me/statement').set(inviter.auth)).body;
    expect(statement.items.map((i: { kind: string }) => i.kind)).toEqual([
      'commission',
      'commission',
      'commission',
    ]);
  });

  it('funds challenge rewards and promotion points too', async () => {
    const created = await t
      .http()
      .post('/admin/challenges')
      .set(admin)
      .send({
        title: 'One trailer',
        text: 'Watch one',
        kind: 'trailers',
        goal: 1,
        reward: 2.5,
        starts_at: new Date(Date.now() - hour).toISOString(),
        ends_at: new Date(Date.now() + hour).toISOString(),
      })
      .expect(200);
    await approveEconomyChanges(t);
    const m = await member(t);
    await setLevel(t, m.id, 1);
    await watch(m, 1);
    await t.http().post(`/challenges/${created.body.id}/claim`).set(m.auth).expect(200);
    expect(await fundingOf(await lastTransaction('challenge_reward', m.id))).toEqual({
      sponsor: 0n,
      club: micro(2.5),
    });

    // A running campaign: a purchase of level 2 pays 3 points to the inviter and 2 to the member.
    const campaign = {
      name: 'Funded invitations',
      starts_at: new Date(Date.now() - hour).toISOString(),
      ends_at: new Date(Date.now() + hour).toISOString(),
      min_vip_level: 2,
      inviter_points: 3,
      member_points: 2,
      hold_days: 30,
    };
    const running = (await t.http().post('/admin/campaigns').set(admin).send(campaign)).body;
    await approveEconomyChanges(t);
    try {
      const inviter = await member(t);
      await setLevel(t, inviter.id, 1); // only VIP 1 and above invite
      const buyer = await member(t, inviter.id);
      await adjust(t, admin, buyer.id, 200);
      await t.http().post('/balance/buy_vip').set(buyer.auth).send({ vip_level: 2 }).expect(200);
      const [grant] = await t.db.query(`SELECT id FROM promotion_grants WHERE member_id = $1`, [
        buyer.id,
      ]);
      expect(await t.app.get(PromotionsService).settleGrant(Number(grant.id))).toBe('settled');
      expect(await fundingOf(await lastTransaction('promotion', buyer.id))).toEqual({
        sponsor: 0n,
        club: 5n * USDT,
      });
    } finally {
      // Ended: other suites' purchases make no grants of it (a campaign at 0 points still would).
      await t
        .http()
        .put(`/admin/campaigns/${running.id}`)
        .set(admin)
        .send({ ...campaign, ends_at: new Date(Date.now() - 1000).toISOString() })
        .expect(200);
    }
  });

  it("adds up on /transparency to the ledger's payouts of the last 30 days, day by day", async () => {
    await recordFunded(7, `INV-${Date.now()}-seven`);
    const m = await member(t);
    await setLevel(t, m.id, 2);
    await watch(m, 1);
    const res = await t.http().get('/transparency');
    expect(res.status).toBe(200);
    const body = res.body;
    const [ledger] = await t.db.query(
      `WITH w AS (SELECT (now() AT TIME ZONE 'UTC')::date - ($1::int - 1) AS day),
       p AS (
         SELECT a.user_id, a.kind, p.amount FROM ledger_postings p
         JOIN ledger_accounts a ON a.id = p.account_id
         JOIN ledger_transactions t ON t.id = p.transaction_id
         WHERE t.kind IN ('reward', 'challenge_reward', 'promotion')
           AND p.created_at >= (SELECT day FROM w) AT TIME ZONE 'UTC')
       SELECT coalesce(sum(amount) FILTER (WHERE user_id IS NOT NULL), 0)::text AS total,
              coalesce(-sum(amount) FILTER (WHERE user_id IS NULL AND kind = 'sponsor_funds'), 0)::text AS sponsor,
              coalesce(-sum(amount) FILTER (WHERE user_id IS NULL AND kind = 'club_revenue'), 0)::text AS club,
              coalesce(sum(amount) FILTER (WHERE user_id IS NULL AND kind = 'payouts_funded'), 0)::text AS funded
       FROM p`,
      [FUNDING_HORIZON_DAYS],
    );
    expect(micro(body.payouts_30d.total)).toBe(BigInt(ledger.total));
    expect(micro(body.payouts_30d.from_sponsor_funds)).toBe(BigInt(ledger.sponsor));
    expect(micro(body.payouts_30d.from_club_revenue)).toBe(BigInt(ledger.club));
    // Every payout of this database was funded: the funding transfers add up to the payouts.
    expect(BigInt(ledger.funded)).toBe(BigInt(ledger.total));
    expect(BigInt(ledger.sponsor)).toBeGreaterThan(0n);
    expect(body.payouts_daily).toHaveLength(FUNDING_HORIZON_DAYS);
    const daily = (key: 'total' | 'from_sponsor_funds' | 'from_club_revenue') =>
      body.payouts_daily.reduce((s: bigint, d: Record<string, number>) => s + micro(d[key]), 0n);
    expect(daily('total')).toBe(micro(body.payouts_30d.total));
    expect(daily('from_sponsor_funds')).toBe(micro(body.payouts_30d.from_sponsor_funds));
    expect(micro(body.sponsor_funds)).toBe(await sponsorFunds());
    expect(body).toMatchObject({
      as_of: expect.any(String),
      liabilities: expect.any(Number),
      reserves: expect.any(Number),
      surplus: expect.any(Number),
      obligations_30d: expect.any(Number),
    });
  });

  it("counts the next 30 days' rewards at today's levels and memberships, and the runway", async () => {
    const before = (await t.http().get('/transparency')).body;
    // A member at level 9 for 10 more days with no inviter: 10 days x 70 trailers x 12 USDT.
    const m = await member(t);
    await setLevel(t, m.id, 9, 10);
    const after = (await t.http().get('/transparency')).body;
    expect(micro(after.obligations_30d) - micro(before.obligations_30d)).toBe(8400n * USDT);
    const available = micro(after.surplus) + micro(after.sponsor_funds);
    const runway = available <= 0n ? 0 : Number((available * 30n) / micro(after.obligations_30d));
    expect(after.runway_days).toBe(runway);
    // A deactivated member watches nothing.
    await t.http().post(`/admin/users/${m.id}/deactivate`).set(admin).expect(200);
    const inactive = (await t.http().get('/transparency')).body;
    expect(inactive.obligations_30d).toBe(before.obligations_30d);
  });

  describe('the guard: ECONOMY_UNFUNDED', () => {
    let guarded: TestApp;
    const level9 = async (app: TestApp) =>
      (await app.http().get('/packages')).body.find(
        (p: { vip_level: number }) => p.vip_level === 9,
      );
    const withReward = (pkg: Record<string, unknown>, reward: number) => ({
      price: pkg.price,
      daily_trailers: pkg.daily_trailers,
      reward_per_trailer: reward,
      membership_days: pkg.membership_days,
    });

    beforeAll(async () => {
      guarded = await startApp({ ECONOMY_FUNDING_DAYS: '30', TRANSPARENCY_CACHE_SECONDS: '0' });
      // Members at level 9 this month: a raise of its reward promises more.
      const m = await member(guarded);
      await setLevel(guarded, m.id, 9, 30);
    });
    afterAll(() => guarded.close());

    it('refuses a raise the surplus plus sponsor funds cannot pay, takes a cut, and takes the raise once funded', async () => {
      const pkg = await level9(guarded);
      try {
        // Whatever other suites left on chain, a thousandfold reward is more than it holds.
        const raise = await guarded
          .http()
          .put('/admin/packages/9')
          .set(admin)
          .send(withReward(pkg, pkg.reward_per_trailer * 1000));
        expect([raise.status, raise.body.code]).toEqual([409, 'ECONOMY_UNFUNDED']);
        const [, obligations, available] = /would be ([\d.-]+) USDT, above .* of ([\d.-]+) USDT/
          .exec(raise.body.detail)!
          .map(Number);
        expect(obligations).toBeGreaterThan(available);
        expect((await level9(guarded)).reward_per_trailer).toBe(pkg.reward_per_trailer);

        // A cut is never refused, funded or not.
        const cutReward = pkg.reward_per_trailer - 0.5;
        await guarded
          .http()
          .put('/admin/packages/9')
          .set(admin)
          .send(withReward(pkg, cutReward))
          .expect(200);
        expect((await level9(guarded)).reward_per_trailer).toBe(cutReward);

        // Funded by sponsors, the raise back goes through: what the raise back promises is at
        // most the obligations in force scaled by the reward's rise.
        const now = (await guarded.http().get('/admin/funding').set(admin).expect(200)).body;
        const needed = (now.obligations * pkg.reward_per_trailer) / cutReward - now.available;
        if (needed > 0) {
          const recorded = await guarded
            .http()
            .post('/admin/sponsor_funds')
            .set(admin)
            .send({
              amount: Math.ceil(needed) + 1,
              payer: 'Kino Partners',
              reference: `INV-${Date.now()}-guard`,
            })
            .expect(200);
          if (recorded.body.status === 'pending') {
            await guarded
              .http()
              .post(`/admin/sponsor_funds/${recorded.body.id}/approve`)
              .set(await coSigner(guarded))
              .expect(200);
          }
        }
        await guarded
          .http()
          .put('/admin/packages/9')
          .set(admin)
          .send(withReward(pkg, pkg.reward_per_trailer))
          .expect(200);
        expect((await level9(guarded)).reward_per_trailer).toBe(pkg.reward_per_trailer);
      } finally {
        // Other suites pay level 9 as seeded: put it back where the guard is off.
        await t
          .http()
          .put('/admin/packages/9')
          .set(admin)
          .send(withReward(pkg, pkg.reward_per_trailer))
          .expect(200);
      }
    });

    it('refuses a campaign whose bonuses the club cannot pay', async () => {
      // A purchase this month: campaigns are forecast at the last 30 days' pace.
      const buyer = await member(guarded);
      await adjust(guarded, admin, buyer.id, 50);
      await guarded
        .http()
        .post('/balance/buy_vip')
        .set(buyer.auth)
        .send({ vip_level: 1 })
        .expect(200);
      const res = await guarded
        .http()
        .post('/admin/campaigns')
        .set(admin)
        .send({
          name: 'Unfunded invitations',
          starts_at: new Date(Date.now() - hour).toISOString(),
          ends_at: new Date(Date.now() + 20 * 24 * hour).toISOString(),
          min_vip_level: 1,
          inviter_points: 100_000_000,
          member_points: 100_000_000,
          hold_days: 30,
        });
      expect([res.status, res.body.code]).toEqual([409, 'ECONOMY_UNFUNDED']);
      const [found] = await guarded.db.query(
        `SELECT count(*)::int AS n FROM promotion_campaigns WHERE name = 'Unfunded invitations'`,
      );
      expect(found.n).toBe(0);
    });

    it('shows the runway with a waiting change before an admin approves it, and refuses the approval when unfunded', async () => {
      // Proposed where the guard is off (the suite's app), a large raise waits for a second admin.
      const pkg = await level9(t);
      const proposed = await t
        .http()
        .put('/admin/packages/9')
        .set(admin)
        .send(withReward(pkg, pkg.reward_per_trailer * 10));
      expect(proposed.body.pending_changes).toHaveLength(1);
      const change = proposed.body.pending_changes[0];
      try {
        const forecast = await guarded
          .http()
          .get('/admin/funding')
          .query({ change_id: change.id })
          .set(admin);
        expect(forecast.status).toBe(200);
        expect(forecast.body).toMatchObject({
          days: 30,
          available: expect.any(Number),
          obligations: expect.any(Number),
          after: { funded: false, obligations: expect.any(Number) },
        });
        expect(forecast.body.after.obligations).toBeGreaterThan(forecast.body.obligations);
        expect(forecast.body.after.runway_days ?? 0).toBeLessThanOrEqual(
          forecast.body.runway_days ?? 0,
        );
        const approve = await guarded
          .http()
          .post(`/admin/economy/changes/${change.id}/approve`)
          .set(await coSigner(guarded));
        expect([approve.status, approve.body.code]).toEqual([409, 'ECONOMY_UNFUNDED']);
        expect((await level9(guarded)).reward_per_trailer).toBe(pkg.reward_per_trailer);
      } finally {
        // Turned down by another admin (the proposer cannot decide their own change).
        await t
          .http()
          .post(`/admin/economy/changes/${change.id}/reject`)
          .set(await coSigner(t))
          .expect(200);
      }
    });
  });
});
