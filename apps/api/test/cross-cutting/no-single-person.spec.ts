import {
  type Member,
  type TestApp,
  expectLedgerSound,
  me,
  member,
  operator,
  setCardNumber,
  setLevel,
  startApp,
} from '../support/harness';
import { requestCardDeposit, requestWithdrawal } from '../support/requests';
import { demoteStaff, staffMember } from '../support/staff';

type Auth = Record<string, string>;

/**
 * Issue 36, cases 1 and 4, as one dishonest operator would try them through
 * the real API with the production defaults: no admin appoints puppets
 * alone, a new operator does not co-sign at once, credits count across
 * kinds, and nobody decides money for their own team or approves the
 * withdrawal of a member they just credited.
 */
describe('no single person: staff changes take two admins', () => {
  let t: TestApp;
  let seeded: Auth;
  let seededId: number;
  let a: Member;
  beforeAll(async () => {
    t = await startApp();
    seeded = await operator(t);
    seededId = (await t.http().get('/users/me').set(seeded)).body.id;
    a = await staffMember(t, 'admin');
  });
  afterAll(async () => {
    await t.db.query(
      `UPDATE staff_requests SET status = 'rejected', decided_by = $1, decided_at = now()
                      WHERE status = 'pending'`,
      [seededId],
    );
    await demoteStaff(t, seededId);
    await t.close();
  });

  const roleOf = async (id: number) =>
    (await t.http().get(`/admin/users/${id}`).set(a.auth)).body as {
      role: string;
      is_active: boolean;
    };

  it('holds a promotion to admin until another admin approves, and the puppet cannot co-sign while cooling off', async () => {
    const puppet = await member(t);
    const victim = await member(t);
    const ask = await t
      .http()
      .post(`/admin/users/${puppet.id}/role`)
      .set(a.auth)
      .send({ role: 'admin' });
    expect(ask.status).toBe(200);
    expect(ask.body).toEqual({ status: 'awaiting_second_admin', request_id: expect.any(Number) });
    expect((await roleOf(puppet.id)).role).toBe('member');
    // Asking again finds the same request; the asker cannot approve it.
    const again = await t
      .http()
      .post(`/admin/users/${puppet.id}/role`)
      .set(a.auth)
      .send({ role: 'admin' });
    expect(again.body.request_id).toBe(ask.body.request_id);
    const own = await t
      .http()
      .post(`/admin/staff_requests/${ask.body.request_id}/approve`)
      .set(a.auth);
    expect([own.status, own.body.code]).toEqual([403, 'SELF_APPROVAL_FORBIDDEN']);
    // The one who would become admin cannot approve it either (not an admin; and never about oneself).
    const self = await t
      .http()
      .post(`/admin/staff_requests/${ask.body.request_id}/approve`)
      .set(puppet.auth);
    expect(self.status).toBe(403);
    const pending = await t.http().get('/admin/staff_requests?status=pending').set(seeded);
    expect(pending.body).toContainEqual(
      expect.objectContaining({
        id: ask.body.request_id,
        target_user_id: puppet.id,
        change: 'role',
        role: 'admin',
        before_role: 'member',
        requested_by: a.id,
        status: 'pending',
        decided_by: null,
      }),
    );

    // A large adjustment by the same admin waits for a second operator ...
    const adjust = await t
      .http()
      .post(`/admin/users/${victim.id}/adjust`)
      .set(a.auth)
      .send({ account: 'money', amount: 49_000, reason: 'bonus' });
    expect(adjust.body).toMatchObject({
      status: 'pending_approval',
      awaiting_second_approval: true,
    });

    // ... the seeded admin approves the promotion: applied, the puppet is an admin ...
    const approved = await t
      .http()
      .post(`/admin/staff_requests/${ask.body.request_id}/approve`)
      .set(seeded);
    expect(approved.body).toMatchObject({ status: 'approved', decided_by: seededId });
    expect((await roleOf(puppet.id)).role).toBe('admin');
    const decidedTwice = await t
      .http()
      .post(`/admin/staff_requests/${ask.body.request_id}/reject`)
      .set(seeded);
    expect([decidedTwice.status, decidedTwice.body.code]).toEqual([
      409,
      'STAFF_REQUEST_ALREADY_DECIDED',
    ]);

    // ... but it cannot give the second approval while cooling off: nothing is minted.
    const puppetAuth = {
      Authorization: `Bearer ${(await t.http().post('/token').type('form').send({ username: puppet.phone, password: puppet.password })).body.access_token}`,
    };
    let second;
    for (let i = 0; i < 200; i++) {
      second = await t
        .http()
        .post(`/admin/adjustments/${adjust.body.request_id}/approve`)
        .set(puppetAuth);
      if (second.status !== 403 || second.body.code !== 'FORBIDDEN') break; // the role reached this process
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect([second!.status, second!.body.code]).toEqual([403, 'OPERATOR_COOLING_OFF']);
    expect((await me(t, victim)).money).toBe(0);
    // Its own staff requests' approvals wait too.
    const other = await member(t);
    const next = await t
      .http()
      .post(`/admin/users/${other.id}/role`)
      .set(a.auth)
      .send({ role: 'finance' });
    const byPuppet = await t
      .http()
      .post(`/admin/staff_requests/${next.body.request_id}/approve`)
      .set(puppetAuth);
    expect([byPuppet.status, byPuppet.body.code]).toEqual([403, 'OPERATOR_COOLING_OFF']);
    expect((await roleOf(other.id)).role).toBe('member');

    // Once the cooling off is over (the grant moved back past 72 hours), the approval counts.
    await t.db.query(
      `UPDATE users SET role_granted_at = now() - interval '73 hours' WHERE id = $1`,
      [puppet.id],
    );
    const later = await t
      .http()
      .post(`/admin/adjustments/${adjust.body.request_id}/approve`)
      .set(puppetAuth);
    expect(later.body).toMatchObject({ status: 'applied' });
    expect((await me(t, victim)).money).toBe(49_000);
    await t
      .http()
      .post(`/admin/staff_requests/${next.body.request_id}/reject`)
      .set(a.auth)
      .expect(200);
    await expectLedgerSound(t, seeded);
  });

  it('holds demoting or deactivating another admin or a finance operator; support and members change at once', async () => {
    const finance = await staffMember(t, 'finance');
    for (const [path, body] of [
      [`/admin/users/${seededId}/role`, { role: 'member' }],
      [`/admin/users/${seededId}/deactivate`, {}],
      [`/admin/users/${finance.id}/deactivate`, {}],
      [`/admin/users/${finance.id}/role`, { role: 'support' }],
    ] as const) {
      const res = await t.http().post(path).set(a.auth).send(body);
      expect([path, res.status, res.body.status]).toEqual([path, 200, 'awaiting_second_admin']);
    }
    expect(await roleOf(seededId)).toMatchObject({ role: 'admin', is_active: true });
    expect(await roleOf(finance.id)).toMatchObject({ role: 'finance', is_active: true });
    // The seeded admin sees every one of them and the requester takes them back.
    const pending = (await t.http().get('/admin/staff_requests?status=pending').set(seeded))
      .body as {
      id: number;
      target_user_id: number;
    }[];
    const mine = pending.filter((r) => [seededId, finance.id].includes(r.target_user_id));
    expect(mine).toHaveLength(4);
    // The admin concerned cannot decide a request about itself.
    const aboutMe = mine.find((r) => r.target_user_id === seededId)!;
    const refused = await t.http().post(`/admin/staff_requests/${aboutMe.id}/reject`).set(seeded);
    expect([refused.status, refused.body.code]).toEqual([403, 'SELF_ACTION_FORBIDDEN']);
    for (const r of mine) {
      await t.http().post(`/admin/staff_requests/${r.id}/reject`).set(a.auth).expect(200);
    }
    // Support and member roles are no staff power: applied at once, with the member as it is now.
    const m = await member(t);
    const support = await t
      .http()
      .post(`/admin/users/${m.id}/role`)
      .set(a.auth)
      .send({ role: 'support' });
    expect(support.body).toMatchObject({ status: 'applied', id: m.id, role: 'support' });
    const off = await t.http().post(`/admin/users/${m.id}/deactivate`).set(a.auth);
    expect(off.body).toMatchObject({ status: 'applied', is_active: false });
    // The audit names who asked and who decided.
    const audit = (await t.http().get('/admin/audit?limit=50').set(seeded)).body as {
      action: string;
      actor_id: number;
    }[];
    expect(audit).toContainEqual(
      expect.objectContaining({ action: 'staff.request', actor_id: a.id }),
    );
    expect(audit).toContainEqual(
      expect.objectContaining({ action: 'staff.reject', actor_id: a.id }),
    );
  });

  it("gives no admin another admin's or finance operator's reset code: their own mailbox only", async () => {
    const finance = await staffMember(t, 'finance');
    for (const target of [seededId, finance.id]) {
      const res = await t.http().post(`/admin/users/${target}/reset_code`).set(a.auth);
      expect([target, res.status, res.body.code]).toEqual([
        target,
        409,
        'OPERATOR_MAILBOX_REQUIRED',
      ]);
      expect(res.body).not.toHaveProperty('code', expect.stringMatching(/^\d+$/));
    }
    // Support staff and members without a mailbox still get a code to hand over.
    const support = await staffMember(t, 'support');
    const code = await t.http().post(`/admin/users/${support.id}/reset_code`).set(a.auth);
    expect([code.status, typeof code.body.code]).toEqual([200, 'string']);
  });

  it('applies at once in a club of one admin, and the console is told four eyes cannot hold', async () => {
    const two = (await t.http().get('/admin/staff_requests/overview').set(seeded)).body;
    expect(two.active_admins).toBeGreaterThanOrEqual(2);
    // The seeded admin alone (the others step aside for this test).
    await t.db.query(`UPDATE users SET role = 'support' WHERE role = 'admin' AND id <> $1`, [
      seededId,
    ]);
    try {
      let overview;
      for (let i = 0; i < 200; i++) {
        overview = (await t.http().get('/admin/staff_requests/overview').set(seeded)).body;
        if (overview.active_admins === 1) break;
      }
      expect(overview).toMatchObject({ active_admins: 1 });
      const m = await member(t);
      const res = await t
        .http()
        .post(`/admin/users/${m.id}/role`)
        .set(seeded)
        .send({ role: 'finance' });
      expect(res.body).toMatchObject({ status: 'applied', role: 'finance' });
      // Granted through the console: cooling off.
      const [{ granted }] = await t.db.query(
        `SELECT role_granted_at IS NOT NULL AS granted FROM users WHERE id = $1`,
        [m.id],
      );
      expect(granted).toBe(true);
    } finally {
      await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [a.id]);
    }
  });
});

