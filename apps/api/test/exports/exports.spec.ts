import { type TestApp, adjust, member } from '../support/harness';
import { Auth, ConsoleApp, startConsole } from '../support/console';

describe('exports: streamed CSV for operators', () => {
  let t: TestApp;
  let admin: Auth;
  let staff: ConsoleApp['staff'];
  let app: ConsoleApp;

  beforeAll(async () => {
    app = await startConsole();
    ({ t, admin, staff } = app);
  });
  afterAll(() => app.close());

  it('exports members, records and the audit log as streamed CSV, defusing formulas', async () => {
    const m = await member(t);
    await t
      .http()
      .post('/users/nickname')
      .set(m.auth)
      .send({ nickname: '=HYPERLINK("x")' })
      .expect(200);
    await adjust(t, admin, m.id, 55.16);
    await adjust(t, admin, m.id, 2.5, 'points');
    const today = new Date().toISOString().slice(0, 10);
    const res = await t
      .http()
      .get(`/admin/exports/members.csv?from=${today}`)
      .set(staff.support)
      .buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,phone,nickname,role,is_active,vip_level,vip_expire,verification,mail,inviter_id,created_at,money,points',
    );
    const line = lines.find((l) => l.startsWith(`${m.id},`))!;
    expect(line).toContain(`"'=HYPERLINK(""x"")"`);
    // One money unit in every export: USDT with exactly 6 decimals.
    expect(line).toMatch(/,55\.160000,2\.500000$/);
    expect((await t.http().get('/admin/exports/records.csv').set(staff.support)).status).toBe(403);
    const records = await t
      .http()
      .get('/admin/exports/records.csv')
      .set(staff.finance)
      .buffer(true);
    expect(records.text.split('\r\n')[0]).toBe(
      'id,user_id,type,is_add,amount,fee,status,tx_id,wallet,reason,created_at',
    );
    const rows = records.text.trim().split('\r\n').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const [, , , , amount, fee] = row.split(',');
      expect(amount).toMatch(/^\d+\.\d{6}$/);
      expect(fee).toMatch(/^\d+\.\d{6}$/);
    }
    expect(rows.find((r) => r.split(',')[1] === String(m.id))!.split(',')[4]).toBe('55.160000');
    const audit = await t.http().get('/admin/exports/audit.csv').set(admin).buffer(true);
    // The adjustments above are audited (the suite no longer leans on an earlier one's actions).
    expect(audit.text).toContain(',ledger.adjust,');
    expect(
      (await t.http().get('/admin/exports/audit.csv?from=2026-12-01&to=2026-11-01').set(admin))
        .status,
    ).toBe(400);
  });
});
