/**
 * pnpm tron:sweep [--dry-run] [--min USDT] [--state FILE]
 *
 * Moves USDT from member deposit addresses to the hot wallet (or, above
 * HOT_WALLET_MAX_USDT, to the cold account: the API names the destination of
 * each sweep, GET /admin/sweeps/destination). Run it on a
 * trusted machine that holds the deposit mnemonic, never in the API's
 * environment. It asks the API (as an operator) which addresses hold credited
 * USDT not swept yet and where the hot wallet is; checks each address on
 * chain; tops up its TRX from a fee account when it cannot pay the energy;
 * signs the transfer with the address's own key (m/44'/195'/0'/0/index),
 * writes it to the state file before sending it, waits for solidification,
 * and reports it to the API, which checks it on chain and records it.
 * Run again after a crash: a stored transfer is followed up (re-sent while
 * it can still be included, recorded once solidified), never signed twice.
 *
 * Environment: SWEEP_API_URL (http://127.0.0.1:3000), SWEEP_OPERATOR_PHONE,
 * SWEEP_OPERATOR_PASSWORD, TRON_SWEEP_MNEMONIC, TRON_SWEEP_FEE_KEY (pays TRX
 * top-ups), TRON_FULL_NODE_URL, TRON_API_KEY, TRON_USDT_CONTRACT,
 * TRON_SWEEP_TRX (TRX an address needs before a transfer, default 15),
 * TRON_SWEEP_WAIT_SECONDS (how long to wait for solidification, default 180),
 * TRON_ENERGY_ACCOUNT_PRIVATE_KEY (a staking account: when set, an address
 * gets its energy lent by it, DelegateResource then UnDelegateResource after
 * the transfer, whenever that costs less than the TRX it would burn; unset:
 * TRX top-ups only).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { providers, TronWeb } from 'tronweb';
import { SweepEnergy, SweepStep } from './sweep-energy';

const TRANSFER_ENERGY = 65_000;
const SUN = 1_000_000;

interface Candidate {
  user_id: number;
  address: string;
  index: number;
  unswept: number;
}
interface Pending {
  signed: { txID: string; raw_data: { expiration: number } };
  amount: string;
}
type State = Record<string, Pending>;

function args(argv: string[]) {
  const get = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  return {
    dryRun: argv.includes('--dry-run'),
    min: Number(get('--min') ?? 10),
    state: resolve(get('--state') ?? 'var/sweep-state.json'),
  };
}

const env = (name: string, fallback?: string) => {
  const value = process.env[name] || fallback;
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class Api {
  private token = '';
  constructor(private readonly base: string) {}

  async signIn(phone: string, password: string) {
    const res = await fetch(`${this.base}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: phone, password }),
    });
    if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    this.token = ((await res.json()) as { access_token: string }).access_token;
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }
}

function loadState(file: string): State {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as State) : {};
}

/** Written to a temporary file, then renamed: a crash never leaves half a state. */
function saveState(file: string, state: State) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(state, null, 2));
  renameSync(`${file}.tmp`, file);
}

