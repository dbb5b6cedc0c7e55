import { INestApplicationContext } from '@nestjs/common';
import { TronWeb } from 'tronweb';
import { deriveTronAddress } from '@app/domain';
import { TestApp, expectLedgerSound, me, member, operator, startApp } from '../support/harness';
import {
  TEST_WALLET,
  TronTestNode,
  startTronNode,
  startWorker,
  tronSettings,
} from '../support/tron';
import { eventually } from '../support/eventually';

const USDT = 1_000_000n;

describe('deposits: USDT on TRON, found on chain or claimed by tx id, credited once', () => {
  let tron: TronTestNode;
  let t: TestApp;
  let worker: INestApplicationContext;
  let admin: Record<string, string>;

  beforeAll(async () => {
    tron = await startTronNode();
    const settings = tronSettings(tron);
    t = await startApp(settings);
    // Each test file's node is a new chain: the scanner starts over on it.
    await t.db.query(`DELETE FROM chain_cursors`);
    worker = await startWorker(settings);
    admin = await operator(t);
  });
  afterAll(async () => {
    await expectLedgerSound(t, admin);
    await worker.close();
    await t.close();
    await tron.close();
  });

  const addressOf = async (m: { auth: Record<string, string> }) => {
    const res = await t.http().get('/deposit/address').set(m.auth);
    expect(res.status).toBe(200);
    return res.body.address as string;
  };
  const moneyOf = async (m: Awaited<ReturnType<typeof member>>) => (await me(t, m)).money as number;
  const records = async (m: { auth: Record<string, string> }) =>
    (await t.http().get('/balance?add=true').set(m.auth)).body as {
      id: number;
      amount: number;
      status: string;
      tx_id: string;
      reason: string | null;
      failure: string | null;
      type: string;
    }[];

  it("gives each member the xpub's child 0/id, the address tronweb derives from the mnemonic", async () => {
    const m = await member(t);
    const res = await t.http().get('/deposit/address').set(m.auth);
    expect(res.body).toEqual({ currency: 'USDT', network: 'TRC20', address: expect.any(String) });
    expect(res.body.address).toBe(deriveTronAddress(TEST_WALLET.depositXpub, m.id));
    const fromMnemonic = TronWeb.fromMnemonic(TEST_WALLET.mnemonic, `m/44'/195'/0'/0/${m.id}`);
    expect(res.body.address).toBe(fromMnemonic.address);
    // The same address every time; another member has another one.
    expect(await addressOf(m)).toBe(res.body.address);
    expect(await addressOf(await member(t))).not.toBe(res.body.address);
  });

  it('credits a transfer to a member who never opened the recharge page, once, after solidification', async () => {
    const m = await member(t);
    const address = deriveTronAddress(TEST_WALLET.depositXpub, m.id);
    const txId = await tron.payUsdt(address, 25n * USDT);
    await tron.control('blocks', { count: 1 });
    // In a block but not solidified: nothing yet.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await moneyOf(m)).toBe(0);
    await tron.solidify();
    expect(await eventually(async () => ((await moneyOf(m)) === 25 ? true : undefined))).toBe(true);
    const list = await records(m);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ type: 'deposit', status: 'success', amount: 25, tx_id: txId });
    // Later blocks and scans change nothing.
    await tron.control('blocks', { count: 3 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await moneyOf(m)).toBe(25);
  });

  it('credits the sum of two Transfer logs in one transaction, and a transfer routed through another contract', async () => {
    const m = await member(t);
    const address = await addressOf(m);
    const { txid } = await tron.control<{ txid: string }>('usdt/double-transfer', {
      to: address,
      amounts: [String(3n * USDT), String(4n * USDT)],
    });
    await tron.control('usdt/router-transfer', { to: address, amount: String(5n * USDT) });
    await tron.solidify();
    await eventually(async () => ((await moneyOf(m)) === 12 ? true : undefined));
    const list = await records(m);
    expect(list.map((r) => r.amount).sort()).toEqual([5, 7]);
    expect(list.find((r) => r.amount === 7)?.tx_id).toBe(txid);
    const logs = await t.db.query(
      `SELECT log_index FROM chain_deposits WHERE tx_id = $1 ORDER BY 1`,
      [txid],
    );
    expect(logs.map((l: { log_index: number }) => l.log_index)).toEqual([0, 1]);
  });

  it('never credits a look-alike token, TRX or a failed transfer; records the foreign ones for operators', async () => {
    const m = await member(t);
    const address = await addressOf(m);
    const fake = await tron.control<{ txid: string }>('fake-usdt/transfer', {
      to: address,
      amount: String(50n * USDT),
    });
    const trx = await tron.control<{ txid: string }>('trx/transfer', {
      to: address,
      amount: '2000000',
    });
    await tron.control('usdt/revert', { to: address, amount: String(60n * USDT) });
    // A real deposit after them, so we know the scanner went past.
    await tron.payUsdt(address, 1n * USDT);
    await tron.solidify();
    await eventually(async () => ((await moneyOf(m)) === 1 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await moneyOf(m)).toBe(1);
    const foreign = await t.http().get('/admin/deposits/foreign').set(admin);
    expect(foreign.status).toBe(200);
    const mine = foreign.body.filter((f: { user_id: number }) => f.user_id === m.id);
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          tx_id: fake.txid,
          asset: 'TT8TcG7gy4qtP6TekWEPCqM93ndFtQQjvm',
          amount: '50000000',
        }),
        expect.objectContaining({
          tx_id: trx.txid,
          asset: 'TRX',
          amount: '2000000',
          log_index: -1,
          // The sender as members and operators read it (base58), not the block's hex.
          from_address: expect.stringMatching(/^T[1-9A-HJ-NP-Za-km-z]{33}$/),
        }),
      ]),
    );
    expect(mine).toHaveLength(2);
  });

  it('checks a claim now; the claim and the scanner credit it once between them', async () => {
    const m = await member(t);
    const txId = await tron.payUsdt(await addressOf(m), 40n * USDT);
    const claim = await t.http().post('/balance/add').set(m.auth).send({ tx_id: txId });
    expect(claim.status).toBe(200);
    expect(claim.body).toEqual({ id: expect.any(Number), status: 'under_review' });
    const again = await t
      .http()
      .post('/balance/add')
      .set(m.auth)
      .send({ tx_id: txId.toUpperCase() });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('TX_ALREADY_SUBMITTED');
    expect((await records(m))[0]).toMatchObject({
      id: claim.body.id,
      status: 'under_review',
      amount: 0,
    });
    await tron.solidify();
    await eventually(async () => ((await records(m))[0].status === 'success' ? true : undefined));
    const list = await records(m);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: claim.body.id, amount: 40, tx_id: txId });
    expect(await moneyOf(m)).toBe(40);
    // Credited: nobody can claim it again.
    const other = await member(t);
    const late = await t.http().post('/balance/add').set(other.auth).send({ tx_id: txId });
    expect(late.body.code).toBe('TX_ALREADY_SUBMITTED');
  });

  it("fails a claim of another member's transfer with a reason and credits the owner only, under a race", async () => {
    const owner = await member(t);
    const thieves = await Promise.all([member(t), member(t), member(t)]);
    const txId = await tron.payUsdt(await addressOf(owner), 30n * USDT);
    const claims = await Promise.all(
      [owner, ...thieves].map((m) =>
        t.http().post('/balance/add').set(m.auth).send({ tx_id: txId }),
      ),
    );
    expect(claims.map((c) => c.status)).toEqual([200, 200, 200, 200]);
    await tron.solidify();
    for (const thief of thieves) {
      const [record] = await eventually(async () => {
        const list = await records(thief);
        return list[0]?.status === 'fail' ? list : undefined;
      });
      expect(record.reason).toMatch(/another address/);
      expect(await moneyOf(thief)).toBe(0);
    }
    await eventually(async () => ((await moneyOf(owner)) === 30 ? true : undefined));
    const credits = await t.db.query(`SELECT user_id FROM chain_deposits WHERE tx_id = $1`, [txId]);
    expect(credits).toEqual([{ user_id: owner.id }]);
  });

  it('fails a claim that is never confirmed once its time is up, and one that pays a failed receipt', async () => {
    const m = await member(t);
    const unknown = 'ab'.repeat(32);
    const claim = await t.http().post('/balance/add').set(m.auth).send({ tx_id: unknown });
    expect(claim.status).toBe(200);
    // As if the hour had passed.
    await t.db.query(
      `UPDATE balance_records SET created_at = now() - interval '2 hours' WHERE id = $1`,
      [claim.body.id],
    );
    const failed = await eventually(async () => {
      const r = (await records(m)).find((x) => x.id === claim.body.id);
      return r?.status === 'fail' ? r : undefined;
    }, 15_000);
    expect(failed.reason).toMatch(/not confirmed/);
    // It failed on its way: nobody refused it.
    expect(failed.failure).toBe('failed');

    const { txid } = await tron.control<{ txid: string }>('usdt/revert', {
      to: await addressOf(m),
      amount: String(9n * USDT),
      reason: 'paused',
    });
    await tron.solidify();
    await t.http().post('/balance/add').set(m.auth).send({ tx_id: txid }).expect(200);
    const reverted = await eventually(async () => {
      const r = (await records(m)).find((x) => x.tx_id === txid);
      return r?.status === 'fail' ? r : undefined;
    });
    expect(reverted.reason).toMatch(/failed on chain \(REVERT/);
    expect(await moneyOf(m)).toBe(0);
  });

  it('refuses a malformed tx id with 422', async () => {
    const m = await member(t);
    for (const tx_id of ['abc', 'zz'.repeat(32), 12, null, 'ab'.repeat(33)]) {
      const res = await t.http().post('/balance/add').set(m.auth).send({ tx_id });
      expect(res.status).toBe(422);
    }
  });

  it("credits the members' transfers among blocks full of strangers' (a mainnet shape), each once", async () => {
    const a = await member(t);
    const b = await member(t);
    const ours = [await addressOf(a), await addressOf(b)];
    const { head } = await tron.control<{ head: number }>('info');
    // 60 strangers' USDT transfers a block, 2 of them to a and b in turn, over 12 blocks.
    await tron.control('foreign-traffic', { per_block: 60, ours, ours_per_block: 2 });
    try {
      await tron.control('blocks', { count: 12 });
    } finally {
      await tron.control('foreign-traffic', { per_block: 0 });
    }
    await tron.solidify();
    const credited = async () =>
      (await t.db.query(
        `SELECT user_id, count(*)::int AS n, sum(amount_micro)::text AS micro FROM chain_deposits
         WHERE block_number > $1 AND block_number <= $2 GROUP BY user_id ORDER BY user_id`,
        [head, head + 12],
      )) as { user_id: number; n: number; micro: string }[];
    await eventually(async () => ((await credited()).length === 2 ? true : undefined));
    await eventually(async () => {
      const [row] = await t.db.query(`SELECT block_number FROM chain_cursors WHERE name = 'tron'`);
      return Number(row.block_number) >= head + 12 ? true : undefined;
    });
    // Only a and b, each of the 12 blocks once; a member's money is what was credited.
    const rows = await credited();
    expect(rows.map((r) => [r.user_id, r.n])).toEqual([
      [a.id, 12],
      [b.id, 12],
    ]);
    expect(Math.round((await moneyOf(a)) * 1e6)).toBe(Number(rows[0].micro));
    expect(Math.round((await moneyOf(b)) * 1e6)).toBe(Number(rows[1].micro));
  });

  it('replaying scanned blocks credits nothing twice', async () => {
    const m = await member(t);
    await tron.payUsdt(await addressOf(m), 8n * USDT);
    await tron.solidify();
    await eventually(async () => ((await moneyOf(m)) === 8 ? true : undefined));
    // Move the cursor back over everything this file did: every block is scanned again.
    await t.db.query(`UPDATE chain_cursors SET block_number = 100 WHERE name = 'tron'`);
    await tron.control('blocks', { count: 1 });
    await eventually(async () => {
      const [row] = await t.db.query(`SELECT block_number FROM chain_cursors WHERE name = 'tron'`);
      const info = await tron.control<{ solidified: number }>('info');
      return Number(row.block_number) >= info.solidified ? true : undefined;
    });
    expect(await moneyOf(m)).toBe(8);
    expect(await records(m)).toHaveLength(1);
  });

  it('finishes pending claims after Redis loses every job', async () => {
    const m = await member(t);
    const txId = await tron.payUsdt(await addressOf(m), 6n * USDT);
    await t.http().post('/balance/add').set(m.auth).send({ tx_id: txId }).expect(200);
    // The scanner would credit it too: stop it seeing the block, so the claim has to.
    await t.db.query(
      `UPDATE chain_cursors SET block_number = block_number + 1000 WHERE name = 'tron'`,
    );
    await t.redis.flushdb();
    await tron.solidify();
    await eventually(
      async () => ((await records(m))[0]?.status === 'success' ? true : undefined),
      15_000,
    );
    expect(await moneyOf(m)).toBe(6);
    await t.db.query(
      `UPDATE chain_cursors SET block_number = block_number - 1000 WHERE name = 'tron'`,
    );
  });
});
