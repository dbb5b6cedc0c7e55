// The project's side of scripts/bench/sweep.sh: the sweep tool's energy step
// (apps/api/dist/tools/sweep-energy.js) against the local TRON node, once per
// strategy on a fresh chain.
import { lpad, nodeRuntime, pad, pool, reportChecks, requireApi, root } from './lib.mjs';

const { TronNode, loadOptions } = requireApi('@app/tron-node');
const { TronWeb, utils } = requireApi('tronweb');
const { SweepEnergy } = requireApi(`${root}apps/api/dist/tools/sweep-energy.js`);

const ADDRESSES = Number(process.env.BENCH_SWEEP_ADDRESSES ?? 1000);
const STAKE_TRX = Number(process.env.BENCH_SWEEP_STAKE_TRX ?? 5_000_000);
const CONCURRENCY = 16;
const BATCH = 100;
const AMOUNT = 25_000_000n; // 25 USDT on each deposit address
const SUN = 1_000_000;

const node = new TronNode(loadOptions({}, { port: 0, blockIntervalMs: 0, solidLag: 1 }));
const url = await node.listen();
const tw = new TronWeb({ fullHost: url });
const control = async (path, body = {}) => {
  const res = await fetch(`${url}/_stub/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
};
const mine = () => control('blocks', { count: 2 });
const account = () => {
  const a = utils.accounts.generateAccount();
  return { address: a.address.base58, key: a.privateKey };
};

/** One strategy on a fresh chain: `addresses` deposit addresses holding USDT, swept to the hot wallet. */
async function run(strategy) {
  await control('reset');
  const hot = account();
  const fee = account();
  await control('account', { address: fee.address, trx: 1_000_000 * SUN });
  await control('usdt/transfer', { to: hot.address, amount: 1 }); // the hot wallet holds USDT already
  let staker;
  if (strategy !== 'topup') {
    staker = account();
    await control('account', { address: staker.address, trx: (STAKE_TRX + 1000) * SUN });
    const tx = await tw.transactionBuilder.freezeBalanceV2(
      STAKE_TRX * SUN,
      'ENERGY',
      staker.address,
    );
    await tw.trx.sendRawTransaction(await tw.trx.sign(tx, staker.key));
  }
  const deposits = Array.from({ length: ADDRESSES }, account);
  await pool(deposits, CONCURRENCY, (d) =>
    control('usdt/transfer', { to: d.address, amount: String(AMOUNT) }),
  );
  await mine();

  const sweeper = new SweepEnergy(tw, {
    usdt: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    hot: hot.address,
    feeKey: fee.key,
    stakerKey: staker?.key,
    strategy,
  });
  // Batches of BATCH addresses, each step of a batch in one block: a transaction waits at most
  // one batch step, well inside its 60 s expiration.
  const started = performance.now();
  const prices = await sweeper.prices();
  const txids = [];
  const transfers = [];
  const steps = [];
  const keep = (id) => id && txids.push(id);
  for (let from = 0; from < deposits.length; from += BATCH) {
    const batch = deposits.slice(from, from + BATCH);
    const lendable = await sweeper.staker();
    const planned = await pool(batch, CONCURRENCY, (d) =>
      sweeper.plan(d.address, AMOUNT, prices, lendable),
    );
    steps.push(...planned);
    (await pool(planned, CONCURRENCY, (s) => sweeper.fund(s))).forEach(keep);
    await mine();
    (await pool(planned, CONCURRENCY, (s) => sweeper.lend(s))).forEach(keep);
    await mine();
    const sent = await pool(planned, CONCURRENCY, async (s, i) => {
      const signed = await sweeper.signTransfer(s, batch[i].key);
      const res = await tw.trx.sendRawTransaction(signed);
      if (!res.result) {
        throw new Error(`transfer refused: ${res.code} ${tw.toUtf8(res.message ?? '')}`);
      }
      return signed.txID;
    });
    sent.forEach(keep);
    transfers.push(...sent);
    await mine();
    (await pool(planned, CONCURRENCY, (s) => sweeper.takeBack(s))).forEach(keep);
    await mine();
  }
  const seconds = (performance.now() - started) / 1000;

  const costs = await pool(txids, CONCURRENCY, (id) => sweeper.costOf(id));
  if (costs.some((c) => c === null))
    throw new Error('a transaction of the sweep is not in a block');
  const burnt = costs.reduce((a, b) => a + b, 0);
  const results = await pool(transfers, CONCURRENCY, async (id) => {
    const info = await tw.trx.getUnconfirmedTransactionInfo(id);
    return info.receipt?.result === 'SUCCESS';
  });
  const stranded = (
    await pool(
      deposits,
      CONCURRENCY,
      async (d) => (await tw.trx.getUnconfirmedBalance(d.address)) || 0,
    )
  ).reduce((a, b) => a + b, 0);
  const plans = steps.reduce(
    (m, s) => ({ ...m, [s.plan.source]: (m[s.plan.source] ?? 0) + 1 }),
    {},
  );
  return {
    strategy,
    swept: results.filter(Boolean).length,
    burnt: burnt / SUN,
    stranded: stranded / SUN,
    seconds,
    plans,
  };
}

try {
  console.log(
    `bench:sweep: ${ADDRESSES} deposit addresses of 25 USDT each, swept to the hot wallet per strategy; ` +
      `staking account ${STAKE_TRX.toLocaleString('en')} TRX frozen for energy (Node ${nodeRuntime()})`,
  );
  const rows = [];
  for (const strategy of ['topup', 'delegate', 'auto']) rows.push(await run(strategy));
  console.log(
    `  ${pad('strategy', 10)}${lpad('swept', 7)}${lpad('TRX burnt', 13)}${lpad('per sweep', 11)}` +
      `${lpad('TRX left on addresses', 23)}${lpad('time s', 9)}${lpad('sweeps/s', 10)}  plans`,
  );
  for (const r of rows) {
    console.log(
      `  ${pad(r.strategy, 10)}${lpad(r.swept, 7)}${lpad(r.burnt.toFixed(2), 13)}` +
        `${lpad((r.burnt / ADDRESSES).toFixed(3), 11)}${lpad(r.stranded.toFixed(2), 23)}` +
        `${lpad(r.seconds.toFixed(1), 9)}${lpad((ADDRESSES / r.seconds).toFixed(1), 10)}  ${JSON.stringify(r.plans)}`,
    );
  }
  const [topup, , auto] = rows;
  const ratio = (auto.burnt + auto.stranded) / (topup.burnt + topup.stranded);
  console.log(
    `  chosen (auto) against top-ups, TRX burnt plus TRX left on addresses: ${ratio.toFixed(3)}`,
  );
  const ok = reportChecks(
    [
      ...rows.map((r) => [
        `every address swept (${r.strategy})`,
        `${r.swept}/${ADDRESSES}`,
        r.swept === ADDRESSES,
      ]),
      ['chosen strategy costs <= 0.5 x top-ups', ratio.toFixed(3), ratio <= 0.5],
    ],
    44,
    14,
  );
  await node.close();
  process.exit(ok ? 0 : 1);
} catch (error) {
  console.error(`bench:sweep: ${error instanceof Error ? error.stack : error}`);
  await node.close();
  process.exit(2);
}
