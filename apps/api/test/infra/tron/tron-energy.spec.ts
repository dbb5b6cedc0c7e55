import { INestApplicationContext } from '@nestjs/common';
import { TronWeb } from 'tronweb';
import { TestApp, adjust, expectLedgerSound, member, setLevel } from '../../support/harness';
import {
  TEST_WALLET,
  TronTestNode,
  fundHotWallet,
  keepMakingBlocks,
  startOnChain,
  startTronNode,
  tronSettings,
} from '../../support/tron';
import { eventually } from '../../support/eventually';

const USDT = 1_000_000n;
const HOT = TEST_WALLET.hotWalletAddress;
const OUTSIDE = 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16';
/** The staking account: TRX frozen for energy (Stake 2.0). */
const STAKER_KEY = '7'.repeat(64);
const STAKER = TronWeb.address.fromPrivateKey(STAKER_KEY) as string;

/**
 * Withdrawals with TRON_ENERGY_ACCOUNT_PRIVATE_KEY: a hot wallet without
 * energy gets it lent by the staking account (cheaper than the TRX it would
 * burn), sends with it, and the lend is taken back once nothing is left to
 * send; what each transfer cost is recorded from its receipt.
 */
describe('withdrawals with energy lent by a staking account', () => {
  let tron: TronTestNode;
  let t: TestApp;
  let worker: INestApplicationContext;
  let admin: Record<string, string>;
  let blocks: NodeJS.Timeout;
  let tw: TronWeb;
  /** The withdrawal sent with lent energy, for the cost report after it. */
  let lent: { id: number; txId: string } | undefined;

  beforeAll(async () => {
    tron = await startTronNode();
    tw = new TronWeb({ fullHost: tron.url });
    const settings = {
      ...tronSettings(tron),
      TRON_SETTLE_INTERVAL_MS: '100',
      TRON_ENERGY_ACCOUNT_PRIVATE_KEY: STAKER_KEY,
      METRICS_CHAIN_REFRESH_SECONDS: '1',
    };
    ({ t, admin, worker } = await startOnChain(settings));
    // The hot wallet: USDT and TRX, no energy of its own.
    await fundHotWallet(tron, { usdt: 500n * USDT, trx: 100n * USDT, energy: 0 });
    // The staking account freezes 100,000 TRX for energy (about 947,000 energy a day).
    await tron.control('account', { address: STAKER, trx: String(101_000n * USDT) });
    const freeze = await tw.transactionBuilder.freezeBalanceV2(100_000 * 1e6, 'ENERGY', STAKER);
    await tw.trx.sendRawTransaction(await tw.trx.sign(freeze, STAKER_KEY));
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

  it('lends the hot wallet energy instead of burning TRX, then takes the lend back', async () => {
    const m = await member(t);
    await setLevel(t, m.id, 1);
    await adjust(t, admin, m.id, 40);
    const res = await t
      .http()
      .post('/balance/take')
      .set(m.auth)
      .send({ wallet: OUTSIDE, amount: 20 });
    expect(res.status).toBe(200);
    const [w] = await t.db.query(`SELECT id FROM withdrawals WHERE record_id = $1`, [res.body.id]);
    await t.http().post(`/admin/withdrawals/${w.id}/approve`).set(admin).expect(200);
    const done = await eventually(async () => {
      const [row] = await t.db.query(`SELECT status, tx_id FROM withdrawals WHERE id = $1`, [w.id]);
      return row.status === 'confirmed' ? row : undefined;
    }, 60_000);
    const info = await tw.trx.getTransactionInfo(done.tx_id);
    // Paid with lent energy: nothing burnt for it, the hot wallet's TRX untouched by energy.
    expect(info.receipt.energy_usage).toBeGreaterThan(20_000);
    expect(info.receipt.energy_fee).toBeUndefined();
    const [cost] = await t.db.query(
      `SELECT fee_sun::bigint AS fee FROM tron_costs WHERE tx_id = $1`,
      [done.tx_id],
    );
    expect(Number(cost.fee)).toBe(info.fee ?? 0);
    // Nothing left to send: the stake goes back to the staking account.
    await eventually(async () => {
      const lent = await tw.fullNode.request(
        'wallet/getdelegatedresourcev2',
        { fromAddress: STAKER, toAddress: HOT, visible: true },
        'post',
      );
      return JSON.stringify(lent) === '{}' ? true : undefined;
    }, 20_000);
    const staker = await tw.trx.getUnconfirmedAccount(STAKER);
    expect(staker.frozenV2[1]).toEqual({ type: 'ENERGY', amount: 100_000 * 1e6 });
    lent = { id: Number(w.id), txId: done.tx_id };
  }, 60_000);

  it("lists the lent withdrawal's cost with its energy, and the TRX burning for it would have cost: all saved", async () => {
    expect(lent).toBeDefined();
    const info = await tw.trx.getTransactionInfo(lent!.txId);
    const params = (await tw.trx.getChainParameters()) as { key: string; value?: number }[];
    const price = params.find((p) => p.key === 'getEnergyFee')!.value!;
    const energy = info.receipt.energy_usage_total!;
    expect(energy).toBeGreaterThan(20_000);
    const cost = {
      transactions: 1,
      trx_burnt: (info.fee ?? 0) / 1e6,
      energy_burnt_trx: 0,
      energy_used: energy,
      bandwidth_used: info.receipt.net_usage ?? expect.any(Number),
      burn_equivalent_trx: (energy * price) / 1e6,
      saved_trx: (energy * price) / 1e6,
    };
    const rows = (await t.http().get('/admin/reports/tron-costs/transfers').set(admin).expect(200))
      .body;
    expect(rows).toContainEqual(
      expect.objectContaining({ ...cost, kind: 'withdrawal', withdrawal_id: lent!.id }),
    );
    const detail = (await t.http().get(`/admin/withdrawals/${lent!.id}`).set(admin)).body;
    expect(detail.chain_cost).toMatchObject(cost);
    // Sweeps only: no withdrawal; a page after the last row: nothing; members: refused.
    const sweeps = (await t.http().get('/admin/reports/tron-costs/transfers?kind=sweep').set(admin))
      .body as { kind: string }[];
    expect(sweeps.every((r) => r.kind === 'sweep')).toBe(true);
    const last = rows.at(-1).id;
    const after = await t
      .http()
      .get(`/admin/reports/tron-costs/transfers?before=${last}`)
      .set(admin);
    expect(after.body.every((r: { id: number }) => r.id < last)).toBe(true);
    const m = await member(t);
    expect((await t.http().get('/admin/reports/tron-costs/transfers').set(m.auth)).status).toBe(
      403,
    );
  });

  it('reports TRX burnt per day and per member deposit, the staking account, and whether fees can be paid', async () => {
    const res = await t.http().get('/admin/reports/tron-costs').set(admin);
    expect(res.status).toBe(200);
    // Earlier suites' sweeps and withdrawals may have costs of today too: the report adds them all.
    const [spent] = await t.db.query(
      `SELECT coalesce(sum(fee_sun) FILTER (WHERE kind = 'withdrawal'), 0)::bigint AS sun,
              coalesce(sum(fee_sun) FILTER (WHERE kind = 'sweep'), 0)::bigint AS sweeps
         FROM tron_costs WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
    );
    expect(res.body.days.length).toBeGreaterThanOrEqual(1); // newest first: today
    expect(res.body.days[0]).toMatchObject({
      day: new Date().toISOString().slice(0, 10),
      sweeps_trx: Number(spent.sweeps) / 1e6,
      withdrawals_trx: Number(spent.sun) / 1e6,
    });
    expect(res.body.energy_account).toMatchObject({ address: STAKER });
    expect(res.body.energy_account.lendable_trx).toBeGreaterThan(1000);
    expect(res.body.withdrawals_payable).toBe(true);
    expect(res.body.sweeps_lendable).toBe(true);
    const m = await member(t);
    expect((await t.http().get('/admin/reports/tron-costs').set(m.auth)).status).toBe(403);
  });

  it('/metrics says whether the next withdrawal and sweep can pay their energy', async () => {
    const gauge = async (name: string) => {
      const text = (await t.http().get('/metrics').expect(200)).text;
      const line = text.split('\n').find((l) => l.startsWith(`${name} `));
      return line ? Number(line.split(' ')[1]) : undefined;
    };
    expect(await gauge('tron_withdrawal_fees_payable')).toBe(1);
    expect(await gauge('tron_sweep_energy_lendable')).toBe(1);
    expect(await gauge('tron_energy_account_lendable_sun')).toBeGreaterThan(1e9);
    expect(await gauge('tron_energy_account_energy')).toBeGreaterThan(900_000);
    // The stake is lent elsewhere and the hot wallet has neither energy nor TRX: nothing can pay.
    const other = (await tw.createAccount()).address.base58;
    await tron.control('account', { address: other, trx: '1' });
    const max = (await tw.fullNode.request(
      'wallet/getcandelegatedmaxsize',
      { owner_address: STAKER, type: 1, visible: true },
      'post',
    )) as { max_size: number };
    const away = await tw.transactionBuilder.delegateResource(
      max.max_size - 1_000_000,
      other,
      'ENERGY',
      STAKER,
    );
    await tw.trx.sendRawTransaction(await tw.trx.sign(away, STAKER_KEY));
    await tron.control('account', { address: HOT, trx: '0', energy: 0 });
    await eventually(async () =>
      (await gauge('tron_withdrawal_fees_payable')) === 0 ? true : undefined,
    );
    expect(await gauge('tron_sweep_energy_lendable')).toBe(0);
  }, 30_000);
});
