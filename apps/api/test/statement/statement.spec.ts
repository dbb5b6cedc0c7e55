import { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { deriveTronAddress } from '@app/domain';
import {
  Member,
  TestApp,
  adjust,
  approveEconomyChanges,
  expectLedgerSound,
  me,
  member,
  operator,
  setLevel,
  startApp,
  viewFor,
} from '../support/harness';
import { loadConfig } from '../../src/config/config';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { StatementBalances1766200000000 } from '../../src/database/migrations/1766200000000-statement-balances';
import { PostingsByAccount1766710000000 } from '../../src/database/migrations/1766710000000-postings-by-account';
import { separateDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import {
  TEST_WALLET,
  TronTestNode,
  startTronNode,
  startWorker,
  tronSettings,
} from '../support/tron';

const USDT = 1_000_000n;
const OUTSIDE = 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16';
type Item = {
  id: number;
  created_at: string;
  kind: string;
  account: 'money' | 'points' | 'points_hold';
  amount: number;
  balance_after: number;
  reference: string | null;
  details: Record<string, unknown>;
};
/** Sums in micro-units: the statement's numbers have at most 6 decimals. */
const micro = (n: number) => Math.round(n * 1e6);

/**
 * A member walks through every kind of movement the app has (deposit found
 * on chain by the real worker, adjustment, purchase, promotion held points
 * and their release, watch reward, team commission, transfer, withdrawal and
 * its refund, challenge) and the statement accounts for every cent.
 */
describe('GET /users/me/statement: every movement with the balance after it', () => {
  let tron: TronTestNode;
  let t: TestApp;
  let worker: INestApplicationContext;
  let admin: Record<string, string>;

  beforeAll(async () => {
    tron = await startTronNode();
    const settings = tronSettings(tron);
    t = await startApp(settings);
    await t.db.query(`DELETE FROM chain_cursors`);
    worker = await startWorker(settings);
    admin = await operator(t);
    await t.db.query(
      `INSERT INTO promotion_campaigns (name, starts_at, ends_at, min_vip_level, inviter_points_micro, member_points_micro, hold_days)
       VALUES ('statement campaign', now() - interval '1 day', now() + interval '1 day', 2, 10000000, 5000000, 30)`,
    );
  });
  afterAll(async () => {
    await t.db.query(
      `UPDATE promotion_campaigns SET ends_at = starts_at + interval '1 second' WHERE name = 'statement campaign'`,
    );
    await expectLedgerSound(t, admin);
    await worker.close();
    await t.close();
    await tron.close();
  });

  const page = (m: Member, query: Record<string, string | number> = {}) =>
    t.http().get('/users/me/statement').query(query).set(m.auth);

  /** Every item, following next_before with small pages. */
  async function everything(m: Member, query: Record<string, string> = {}): Promise<Item[]> {
    const items: Item[] = [];
    let before: number | null | undefined;
    for (let i = 0; i < 100; i++) {
      const res = await page(m, { ...query, limit: 4, ...(before ? { before } : {}) });
      expect(res.status).toBe(200);
      items.push(...res.body.items);
      before = res.body.next_before;
      if (before === null) return items;
    }
    throw new Error('statement paging did not end');
  }

  /** Per account, oldest first: each balance_after is the previous one plus the amount. */
  function expectRunningBalances(items: Item[], balances: Record<Item['account'], number>) {
    for (const account of ['money', 'points', 'points_hold'] as const) {
      const rows = items.filter((i) => i.account === account).reverse();
      let running = 0;
      for (const row of rows) {
        running += micro(row.amount);
        expect({ id: row.id, balance_after: micro(row.balance_after) }).toEqual({
          id: row.id,
          balance_after: running,
        });
      }
      expect(running).toBe(micro(balances[account]));
    }
  }

  it('lists every kind of movement and adds up to the balances /users/me shows', async () => {
    const top = await member(t);
    // Only VIP 1 and above invite.
    await setLevel(t, top.id, 1);
    const m = await member(t, top.id);

    // Deposit: USDT paid on chain, found and credited by the real worker.
    const address = deriveTronAddress(TEST_WALLET.depositXpub, m.id);
    await t.http().get('/deposit/address').set(m.auth).expect(200);
    const depositTx = await tron.payUsdt(address, 300n * USDT);
    await tron.solidify();
    await eventually(async () => ((await me(t, m)).money === 300 ? true : undefined), 15_000);

    // Adjustment by an operator, then a purchase (VIP 2 for 200 from money),
    // which gives held promotion points paid by the worker.
    await adjust(t, admin, m.id, 10);
    await t.http().post('/balance/buy_vip').set(m.auth).send({ vip_level: 2 }).expect(200);
    await eventually(async () => ((await me(t, m)).points_hold === 5 ? true : undefined), 15_000);

    // Watch reward, and a challenge it completes.
    const challenge = await t
      .http()
      .post('/admin/challenges')
      .set(admin)
      .send({
        title: 'One trailer',
        text: 'Watch one',
        kind: 'trailers',
        goal: 1,
        reward: 2,
        starts_at: new Date(Date.now() - 3600_000).toISOString(),
        ends_at: new Date(Date.now() + 3600_000).toISOString(),
      });
    expect(challenge.status).toBe(200);
    // A rewarded challenge raises what members are paid: a second admin publishes it.
    await approveEconomyChanges(t);
    const view = await viewFor(t, m, 1, 30);
    await t.http().post('/trailers/1/watch').set(m.auth).send(view).expect(200);
    await t.http().post(`/challenges/${challenge.body.id}/claim`).set(m.auth).expect(200);

    // Team commission: the downline (invited by m, VIP 2 now) watches and pays m 10 % of it.
    const downline = await member(t, m.id);
    await setLevel(t, downline.id, 4);
    const downlineView = await viewFor(t, downline, 2, 30);
    await t.http().post('/trailers/2/watch').set(downline.auth).send(downlineView).expect(200);

    // Transfer to points, a withdrawal held and refunded, one held and sent.
    await t.http().post('/users/transfer').set(m.auth).send({ amount: 1.5 }).expect(200);
    const refused = await t
      .http()
      .post('/balance/take')
      .set(m.auth)
      .send({ wallet: OUTSIDE, amount: 20 });
    expect(refused.status).toBe(200);
    const [w] = await t.db.query(`SELECT id FROM withdrawals WHERE record_id = $1`, [
      refused.body.id,
    ]);
    await t
      .http()
      .post(`/admin/withdrawals/${w.id}/reject`)
      .set(admin)
      .send({ reason: 'wrong address' })
      .expect(200);
    await t.http().post('/balance/take').set(m.auth).send({ wallet: OUTSIDE, amount: 10 });

    // The held points come due and the worker releases them.
    await t.db.query(
      `UPDATE points_holds SET release_at = now() - interval '1 second' WHERE user_id = $1`,
      [m.id],
    );
    await eventually(async () => ((await me(t, m)).points_hold === 0 ? true : undefined), 15_000);

    const items = await everything(m);
    const balances = await me(t, m);
    expect(new Set(items.map((i) => i.kind))).toEqual(
      new Set([
        'deposit',
        'adjustment',
        'purchase',
        'promotion',
        'reward',
        'challenge',
        'commission',
        'transfer',
        'withdrawal',
        'withdrawal_refund',
        'hold_release',
      ]),
    );
    // Newest first, ids unique, every row the member's own.
    const ids = items.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
    expectRunningBalances(items, balances);
    // The newest row of each account ends at the balance /users/me shows.
    for (const account of ['money', 'points', 'points_hold'] as const) {
      expect(items.find((i) => i.account === account)?.balance_after).toBe(balances[account]);
    }

    const byKind = (kind: string) => items.filter((i) => i.kind === kind);
    expect(byKind('deposit')).toEqual([
      expect.objectContaining({ account: 'money', amount: 300, balance_after: 300 }),
    ]);
    expect(byKind('purchase')).toEqual([
      expect.objectContaining({ account: 'money', amount: -200, reference: 'vip:2' }),
    ]);
    expect(byKind('reward')).toEqual([
      expect.objectContaining({ account: 'money', amount: 0.8, reference: 'trailer:1' }),
    ]);
    expect(byKind('commission')).toEqual([
      expect.objectContaining({ account: 'money', amount: 0.16, reference: 'trailer:2' }),
    ]);
    expect(byKind('transfer').map((i) => [i.account, i.amount])).toEqual(
      expect.arrayContaining([
        ['money', -1.5],
        ['points', 1.5],
      ]),
    );
    expect(byKind('withdrawal').map((i) => i.amount)).toEqual([-10, -20]);
    expect(byKind('withdrawal_refund')).toEqual([
      expect.objectContaining({ amount: 20, reference: `withdrawal:${w.id}` }),
    ]);
    expect(byKind('hold_release').map((i) => [i.account, i.amount])).toEqual(
      expect.arrayContaining([
        ['points_hold', -5],
        ['points', 5],
      ]),
    );
    expect(byKind('adjustment')[0]).toMatchObject({ amount: 10, reference: 'test funding' });

    // What each refers to, in words: the trailer and its title, the team
    // level and member of a commission, the level bought, the chain's tx id,
    // the withdrawal's address.
    const titles = new Map(
      ((await t.http().get('/trailers').set(m.auth)).body as { id: number; title: string }[]).map(
        (trailer) => [trailer.id, trailer.title],
      ),
    );
    const none = {
      trailer_id: null,
      trailer_title: null,
      team_level: null,
      from_member_id: null,
      from_member_name: null,
      vip_level: null,
      tx_id: null,
      wallet: null,
    };
    expect(byKind('deposit')[0].details).toEqual({ ...none, tx_id: depositTx });
    expect(byKind('purchase')[0].details).toEqual({ ...none, vip_level: 2 });
    expect(byKind('reward')[0].details).toEqual({
      ...none,
      trailer_id: 1,
      trailer_title: titles.get(1),
    });
    expect(titles.get(1)).toEqual(expect.any(String));
    expect(byKind('commission')[0].details).toEqual({
      ...none,
      trailer_id: 2,
      trailer_title: titles.get(2),
      team_level: 1,
      from_member_id: downline.id,
    });
    expect(byKind('withdrawal').map((i) => i.details)).toEqual([
      { ...none, wallet: OUTSIDE },
      { ...none, wallet: OUTSIDE },
    ]);
    expect(byKind('withdrawal_refund')[0].details).toEqual({ ...none, wallet: OUTSIDE });
    expect(byKind('adjustment')[0].details).toEqual(none);

    // Filters: one account, one kind, a date range.
    const points = await everything(m, { account: 'points' });
    expect(points.map((i) => i.id)).toEqual(
      items.filter((i) => i.account === 'points').map((i) => i.id),
    );
    const withdrawals = await everything(m, { kind: 'withdrawal' });
    expect(withdrawals.map((i) => i.id)).toEqual(byKind('withdrawal').map((i) => i.id));
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86400_000).toISOString().slice(0, 10);
    expect(await everything(m, { from: today, to: today })).toHaveLength(items.length);
    expect(await everything(m, { to: yesterday })).toHaveLength(0);
    expect(await everything(m, { from: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);

    // Another member sees only their own movements.
    const topItems = await everything(top);
    // top: the inviter's held promotion points and commissions on m's and the downline's watches.
    expect(topItems.map((i) => i.kind).sort()).toEqual(['commission', 'commission', 'promotion']);
    // One from m (team level 1), one from the downline (level 2), each named.
    expect(
      topItems
        .filter((i) => i.kind === 'commission')
        .map((i) => [i.details.team_level, i.details.from_member_id]),
    ).toEqual([
      [2, downline.id],
      [1, m.id],
    ]);
    expect(topItems.some((i) => ids.includes(i.id))).toBe(false);
  });

  it('keeps balance_after exact under 20 parallel transfers of one member', async () => {
    const m = await member(t);
    await adjust(t, admin, m.id, 100);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.http().post('/users/transfer').set(m.auth).send({ amount: 1.25 }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const items = await everything(m);
    expect(items).toHaveLength(41);
    const balances = await me(t, m);
    expect(balances).toMatchObject({ money: 75, points: 25 });
    expectRunningBalances(items, balances);
    expect(
      new Set(items.filter((i) => i.account === 'money').map((i) => i.balance_after)).size,
    ).toBe(21);
  });

  it('pages with next_before and refuses bad queries with 422 or 401', async () => {
    const m = await member(t);
    expect((await page(m)).body).toEqual({ items: [], next_before: null });
    for (let i = 0; i < 3; i++) await adjust(t, admin, m.id, 1 + i);
    const first = await page(m, { limit: 2 });
    expect(first.body.items.map((i: Item) => i.amount)).toEqual([3, 2]);
    expect(first.body.next_before).toBe(first.body.items[1].id);
    const second = await page(m, { limit: 2, before: first.body.next_before });
    expect(second.body).toEqual({
      items: [expect.objectContaining({ amount: 1, balance_after: 1, kind: 'adjustment' })],
      next_before: null,
    });
    const bad: Record<string, string | number>[] = [
      { limit: 101 },
      { limit: 0 },
      { before: 'x' },
      { account: 'fees' },
      { kind: 'bogus' },
      { from: '2026-13-01' },
      { to: 'yesterday' },
    ];
    for (const query of bad) {
      const res = await page(m, query);
      expect([res.status, res.body.code]).toEqual([422, 'VALIDATION_ERROR']);
    }
    expect((await t.http().get('/users/me/statement')).status).toBe(401);
  });
});

/**
 * The migration's backfill (postings written before balance_after existed)
 * and ledger_post's own figure when one transaction moves an account twice.
 */
describe('ledger_postings.balance_after: backfilled, then written by ledger_post', () => {
  let db: DataSource;
  const post = (
    key: string,
    legs: [number | null, string, number | null, string, string, number][],
  ) =>
    db.query(
      `SELECT * FROM ledger_post($1, 'test', repeat('0', 64), NULL, '{}', $2::int[], $3::text[], $4::int[], $5::text[], $6::text[], $7::bigint[], '{}', '{}', '{}')`,
      [
        key,
        legs.map((l) => l[0]),
        legs.map((l) => l[1]),
        legs.map((l) => l[2]),
        legs.map((l) => l[3]),
        legs.map((l) => l[4]),
        legs.map((l) => l[5]),
      ],
    );
  const postings = async (userId: number) =>
    (
      await db.query(
        `SELECT p.amount::int, p.balance_after::int, a.kind FROM ledger_postings p
         JOIN ledger_accounts a ON a.id = p.account_id WHERE a.user_id = $1 ORDER BY p.id`,
        [userId],
      )
    ).map((r: { amount: number; balance_after: number; kind: string }) => [
      r.kind,
      r.amount,
      r.balance_after,
    ]);

  beforeAll(async () => {
    const url = await separateDatabase('statement');
    db = new DataSource(dataSourceOptions(loadConfig({ ...process.env, DATABASE_URL: url })));
    await db.initialize();
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('backfills running balances per account and keeps them exact for repeated accounts', async () => {
    const [{ id: userId }] = await db.query(`SELECT id FROM users ORDER BY id LIMIT 1`);
    const runner = db.createQueryRunner();
    // Back to before the statement, later migrations first.
    await new PostingsByAccount1766710000000().down(runner);
    await new StatementBalances1766200000000().down(runner);
    await post('a', [[null, 'deposits', userId, 'money', 'USDT', 100]]);
    await post('b', [
      [userId, 'money', null, 'conversion', 'USDT', 30],
      [null, 'points_conversion', userId, 'points', 'POINTS', 30],
    ]);
    await post('c', [[null, 'adjustments', userId, 'money', 'USDT', 5]]);
    await new StatementBalances1766200000000().up(runner);
    await new PostingsByAccount1766710000000().up(runner);
    await runner.release();
    expect(await postings(userId)).toEqual([
      ['money', 100, 100],
      ['money', -30, 70],
      ['points', 30, 30],
      ['money', 5, 75],
    ]);
    // Written by the new ledger_post: two legs from one account, then one into it.
    await post('d', [
      [userId, 'money', null, 'fees', 'USDT', 1],
      [userId, 'money', null, 'vip_sales', 'USDT', 2],
      [null, 'rewards', userId, 'money', 'USDT', 4],
    ]);
    expect((await postings(userId)).slice(4)).toEqual([
      ['money', -1, 74],
      ['money', -2, 72],
      ['money', 4, 76],
    ]);
    const [account] = await db.query(
      `SELECT balance::int FROM ledger_accounts WHERE user_id = $1 AND kind = 'money'`,
      [userId],
    );
    expect(account.balance).toBe(76);
    // System accounts keep no balance, so neither do their postings.
    const [system] = await db.query(
      `SELECT count(*)::int AS n FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
       WHERE a.user_id IS NULL AND p.balance_after IS NOT NULL`,
    );
    expect(system.n).toBe(0);
  });
});
