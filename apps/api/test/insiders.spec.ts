import { type Member, type TestApp, login, member, operator, startApp } from './harness';
import { demoteStaff, staffMember } from './staff';

type Auth = Record<string, string>;

/**
 * Issue 25, each case reproduced as a dishonest operator would try it,
 * through the real API with the production thresholds.
 */
describe('insiders: reach over accounts', () => {
  let t: TestApp;
  let admin: Auth;
  let adminId: number;
  beforeAll(async () => {
    t = await startApp();
    admin = await operator(t);
    adminId = (await t.http().get('/users/me').set(admin)).body.id;
  });
  afterAll(async () => {
    await demoteStaff(t, adminId);
    await t.close();
  });

  it('refuses support a reset code, deactivation or logout of an admin, and itself a promotion', async () => {
    const support = await staffMember(t, 'support');
    const otherAdmin = await staffMember(t, 'admin');
    for (const action of ['reset_code', 'deactivate', 'end_logins']) {
      const res = await t.http().post(`/admin/users/${otherAdmin.id}/${action}`).set(support.auth);
      expect([action, res.status, res.body]).toEqual([
        action,
        403,
        { detail: 'Only an admin can act on another operator', code: 'OPERATOR_REACH_FORBIDDEN' },
      ]);
    }
    // The admin still signs in with its own password, and its login still works.
    expect((await t.http().get('/users/me').set(otherAdmin.auth)).status).toBe(200);
    await login(t, otherAdmin.phone, otherAdmin.password);
    const promote = await t
      .http()
      .post(`/admin/users/${support.id}/role`)
      .set(support.auth)
      .send({ role: 'admin' });
    expect(promote.status).toBe(403);
    // Support still acts on members.
    const m = await member(t);
    const code = await t.http().post(`/admin/users/${m.id}/reset_code`).set(support.auth);
    expect(code.status).toBe(200);
    expect((await t.http().post(`/admin/users/${m.id}/end_logins`).set(support.auth)).status).toBe(
      200,
    );
  });

  it('refuses finance and support acting on each other, and anyone on themselves', async () => {
    const finance = await staffMember(t, 'finance');
    const support = await staffMember(t, 'support');
    const res = await t.http().post(`/admin/users/${finance.id}/deactivate`).set(support.auth);
    expect([res.status, res.body.code]).toEqual([403, 'OPERATOR_REACH_FORBIDDEN']);
    const adjust = await t
      .http()
      .post(`/admin/users/${support.id}/adjust`)
      .set(finance.auth)
      .send({ account: 'money', amount: 5, reason: 'a colleague' });
    expect([adjust.status, adjust.body.code]).toEqual([403, 'OPERATOR_REACH_FORBIDDEN']);
    for (const action of ['reset_code', 'deactivate', 'end_logins']) {
      const own = await t.http().post(`/admin/users/${support.id}/${action}`).set(support.auth);
      expect([action, own.status, own.body.code]).toEqual([action, 403, 'SELF_ACTION_FORBIDDEN']);
    }
    const ownRole = await t
      .http()
      .post(`/admin/users/${adminId}/role`)
      .set(admin)
      .send({ role: 'member' });
    expect([ownRole.status, ownRole.body.code]).toEqual([403, 'SELF_ACTION_FORBIDDEN']);
  });

  it('lets an admin act on another operator', async () => {
    const support = await staffMember(t, 'support');
    const code = await t.http().post(`/admin/users/${support.id}/reset_code`).set(admin);
    expect(code.status).toBe(200);
    const role = await t
      .http()
      .post(`/admin/users/${support.id}/role`)
      .set(admin)
      .send({ role: 'finance' });
    expect([role.status, role.body.role]).toEqual([200, 'finance']);
  });

  it('never leaves the app without an active admin, even when two admins demote each other at once', async () => {
    const a: Member = await staffMember(t, 'admin');
    const b: Member = await staffMember(t, 'admin');
    // Only a and b stay admins (the seeded one steps aside for this test).
    await t.db.query(
      `UPDATE users SET role = 'finance' WHERE role = 'admin' AND id NOT IN ($1, $2)`,
      [a.id, b.id],
    );
    try {
      const answers = await Promise.all([
        t.http().post(`/admin/users/${b.id}/role`).set(a.auth).send({ role: 'finance' }),
        t.http().post(`/admin/users/${a.id}/role`).set(b.auth).send({ role: 'support' }),
      ]);
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      // Refused by the rule (LAST_ADMIN_FORBIDDEN) or, when the winner's change reached
      // this process first, because the loser is no longer an admin (FORBIDDEN).
      expect(statuses.filter((s) => s === 403)).toHaveLength(1);
      const [{ count }] = await t.db.query(
        `SELECT count(*)::int AS count FROM users WHERE role = 'admin' AND is_active`,
      );
      expect(count).toBe(1);
    } finally {
      await t.db.query(`UPDATE users SET role = 'admin', is_active = true WHERE id = $1`, [
        adminId,
      ]);
    }
  });
});
