import { INestApplicationContext } from '@nestjs/common';
import { deriveTronAddress } from '@app/domain';
import { useTestEnv } from '../support/env';
import { eventually } from '../support/eventually';
import { TestApp, expectLedgerSound, me, member, operator, startApp } from '../support/harness';
import {
  TEST_WALLET,
  TronTestNode,
  startTronNode,
  startWorker,
  tronSettings,
} from '../support/tron';

useTestEnv();

const USDT = 1_000_000n;

/**
 * A second opinion (issue 43, point 2): with two nodes, a deposit of
 * DEPOSIT_CROSSCHECK_USDT or more is credited only when the other node returns
 * the same receipt. One node that makes a receipt up gets nothing credited:
 * the deposit is held for operators (their queue count, GET /admin/deposits/held).
 */
describe('deposits: a second node must confirm large ones', () => {
  let a: TronTestNode;
  let b: TronTestNode;
  let t: TestApp;
  let worker: INestApplicationContext;
  let admin: Record<string, string>;

  beforeAll(async () => {
    a = await startTronNode(2);
    b = await startTronNode(2, a);
    const settings = {
      ...tronSettings(a),
      TRON_FULL_NODE_URL: `${a.url},${b.url}`,
      // Long enough that a busy machine's slow answer does not rest node a: a block then read from b,
      // which never saw a's made-up receipt, would hold nothing (CI once saw exactly that).
      TRON_REQUEST_TIMEOUT_MS: '5000',
      DEPOSIT_CROSSCHECK_USDT: '100',
      // Held deposits asked about again every 2 s rather than 30, so a busy machine's slow ticks fit the test.
      DEPOSIT_HELD_RECHECK_MS: '2000',
    };
    t = await startApp(settings);
    await t.db.query(`DELETE FROM chain_cursors`);
    await t.db.query(`DELETE FROM held_deposits`);
    worker = await startWorker(settings);
    admin = await operator(t);
  });
  afterAll(async () => {
    await a.control('faults', {});
    await b.control('faults', {});
    await expectLedgerSound(t, admin);
    await worker.close();
    await t.close();
    await b.close();
    await a.close();
  });

  const cursor = async () =>
    Number((await t.db.query(`SELECT block_number FROM chain_cursors`))[0]?.block_number ?? 0);
  const addressOf = (id: number) => deriveTronAddress(TEST_WALLET.depositXpub, id);
  const held = async () =>
    (await t.http().get('/admin/deposits/held').set(admin).expect(200)).body as {
      id: number;
      tx_id: string;
      user_id: number;
      amount: number;
      status: string;
      reason: string;
    }[];

  it('a receipt only the first node reports is held, not credited, and operators are told', async () => {
    const m = await member(t);
    await a.control('blocks', { count: 2 });
    const lie = await a.control<{ txid: string; block: number }>('fabricate', {
      to: addressOf(m.id),
      amount: String(5000n * USDT),
    });
    await a.control('blocks', { count: 4 });
    await eventually(async () => ((await cursor()) >= lie.block ? true : undefined), 15_000);
    expect((await me(t, m)).money).toBe(0);
    const rows = await eventually(async () => {
      const list = (await held()).filter((r) => r.tx_id === lie.txid);
      return list.length ? list : undefined;
    });
    expect(rows[0]).toMatchObject({ user_id: m.id, amount: 5000, status: 'held' });
    expect(rows[0].reason).toMatch(/does not know the transaction/);
    const queues = await t.http().get('/admin/queues').set(admin).expect(200);
    expect(queues.body.held_deposits).toBeGreaterThanOrEqual(1);
    const credited = await t.db.query(`SELECT 1 FROM chain_deposits WHERE tx_id = $1`, [lie.txid]);
    expect(credited).toHaveLength(0);
    // Asked again later, the other node still does not know it: it stays held.
    await a.control('blocks', { count: 3 });
    expect((await me(t, m)).money).toBe(0);
  }, 60_000);

  it('an honest deposit above the threshold is credited when both nodes agree', async () => {
    const m = await member(t);
    await a.payUsdt(addressOf(m.id), 500n * USDT);
    await a.control('blocks', { count: 4 });
    expect(
      await eventually(async () => ((await me(t, m)).money === 500 ? true : undefined), 15_000),
    ).toBe(true);
  }, 30_000);

  it('held while the other node fails, credited once it answers the same receipt', async () => {
    const m = await member(t);
    await b.control('faults', { status: 503, paths: ['/walletsolidity/gettransactioninfobyid'] });
    const txid = await a.payUsdt(addressOf(m.id), 300n * USDT);
    await a.control('blocks', { count: 4 });
    const rows = await eventually(async () => {
      const list = (await held()).filter((r) => r.tx_id === txid);
      return list.length ? list : undefined;
    }, 15_000);
    // Held on the 503; asked again while that node rests, the reason says no other node answered.
    expect(rows[0].reason).toMatch(/HTTP 503|no other node answered/);
    expect((await me(t, m)).money).toBe(0);
    await b.control('faults', {});
    // The scanner asks about held deposits again every DEPOSIT_HELD_RECHECK_MS.
    expect(
      await eventually(async () => ((await me(t, m)).money === 300 ? true : undefined), 30_000),
    ).toBe(true);
    expect((await held()).find((r) => r.tx_id === txid)?.status).toBe('credited');
  }, 70_000);

  it('dismissed in error, then claimed once both nodes agree: credited, and the list says so', async () => {
    const m = await member(t);
    await b.control('faults', { status: 503, paths: ['/walletsolidity/gettransactioninfobyid'] });
    const txid = await a.payUsdt(addressOf(m.id), 200n * USDT);
    await a.control('blocks', { count: 4 });
    const [row] = await eventually(async () => {
      const list = (await held()).filter((r) => r.tx_id === txid);
      return list.length ? list : undefined;
    }, 15_000);
    const note = 'Thought the first node made it up';
    await t
      .http()
      .post(`/admin/deposits/held/${row.id}/dismiss`)
      .set(admin)
      .send({ note })
      .expect(200);
    await b.control('faults', {});
    // Dismissed rows are asked about no more: the member's claim asks both nodes now.
    const claim = await t.http().post('/balance/add').set(m.auth).send({ tx_id: txid });
    expect(claim.status).toBe(200);
    expect(
      await eventually(async () => ((await me(t, m)).money === 200 ? true : undefined), 30_000),
    ).toBe(true);
    const credited = (await held()).find((r) => r.tx_id === txid);
    expect(credited).toMatchObject({ status: 'credited', note, dismissed_by: expect.any(Number) });
    const dismissed = (
      await t.http().get('/admin/deposits/held?status=dismissed').set(admin).expect(200)
    ).body as { tx_id: string }[];
    expect(dismissed.map((r) => r.tx_id)).not.toContain(txid);
  }, 70_000);
});
