import { type TestApp, adjust, member } from '../support/harness';
import { Auth, ConsoleApp, startConsole } from '../support/console';
import { staffMember } from '../support/staff';
import { UsersService } from '../../src/modules/users/users.service';

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

  it('counts members per day from the kept closed days and live for the rest, a missing kept day too', async () => {
    // Members who joined 3, 5 and 20 days ago (and today); the worker keeps the closed days.
    for (const back of [3, 5, 5, 20]) {
      const m = await member(t);
      await t.db.query(
        `UPDATE users SET created_at = now() - make_interval(days => $2) WHERE id = $1`,
        [m.id, back],
      );
    }
    await t.db.query(`DELETE FROM users_daily_signups`);
    await t.db.query(
      `INSERT INTO users_daily_signups (day, count)
       SELECT (created_at AT TIME ZONE 'UTC')::date, count(*) FROM users
       WHERE created_at < ((now() AT TIME ZONE 'UTC')::date - 1) AT TIME ZONE 'UTC' AND role = 'member'
       GROUP BY 1`,
    );
    const expected = async () =>
      Object.fromEntries(
        (
          (await t.db.query(
            `SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*)::int AS n
             FROM users WHERE created_at >= now() - interval '31 days' AND role = 'member' GROUP BY 1`,
          )) as { day: string; n: number }[]
        ).map((r) => [r.day, r.n]),
      );
    const shown = async () =>
      Object.fromEntries(
        (
          (await t.http().get('/admin/dashboard?days=30').set(admin)).body.days as {
            day: string;
            new_members: number;
          }[]
        )
          .filter((d) => d.new_members > 0)
          .map((d) => [d.day, d.new_members]),
      );
    const all = await expected();
    // The oldest day of the 30 may fall outside a 31-day window's start: compare the 30 shown.
    const inPeriod = (days: Record<string, number>) =>
      Object.fromEntries(
        Object.entries(days).filter(
          ([day]) => day > new Date(Date.now() - 30 * 86400_000).toISOString().slice(0, 10),
        ),
      );
    expect(await shown()).toEqual(inPeriod(all));
    expect(Object.keys(inPeriod(all)).length).toBeGreaterThanOrEqual(3);

    // A kept day lost (the worker behind): counted live again, and the kept ones around it kept.
    const fiveBack = new Date(Date.now() - 5 * 86400_000).toISOString().slice(0, 10);
    await t.db.query(`DELETE FROM users_daily_signups WHERE day = $1`, [fiveBack]);
    // A kept figure is what the dashboard shows for its day, even when the live count differs.
    const threeBack = new Date(Date.now() - 3 * 86400_000).toISOString().slice(0, 10);
    await t.db.query(`UPDATE users_daily_signups SET count = count + 100 WHERE day = $1`, [
      threeBack,
    ]);
    const after = await shown();
    expect(after[fiveBack]).toBe(all[fiveBack]);
    expect(after[threeBack]).toBe(all[threeBack] + 100);
    expect(after).toEqual({ ...inPeriod(all), [threeBack]: all[threeBack] + 100 });
  });

  it('counts members only as new members: operators who joined are staff, live and in the kept days', async () => {
    // A member and an operator who joined 4 days ago, and an operator who joined today.
    const fourBack = new Date(Date.now() - 4 * 86400_000).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    const joined = async (back: number, role?: 'finance' | 'support') => {
      const m = role ? await staffMember(t, role) : await member(t);
      await t.db.query(
        `UPDATE users SET created_at = now() - make_interval(days => $2) WHERE id = $1`,
        [m.id, back],
      );
    };
    const newMembers = async () =>
      Object.fromEntries(
        (
          (await t.http().get('/admin/dashboard?days=7').set(admin)).body.days as {
            day: string;
            new_members: number;
          }[]
        ).map((d) => [d.day, d.new_members]),
      );
    const membersJoined = async (day: string) =>
      Number(
        (
          await t.db.query(
            `SELECT count(*) AS n FROM users
             WHERE (created_at AT TIME ZONE 'UTC')::date = $1::date AND role = 'member'`,
            [day],
          )
        )[0].n,
      );
    await joined(4);
    await joined(4, 'finance');
    await joined(0, 'support');
    // Counted live (nothing kept), then from the days the worker keeps.
    await t.db.query(`DELETE FROM users_daily_signups`);
    const live = await newMembers();
    expect(live[fourBack]).toBe(await membersJoined(fourBack));
    expect(live[today]).toBe(await membersJoined(today));
    await t.app.get(UsersService).keepClosedSignups();
    const [kept] = await t.db.query(`SELECT count FROM users_daily_signups WHERE day = $1`, [
      fourBack,
    ]);
    expect(kept.count).toBe(await membersJoined(fourBack));
    expect((await newMembers())[fourBack]).toBe(await membersJoined(fourBack));
  });
});
