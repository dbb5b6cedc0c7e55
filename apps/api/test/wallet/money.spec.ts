import { LedgerService } from '../../src/modules/ledger/ledger.service';
import { member as memberAccount, system } from '../../src/modules/ledger/ledger.accounts';
import {
  TestApp,
  adjust,
  expectLedgerSound,
  me,
  member,
  operator,
  setLevel,
  startApp,
  viewFor,
} from '../support/harness';

describe('money: ledger, wallet, rewards', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startApp();
    admin = await operator(t);
  });
  afterEach(() => expectLedgerSound(t, admin));
  afterAll(() => t.close());

  describe('the ledger itself', () => {
    it('applies one key once and refuses the same key with other amounts', async () => {
      const m = await member(t);
      const ledger = t.app.get(LedgerService);
      const request = (amount: bigint) => ({
        key: `test-credit:${m.id}`,
        kind: 'adjustment',
        transfers: [{ from: system('adjustments'), to: memberAccount(m.id, 'money'), amount }],
      });
      const first = await t.db.transaction((em) => ledger.post(em, request(7_000_000n)));
      const again = await t.db.transaction((em) => ledger.post(em, request(7_000_000n)));
      expect(first.replayed).toBe(false);
      expect(again).toEqual({ transactionId: first.transactionId, replayed: true });
      await expect(
        t.db.transaction((em) => ledger.post(em, request(8_000_000n))),
      ).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
      expect((await me(t, m)).money).toBe(7);
    });

    it('refuses in the database: postings not written by ledger_post, mixed currencies, unknown accounts, edits, deletes, negative member balances', async () => {
      const m = await member(t);
      await adjust(t, admin, m.id, 3);
      const [account] = await t.db.query(
        `SELECT id FROM ledger_accounts WHERE user_id = $1 AND kind = 'money'`,
        [m.id],
      );
      const [rewards] = await t.db.query(
        `SELECT id FROM ledger_accounts WHERE user_id IS NULL AND kind = 'rewards'`,
      );
      const raw = (key: string, rows: string) =>
        t.db.transaction(async (em) => {
          const [tx] = await em.query(
            `INSERT INTO ledger_transactions (idempotency_key, kind, fingerprint) VALUES ($1, 'x', repeat('0', 64)) RETURNING id`,
            [key],
          );
          await em.query(
            `INSERT INTO ledger_postings (transaction_id, account_id, contra_account_id, amount) VALUES ${rows}`,
            [tx.id, account.id, rewards.id],
          );
        });
      // Unbalanced or balanced, a posting written by hand is refused.
      await expect(raw('raw-1', '($1, $2, $3, 5)')).rejects.toThrow(/written by ledger_post only/);
      await expect(raw('raw-2', '($1, $2, $3, 5), ($1, $3, $2, -5)')).rejects.toThrow(
        /written by ledger_post only/,
      );
      // ledger_post itself: 1 from the member's money to a points account, or to no account.
      const post = (key: string, to: string) =>
        t.db.query(
          `SELECT * FROM ledger_post($1, 'x', repeat('0', 64), NULL, '{}', ARRAY[$2::int], ARRAY['money'],
             ARRAY[NULL::int], ARRAY[$3::text], ARRAY['USDT'], ARRAY[1000000::bigint], '{}', '{}', '{}')`,
          [key, m.id, to],
        );
      await expect(post('raw-3', 'points_vip_sales')).rejects.toThrow(/mixes currencies/);
      await expect(post('raw-4', 'no_such_account')).rejects.toThrow(/unknown account/);
      expect(
        await t.db.query(`SELECT 1 FROM ledger_transactions WHERE idempotency_key LIKE 'raw-%'`),
      ).toEqual([]);
      await expect(t.db.query(`UPDATE ledger_postings SET amount = amount * 2`)).rejects.toThrow(
        /append-only/,
      );
      await expect(t.db.query(`DELETE FROM ledger_postings`)).rejects.toThrow(/append-only/);
      await expect(t.db.query(`DELETE FROM ledger_transactions`)).rejects.toThrow(/append-only/);
      await expect(
        t.db.query(`UPDATE ledger_accounts SET balance = -1 WHERE id = $1`, [account.id]),
      ).rejects.toThrow(/non_negative/);
      expect((await me(t, m)).money).toBe(3);
    });
  });

  describe('POST /users/transfer', () => {
    it('moves money to points and reports both', async () => {
      const m = await member(t);
      await adjust(t, admin, m.id, 100);
      const res = await t.http().post('/users/transfer').set(m.auth).send({ amount: 12.345678 });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ money: 87.654322, points: 12.345678 });
      expect(await me(t, m)).toMatchObject({ money: 87.654322, points: 12.345678 });
    });

    it('refuses more than the money with INSUFFICIENT_FUNDS and changes nothing', async () => {
      const m = await member(t);
      await adjust(t, admin, m.id, 5);
      const res = await t.http().post('/users/transfer').set(m.auth).send({ amount: 5.000001 });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Insufficient funds', code: 'INSUFFICIENT_FUNDS' });
      expect(await me(t, m)).toMatchObject({ money: 5, points: 0 });
    });

    it.each([[-1], [0], ['abc'], [1.1234567], [null], [{}], ['1e3'], [Number.MAX_SAFE_INTEGER]])(
      'answers 422 for amount %p',
      async (amount) => {
        const m = await member(t);
        await adjust(t, admin, m.id, 5);
        const res = await t.http().post('/users/transfer').set(m.auth).send({ amount });
        expect(res.status).toBe(422);
        expect(res.body.detail[0].loc).toEqual(['body', 'amount']);
        expect(await me(t, m)).toMatchObject({ money: 5, points: 0 });
      },
    );

    it('names an array element in a 422 by its index, a number (the document says string or integer)', async () => {
      const m = await member(t);
      const res = await t
        .http()
        .post('/users/transfer')
        .set(m.auth)
        .send({ amount: 1, note: ['ok', 'a\u0000b'] });
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['body', 'note', 1]);
    });

    it('applies a retried request with the same Idempotency-Key once', async () => {
      const m = await member(t);
      await adjust(t, admin, m.id, 10);
      const send = (amount: number) =>
        t
          .http()
          .post('/users/transfer')
          .set(m.auth)
          .set('Idempotency-Key', 'abc-1')
          .send({ amount });
      expect((await send(4)).body).toEqual({ money: 6, points: 4 });
      expect((await send(4)).body).toEqual({ money: 6, points: 4 });
      const conflict = await send(5);
      expect(conflict.status).toBe(409);
      expect(conflict.body.code).toBe('IDEMPOTENCY_CONFLICT');
    });
  });

  describe('POST /balance/buy_vip', () => {
    it('pays from points when they cover the price, else from money', async () => {
      const a = await member(t);
      await adjust(t, admin, a.id, 60, 'points');
      await adjust(t, admin, a.id, 300);
      const first = await t.http().post('/balance/buy_vip').set(a.auth).send({ vip_level: 1 });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ vip_level: 1, paid_from: 'points' });
      const days = (Date.parse(first.body.vip_expire) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(74.99);
      expect(days).toBeLessThan(75.01);
      const second = await t.http().post('/balance/buy_vip').set(a.auth).send({ vip_level: 2 });
      expect(second.body).toMatchObject({ vip_level: 2, paid_from: 'money' });
      expect(await me(t, a)).toMatchObject({ vip_level: 2, money: 100, points: 10 });
    });

    it('refuses a level not above the effective one, and allows it again after expiry', async () => {
      const m = await member(t);
      await adjust(t, admin, m.id, 500);
      await t.http().post('/balance/buy_vip').set(m.auth).send({ vip_level: 2 }).expect(200);
      for (const level of [1, 2]) {
        const res = await t.http().post('/balance/buy_vip').set(m.auth).send({ vip_level: level });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('VIP_LEVEL_NOT_ABOVE_CURRENT');
      }
      await t.db.query(`UPDATE users SET vip_expire = now() - interval '1 second' WHERE id = $1`, [
        m.id,
      ]);
      expect((await me(t, m)).vip_level).toBe(0);
      await t.http().post('/balance/buy_vip').set(m.auth).send({ vip_level: 1 }).expect(200);
      expect(await me(t, m)).toMatchObject({ vip_level: 1, money: 250 });
    });

    it('refuses when neither balance covers the price and changes nothing', async () => {
      const m = await member(t);
      await adjust(t, admin, m.id, 49.99);
      await adjust(t, admin, m.id, 49.99, 'points');
      const res = await t.http().post('/balance/buy_vip').set(m.auth).send({ vip_level: 1 });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INSUFFICIENT_FUNDS');
      expect(await me(t, m)).toMatchObject({
        vip_level: 0,
        money: 49.99,
        points: 49.99,
        vip_expire: null,
      });
    });

    it.each([[0], [10], ['2'], [1.5], [null]])(
      'answers 422 for vip_level %p',
      async (vip_level) => {
        const m = await member(t);
        const res = await t.http().post('/balance/buy_vip').set(m.auth).send({ vip_level });
        expect(res.status).toBe(422);
        expect(res.body.detail[0].loc).toEqual(['body', 'vip_level']);
      },
    );
  });

  describe('trailer rewards', () => {
    it('refuses a watch without a view or before 10 seconds', async () => {
      const m = await member(t);
      const none = await t.http().post('/trailers/3/watch').set(m.auth).send({});
      expect(none.status).toBe(422);
      expect(none.body.detail[0].loc).toEqual(['body', 'view_id']);
      const early = await t
        .http()
        .post('/trailers/3/watch')
        .set(m.auth)
        .send(await viewFor(t, m, 3, 9));
      expect(early.status).toBe(400);
      expect(early.body.code).toBe('WATCH_TOO_SHORT');
      expect(await me(t, m)).toMatchObject({ money: 0, total_earn: 0 });
      expect((await t.http().get('/users/me/today').set(m.auth)).body).toEqual({
        amount: 0,
        count: 0,
        trailer_ids: [],
      });
    });

    it('pays the level reward once per trailer per day', async () => {
      const m = await member(t);
      await setLevel(t, m.id, 1);
      const view = await viewFor(t, m, 4, 10);
      const res = await t.http().post('/trailers/4/watch').set(m.auth).send(view);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ reward: 0.5, today: { amount: 0.5, count: 1 } });
      const again = await t
        .http()
        .post('/trailers/4/watch')
        .set(m.auth)
        .send(await viewFor(t, m, 4, 10));
      expect(again.status).toBe(400);
      expect(again.body.code).toBe('ALREADY_WATCHED');
      expect(await me(t, m)).toMatchObject({ money: 0.5, total_earn: 0.5, team_earn: 0 });
      // The trailer counted today is named, so the films screens can mark it.
      expect((await t.http().get('/users/me/today').set(m.auth)).body).toEqual({
        amount: 0.5,
        count: 1,
        trailer_ids: [4],
      });
    });

    it('stops at the daily quota of the level (level 0: 2 a day, no reward)', async () => {
      const m = await member(t);
      const views: Record<number, { view_id: string }> = {};
      for (const id of [1, 2, 3]) views[id] = await viewFor(t, m, id, 11);
      const watch = (id: number) =>
        t.http().post(`/trailers/${id}/watch`).set(m.auth).send(views[id]);
      expect((await watch(1)).body).toEqual({
        reward: 0,
        today: { amount: 0, count: 1 },
      });
      expect((await watch(2)).status).toBe(200);
      const third = await watch(3);
      expect(third.status).toBe(400);
      expect(third.body.code).toBe('DAILY_QUOTA_REACHED');
      expect((await t.http().get('/users/me/today').set(m.auth)).body).toEqual({
        amount: 0,
        count: 2,
        trailer_ids: [1, 2],
      });
    });

    it('answers 404 for an unknown trailer and 422 for a bad id', async () => {
      const m = await member(t);
      const view = await viewFor(t, m, 1, 10);
      expect((await t.http().post('/trailers/99999/watch').set(m.auth).send(view)).status).toBe(
        404,
      );
      expect((await t.http().post('/trailers/x/watch').set(m.auth).send(view)).status).toBe(422);
    });
  });

  describe('GET /balance', () => {
    it('lists records newest first, filters by direction, pages with before', async () => {
      const m = await member(t);
      await adjust(t, admin, m.id, 10);
      await adjust(t, admin, m.id, -3);
      await adjust(t, admin, m.id, 1.25);
      const all = await t.http().get('/balance').set(m.auth);
      expect(all.status).toBe(200);
      expect(
        all.body.map((r: { amount: number; is_add: boolean }) => [r.amount, r.is_add]),
      ).toEqual([
        [1.25, true],
        [3, false],
        [10, true],
      ]);
      expect(all.body[0]).toEqual({
        id: expect.any(Number),
        amount: 1.25,
        is_add: true,
        type: 'adjustment',
        status: 'success',
        created_at: expect.any(String),
        tx_id: null,
        fee: 0,
        net_amount: 1.25,
        wallet: null,
        reason: 'test funding',
        failure: null,
        cancellable: false,
      });
      expect(
        (await t.http().get('/balance?add=false').set(m.auth)).body.map(
          (r: { amount: number }) => r.amount,
        ),
      ).toEqual([3]);
      expect(
        (await t.http().get('/balance?add=true').set(m.auth)).body.map(
          (r: { amount: number }) => r.amount,
        ),
      ).toEqual([1.25, 10]);
      const page = await t.http().get(`/balance?limit=1&before=${all.body[0].id}`).set(m.auth);
      expect(page.body.map((r: { amount: number }) => r.amount)).toEqual([3]);
      for (const bad of ['add=maybe', 'limit=0', 'limit=101', 'before=x']) {
        const res = await t.http().get(`/balance?${bad}`).set(m.auth);
        expect(res.status).toBe(422);
        expect(res.body.detail[0].loc[0]).toBe('query');
      }
    });
  });

  describe('operators', () => {
    it('refuses members with 403 on every admin endpoint', async () => {
      const m = await member(t);
      for (const req of [
        t
          .http()
          .post(`/admin/users/${m.id}/adjust`)
          .send({ account: 'money', amount: 5, reason: 'self service' }),
        t.http().get('/admin/reports/ledger'),
        t.http().get('/admin/audit'),
      ]) {
        const res = await req.set(m.auth);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ detail: 'Not enough permissions', code: 'FORBIDDEN' });
      }
      expect(await me(t, m)).toMatchObject({ money: 0 });
    });

    it('adjusts money and points both ways, never below zero, and audits each change', async () => {
      const m = await member(t);
      expect(await adjust(t, admin, m.id, 20)).toMatchObject({ money: 20, points: 0 });
      expect(await adjust(t, admin, m.id, 7.5, 'points')).toMatchObject({ money: 20, points: 7.5 });
      expect(await adjust(t, admin, m.id, -20)).toMatchObject({ money: 0 });
      const over = await t
        .http()
        .post(`/admin/users/${m.id}/adjust`)
        .set(admin)
        .send({ account: 'points', amount: -7.500001, reason: 'too much' });
      expect(over.status).toBe(400);
      expect(over.body.code).toBe('INSUFFICIENT_FUNDS');
      const audit = await t.http().get('/admin/audit?limit=3').set(admin);
      expect(audit.status).toBe(200);
      expect(audit.body.map((e: { details: { amount: number } }) => e.details.amount)).toEqual([
        -20, 7.5, 20,
      ]);
      expect(audit.body[0]).toMatchObject({
        action: 'ledger.adjust',
        target_user_id: m.id,
        details: { account: 'money', reason: 'test funding' },
      });
    });

    it('validates adjustments: unknown member 404, zero, precision, account, reason', async () => {
      expect(
        (
          await t
            .http()
            .post('/admin/users/99999999/adjust')
            .set(admin)
            .send({ account: 'money', amount: 1, reason: 'ghost' })
        ).status,
      ).toBe(404);
      const m = await member(t);
      for (const body of [
        { account: 'money', amount: 0, reason: 'zero' },
        { account: 'money', amount: 0.0000001, reason: 'tiny' },
        { account: 'gold', amount: 1, reason: 'gold' },
        { account: 'money', amount: 1, reason: '' },
      ]) {
        expect(
          (await t.http().post(`/admin/users/${m.id}/adjust`).set(admin).send(body)).status,
        ).toBe(422);
      }
    });

    it('reports totals per account kind that match the money that moved', async () => {
      const before = await expectLedgerSound(t, admin);
      const m = await member(t);
      await adjust(t, admin, m.id, 2);
      const after = await expectLedgerSound(t, admin);
      const total = (r: typeof before, kind: string, owner: string) =>
        r.totals.find((x: { kind: string; owner: string }) => x.kind === kind && x.owner === owner)
          ?.total ?? 0;
      expect(
        total(after, 'adjustments', 'system') - total(before, 'adjustments', 'system'),
      ).toBeCloseTo(-2, 6);
      expect(total(after, 'money', 'member') - total(before, 'money', 'member')).toBeCloseTo(2, 6);
      expect(after.transactions).toBe(before.transactions + 1);
    });
  });

  describe('under concurrency', () => {
    it('credits 50 parallel watches of one trailer exactly once', async () => {
      const m = await member(t);
      await setLevel(t, m.id, 2);
      const view = await viewFor(t, m, 6, 20);
      const results = await Promise.all(
        Array.from({ length: 50 }, () => t.http().post('/trailers/6/watch').set(m.auth).send(view)),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.body.code === 'ALREADY_WATCHED')).toHaveLength(49);
      expect(await me(t, m)).toMatchObject({ money: 0.8, total_earn: 0.8 });
    });

    it('stops 50 parallel watches across trailers exactly at the quota', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 50; i++) {
        const [row] = await t.db.query(
          `INSERT INTO trailers (title, image_url, trailer_key) VALUES ($1, '/static/trailers/1.svg', 'aqz-KE-bpKQ') RETURNING id`,
          [{ en: `Extra ${i}` }],
        );
        ids.push(row.id);
      }
      const m = await member(t);
      await setLevel(t, m.id, 3); // 20 a day, 1 USDT each
      const views: { view_id: string }[] = [];
      for (const id of ids) views.push(await viewFor(t, m, id, 15));
      const results = await Promise.all(
        ids.map((id, i) => t.http().post(`/trailers/${id}/watch`).set(m.auth).send(views[i])),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(20);
      expect(results.filter((r) => r.body.code === 'DAILY_QUOTA_REACHED')).toHaveLength(30);
      expect(await me(t, m)).toMatchObject({ money: 20, total_earn: 20 });
      const today = (await t.http().get('/users/me/today').set(m.auth)).body;
      expect(today).toMatchObject({ amount: 20, count: 20 });
      // Exactly the counted trailers are named, once each.
      expect(new Set(today.trailer_ids).size).toBe(20);
    });

    it('never overdraws under 50 parallel transfers', async () => {
      const m = await member(t);
      await adjust(t, admin, m.id, 10);
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          t.http().post('/users/transfer').set(m.auth).send({ amount: 1 }),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(10);
      expect(results.filter((r) => r.body.code === 'INSUFFICIENT_FUNDS')).toHaveLength(40);
      expect(await me(t, m)).toMatchObject({ money: 0, points: 10 });
    });

    it('never overdraws under 50 parallel purchases and transfers against one balance', async () => {
      const m = await member(t);
      await adjust(t, admin, m.id, 100);
      const requests = Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? t.http().post('/balance/buy_vip').set(m.auth).send({ vip_level: 1 })
          : t.http().post('/users/transfer').set(m.auth).send({ amount: 10 }),
      );
      const results = await Promise.all(requests);
      expect(
        results.every(
          (r) =>
            r.status === 200 ||
            ['INSUFFICIENT_FUNDS', 'VIP_LEVEL_NOT_ABOVE_CURRENT'].includes(r.body.code),
        ),
      ).toBe(true);
      const bought = results.filter((r, i) => i % 2 === 0 && r.status === 200).length;
      const transferred = results.filter((r, i) => i % 2 === 1 && r.status === 200).length;
      expect(bought).toBeLessThanOrEqual(1);
      const after = await me(t, m);
      // Points may have paid for the level once transfers covered its price.
      const paidFromPoints =
        bought === 1 &&
        results.find((r, i) => i % 2 === 0 && r.status === 200)!.body.paid_from === 'points';
      expect(after.money).toBeGreaterThanOrEqual(0);
      expect(after.money + after.points + bought * 50).toBeCloseTo(100, 6);
      expect(after.points).toBeCloseTo(transferred * 10 - (paidFromPoints ? 50 : 0), 6);
    });
  });
});