async function main() {
  const options = args(process.argv.slice(2));
  const api = new Api(env('SWEEP_API_URL', 'http://127.0.0.1:3000'));
  await api.signIn(env('SWEEP_OPERATOR_PHONE'), env('SWEEP_OPERATOR_PASSWORD'));
  const mnemonic = env('TRON_SWEEP_MNEMONIC');
  const usdt = env('TRON_USDT_CONTRACT', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  const node = env('TRON_FULL_NODE_URL');
  const headers: Record<string, string> = process.env.TRON_API_KEY
    ? { 'TRON-PRO-API-KEY': process.env.TRON_API_KEY }
    : {};
  const tw = new TronWeb({
    fullNode: new providers.HttpProvider(node, 15_000, '', '', headers),
    solidityNode: new providers.HttpProvider(node, 15_000, '', '', headers),
  });
  const needTrx = Number(env('TRON_SWEEP_TRX', '15')) * SUN;
  const stakerKey = process.env.TRON_ENERGY_ACCOUNT_PRIVATE_KEY?.replace(/^0x/, '') || undefined;
  const waitMs = Number(env('TRON_SWEEP_WAIT_SECONDS', '180')) * 1000;

  const report = await api.call<{ solvency: { hot_wallet_address: string | null } }>(
    'GET',
    '/admin/reports/ledger',
  );
  const hot = report.solvency.hot_wallet_address;
  if (!hot) throw new Error('the API has no hot wallet configured');
  const candidates = await api.call<Candidate[]>(
    'GET',
    `/admin/sweeps/candidates?min_usdt=${options.min}`,
  );

  const balanceOf = async (address: string) => {
    const res = await tw.transactionBuilder.triggerConstantContract(
      usdt,
      'balanceOf(address)',
      {},
      [{ type: 'address', value: address }],
      address,
    );
    return BigInt(`0x${res.constant_result?.[0] ?? '0'}`);
  };
  const resources = async (address: string) => {
    const [balance, res] = await Promise.all([
      tw.trx.getBalance(address).catch(() => 0),
      tw.trx.getAccountResources(address).catch(() => ({}) as Record<string, number>),
    ]);
    const r = res as { EnergyLimit?: number; EnergyUsed?: number };
    return { trx: Number(balance), energy: (r.EnergyLimit ?? 0) - (r.EnergyUsed ?? 0) };
  };
  const solidReceipt = async (txId: string) => {
    const info = (await tw.trx.getTransactionInfo(txId)) as {
      id?: string;
      receipt?: { result?: string };
    };
    return info?.id ? info : null;
  };
  const waitSolid = async (txId: string) => {
    const until = Date.now() + waitMs;
    while (Date.now() < until) {
      const receipt = await solidReceipt(txId);
      if (receipt) return receipt;
      await sleep(1000);
    }
    return null;
  };

  // With a staking account: per address, a lend of energy when it is cheaper than a top-up.
  const sweeper = stakerKey
    ? new SweepEnergy(tw, {
        usdt,
        hot,
        feeKey: env('TRON_SWEEP_FEE_KEY'),
        stakerKey,
        strategy: 'auto',
      })
    : null;
  const prices = sweeper ? await sweeper.prices() : null;
  const waitIncluded = async (txId: string | null) => {
    if (!txId || !sweeper) return;
    const until = Date.now() + waitMs;
    while ((await sweeper.costOf(txId)) === null) {
      if (Date.now() > until) throw new Error(`${txId} was not included in time`);
      await sleep(500);
    }
  };

  const state = loadState(options.state);
  let swept = 0n;
  let trxSpent = 0;
  let count = 0;
  console.log(
    `sweep: ${candidates.length} address(es) with at least ${options.min} USDT unswept; hot wallet ${hot}` +
      (options.dryRun ? ' (dry run: nothing is sent)' : ''),
  );

  for (const c of candidates) {
    // A transfer stored by an earlier run: follow it up, never sign another beside it.
    const pending = state[c.address];
    if (pending && !options.dryRun) {
      let receipt = await solidReceipt(pending.signed.txID);
      if (!receipt) {
        const known = (await tw.trx.getTransaction(pending.signed.txID).catch(() => null)) as {
          txID?: string;
        } | null;
        const head = await tw.trx.getCurrentBlock();
        const expired =
          (head.block_header?.raw_data?.timestamp ?? 0) > pending.signed.raw_data.expiration;
        if (!known?.txID && !expired) await tw.trx.sendRawTransaction(pending.signed as never);
        if (known?.txID || !expired) receipt = await waitSolid(pending.signed.txID);
      }
      if (receipt?.receipt?.result === 'SUCCESS') {
        await api.call('POST', '/admin/sweeps', { tx_id: pending.signed.txID });
        console.log(
          `sweep: ${c.address}: recorded the transfer of an earlier run ${pending.signed.txID}`,
        );
        swept += BigInt(pending.amount);
        count++;
      } else {
        console.log(
          `sweep: ${c.address}: the earlier transfer ${pending.signed.txID} did not go through`,
        );
      }
      delete state[c.address];
      saveState(options.state, state);
      if (receipt?.receipt?.result === 'SUCCESS') continue;
    }

    const amount = await balanceOf(c.address);
    if (amount === 0n) {
      console.log(
        `sweep: ${c.address}: nothing on chain (credited ${c.unswept} USDT: swept elsewhere?)`,
      );
      continue;
    }
    let lend: SweepStep | null = null;
    if (sweeper && prices) {
      const step = await sweeper.plan(c.address, amount, prices, await sweeper.staker());
      if (step.plan.source === 'delegate') lend = step;
    }
    const { trx, energy } = await resources(c.address);
    const topUp = lend || energy >= TRANSFER_ENERGY || trx >= needTrx ? 0 : needTrx - trx;
    const usdtText = (Number(amount) / SUN).toFixed(6);
    if (options.dryRun) {
      console.log(
        `sweep: ${c.address} (member ${c.user_id}): ${usdtText} USDT` +
          (lend && lend.plan.source === 'delegate'
            ? `, energy lent by the staking account (${(lend.plan.stakeSun / SUN).toFixed(0)} TRX of stake)`
            : topUp
              ? `, needs ${(topUp / SUN).toFixed(6)} TRX first`
              : ', can pay its energy'),
      );
      swept += amount;
      trxSpent += topUp;
      count++;
      continue;
    }

    const key = TronWeb.fromMnemonic(mnemonic, `m/44'/195'/0'/0/${c.index}`) as {
      privateKey: string;
      address: string;
    };
    if (key.address !== c.address) {
      throw new Error(
        `the mnemonic does not give ${c.address} at index ${c.index}: wrong mnemonic?`,
      );
    }
    // The transactions that pay for this sweep: their fees are recorded with it (tron_costs).
    const funding: string[] = [];
    const paidBy = (txId: string | null) => {
      if (txId) funding.push(txId);
      return txId;
    };
    if (lend && sweeper) {
      // An address that only ever received USDT has no account yet: 1 sun creates it.
      await waitIncluded(paidBy(await sweeper.fund(lend)));
      await waitIncluded(paidBy(await sweeper.lend(lend)));
    }
    if (topUp) {
      const feeKey = env('TRON_SWEEP_FEE_KEY');
      const sent = (await tw.trx.sendTransaction(c.address, topUp, { privateKey: feeKey })) as {
        result?: boolean;
        transaction?: { txID?: string };
      };
      if (!sent.result) throw new Error(`TRX top-up refused: ${JSON.stringify(sent)}`);
      paidBy(sent.transaction?.txID ?? null);
      const until = Date.now() + waitMs;
      while ((await resources(c.address)).trx < needTrx) {
        if (Date.now() > until) throw new Error(`${c.address}: the TRX top-up did not arrive`);
        await sleep(1000);
      }
      trxSpent += topUp;
    }
    // The hot wallet, or the cold account when this would take the hot wallet above its cap.
    const dest = await api.call<{ address: string; kind: 'hot' | 'cold' }>(
      'GET',
      `/admin/sweeps/destination?amount_usdt=${usdtText}`,
    );
    const key0 = key.privateKey.replace(/^0x/, '');
    const { transaction } = await tw.transactionBuilder.triggerSmartContract(
      usdt,
      'transfer(address,uint256)',
      { feeLimit: lend ? lend.feeLimitSun : needTrx, txLocal: true },
      [
        { type: 'address', value: dest.address },
        { type: 'uint256', value: amount.toString() },
      ],
      c.address,
    );
    const signed = (await tw.trx.sign(transaction, key0)) as unknown as Pending['signed'];
    state[c.address] = { signed, amount: amount.toString() };
    saveState(options.state, state);
    await tw.trx.sendRawTransaction(signed as never);
    const receipt = await waitSolid(signed.txID);
    // The lend goes back once the transfer is in (or has failed for good).
    if (lend && sweeper && receipt) paidBy(await sweeper.takeBack(lend));
    if (receipt?.receipt?.result !== 'SUCCESS') {
      console.log(
        `sweep: ${c.address}: transfer ${signed.txID} ${receipt ? `failed (${receipt.receipt?.result})` : 'not solidified yet: run again to follow it up'}`,
      );
      if (receipt) {
        delete state[c.address];
        saveState(options.state, state);
      }
      continue;
    }
    // Recorded once every funding transaction is solidified (the lend's return comes last).
    for (const txId of funding) await waitSolid(txId);
    await api.call('POST', '/admin/sweeps', { tx_id: signed.txID, funding_tx_ids: funding });
    delete state[c.address];
    saveState(options.state, state);
    swept += amount;
    count++;
    console.log(
      `sweep: ${c.address}: ${usdtText} USDT to the ${dest.kind === 'cold' ? `cold account ${dest.address}` : 'hot wallet'}, tx ${signed.txID}`,
    );
  }
  // Lends a stopped run left out (between its lend and their return) go back to the staking
  // account, except where a transfer of this run still waits to be solidified.
  if (sweeper && !options.dryRun) {
    for (const lend of await sweeper.leftoverLends(hot)) {
      if (state[lend.address]) continue;
      await waitIncluded(await sweeper.undelegate(lend));
      console.log(
        `sweep: ${lend.address}: took back ${(lend.stakeSun / SUN).toFixed(0)} TRX of stake left lent by an earlier run`,
      );
    }
  }
  console.log(
    `sweep: ${options.dryRun ? 'would sweep' : 'swept'} ${(Number(swept) / SUN).toFixed(6)} USDT from ${count} address(es); ` +
      `TRX ${options.dryRun ? 'to top up' : 'topped up'}: ${(trxSpent / SUN).toFixed(6)}`,
  );
}

main().catch((error: unknown) => {
  console.error(`sweep: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
