import { INestApplicationContext } from '@nestjs/common';
import { TronWeb } from 'tronweb';
import { TestApp, adjust, expectLedgerSound, me, member, setLevel } from '../support/harness';
import {
  TronTestNode,
  fundHotWallet,
  keepMakingBlocks,
  startOnChain,
  startTronNode,
  tronSettings,
} from '../support/tron';
import { eventually } from '../support/eventually';

const USDT = 1_000_000n;

/**
 * A withdrawal's settlement is checked the same way as a large deposit (issue
 * 43, point 2): with two nodes, its receipt is believed only when both return
 * it. A first node that says the transfer reverted (so an operator would send
 * it again) is not believed: the withdrawal stays sent, held with the reason,
 * and is confirmed once the nodes agree.
 */
describe('withdrawal settlement: a second node must confirm the receipt', () => {
  let a: TronTestNode;
  let b: TronTestNode;
  let t: TestApp;
  let worker: INestApplicationContext;
  let admin: Record<string, string>;
  let blocks: NodeJS.Timeout;

  beforeAll(async () => {
    a = await startTronNode(2);
    b = await startTronNode(2, a);
    const settings = {
      ...tronSettings(a),
      TRON_FULL_NODE_URL: `${a.url},${b.url}`,
      TRON_SETTLE_INTERVAL_MS: '100',
      TRON_REQUEST_TIMEOUT_MS: '1000',
      DEPOSIT_CROSSCHECK_USDT: '10',
    };
    ({ t, admin, worker } = await startOnChain(settings));
    await fundHotWallet(a, { usdt: 500n * USDT, trx: 1000n * USDT, energy: 10_000_000 });
    await a.solidify();
    blocks = keepMakingBlocks(a);
  });
  afterAll(async () => {
    clearInterval(blocks);
    await a.control('faults', {});
    await expectLedgerSound(t, admin);
    await worker.close();
    await t.close();
    await b.close();
    await a.close();
  });

  it('a first node that says the transfer reverted is not believed alone', async () => {
    const m = await member(t);
    await setLevel(t, m.id, 1);
    await adjust(t, admin, m.id, 40);
    const to = TronWeb.address.fromPrivateKey('5'.repeat(64)) as string;
    const res = await t.http().post('/balance/take').set(m.auth).send({ wallet: to, amount: 30 });
    expect(res.status).toBe(200);
    const [{ id }] = await t.db.query(`SELECT id FROM withdrawals WHERE record_id = $1`, [
      res.body.id,
    ]);
    await a.control('faults', { lie: 'revert' });
    await t.http().post(`/admin/withdrawals/${id}/approve`).set(admin).expect(200);
    const heldRow = await eventually(async () => {
      const [row] = await t.db.query(`SELECT status, reason FROM withdrawals WHERE id = $1`, [id]);
      return row.reason?.startsWith('held:') ? row : undefined;
    }, 20_000);
    expect(heldRow.status).toBe('sent');
    expect(heldRow.reason).toMatch(/says it succeeded/);
    // Still not concluded a while later: never `failed` on one node's word.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const [still] = await t.db.query(`SELECT status FROM withdrawals WHERE id = $1`, [id]);
    expect(still.status).toBe('sent');
    await a.control('faults', {});
    const done = await eventually(async () => {
      const [row] = await t.db.query(`SELECT status, reason FROM withdrawals WHERE id = $1`, [id]);
      return row.status === 'confirmed' ? row : undefined;
    }, 20_000);
    expect(done.reason).toBeNull();
    expect((await me(t, m)).money).toBe(10);
  }, 60_000);
});
