import { TestApp, adjust, login, me, member, setLevel, viewFor } from '../support/harness';
import { Auth, ConsoleApp, startConsole, until } from '../support/console';

const OUTSIDE = 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16';

describe('operator console: roles, members, four eyes, economy, messages, dashboard, exports', () => {
  let t: TestApp;
  let admin: Auth;
  let staff: ConsoleApp['staff'];
  let app: ConsoleApp;

  beforeAll(async () => {
    app = await startConsole();
    ({ t, admin, staff } = app);
  });
  afterAll(() => app.close());

  it('lets each role call exactly the admin endpoints that name it (x-roles), and members none', async () => {
    const doc = (await t.http().get('/openapi.json')).body;
    let checked = 0;
    for (const [path, item] of Object.entries(
      doc.paths as Record<string, Record<string, { 'x-roles'?: string[] }>>,
    )) {
      if (!path.startsWith('/admin')) continue;
      for (const [method, op] of Object.entries(item)) {
        const roles = op['x-roles'];
        expect({ path, method, roles: Array.isArray(roles) }).toEqual({
          path,
          method,
          roles: true,
        });
        const url = path
          .replace('{id}', '2147483000')
          .replace('{level}', '9')
          .replace('{side}', 'front');
        for (const [role, auth] of Object.entries(staff)) {
          const res = await t.http()[method as 'get'](url).set(auth).send({});
          const allowed = roles!.includes(role);
          expect({ path, method, role, status: res.status === 403 ? 403 : 'not 403' }).toEqual({
            path,
            method,
            role,
            status: allowed ? 'not 403' : 403,
          });
          expect(res.status).not.toBe(401);
          // No TRON node here: publishing a proof answers its own 503 (reserves unreadable).
          if (res.body?.code !== 'PROOF_RESERVES_UNAVAILABLE') expect(res.status).toBeLessThan(500);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(4 * 40);
  });

  it('finds members by id, phone or nickname, filters, sorts by money and pages on the server', async () => {
    const a = await member(t);
    const b = await member(t);
    await t.http().post('/users/nickname').set(a.auth).send({ nickname: 'Zarina Q' }).expect(200);
    await adjust(t, admin, b.id, 70);
    const find = async (query: string) =>
      (await t.http().get(`/admin/users?${query}`).set(staff.support)).body;
    expect((await find(`q=${a.id}`)).items.map((m: { id: number }) => m.id)).toContain(a.id);
    expect((await find(`q=${encodeURIComponent(b.phone.slice(-7))}`)).items[0]).toMatchObject({
      id: b.id,
      money: 70,
    });
    expect((await find('q=zarina')).items).toEqual([
      expect.objectContaining({ id: a.id, nickname: 'Zarina Q' }),
    ]);
    const page = await find('sort=money&order=desc&limit=1&page=1');
    expect(page).toMatchObject({ page: 1, limit: 1 });
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.items[0].money).toBeGreaterThanOrEqual(70);
    // An admin filters by any role (support sees members only: support-sees-members.spec.ts).
    const staffOnly = (await t.http().get('/admin/users?role=finance').set(admin)).body;
    expect(staffOnly.items.length).toBeGreaterThan(0);
    expect(staffOnly.items.every((m: { role: string }) => m.role === 'finance')).toBe(true);
    const bad = await t.http().get('/admin/users?active=maybe&sort=phone').set(admin);
    expect([bad.status, bad.body.code]).toEqual([422, 'VALIDATION_ERROR']);
  });

  it("shows one member's balances, records, postings, team and logins", async () => {
    const inviter = await member(t);
    await setLevel(t, inviter.id, 1); // only VIP 1 and above invite
    const invited = await member(t, inviter.id);
    await setLevel(t, invited.id, 1);
    await adjust(t, admin, inviter.id, 12.5);
    const detail = (await t.http().get(`/admin/users/${inviter.id}`).set(staff.finance)).body;
    expect(detail).toMatchObject({
      id: inviter.id,
      money: 12.5,
      team: { level1: 1, level2: 0, level3: 0, active: 1 },
    });
    expect(detail.records[0]).toMatchObject({ type: 'adjustment', amount: 12.5 });
    expect(detail.postings[0]).toMatchObject({
      kind: 'adjustment',
      account: 'money',
      amount: 12.5,
    });
    expect(detail.logins[0]).toMatchObject({
      revoked_at: null,
      ip: expect.stringContaining('127.0.0.1'),
    });
    expect((await t.http().get('/admin/users/2147483000').set(admin)).body.code).toBe('NOT_FOUND');
  });

  it("names each posting's movement as the statement does: a team commission with its level and watcher", async () => {
    const top = await member(t);
    await setLevel(t, top.id, 1); // only VIP 1 and above invite
    const middle = await member(t, top.id);
    await setLevel(t, middle.id, 1);
    const watcher = await member(t, middle.id);
    await setLevel(t, watcher.id, 1);
    const view = await viewFor(t, watcher, 3, 30);
    await t.http().post('/trailers/3/watch').set(watcher.auth).send(view).expect(200);
    const postings = async (id: number) =>
      (await t.http().get(`/admin/users/${id}`).set(staff.finance)).body.postings;
    expect((await postings(top.id))[0]).toMatchObject({
      kind: 'reward',
      movement: 'commission',
      from_member_id: watcher.id,
      commission_level: 2,
    });
    expect((await postings(middle.id))[0]).toMatchObject({
      movement: 'commission',
      from_member_id: watcher.id,
      commission_level: 1,
    });
    expect((await postings(watcher.id))[0]).toMatchObject({
      kind: 'reward',
      movement: 'reward',
      from_member_id: null,
      commission_level: null,
    });
  });

  it('deactivates an account at once (its token and sign-in refused), reactivates it, audited', async () => {
    const m = await member(t);
    await t.http().post(`/admin/users/${m.id}/deactivate`).set(staff.support).expect(200);
    expect((await t.http().get('/users/me').set(m.auth)).status).toBe(401);
    const signIn = await t
      .http()
      .post('/token')
      .type('form')
      .send({ username: m.phone, password: m.password });
    expect(signIn.body.code).toBe('ACCOUNT_DISABLED');
    const reactivated = await t.http().post(`/admin/users/${m.id}/activate`).set(staff.support);
    expect(reactivated.body).toMatchObject({ is_active: true });
    await until(
      async () =>
        (
          await t
            .http()
            .post('/token')
            .type('form')
            .send({ username: m.phone, password: m.password })
        ).status === 200,
    );
    const audit = (await t.http().get('/admin/audit').set(admin)).body;
    expect(audit.slice(0, 2).map((a: { action: string }) => a.action)).toEqual([
      'user.activate',
      'user.deactivate',
    ]);
    expect(audit[1].details).toEqual({
      before: { active: true, role: 'member' },
      after: { active: false, role: 'member' },
    });
    expect(
      (await t.http().post(`/admin/users/${staff.support.id}/deactivate`).set(staff.support))
        .status,
    ).toBe(403);
  });

  it('ends all logins, and only an admin changes roles (never their own)', async () => {
    const m = await member(t);
    await t.http().post(`/admin/users/${m.id}/end_logins`).set(staff.support).expect(200);
    expect((await t.http().get('/users/me').set(m.auth)).status).toBe(401);
    expect(
      (await t.http().post(`/admin/users/${m.id}/role`).set(staff.support).send({ role: 'admin' }))
        .status,
    ).toBe(403);
    const promoted = await t
      .http()
      .post(`/admin/users/${m.id}/role`)
      .set(admin)
      .send({ role: 'support' });
    expect(promoted.body.role).toBe('support');
    const tokens = await login(t, m.phone, m.password);
    const auth = { Authorization: `Bearer ${tokens.access_token}` };
    await until(async () => (await t.http().get('/admin/users').set(auth)).status === 200);
    expect((await t.http().get('/admin/withdrawals').set(auth)).status).toBe(403);
    expect((await me(t, { ...m, auth } as never)).role).toBe('support');
    const me2 = (await t.http().get('/users/me').set(admin)).body.id;
    expect(
      (await t.http().post(`/admin/users/${me2}/role`).set(admin).send({ role: 'member' })).status,
    ).toBe(403);
  });

  it('needs two different operators for a withdrawal above the threshold', async () => {
    const m = await member(t);
    await setLevel(t, m.id, 1);
    await adjust(t, admin, m.id, 200);
    const take = async (amount: number) => {
      const res = await t
        .http()
        .post('/balance/take')
        .set(m.auth)
        .send({ wallet: OUTSIDE, amount });
      const [row] = await t.db.query(`SELECT id FROM withdrawals WHERE record_id = $1`, [
        res.body.id,
      ]);
      return row.id as string;
    };
    const large = await take(60);
    const first = await t.http().post(`/admin/withdrawals/${large}/approve`).set(admin);
    expect(first.body).toMatchObject({
      status: 'requested',
      awaiting_second_approval: true,
      first_approved_by: expect.any(Number),
    });
    const again = await t.http().post(`/admin/withdrawals/${large}/approve`).set(admin);
    expect([again.status, again.body.code]).toEqual([403, 'SELF_APPROVAL_FORBIDDEN']);
    const second = await t.http().post(`/admin/withdrawals/${large}/approve`).set(staff.finance);
    expect(second.body).toMatchObject({ status: 'approved', awaiting_second_approval: false });
    // Counted over the day: 60 + 20 is above 50, so the small one needs two as well.
    const small = await take(20);
    expect(
      (await t.http().post(`/admin/withdrawals/${small}/approve`).set(staff.finance)).body,
    ).toMatchObject({ status: 'requested', awaiting_second_approval: true });
    expect(
      (await t.http().post(`/admin/withdrawals/${small}/approve`).set(admin)).body.status,
    ).toBe('approved');
    const actions = (await t.http().get('/admin/audit').set(admin)).body.map(
      (a: { action: string }) => a.action,
    );
    expect(actions.slice(0, 4)).toEqual([
      'withdrawal.approve',
      'withdrawal.approval',
      'withdrawal.approve',
      'withdrawal.approval',
    ]);
    // A member alone below the threshold needs one operator.
    const other = await member(t);
    await setLevel(t, other.id, 1);
    await adjust(t, admin, other.id, 30);
    const res = await t
      .http()
      .post('/balance/take')
      .set(other.auth)
      .send({ wallet: OUTSIDE, amount: 20 });
    const [row] = await t.db.query(`SELECT id FROM withdrawals WHERE record_id = $1`, [
      res.body.id,
    ]);
    expect(
      (await t.http().post(`/admin/withdrawals/${row.id}/approve`).set(staff.finance)).body.status,
    ).toBe('approved');
  });

  it('sends a message to every member or to one; badges count it', async () => {
    const a = await member(t);
    const b = await member(t);
    const unread = async (auth: Auth) =>
      (await t.http().get('/messages').set(auth)).body
        .filter((x: { is_read: boolean }) => !x.is_read)
        .map((x: { title: string }) => x.title);
    await t
      .http()
      .post('/admin/messages')
      .set(staff.support)
      .send({ title_ru: 'To all', description_ru: 'Hello everyone' })
      .expect(200);
    await t
      .http()
      .post('/admin/messages')
      .set(staff.support)
      .send({ user_id: a.id, title_ru: 'Only A', description_ru: 'Hello A' })
      .expect(200);
    expect(await unread(a.auth)).toEqual(expect.arrayContaining(['To all', 'Only A']));
    expect(await unread(b.auth)).toContain('To all');
    expect(await unread(b.auth)).not.toContain('Only A');
    expect(
      (
        await t
          .http()
          .post('/admin/messages')
          .set(admin)
          .send({ user_id: 2147483000, title_ru: 'x', description_ru: 'y' })
      ).body.code,
    ).toBe('NOT_FOUND');
    expect(
      (
        await t
          .http()
          .post('/admin/messages')
          .set(staff.finance)
          .send({ title_ru: 'x', description_ru: 'y' })
      ).status,
    ).toBe(403);
  });

  it('adds a trailer as a draft, gives it a poster, publishes it; members see only published ones', async () => {
    const m = await member(t);
    const body = {
      title_ru: 'Operator pick',
      description_ru: 'A fresh one',
      trailer_key: 'abc_DEF-123',
      category: 'new',
      sort_order: -5,
      published: false,
    };
    expect((await t.http().post('/admin/trailers').set(staff.support).send(body)).status).toBe(403);
    const created = (await t.http().post('/admin/trailers').set(admin).send(body)).body;
    expect(created).toMatchObject({ ...body, image_url: '' });
    const seen = async () =>
      (await t.http().get('/trailers').set(m.auth)).body.map((x: { id: number }) => x.id);
    expect(await seen()).not.toContain(created.id);
    expect((await t.http().get(`/trailers/${created.id}`).set(m.auth)).status).toBe(404);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const poster = await t
      .http()
      .post(`/admin/trailers/${created.id}/poster`)
      .set(admin)
      .attach('image', png, 'p.png');
    expect(poster.body.image_url).toMatch(/^\/media\//);
    const published = await t
      .http()
      .put(`/admin/trailers/${created.id}`)
      .set(admin)
      .send({ ...body, published: true });
    expect(published.body).toMatchObject({ published: true, image_url: poster.body.image_url });
    // Found among the published (other suites' trailers may be ordered before it).
    const list = (await t.http().get('/trailers').set(m.auth)).body as { id: number }[];
    expect(list.find((trailer) => trailer.id === created.id)).toMatchObject({
      id: created.id,
      category: 'new',
      image_url: poster.body.image_url,
    });
    expect((await t.http().put('/admin/trailers/2147483000').set(admin).send(body)).body.code).toBe(
      'NOT_FOUND',
    );
    expect(
      (
        await t
          .http()
          .post('/admin/trailers')
          .set(admin)
          .send({ ...body, trailer_key: 'not a key!', category: 'old' })
      ).status,
    ).toBe(422);
    const [entry] = (await t.http().get('/admin/audit').set(admin)).body;
    expect(entry).toMatchObject({
      action: 'trailer.update',
      details: { before: { published: false }, after: { published: true } },
    });
    // A new poster of a published trailer shows at once, though the list was just read and kept
    // (TRAILERS_CACHE_MS).
    expect(await seen()).toContain(created.id);
    const replaced = await t
      .http()
      .post(`/admin/trailers/${created.id}/poster`)
      .set(admin)
      .attach('image', png, 'p2.png');
    const after = (await t.http().get('/trailers').set(m.auth)).body as { id: number }[];
    expect(after.find((trailer) => trailer.id === created.id)).toMatchObject({
      image_url: replaced.body.image_url,
    });
    expect(replaced.body.image_url).not.toBe(poster.body.image_url);
    await t.http().put(`/admin/trailers/${created.id}`).set(admin).send(body).expect(200);
  });

  it('sets the card number and the home strip per language, audited', async () => {
    const before = (await t.http().get('/admin/settings').set(admin)).body;
    const next = {
      ...before,
      card: '8600-0000-1111-2222',
      main_message_en: 'Hello in English',
      main_message_ru: '',
      support_url: 'https://t.me/our_support',
      media_channel: 'https://t.me/our_channel',
      media_video: '',
      tutorial_recharge: 'abc_DEF-123',
    };
    const unsafe = await t
      .http()
      .put('/admin/settings')
      .set(admin)
      .send({ ...next, media_photo: 'javascript:alert(1)' });
    expect(unsafe.status).toBe(422);
    await t.http().put('/admin/settings').set(admin).send(next).expect(200);
    const m = await member(t);
    expect((await t.http().get('/card').set(m.auth)).body.card).toBe('8600-0000-1111-2222');
    expect((await t.http().get('/messages/main?lang=en')).body.message).toBe('Hello in English');
    expect((await t.http().get('/messages/main?lang=ru')).body.message).toBe(before.main_message);
    expect((await t.http().get('/messages/main?lang=xx')).status).toBe(422);
    expect((await t.http().get('/site')).body).toMatchObject({
      support_url: 'https://t.me/our_support',
      media: [{ kind: 'channel', url: 'https://t.me/our_channel' }],
      tutorial: { recharge: 'abc_DEF-123', withdraw: null },
    });
    const [entry] = (await t.http().get('/admin/audit').set(admin)).body;
    expect(entry).toMatchObject({
      action: 'content.settings',
      details: { after: { main_message_en: 'Hello in English' } },
    });
    await t.http().put('/admin/settings').set(admin).send(before).expect(200);
    expect((await t.http().get('/messages/main?lang=en')).body.message).toBe(before.main_message);
  });

  it('adds and removes home banners, served on /site with their public image', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const added = await t
      .http()
      .post('/admin/banners')
      .set(admin)
      .field('link', '/about')
      .field('sort_order', '-1')
      .attach('image', png, 'b.png');
    expect(added.status).toBe(200);
    const banner = added.body.find((b: { link: string }) => b.link === '/about');
    expect(banner).toMatchObject({
      sort_order: -1,
      image_url: expect.stringMatching(/^\/media\//),
    });
    expect((await t.http().get(banner.image_url)).status).toBe(200);
    expect((await t.http().get('/site')).body.banners[0]).toMatchObject({ id: banner.id });
    const bad = await t
      .http()
      .post('/admin/banners')
      .set(admin)
      .field('link', 'javascript:x')
      .attach('image', png, 'b.png');
    expect(bad.status).toBe(422);
    expect(
      (await t.http().post('/admin/banners').set(staff.support).attach('image', png, 'b.png'))
        .status,
    ).toBe(403);
    const removed = await t.http().delete(`/admin/banners/${banner.id}`).set(admin);
    expect(removed.body.map((b: { id: number }) => b.id)).not.toContain(banner.id);
    expect((await t.http().get(banner.image_url)).status).toBe(404);
    expect((await t.http().delete(`/admin/banners/${banner.id}`).set(admin)).body.code).toBe(
      'NOT_FOUND',
    );
  });
});
