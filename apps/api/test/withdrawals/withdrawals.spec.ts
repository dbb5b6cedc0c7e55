import { INestApplicationContext } from '@nestjs/common';
import { TronWeb } from 'tronweb';
import { deriveTronAddress } from '@app/domain';
import {
  TestApp,
  adjust,
  coSigner,
  expectLedgerSound,
  me,
  member,
  setLevel,
} from '../support/harness';
import {
  TEST_WALLET,
  TronTestNode,
  fundHotWallet,
  keepMakingBlocks,
  startOnChain,
  startTronNode,
  tronSettings,
} from '../support/tron';
import { eventually } from '../support/eventually';

const USDT = 1_000_000n;
const HOT = TEST_WALLET.hotWalletAddress;
// An outside wallet to withdraw to (the faucet: any valid address that is not ours).
const OUTSIDE = 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16';

describe('withdrawals: held at request, decided by an operator, sent once from the hot wallet', () => {
  let tron: TronTestNode;
  let t: TestApp;
  let worker: INestApplicationContext;
  let admin: Record<string, string>;
  let blocks: NodeJS.Timeout;

  beforeAll(async () => {
    tron = await startTronNode();
    const settings = {
      ...tronSettings(tron),
      TRON_SETTLE_INTERVAL_MS: '100',
      TRON_REQUEST_TIMEOUT_MS: '1000',
      // Low enough that a hot wallet without energy runs out of it.
      TRON_FEE_LIMIT_SUN: '1000000',
    };
    ({ t, admin, worker } = await startOnChain(settings));
    await fundHotWallet(tron, { usdt: 500n * USDT, trx: 1000n * USDT, energy: 10_000_000 });
    await tron.solidify();
    blocks = keepMakingBlocks(tron);
  });
  afterAll(async () => {
    clearInterval(blocks);
    await expectLedgerSound(t, admin);
    await worker.close();
    await t.close();
    await tron.close();
  });

  const usdtOnChain = async (address: string) =>
    BigInt(
      (
        await (
          await fetch(`${tron.url}/wallet/triggerconstantcontract`, {
            method: 'POST',
            body: JSON.stringify({
              owner_address: address,
              contract_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
              function_selector: 'balanceOf(address)',
              parameter: tronWordOf(address),
              visible: true,
            }),
          })
        ).json()
      ).constant_result[0].replace(/^/, '0x'),
    );

  async function funded(money: number, level = 1) {
    const m = await member(t);
    await setLevel(t, m.id, level);
    if (money) await adjust(t, admin, m.id, money);
    return m;
  }
  const take = (m: { auth: Record<string, string> }, body: object) =>
    t.http().post('/balance/take').set(m.auth).send(body);
  const withdrawalOf = async (recordId: number) => {
    const [row] = await t.db.query(
      `SELECT id, status, reason, tx_id FROM withdrawals WHERE record_id = $1`,
      [recordId],
    );
    return row as { id: string; status: string; reason: string | null; tx_id: string | null };
  };
  const until = (recordId: number, status: string, ms = 15_000) =>
    eventually(async () => {
      const w = await withdrawalOf(recordId);
      return w.status === status ? w : undefined;
    }, ms);
  /**
   * For a test that counts attempts: blocks made every 100 ms are 3 s of chain time each, so
   * a transaction's 60 s pass in 2 s of the wall clock, and a slow moment of the machine
   * between signing and sending would expire it (one attempt more). Here blocks come only
   * when the test makes them.
   */
  async function withBlocksByHand(test: () => Promise<void>) {
    clearInterval(blocks);
    try {
      await test();
    } finally {
      blocks = keepMakingBlocks(tron);
    }
  }

  it('applies the rules: minimum, level-0 cap, funds, a real outside address', async () => {
    const poor = await funded(5);
    expect((await take(poor, { wallet: OUTSIDE, amount: 9.99 })).body.code).toBe(
      'WITHDRAWAL_BELOW_MINIMUM',
    );
    expect((await take(poor, { wallet: OUTSIDE, amount: 10 })).body.code).toBe(
      'INSUFFICIENT_FUNDS',
    );
    const level0 = await funded(50, 0);
    expect((await take(level0, { wallet: OUTSIDE, amount: 10 })).body.code).toBe(
      'WITHDRAWAL_LEVEL_LIMIT',
    );
    const m = await funded(50);
    const own = deriveTronAddress(TEST_WALLET.depositXpub, m.id);
    await t.http().get('/deposit/address').set(m.auth).expect(200);
    expect((await take(m, { wallet: own, amount: 10 })).body.code).toBe(
      'WITHDRAWAL_TO_DEPOSIT_ADDRESS',
    );
    expect((await take(m, { wallet: HOT, amount: 10 })).body.code).toBe(
      'WITHDRAWAL_TO_DEPOSIT_ADDRESS',
    );
    for (const wallet of ['T123', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T', 42, null]) {
      expect((await take(m, { wallet, amount: 10 })).status).toBe(422);
    }
    expect((await me(t, m)).money).toBe(50);
  });

  it('holds the amount at request, shows fee and net, and never overdraws under 20 parallel requests', async () => {
    const m = await funded(100);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => take(m, { wallet: OUTSIDE, amount: 10 })),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(10);
    expect(
      results.filter((r) => r.status === 400).every((r) => r.body.code === 'INSUFFICIENT_FUNDS'),
    ).toBe(true);
    expect(ok[0].body).toEqual({
      id: expect.any(Number),
      status: 'under_review',
      fee: 1.5,
      net_amount: 8.5,
    });
    expect((await me(t, m)).money).toBe(0);
    const records = (await t.http().get('/balance?add=false').set(m.auth)).body;
    expect(records).toHaveLength(10);
    expect(records[0]).toMatchObject({
      type: 'withdrawal',
      status: 'under_review',
      amount: 10,
      fee: 1.5,
      net_amount: 8.5,
      wallet: OUTSIDE,
    });
    // Tidy up: refund them all.
    for (const r of ok) {
      const w = await withdrawalOf(r.body.id);
      await t
        .http()
        .post(`/admin/withdrawals/${w.id}/reject`)
        .set(admin)
        .send({ reason: 'test' })
        .expect(200);
    }
    expect((await me(t, m)).money).toBe(100);
  });

  it('sends an approved withdrawal once: net on chain, success with its tx id, fee to revenue', async () => {
    const m = await funded(40);
    const to = TronWeb.address.fromPrivateKey('1'.repeat(64)) as string;
    const before = await usdtOnChain(to);
    const res = await take(m, { wallet: to, amount: 20 });
    expect(res.status).toBe(200);
    const w = await withdrawalOf(res.body.id);
    expect(w.status).toBe('requested');
    const list = await t.http().get('/admin/withdrawals?status=requested').set(admin);
    expect(list.body.map((x: { id: number }) => x.id)).toContain(Number(w.id));
    const approved = await t.http().post(`/admin/withdrawals/${w.id}/approve`).set(admin);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'approved',
      member_status: 'under_review',
      net_amount: 17,
    });
    expect((await t.http().post(`/admin/withdrawals/${w.id}/approve`).set(admin)).body.code).toBe(
      'WITHDRAWAL_STATE_CONFLICT',
    );
    const done = await until(res.body.id, 'confirmed');
    expect(await usdtOnChain(to)).toBe(before + 17n * USDT);
    const [record] = (await t.http().get('/balance?add=false').set(m.auth)).body;
    expect(record).toMatchObject({ id: res.body.id, status: 'success', tx_id: done.tx_id });
    expect((await me(t, m)).money).toBe(20);
    const detail = await t.http().get(`/admin/withdrawals/${w.id}`).set(admin);
    expect(detail.body.attempts).toHaveLength(1);
    expect(detail.body.attempts[0]).toMatchObject({ status: 'confirmed', tx_id: done.tx_id });
    expect(detail.body.recent_records.length).toBeGreaterThan(0);
    // What the transfer cost in TRX, from its receipt on chain.
    const info = await new TronWeb({ fullHost: tron.url }).trx.getTransactionInfo(done.tx_id!);
    const [cost] = await t.db.query(
      `SELECT kind, ref_id::int AS ref_id, fee_sun::bigint AS fee_sun, energy_used::int AS energy_used
       FROM tron_costs WHERE tx_id = $1`,
      [done.tx_id],
    );
    expect(cost).toEqual({
      kind: 'withdrawal',
      ref_id: Number(w.id),
      fee_sun: String(info.fee ?? 0),
      energy_used: info.receipt.energy_usage_total,
    });
    // The operator reads it on the withdrawal and in the list of transfers: the energy
    // it used, and what burning TRX for it cost against the chain's price.
    const params = (await new TronWeb({ fullHost: tron.url }).trx.getChainParameters()) as {
      key: string;
      value?: number;
    }[];
    const price = params.find((p) => p.key === 'getEnergyFee')!.value!;
    const energy = info.receipt.energy_usage_total!;
    const burntForEnergy = info.receipt.energy_fee ?? 0;
    const expected = {
      transactions: 1,
      trx_burnt: (info.fee ?? 0) / 1e6,
      energy_burnt_trx: burntForEnergy / 1e6,
      energy_used: energy,
      burn_equivalent_trx: (energy * price) / 1e6,
      saved_trx: (energy * price - burntForEnergy) / 1e6,
    };
    expect(detail.body.chain_cost).toMatchObject(expected);
    const transfers = await t
      .http()
      .get('/admin/reports/tron-costs/transfers?kind=withdrawal')
      .set(admin)
      .expect(200);
    expect(transfers.body).toContainEqual(
      expect.objectContaining({ ...expected, withdrawal_id: Number(w.id), tx_id: done.tx_id }),
    );
  });

  it('completes approved and requested withdrawals after Redis loses everything', async () => {
    const m = await funded(60);
    const to = TronWeb.address.fromPrivateKey('2'.repeat(64)) as string;
    const before = await usdtOnChain(to);
    const first = await take(m, { wallet: to, amount: 20 });
    const second = await take(m, { wallet: to, amount: 20 });
    const approved = await withdrawalOf(first.body.id);
    await t.http().post(`/admin/withdrawals/${approved.id}/approve`).set(admin).expect(200);
    await t.redis.flushdb();
    const pending = await withdrawalOf(second.body.id);
    await t.http().post(`/admin/withdrawals/${pending.id}/approve`).set(admin).expect(200);
    await until(first.body.id, 'confirmed');
    await until(second.body.id, 'confirmed');
    expect(await usdtOnChain(to)).toBe(before + 34n * USDT);
    expect((await me(t, m)).money).toBe(20);
  });

  it('gives everything back on rejection, with the reason, audited', async () => {
    const m = await funded(30);
    const res = await take(m, { wallet: OUTSIDE, amount: 30 });
    const w = await withdrawalOf(res.body.id);
    const rejected = await t
      .http()
      .post(`/admin/withdrawals/${w.id}/reject`)
      .set(admin)
      .send({ reason: 'wrong network' });
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      member_status: 'fail',
      reason: 'wrong network',
    });
    expect((await me(t, m)).money).toBe(30);
    const [record] = (await t.http().get('/balance?add=false').set(m.auth)).body;
    expect(record).toMatchObject({ status: 'fail', reason: 'wrong network' });
    const audit = await t.http().get('/admin/audit').set(admin);
    expect(audit.body[0]).toMatchObject({ action: 'withdrawal.reject', target_user_id: m.id });
    expect((await t.http().post(`/admin/withdrawals/${w.id}/approve`).set(admin)).status).toBe(409);
  });

  it('waits, approved and visible, while the hot wallet is short; sends once it is funded', async () => {
    const m = await funded(1000);
    const res = await take(m, { wallet: OUTSIDE, amount: 1000 });
    const w = await withdrawalOf(res.body.id);
    await t.http().post(`/admin/withdrawals/${w.id}/approve`).set(admin).expect(200);
    const waiting = await eventually(async () => {
      const row = await withdrawalOf(res.body.id);
      return row.reason?.startsWith('waiting') ? row : undefined;
    });
    expect(waiting.status).toBe('approved');
    await tron.payUsdt(HOT, 1000n * USDT);
    await until(res.body.id, 'confirmed');
  });

  it('waits, not fails, while the hot wallet has neither bandwidth nor the TRX to burn for it', async () => {
    const m = await funded(20);
    await tron.control('account', { address: HOT, trx: '0', free_bandwidth_used: 600 });
    const res = await take(m, { wallet: OUTSIDE, amount: 20 });
    const w = await withdrawalOf(res.body.id);
    await t.http().post(`/admin/withdrawals/${w.id}/approve`).set(admin).expect(200);
    const waiting = await eventually(async () => {
      const row = await withdrawalOf(res.body.id);
      return row.reason ? row : undefined;
    });
    expect(waiting).toMatchObject({
      status: 'approved',
      reason: 'waiting: the hot wallet lacks TRX for the bandwidth',
    });
    await tron.control('account', { address: HOT, trx: String(1000n * USDT) });
    await until(res.body.id, 'confirmed');
  });

  it('counts a duplicate answer as sent and re-sends the same bytes after a timeout: one transfer', async () => {
    await withBlocksByHand(async () => {
      for (const mode of [{ mode: 'duplicate' }, { mode: 'hang', delay_ms: 3000 }]) {
        const m = await funded(20);
        const res = await take(m, { wallet: OUTSIDE, amount: 20 });
        const w = await withdrawalOf(res.body.id);
        await tron.control('broadcast/next', mode);
        await t.http().post(`/admin/withdrawals/${w.id}/approve`).set(admin).expect(200);
        await until(res.body.id, 'sent');
        await tron.solidify();
        const done = await until(res.body.id, 'confirmed');
        const attempts = await t.db.query(
          `SELECT status FROM withdrawal_attempts WHERE withdrawal_id = $1`,
          [w.id],
        );
        expect(attempts).toEqual([{ status: 'confirmed' }]);
        expect(done.tx_id).toMatch(/^[0-9a-f]{64}$/);
      }
    });
  });

  it('signs a new transaction only after the first expired unseen', async () => {
    await withBlocksByHand(async () => {
      const m = await funded(20);
      const res = await take(m, { wallet: OUTSIDE, amount: 20 });
      const w = await withdrawalOf(res.body.id);
      // The node loses the first broadcast (never takes it, answers late).
      await tron.control('broadcast/next', { mode: 'hang', accept: false, delay_ms: 3000 });
      await t.http().post(`/admin/withdrawals/${w.id}/approve`).set(admin).expect(200);
      // While the worker waits for that answer, the chain moves past the transaction's expiration
      // (tronweb gives 60 s; 25 blocks are 75 s of chain time).
      await until(res.body.id, 'signed');
      await tron.control('blocks', { count: 25 });
      // The first ends expired; the second is signed and taken by the node.
      await until(res.body.id, 'sent', 30_000);
      await tron.solidify();
      await until(res.body.id, 'confirmed', 30_000);
      const attempts = await t.db.query(
        `SELECT status FROM withdrawal_attempts WHERE withdrawal_id = $1 ORDER BY id`,
        [w.id],
      );
      expect(attempts).toEqual([{ status: 'expired' }, { status: 'confirmed' }]);
    });
  }, 40_000);

  it('marks a transfer that ran out of energy failed with the reason; the operator retries or refunds', async () => {
    // Two fee limits' worth of TRX plus the bandwidth the node burns for each transfer.
    await tron.control('account', { address: HOT, trx: String(3n * USDT), energy: 0 });
    const m = await funded(40);
    const first = await take(m, { wallet: OUTSIDE, amount: 20 });
    const second = await take(m, { wallet: OUTSIDE, amount: 20 });
    for (const r of [first, second]) {
      const w = await withdrawalOf(r.body.id);
      await t.http().post(`/admin/withdrawals/${w.id}/approve`).set(admin).expect(200);
    }
    const failed = await until(first.body.id, 'failed');
    expect(failed.reason).toMatch(/OUT_OF_ENERGY/);
    // A failed transfer burns too, and that is recorded (the fee limit, 1 TRX, and bandwidth).
    const [burnt] = await t.db.query(
      `SELECT c.fee_sun::bigint AS fee FROM tron_costs c
       JOIN withdrawal_attempts a ON a.tx_id = c.tx_id
       WHERE a.withdrawal_id = (SELECT id FROM withdrawals WHERE record_id = $1)`,
      [first.body.id],
    );
    expect(Number(burnt.fee)).toBeGreaterThanOrEqual(1_000_000);
    await until(second.body.id, 'failed');
    // Member still sees it as under review: nothing is decided yet.
    const [record] = (await t.http().get('/balance?add=false').set(m.auth)).body;
    expect(record.status).toBe('under_review');

    await tron.control('account', { address: HOT, trx: String(1000n * USDT), energy: 10_000_000 });
    await t.http().post(`/admin/withdrawals/${failed.id}/retry`).set(admin).expect(200);
    await until(first.body.id, 'confirmed');
    const refunded = await t
      .http()
      .post(`/admin/withdrawals/${(await withdrawalOf(second.body.id)).id}/reject`)
      .set(admin)
      .send({ reason: 'refunded after a failed transfer' });
    expect(refunded.body.status).toBe('refunded');
    expect((await me(t, m)).money).toBe(20);
  });

  it('sends a withdrawal that fits even behind twenty that wait for a short hot wallet', async () => {
    const whale = await funded(100_000);
    const big: { id: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await take(whale, { wallet: OUTSIDE, amount: 5000 });
      expect(res.status).toBe(200);
      const w = await withdrawalOf(res.body.id);
      const first = await t.http().post(`/admin/withdrawals/${w.id}/approve`).set(admin);
      expect(first.status).toBe(200);
      // Over the day's four-eyes threshold: a second admin approves too.
      if (first.body.awaiting_second_approval) {
        await t
          .http()
          .post(`/admin/withdrawals/${w.id}/approve`)
          .set(await coSigner(t))
          .expect(200);
      }
      big.push(w);
    }
    const m = await funded(10);
    const small = await take(m, { wallet: OUTSIDE, amount: 10 });
    const w = await withdrawalOf(small.body.id);
    await t.http().post(`/admin/withdrawals/${w.id}/approve`).set(admin).expect(200);
    await until(small.body.id, 'confirmed');
    // The big ones still wait, each with its reason; given back, they leave nothing behind.
    for (const b of big) {
      const [row] = await t.db.query(`SELECT status, reason FROM withdrawals WHERE id = $1`, [
        b.id,
      ]);
      expect(row.status).toBe('approved');
      expect(row.reason).toMatch(/^waiting/);
      await t
        .http()
        .post(`/admin/withdrawals/${b.id}/reject`)
        .set(admin)
        .send({ reason: 'too big' })
        .expect(200);
    }
    expect((await me(t, whale)).money).toBe(100_000);
  });

  it('shows solvency: liabilities from the ledger against the hot wallet on chain and unswept deposits', async () => {
    const m = await funded(25);
    await take(m, { wallet: OUTSIDE, amount: 10 });
    const report = (await t.http().get('/admin/reports/ledger').set(admin)).body;
    const s = report.solvency;
    const pending = await t.db.query(
      `SELECT coalesce(sum(amount_micro), 0)::bigint AS micro FROM withdrawals
       WHERE status IN ('requested', 'approved', 'signed', 'sent', 'failed')`,
    );
    expect(s.pending_withdrawals).toBe(Number(pending[0].micro) / 1e6);
    expect(s.liabilities).toBeCloseTo(s.member_money + s.pending_withdrawals, 6);
    expect(s.hot_wallet_address).toBe(HOT);
    expect(BigInt(Math.round(s.hot_wallet_usdt * 1e6))).toBe(await usdtOnChain(HOT));
    expect(s.assets).toBeCloseTo(s.hot_wallet_usdt + s.unswept_deposits, 6);
    expect(s.surplus).toBeCloseTo(s.assets - s.liabilities, 6);
    expect(s.scanner_lag_blocks).toBeGreaterThanOrEqual(0);
    expect(s.scanner_lag_blocks).toBeLessThan(50);
    expect(s.chain_error).toBeNull();
  });
});

/** The ABI word of an address parameter (20 bytes, left-padded). */
function tronWordOf(address: string): string {
  return TronWeb.address.toHex(address).slice(2).padStart(64, '0');
}
