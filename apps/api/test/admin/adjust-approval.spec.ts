import { APP_CONFIG, AppConfig } from '../../src/config/config';
import {
  Member,
  TestApp,
  expectLedgerSound,
  me,
  member,
  operator,
  startApp,
} from '../support/harness';

/** A member promoted to operator (the promotion counts once its NOTIFY arrives). */
async function secondOperator(t: TestApp): Promise<Member> {
  const m = await member(t);
  await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [m.id]);
  for (let i = 0; i < 100; i++) {
    if ((await t.http().get('/admin/audit').set(m.auth)).status === 200) return m;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('promotion never took effect');
}

describe('operator adjustments: no self-service, four eyes above the threshold', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let adminId: number;
  beforeAll(async () => {
    t = await startApp();
    admin = await operator(t);
    adminId = (await t.http().get('/users/me').set(admin)).body.id;
  });
  afterAll(async () => {
    // The promoted members go back to being members: other suites count the seeded operator.
    await t.db.query(`UPDATE users SET role = 'member' WHERE role = 'admin' AND id <> $1`, [
      adminId,
    ]);
    await t.close();
  });

  const adjust = (auth: Record<string, string>, userId: number, amount: number, key?: string) => {
    const req = t.http().post(`/admin/users/${userId}/adjust`).set(auth);
    if (key) req.set('Idempotency-Key', key);
    return req.send({ account: 'money', amount, reason: 'four eyes test' });
  };

  it('refuses an operator adjusting their own account, below and above the threshold', async () => {
    const before = (await t.http().get('/users/me').set(admin)).body.money;
    for (const amount of [5, 1_000_000]) {
      const res = await adjust(admin, adminId, amount);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        detail: 'Operators cannot adjust their own balances',
        code: 'SELF_ADJUST_FORBIDDEN',
      });
    }
    expect((await t.http().get('/users/me').set(admin)).body.money).toBe(before);
    const other = await secondOperator(t);
    expect((await adjust(other.auth, other.id, 1)).status).toBe(403);
  });

  it('holds a large credit until a second operator approves it, once', async () => {
    const m = await member(t);
    const b = await secondOperator(t);
    const asked = await adjust(admin, m.id, 2500, 'big-credit-1');
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      status: 'pending_approval',
      transaction_id: null,
      money: 0,
    });
    const requestId = asked.body.request_id as number;
    expect(requestId).toBeGreaterThan(0);
    // A retry of the same request is the same request.
    const retried = await adjust(admin, m.id, 2500, 'big-credit-1');
    expect(retried.body.request_id).toBe(requestId);
    expect((await me(t, m)).money).toBe(0);

    const pending = await t.http().get('/admin/adjustments').set(admin);
    expect(pending.status).toBe(200);
    expect(pending.body.filter((r: { id: number }) => r.id === requestId)).toEqual([
      expect.objectContaining({
        requested_by: adminId,
        user_id: m.id,
        amount: 2500,
        status: 'pending',
      }),
    ]);

    const own = await t.http().post(`/admin/adjustments/${requestId}/approve`).set(admin);
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('SELF_APPROVAL_FORBIDDEN');
    expect((await me(t, m)).money).toBe(0);

    const approved = await t.http().post(`/admin/adjustments/${requestId}/approve`).set(b.auth);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'applied', request_id: requestId, money: 2500 });
    expect((await me(t, m)).money).toBe(2500);

    const again = await t.http().post(`/admin/adjustments/${requestId}/approve`).set(b.auth);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ADJUSTMENT_ALREADY_DECIDED');
    expect((await me(t, m)).money).toBe(2500);

    const audit = await t.http().get('/admin/audit').query({ limit: 20 }).set(admin);
    const entries = audit.body.filter(
      (e: { details: { request_id?: number } }) => e.details.request_id === requestId,
    );
    expect(
      entries.map((e: { action: string; actor_id: number }) => [e.action, e.actor_id]),
    ).toEqual([
      ['ledger.adjust.approve', b.id],
      ['ledger.adjust.request', adminId],
    ]);
    await expectLedgerSound(t, admin);
  });

  it('lets exactly one of two racing approvals through', async () => {
    const m = await member(t);
    const [b, c] = [await secondOperator(t), await secondOperator(t)];
    const requestId = (await adjust(admin, m.id, 1500)).body.request_id;
    const answers = await Promise.all(
      [b, c].map((o) => t.http().post(`/admin/adjustments/${requestId}/approve`).set(o.auth)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await me(t, m)).money).toBe(1500);
  });

  it('keeps a debit that would overdraw pending, and a rejected request can never be approved', async () => {
    const m = await member(t);
    const b = await secondOperator(t);
    const requestId = (await adjust(admin, m.id, -2000)).body.request_id;
    const overdraw = await t.http().post(`/admin/adjustments/${requestId}/approve`).set(b.auth);
    expect(overdraw.status).toBe(400);
    expect(overdraw.body.code).toBe('INSUFFICIENT_FUNDS');
    const rejected = await t.http().post(`/admin/adjustments/${requestId}/reject`).set(admin);
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', decided_by: adminId });
    const late = await t.http().post(`/admin/adjustments/${requestId}/approve`).set(b.auth);
    expect(late.status).toBe(409);
    const listed = await t
      .http()
      .get('/admin/adjustments')
      .query({ status: 'rejected' })
      .set(b.auth);
    expect(listed.body.map((r: { id: number }) => r.id)).toContain(requestId);
    expect((await me(t, m)).money).toBe(0);
  });

  it('applies at once up to the threshold, and always when the setting is 0', async () => {
    const m = await member(t);
    expect((await adjust(admin, m.id, 1000)).body).toMatchObject({
      status: 'applied',
      money: 1000,
    });
    const config = t.app.get<AppConfig>(APP_CONFIG);
    const threshold = config.ADJUST_APPROVAL_THRESHOLD;
    config.ADJUST_APPROVAL_THRESHOLD = 0;
    try {
      expect((await adjust(admin, m.id, 50_000)).body).toMatchObject({
        status: 'applied',
        money: 51_000,
      });
    } finally {
      config.ADJUST_APPROVAL_THRESHOLD = threshold;
    }
    expect((await adjust(admin, m.id, 1000.000001)).body.status).toBe('pending_approval');
  });
});
