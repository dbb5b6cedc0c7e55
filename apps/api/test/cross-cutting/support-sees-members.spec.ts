import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Member, type TestApp, member, operator, startApp } from '../support/harness';
import { demoteStaff, staffMember } from '../support/staff';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Issue 36 case 6: support (and finance) work on members, not on staff. They
 * list and export members only, whatever the filter; they open no
 * operator's detail or identity documents and write to no operator. An
 * admin still sees and reaches everyone.
 */
describe('operators other than admins see members, not staff', () => {
  let t: TestApp;
  let dir: string;
  let seeded: Record<string, string>;
  let seededId: number;
  let support: Member;
  let finance: Member;
  let otherAdmin: Member;
  let plain: Member;
  const verificationOf: Record<number, number> = {};

  const verify = async (m: Member) => {
    await t
      .http()
      .post('/users/me/verification')
      .field('country', 'Uzbekistan')
      .field('document_type', 'passport')
      .field('full_name', 'Reach Case')
      .field('document_number', `AB${m.id}`)
      .attach('front', PNG, 'front.png')
      .attach('back', PNG, 'back.png')
      .set(m.auth)
      .expect(200);
    [{ id: verificationOf[m.id] }] = await t.db.query(
      `SELECT id FROM verifications WHERE user_id = $1`,
      [m.id],
    );
  };
  const list = async (auth: Record<string, string>, query: string) => {
    const res = await t.http().get(`/admin/users?${query}`).set(auth);
    expect(res.status).toBe(200);
    return res.body as { items: { id: number; role: string }[]; total: number };
  };
  const code = (res: { status: number; body: { code?: string } }) => [res.status, res.body.code];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'support-reach-'));
    t = await startApp({ STORAGE_DIR: dir });
    seeded = await operator(t);
    seededId = (await t.http().get('/users/me').set(seeded)).body.id;
    support = await staffMember(t, 'support');
    finance = await staffMember(t, 'finance');
    otherAdmin = await staffMember(t, 'admin');
    plain = await member(t);
    await verify(otherAdmin);
    await verify(finance);
    await verify(plain);
  });
  afterAll(async () => {
    await demoteStaff(t, seededId);
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('GET /admin/users: members only for support and finance, whatever the filter; everyone for an admin', async () => {
    for (const viewer of [support, finance]) {
      const all = await list(viewer.auth, 'limit=100&sort=id&order=desc');
      expect(all.items.length).toBeGreaterThan(0);
      expect(all.items.filter((m) => m.role !== 'member')).toEqual([]);
      expect(all.items.map((m) => m.id)).toContain(plain.id);
      for (const role of ['admin', 'finance', 'support']) {
        expect(await list(viewer.auth, `role=${role}`)).toMatchObject({ items: [], total: 0 });
      }
      // Found by id or phone: still not there.
      expect((await list(viewer.auth, `q=${otherAdmin.id}`)).items).toEqual([]);
      expect((await list(viewer.auth, `q=${otherAdmin.phone.slice(1)}`)).items).toEqual([]);
      expect((await list(viewer.auth, `role=member&q=${plain.id}`)).items).toEqual([
        expect.objectContaining({ id: plain.id, role: 'member' }),
      ]);
    }
    const admins = await list(seeded, 'role=admin&limit=100');
    expect(admins.items.map((m) => m.id)).toEqual(
      expect.arrayContaining([seededId, otherAdmin.id]),
    );
    expect((await list(seeded, `q=${support.id}`)).items).toEqual([
      expect.objectContaining({ id: support.id, role: 'support' }),
    ]);
  });

  it('members.csv: no operator in support’s export; all in an admin’s', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const rows = async (auth: Record<string, string>) => {
      const res = await t
        .http()
        .get(`/admin/exports/members.csv?from=${today}`)
        .set(auth)
        .buffer(true);
      expect(res.status).toBe(200);
      return res.text
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => ({ id: Number(line.split(',')[0]), role: line.split(',')[3] }));
    };
    const supportRows = await rows(support.auth);
    expect(supportRows.map((r) => r.id)).toContain(plain.id);
    expect(supportRows.filter((r) => r.role !== 'member')).toEqual([]);
    const adminIds = (await rows(seeded)).map((r) => r.id);
    expect(adminIds).toEqual(expect.arrayContaining([plain.id, support.id, otherAdmin.id]));
  });

  it("opens no operator's detail or identity documents; lists none of their requests", async () => {
    expect(code(await t.http().get(`/admin/users/${otherAdmin.id}`).set(support.auth))).toEqual([
      403,
      'OPERATOR_REACH_FORBIDDEN',
    ]);
    for (const side of ['front', 'back']) {
      expect(
        code(
          await t
            .http()
            .get(`/admin/verifications/${verificationOf[otherAdmin.id]}/${side}`)
            .set(support.auth),
        ),
      ).toEqual([403, 'OPERATOR_REACH_FORBIDDEN']);
      expect(
        code(
          await t
            .http()
            .get(`/admin/verifications/${verificationOf[finance.id]}/${side}`)
            .set(support.auth),
        ),
      ).toEqual([403, 'OPERATOR_REACH_FORBIDDEN']);
    }
    // Their own, through the console: no (the member route shows it to them).
    expect(
      code(
        await t
          .http()
          .get(`/admin/verifications/${verificationOf[otherAdmin.id]}/front`)
          .set(otherAdmin.auth),
      ),
    ).toEqual([403, 'SELF_ACTION_FORBIDDEN']);
    const memberPhoto = await t
      .http()
      .get(`/admin/verifications/${verificationOf[plain.id]}/front`)
      .set(support.auth);
    expect(memberPhoto.status).toBe(200);
    const adminSees = await t
      .http()
      .get(`/admin/verifications/${verificationOf[otherAdmin.id]}/front`)
      .set(seeded);
    expect(adminSees.status).toBe(200);

    const listed = async (auth: Record<string, string>) =>
      (
        (await t.http().get('/admin/verifications?status=pending').set(auth).expect(200)).body as {
          user_id: number;
        }[]
      ).map((v) => v.user_id);
    const supportList = await listed(support.auth);
    expect(supportList).toContain(plain.id);
    expect(supportList).not.toContain(otherAdmin.id);
    expect(supportList).not.toContain(finance.id);
    expect(await listed(seeded)).toEqual(expect.arrayContaining([otherAdmin.id, finance.id]));
  });

  it('sends no message to an operator (as a number or a string id); to members, and an admin to anyone', async () => {
    const message = { title_ru: 'Проверка', description_ru: 'Текст' };
    for (const user_id of [otherAdmin.id, String(finance.id), seededId]) {
      const res = await t
        .http()
        .post('/admin/messages')
        .set(support.auth)
        .send({ ...message, user_id });
      expect(code(res)).toEqual([403, 'OPERATOR_REACH_FORBIDDEN']);
    }
    const [{ n }] = await t.db.query(
      `SELECT count(*)::int AS n FROM messages WHERE user_id = ANY($1::int[])`,
      [[otherAdmin.id, finance.id, seededId]],
    );
    expect(n).toBe(0);
    const toMember = await t
      .http()
      .post('/admin/messages')
      .set(support.auth)
      .send({ ...message, user_id: plain.id });
    expect(toMember.status).toBe(200);
    const byAdmin = await t
      .http()
      .post('/admin/messages')
      .set(seeded)
      .send({ ...message, user_id: support.id });
    expect(byAdmin.status).toBe(200);
  });
});
