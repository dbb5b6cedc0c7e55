import { type TestApp, member } from '../support/harness';
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
    expect((await t.http().get('/admin/exports/records.csv').set(staff.support)).status).toBe(403);
    const records = await t
      .http()
      .get('/admin/exports/records.csv')
      .set(staff.finance)
      .buffer(true);
    expect(records.text.split('\r\n')[0]).toBe(
      'id,user_id,type,is_add,amount,fee,status,tx_id,wallet,reason,created_at',
    );
    expect(records.text.split('\r\n').length).toBeGreaterThan(2);
    const audit = await t.http().get('/admin/exports/audit.csv').set(admin).buffer(true);
    expect(audit.text).toContain('user.deactivate');
    expect(
      (await t.http().get('/admin/exports/audit.csv?from=2026-12-01&to=2026-11-01').set(admin))
        .status,
    ).toBe(400);
  });
});
