import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Test } from 'supertest';
import {
  TestApp,
  adjust,
  expectLedgerSound,
  me,
  member,
  operator,
  setCardNumber,
  setLevel,
  startApp,
} from '../../support/harness';
import { TEST_WALLET } from '../../support/tron';

const OUTSIDE = 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16';
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 7)]);

/** Every POST that moves money, as the OpenAPI document names it. */
const MONEY_POSTS = [
  '/users/transfer',
  '/balance/take',
  '/balance/buy_vip',
  '/balance/add',
  '/card/deposits',
  '/challenges/{id}/claim',
  '/admin/users/{id}/adjust',
  '/admin/adjustments/{id}/approve',
  '/admin/adjustments/{id}/reject',
  '/admin/card_deposits/{id}/approve',
  '/admin/card_deposits/{id}/reject',
  '/admin/withdrawals/{id}/approve',
  '/admin/withdrawals/{id}/reject',
  '/admin/withdrawals/{id}/retry',
  '/admin/verifications/{id}/approve',
  '/admin/verifications/{id}/reject',
];

type Answer = { status: number; body: unknown; headers: Record<string, string> };
const same = (a: Answer) => ({ status: a.status, body: a.body });

describe('Idempotency-Key on every money-moving POST', () => {
  let t: TestApp;
  /** A second API instance on the same PostgreSQL and Redis, as a load balancer's other replica. */
  let other: TestApp;
  let admin: Record<string, string>;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'idempotency-test-'));
    t = await startApp({
      TRON_DEPOSIT_XPUB: TEST_WALLET.depositXpub,
      STORAGE_DIR: dir,
      MONEY_RATE_LIMIT_PER_MINUTE: '0',
      // Settlement is the worker's; none runs here, so withdrawals stay requested.
    });
    other = await startApp({
      TRON_DEPOSIT_XPUB: TEST_WALLET.depositXpub,
      STORAGE_DIR: dir,
      MONEY_RATE_LIMIT_PER_MINUTE: '0',
    });
    admin = await operator(t);
    // Card deposits are off until a card is set; two tests report card payments.
    await setCardNumber(t, admin, '8600 4444 5555 6666');
  });
  afterAll(async () => {
    await expectLedgerSound(t, admin);
    await other?.close();
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const withKey = (req: Test, key?: string) => (key ? req.set('Idempotency-Key', key) : req);
  const take = (
    m: { auth: Record<string, string> },
    amount: number,
    key?: string,
    api: TestApp = t,
  ) => withKey(api.http().post('/balance/take').set(m.auth), key).send({ wallet: OUTSIDE, amount });
  const withdrawals = async (userId: number) => {
    const [row] = await t.db.query(
      `SELECT (SELECT count(*) FROM withdrawals WHERE user_id = $1)::int AS withdrawals,
              (SELECT count(*) FROM ledger_transactions
               WHERE user_id = $1 AND kind = 'withdrawal_request')::int AS postings`,
      [userId],
    );
    return row as { withdrawals: number; postings: number };
  };
  async function funded(money: number, level = 1) {
    const m = await member(t);
    await setLevel(t, m.id, level);
    if (money) await adjust(t, admin, m.id, money);
    return m;
  }

  it('documents the header on each of them in the OpenAPI document', () => {
    const openapi = JSON.parse(
      readFileSync(join(__dirname, '../../../../../libs/contracts/openapi.json'), 'utf8'),
    ) as { paths: Record<string, Record<string, any>> };
    const paths = openapi.paths;
    for (const path of MONEY_POSTS) {
      const post = paths[path]?.post;
      expect({ path, documented: Boolean(post) }).toEqual({ path, documented: true });
      const header = (post.parameters ?? []).find(
        (p: { in: string; name: string }) => p.in === 'header' && p.name === 'idempotency-key',
      );
      expect({ path, header: header?.description }).toEqual({
        path,
        header: expect.stringContaining('IDEMPOTENCY_CONFLICT'),
      });
    }
  });

  it('a retried withdrawal with the same key is one withdrawal with the same answer', async () => {
    const m = await funded(50);
    const key = randomUUID();
    const first = await take(m, 10, key);
    expect(first.status).toBe(200);
    const again = await take(m, 10, key);
    expect(same(again)).toEqual(same(first));
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await withdrawals(m.id)).toEqual({ withdrawals: 1, postings: 1 });
    expect((await me(t, m)).money).toBe(40);

    // Another request under the key is refused; a new key is a new withdrawal.
    const other = await take(m, 11, key);
    expect(other.status).toBe(409);
    expect(other.body).toEqual({
      detail: 'This idempotency key was used for a different operation',
      code: 'IDEMPOTENCY_CONFLICT',
    });
    expect((await take(m, 10, randomUUID())).status).toBe(200);
    expect(await withdrawals(m.id)).toEqual({ withdrawals: 2, postings: 2 });
  });

  it('duplicates arriving at the same moment (at two API instances) make one withdrawal and all get its answer', async () => {
    const m = await funded(50);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => take(m, 10, key, i % 2 ? other : t)),
    );
    expect(answers[0].status).toBe(200);
    for (const answer of answers) expect(same(answer)).toEqual(same(answers[0]));
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(await withdrawals(m.id)).toEqual({ withdrawals: 1, postings: 1 });
    expect((await me(t, m)).money).toBe(40);
  });

  it('without the header nothing is deduplicated, and keys belong to one user', async () => {
    const m = await funded(50);
    await take(m, 10).expect(200);
    await take(m, 10).expect(200);
    expect(await withdrawals(m.id)).toEqual({ withdrawals: 2, postings: 2 });

    const key = randomUUID();
    const n = await funded(50);
    await take(m, 10, key).expect(200);
    const theirs = await take(n, 10, key);
    expect(theirs.status).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await withdrawals(n.id)).toEqual({ withdrawals: 1, postings: 1 });

    const tooLong = await take(m, 10, 'k'.repeat(101));
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.code).toBe('VALIDATION_ERROR');
  });

  it('a key older than IDEMPOTENCY_KEY_TTL_HOURS is free again', async () => {
    const m = await funded(50);
    const key = randomUUID();
    await take(m, 10, key).expect(200);
    await t.db.query(
      `UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE user_id = $1`,
      [m.id],
    );
    const later = await take(m, 11, key);
    expect(later.status).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await withdrawals(m.id)).toEqual({ withdrawals: 2, postings: 2 });
  });

  it('a refusal is answered again too, and a validation failure is not kept', async () => {
    const m = await funded(15);
    const key = randomUUID();
    const poor = await take(m, 20, key);
    expect(poor.body.code).toBe('INSUFFICIENT_FUNDS');
    const again = await take(m, 20, key);
    expect(same(again)).toEqual(same(poor));
    expect(again.headers['idempotent-replayed']).toBe('true');

    const badKey = randomUUID();
    expect((await take(m, -1, badKey)).status).toBe(422);
    // The key was not spent on the malformed request.
    const fixed = await take(m, 10, badKey);
    expect(fixed.status).toBe(200);
  });

  it('buying a level, reporting a card payment and claiming a deposit: once per key', async () => {
    const m = await funded(100, 0);
    const buy = (key: string) =>
      withKey(t.http().post('/balance/buy_vip').set(m.auth), key).send({ vip_level: 1 });
    const key = randomUUID();
    const bought = await Promise.all([buy(key), buy(key), buy(key)]);
    expect(bought[0].status).toBe(200);
    for (const answer of bought) expect(same(answer)).toEqual(same(bought[0]));
    const [{ n }] = await t.db.query(
      `SELECT count(*)::int AS n FROM ledger_transactions WHERE user_id = $1 AND kind = 'buy_vip'`,
      [m.id],
    );
    expect(n).toBe(1);

    const report = (key: string, amount: string) =>
      withKey(t.http().post('/card/deposits').set(m.auth), key)
        .field('currency', 'UZS')
        .field('amount', amount)
        .attach('receipt', JPEG, 'receipt.jpg');
    const cardKey = randomUUID();
    const reports = await Promise.all([report(cardKey, '1270000'), report(cardKey, '1270000')]);
    expect(reports[0].status).toBe(200);
    expect(same(reports[1])).toEqual(same(reports[0]));
    expect((await report(cardKey, '1270001')).body.code).toBe('IDEMPOTENCY_CONFLICT');
    const cards = (await t.http().get('/balance?add=true').set(m.auth)).body.filter(
      (r: { type: string }) => r.type === 'card',
    );
    expect(cards).toHaveLength(1);

    const claim = (key: string) =>
      withKey(t.http().post('/balance/add').set(m.auth), key).send({ tx_id: 'a'.repeat(64) });
    const claimKey = randomUUID();
    const claims = await Promise.all([claim(claimKey), claim(claimKey)]);
    expect(claims[0].status).toBe(200);
    expect(same(claims[1])).toEqual(same(claims[0]));
  });

  it("an operator's approval sent twice is decided once", async () => {
    const m = await member(t);
    const sent = await t
      .http()
      .post('/card/deposits')
      .set(m.auth)
      .field('currency', 'UZS')
      .field('amount', '1270000')
      .attach('receipt', JPEG, 'receipt.jpg')
      .expect(200);
    const [{ id }] = await t.db.query(`SELECT id FROM card_deposits WHERE record_id = $1`, [
      sent.body.id,
    ]);
    const approve = (key: string) =>
      withKey(t.http().post(`/admin/card_deposits/${id}/approve`).set(admin), key).send({
        amount: 100,
      });
    const key = randomUUID();
    const answers = await Promise.all([approve(key), approve(key)]);
    expect(answers[0].status).toBe(200);
    expect(same(answers[1])).toEqual(same(answers[0]));
    expect(same(await approve(key))).toEqual(same(answers[0]));
    expect((await me(t, m)).money).toBe(100);
  });
});
