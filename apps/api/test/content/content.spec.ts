import { DEFAULT_ECONOMY, microToNumber } from '@app/domain';
import { TestApp, member, operator, setCardNumber, startApp } from '../support/harness';

describe('trailers, messages and content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  describe('trailers', () => {
    it('lists at least 12 seeded trailers, in the operators’ order then newest first, with posters that load', async () => {
      const m = await member(t);
      const res = await t.http().get('/trailers').set(m.auth);
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThanOrEqual(12);
      const ids = res.body.map((x: { id: number }) => x.id);
      // Other suites in this database add trailers with an operator's sort order (negative: first).
      const orderOf = new Map<number, number>(
        (
          (await t.db.query(`SELECT id, sort_order FROM trailers WHERE id = ANY($1::int[])`, [
            ids,
          ])) as { id: number; sort_order: number }[]
        ).map((r) => [r.id, r.sort_order]),
      );
      expect(ids).toEqual([...ids].sort((a, b) => orderOf.get(a)! - orderOf.get(b)! || b - a));
      expect(Object.keys(res.body[0]).sort()).toEqual([
        'category',
        'description',
        'id',
        'image_url',
        'title',
      ]);
      // The seeded posters are the app's own files; other suites' uploads live in
      // their own apps' storage folders, which this app does not serve.
      const seeded = res.body.filter((x: { image_url: string }) =>
        x.image_url.startsWith('/static/'),
      );
      expect(seeded.length).toBeGreaterThanOrEqual(12);
      for (const trailer of seeded) {
        const image = await t.http().get(trailer.image_url);
        expect(image.status).toBe(200);
        expect(image.headers['content-type']).toContain('image/svg+xml');
      }
    });

    it('shows one trailer with its video key, 404 for an unknown id, 422 for a non-numeric one', async () => {
      const m = await member(t);
      const one = await t.http().get('/trailers/1').set(m.auth);
      expect(one.status).toBe(200);
      expect(one.body).toEqual({
        id: 1,
        title: expect.any(String),
        description: expect.any(String),
        image_url: '/static/trailers/1.svg',
        category: expect.stringMatching(/^(hot|new|soon)$/),
        trailer_key: expect.stringMatching(/^[\w-]{11}$/),
        // The view this call opened (issue 38).
        view_id: expect.stringMatching(/^[\w-]{22}$/),
      });
      const missing = await t.http().get('/trailers/99999').set(m.auth);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ detail: 'Trailer not found', code: 'NOT_FOUND' });
      for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
        const res = await t.http().get(`/trailers/${bad}`).set(m.auth);
        expect(res.status).toBe(422);
        expect(res.body.detail[0].loc).toEqual(['path', 'id']);
      }
    });

    it('needs a signed-in member', async () => {
      expect((await t.http().get('/trailers')).status).toBe(401);
      expect((await t.http().get('/trailers/1')).status).toBe(401);
    });
  });

  describe('messages', () => {
    it('lists broadcast messages unread, newest first; opening one marks it read', async () => {
      const m = await member(t);
      const list = await t.http().get('/messages').set(m.auth);
      expect(list.status).toBe(200);
      expect(list.body.length).toBeGreaterThanOrEqual(3);
      expect(list.body.every((x: { is_read: boolean }) => !x.is_read)).toBe(true);
      expect(Object.keys(list.body[0]).sort()).toEqual([
        'created_at',
        'description',
        'id',
        'is_read',
        'title',
      ]);
      const id = list.body[0].id;
      const opened = await t.http().get(`/messages/${id}`).set(m.auth);
      expect(opened.status).toBe(200);
      expect(opened.body).toMatchObject({ id, is_read: true });
      const after = await t.http().get('/messages').set(m.auth);
      expect(after.body.find((x: { id: number }) => x.id === id).is_read).toBe(true);
      expect(after.body.filter((x: { is_read: boolean }) => !x.is_read)).toHaveLength(
        list.body.length - 1,
      );
    });

    it("keeps a member's own message away from every other member (404)", async () => {
      const a = await member(t);
      const b = await member(t);
      const [row] = await t.db.query(
        `INSERT INTO messages (user_id, title, description) VALUES ($1, '{"en": "Personal"}', '{"en": "Only for A"}') RETURNING id`,
        [a.id],
      );
      expect((await t.http().get(`/messages/${row.id}`).set(a.auth)).status).toBe(200);
      const other = await t.http().get(`/messages/${row.id}`).set(b.auth);
      expect(other.status).toBe(404);
      expect(other.body).toEqual({ detail: 'Message not found', code: 'NOT_FOUND' });
      const bList = await t.http().get('/messages').set(b.auth);
      expect(bList.body.some((x: { id: number }) => x.id === row.id)).toBe(false);
      const aList = await t.http().get('/messages').set(a.auth);
      expect(aList.body[0].id).toBe(row.id);
    });

    it('pages the list on request (limit, before), newest first; every message by default', async () => {
      const m = await member(t);
      for (let i = 0; i < 3; i++)
        await t.db.query(
          `INSERT INTO messages (user_id, title, description) VALUES ($1, $2, '{"en": "paged"}')`,
          [m.id, { en: `paged ${i}` }],
        );
      const all = (await t.http().get('/messages').set(m.auth).expect(200)).body as {
        id: number;
      }[];
      const first = await t.http().get('/messages?limit=2').set(m.auth);
      expect(first.status).toBe(200);
      expect(first.body).toEqual(all.slice(0, 2));
      const next = await t.http().get(`/messages?limit=2&before=${first.body[1].id}`).set(m.auth);
      expect(next.body).toEqual(all.slice(2, 4));
      for (const [bad, status] of [
        ['limit=0', 422],
        ['limit=201', 422],
        ['limit=x', 422],
        ['before=5', 400],
      ]) {
        const res = await t.http().get(`/messages?${bad}`).set(m.auth);
        expect({ bad, status: res.status, code: res.body.code }).toEqual({
          bad,
          status,
          code: status === 400 ? 'BAD_REQUEST' : 'VALIDATION_ERROR',
        });
      }
    });

    it('marks all read, then clears all for this member only', async () => {
      const a = await member(t);
      const b = await member(t);
      const readAll = await t.http().post('/messages/read_all').set(a.auth);
      expect(readAll.status).toBe(200);
      expect(readAll.body).toEqual({ ok: true });
      const read = await t.http().get('/messages').set(a.auth);
      expect(read.body.every((x: { is_read: boolean }) => x.is_read)).toBe(true);
      const firstId = read.body[0].id;

      const cleared = await t.http().delete('/messages').set(a.auth);
      expect(cleared.status).toBe(200);
      expect(cleared.body).toEqual({ ok: true });
      expect((await t.http().get('/messages').set(a.auth)).body).toEqual([]);
      expect((await t.http().get(`/messages/${firstId}`).set(a.auth)).status).toBe(404);
      expect((await t.http().get('/messages').set(b.auth)).body.length).toBeGreaterThanOrEqual(3);

      // A message sent after clearing shows up again.
      const [row] = await t.db.query(
        `INSERT INTO messages (user_id, title, description) VALUES ($1, '{"en": "New"}', '{"en": "Later"}') RETURNING id`,
        [a.id],
      );
      const later = await t.http().get('/messages').set(a.auth);
      expect(later.body.map((x: { id: number }) => x.id)).toEqual([row.id]);
    });

    it('serves the home message without sign-in', async () => {
      const res = await t.http().get('/messages/main');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'main_message.promotion' });
      await t.db.query(`UPDATE app_settings SET value = '' WHERE key = 'main_message'`);
      expect((await t.http().get('/messages/main')).body).toEqual({});
      await t.db.query(
        `UPDATE app_settings SET value = 'main_message.promotion' WHERE key = 'main_message'`,
      );
    });
  });

  describe('card and packages', () => {
    it('gives the card number to members only, once an operator has set one', async () => {
      const m = await member(t);
      await setCardNumber(t, await operator(t), '8600 4444 5555 6666');
      const res = await t.http().get('/card').set(m.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ card: '8600 4444 5555 6666' });
      expect((await t.http().get('/card')).status).toBe(401);
    });

    it('serves the economy table of the contract from the database', async () => {
      const res = await t.http().get('/packages');
      expect(res.status).toBe(200);
      expect(res.body).toEqual(
        DEFAULT_ECONOMY.map((tier) => ({
          vip_level: tier.vipLevel,
          price: microToNumber(tier.price),
          daily_trailers: tier.dailyTrailers,
          reward_per_trailer: microToNumber(tier.rewardPerTrailer),
          membership_days: tier.membershipDays,
        })),
      );
      expect(res.body[9]).toEqual({
        vip_level: 9,
        price: 21000,
        daily_trailers: 70,
        reward_per_trailer: 12,
        membership_days: 75,
      });
      expect(res.body[4].reward_per_trailer).toBe(1.6);
    });
  });
});
