import { TestApp, expectLedgerSound, login, member, operator, startApp } from './harness';

export type Auth = Record<string, string>;
export type StaffRole = 'admin' | 'finance' | 'support' | 'member';

/** The operator console's suites: an app, its admin, and one signed-in account per role. */
export interface ConsoleApp {
  t: TestApp;
  admin: Auth;
  staff: Record<StaffRole, Auth & { id?: number }>;
  close(): Promise<void>;
}

/** Waits until `check` holds (role changes reach a process through LISTEN/NOTIFY). */
export async function until(check: () => Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A member promoted to a staff role by SQL, signed in afresh. */
async function staffMember(t: TestApp, role: 'finance' | 'support') {
  const m = await member(t);
  await t.db.query(`UPDATE users SET role = $2 WHERE id = $1`, [m.id, role]);
  const tokens = await login(t, m.phone, m.password);
  return { Authorization: `Bearer ${tokens.access_token}`, id: m.id } as unknown as Auth & {
    id: number;
  };
}

export async function startConsole(settings: Record<string, string> = {}): Promise<ConsoleApp> {
  const t = await startApp({
    WITHDRAWAL_APPROVAL_THRESHOLD: '50',
    TRON_SETTLE_INTERVAL_MS: '0',
    ...settings,
  });
  const admin = await operator(t);
  const plain = await member(t);
  const staff = {
    admin,
    finance: await staffMember(t, 'finance'),
    support: await staffMember(t, 'support'),
    member: plain.auth,
  };
  await until(async () => (await t.http().get('/admin/users').set(staff.support)).status === 200);
  await until(
    async () => (await t.http().get('/admin/withdrawals').set(staff.finance)).status === 200,
  );
  return {
    t,
    admin,
    staff,
    close: async () => {
      await expectLedgerSound(t, admin);
      await t.close();
    },
  };
}
