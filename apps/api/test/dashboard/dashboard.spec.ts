import { type TestApp, adjust, member } from '../support/harness';
import { Auth, ConsoleApp, startConsole } from '../support/console';

describe("dashboard: the operators' daily money and members", () => {
  let t: TestApp;
  let admin: Auth;
  let staff: ConsoleApp['staff'];
  let app: ConsoleApp;

  beforeAll(async () => {
    app = await startConsole();
    ({ t, admin, staff } = app);
  });
  afterAll(() => app.close());

  it("adds up the dashboard's daily money to the ledger's totals", async () => {
    const m = await member(t);
    await adjust(t, admin, m.id, 100);
    await t.http().post('/balance/buy_vip').set(m.auth).send({ vip_level: 1 }).expect(200);
    const dashboard = (await t.http().get('/admin/dashboard?days=90').set(staff.support)).body;
    expect(dashboard.days).toHaveLength(90);
    const today = dashboard.days.at(-1);
    expect(today.day).toBe(new Date().toISOString().slice(0, 10));
    expect(today.new_members).toBeGreaterThanOrEqual(1);
    expect(dashboard.package_sales).toEqual(
      expect.arrayContaining([expect.objectContaining({ day: today.day, vip_level: 1 })]),
    );
    const totals = (await t.http().get('/admin/reports/ledger').set(admin)).body.totals as {
      kind: string;
      owner: string;
      total: number;
    }[];
    const system = (kind: string) =>
      totals.find((x) => x.kind === kind && x.owner === 'system')?.total ?? 0;
    const sum = (name: string) =>
      Math.round(
        dashboard.days.reduce((s: number, d: Record<string, number>) => s + d[name], 0) * 1e6,
      ) / 1e6;
    expect(sum('vip_sales')).toBeGreaterThan(0);
    expect({
      vip_sales: sum('vip_sales'),
      rewards: sum('rewards'),
      commissions: sum('commissions'),
      deposits: sum('deposits'),
      card_deposits: sum('card_deposits'),
      withdrawals: sum('withdrawals'),
      fees: sum('fees'),
    }).toEqual({
      vip_sales: system('vip_sales'),
      rewards: 0 - system('rewards'),
      commissions: 0 - system('team_commissions'),
      deposits: 0 - system('deposits'),
      card_deposits: 0 - system('card_deposits'),
      withdrawals: system('withdrawals'),
      fees: system('fees'),
    });
    expect(dashboard.queues.map((q: { name: string }) => q.name)).toEqual([
      'deposits',
      'maintenance',
    ]);
    expect(dashboard.solvency).toHaveProperty('liabilities');
    expect((await t.http().get('/admin/dashboard?days=12').set(admin)).status).toBe(422);
  });
});
