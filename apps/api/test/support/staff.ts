import { type Member, type TestApp, login, member, operator } from './harness';

export type StaffRole = 'admin' | 'finance' | 'support';

/**
 * A member given a staff role by SQL and signed in afresh; waits until this
 * process has heard of the role (LISTEN/NOTIFY) so the first call counts.
 */
export async function staffMember(t: TestApp, role: StaffRole): Promise<Member> {
  const m = await member(t);
  await t.db.query(`UPDATE users SET role = $2 WHERE id = $1`, [m.id, role]);
  const tokens = await login(t, m.phone, m.password);
  const signedIn = { ...m, ...tokens, auth: { Authorization: `Bearer ${tokens.access_token}` } };
  const probe = role === 'support' ? '/admin/users' : '/admin/reports/ledger';
  for (let i = 0; i < 200; i++) {
    if ((await t.http().get(probe).set(signedIn.auth)).status === 200) return signedIn;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the ${role} role never took effect`);
}

/** Staff made by a suite go back to being members: other suites count the seeded admin alone. */
export async function demoteStaff(t: TestApp, keepId: number) {
  await t.db.query(`UPDATE users SET role = 'member' WHERE role <> 'member' AND id <> $1`, [
    keepId,
  ]);
}

/**
 * A suite's staff for money decisions: the seeded admin, a finance and a
 * support member. `demote` gives the finance and support members back
 * (demoteStaff), keeping the seeded admin.
 */
export async function moneyStaff(t: TestApp) {
  const admin = await operator(t);
  const seededId = (await t.http().get('/users/me').set(admin)).body.id as number;
  const finance = await staffMember(t, 'finance');
  const support = await staffMember(t, 'support');
  return { admin, finance, support, demote: () => demoteStaff(t, seededId) };
}