describe("no single person: credits count together, and no money for one's own team", () => {
  let t: TestApp;
  let seeded: Auth;
  let seededId: number;
  let f: Member;
  let f2: Member;
  beforeAll(async () => {
    // The production defaults of what this suite tests (the suites' env turns this one off).
    t = await startApp({ CREDITOR_WITHDRAWAL_APPROVAL_HOURS: '24' });
    seeded = await operator(t);
    seededId = (await t.http().get('/users/me').set(seeded)).body.id;
    await setCardNumber(t, seeded, '8600 1111 2222 3333');
    f = await staffMember(t, 'finance');
    f2 = await staffMember(t, 'finance');
  });
  afterAll(async () => {
    await expectLedgerSound(t, seeded);
    await demoteStaff(t, seededId);
    await t.close();
  });

  const cardDeposit = (m: Member) => requestCardDeposit(t, m, seeded);

  const withdrawal = (m: Member, amount: number) => requestWithdrawal(t, m, amount);

  it('counts a card deposit and an adjustment together, and the creditor does not approve the withdrawal', async () => {
    const m = await member(t);
    // A card deposit of 1,000 (the member paid 1 USD): one operator, at the threshold.
    const card = await cardDeposit(m);
    const credited = await t
      .http()
      .post(`/admin/card_deposits/${card}/approve`)
      .set(f.auth)
      .send({ amount: 1000 });
    expect(credited.body).toMatchObject({ status: 'success', credited: 1000 });
    // An adjustment of +1,000 the same day now waits: 2,000 of credits over 24 hours.
    const adjust = await t
      .http()
      .post(`/admin/users/${m.id}/adjust`)
      .set(f.auth)
      .send({ account: 'money', amount: 1000, reason: 'goodwill' });
    expect(adjust.body).toMatchObject({
      status: 'pending_approval',
      awaiting_second_approval: true,
    });
    expect((await me(t, m)).money).toBe(1000);
    // The same operator cannot approve that member's withdrawal; another one can.
    await setLevel(t, m.id, 1);
    const w = await withdrawal(m, 500);
    const own = await t.http().post(`/admin/withdrawals/${w}/approve`).set(f.auth);
    expect([own.status, own.body.code]).toEqual([403, 'SELF_DEALING_FORBIDDEN']);
    const other = await t.http().post(`/admin/withdrawals/${w}/approve`).set(f2.auth);
    expect(other.body).toMatchObject({ status: 'approved' });
    await t
      .http()
      .post(`/admin/adjustments/${adjust.body.request_id}/reject`)
      .set(f2.auth)
      .expect(200);
  });

  it("refuses crediting, approving or refusing money of the operator's own team or upline, three levels either way", async () => {
    const upline = await member(t);
    // The finance operator joined under `upline`; it invited three levels of its own.
    await t.db.query(`UPDATE users SET inviter_id = $2 WHERE id = $1`, [f.id, upline.id]);
    // Only VIP 1 and above invite.
    const invitedBy = async (inviterId: number) => {
      await setLevel(t, inviterId, 1);
      return member(t, inviterId);
    };
    const level1 = await invitedBy(f.id);
    const level2 = await invitedBy(level1.id);
    const level3 = await invitedBy(level2.id);
    const level4 = await invitedBy(level3.id);
    try {
      for (const target of [upline, level1, level2, level3]) {
        const adjust = await t
          .http()
          .post(`/admin/users/${target.id}/adjust`)
          .set(f.auth)
          .send({ account: 'money', amount: 10, reason: 'family' });
        expect([target.id, adjust.status, adjust.body.code]).toEqual([
          target.id,
          403,
          'SELF_DEALING_FORBIDDEN',
        ]);
      }
      // A card deposit of the team: not credited, not refused by them.
      const card = await cardDeposit(level2);
      const credit = await t
        .http()
        .post(`/admin/card_deposits/${card}/approve`)
        .set(f.auth)
        .send({ amount: 10 });
      expect([credit.status, credit.body.code]).toEqual([403, 'SELF_DEALING_FORBIDDEN']);
      const reject = await t
        .http()
        .post(`/admin/card_deposits/${card}/reject`)
        .set(f.auth)
        .send({ reason: 'Not for your own team' });
      expect([reject.status, reject.body.code]).toEqual([403, 'SELF_DEALING_FORBIDDEN']);
      // A withdrawal of the team: neither approved nor refused by them; another operator decides.
      const funded = await t
        .http()
        .post(`/admin/users/${level1.id}/adjust`)
        .set(f2.auth)
        .send({ account: 'money', amount: 30, reason: 'test funding' });
      expect(funded.body.status).toBe('applied');
      await setLevel(t, level1.id, 1);
      const w = await withdrawal(level1, 20);
      for (const action of ['approve', 'reject']) {
        const res = await t
          .http()
          .post(`/admin/withdrawals/${w}/${action}`)
          .set(f.auth)
          .send({ reason: 'Not for your own team' });
        expect([action, res.status, res.body.code]).toEqual([
          action,
          403,
          'SELF_DEALING_FORBIDDEN',
        ]);
      }
      expect(
        (
          await t
            .http()
            .post(`/admin/withdrawals/${w}/reject`)
            .set(f2.auth)
            .send({ reason: 'test' })
        ).status,
      ).toBe(200);
      expect((await me(t, level1)).money).toBe(30);
      // Four levels down is no longer the operator's team.
      const far = await t
        .http()
        .post(`/admin/users/${level4.id}/adjust`)
        .set(f.auth)
        .send({ account: 'money', amount: 10, reason: 'unrelated' });
      expect(far.body.status).toBe('applied');
    } finally {
      await t.db.query(`UPDATE users SET inviter_id = NULL WHERE id = $1`, [f.id]);
    }
  });
});
