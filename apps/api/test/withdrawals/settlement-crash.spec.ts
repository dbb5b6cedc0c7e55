import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { TronWeb } from 'tronweb';
import {
  TestApp,
  adjust,
  expectLedgerSound,
  member,
  operator,
  setLevel,
  startApp,
} from '../support/harness';
import { eventually } from '../support/eventually';
import { TEST_WALLET, TronTestNode, startTronNode, tronSettings } from '../support/tron';

/**
 * The real worker process (dist/worker.js) settling withdrawals, killed with
 * SIGKILL at random moments, 20 times, then left to finish: every withdrawal
 * is sent exactly once (each recipient holds exactly its net amount on chain),
 * none is lost, and the ledger balances.
 */
const WORKER = resolve(__dirname, '../../dist/worker.js');
const ROUNDS = 20;
const WITHDRAWALS = ROUNDS;
const USDT = 1_000_000n;

describe('settlement survives SIGKILL of the worker at any step', () => {
  let tron: TronTestNode;
  let t: TestApp;
  let admin: Record<string, string>;
  let settings: Record<string, string>;
  let blocks: NodeJS.Timeout;
  let worker: ChildProcess | undefined;

  beforeAll(async () => {
    if (!existsSync(WORKER)) throw new Error(`${WORKER} is missing: build the API first`);
    tron = await startTronNode();
    settings = {
      ...tronSettings(tron),
      TRON_SETTLE_INTERVAL_MS: '50',
      TRON_SCAN_INTERVAL_MS: '0',
      TRON_REQUEST_TIMEOUT_MS: '2000',
    };
    t = await startApp(settings);
    admin = await operator(t);
    const hot = TEST_WALLET.hotWalletAddress;
    await tron.control('account', {
      address: hot,
      trx: String(10_000n * USDT),
      energy: 100_000_000,
    });
    await tron.payUsdt(hot, 10_000n * USDT);
    await tron.solidify();
    // A block every 300 ms: a sent transfer waits about a second for solidification.
    blocks = setInterval(() => void tron.control('blocks').catch(() => undefined), 300);
  });
  afterAll(async () => {
    clearInterval(blocks);
    worker?.kill('SIGKILL');
    await expectLedgerSound(t, admin);
    await t.close();
    await tron.close();
  });

  const startWorker = () => {
    const child = spawn(process.execPath, [WORKER], {
      env: { ...process.env, ...settings },
      stdio: 'ignore',
    });
    worker = child;
    return child;
  };
  const kill = (child: ChildProcess) =>
    new Promise<void>((done) => {
      child.once('exit', () => done());
      child.kill('SIGKILL');
    });

  it(`sends each of ${WITHDRAWALS} withdrawals once across ${ROUNDS} kills`, async () => {
    const targets = Array.from({ length: WITHDRAWALS }, (_, i) =>
      TronWeb.address.fromPrivateKey((i + 1).toString(16).padStart(64, '0')),
    ) as string[];
    const ids: string[] = [];
    for (const target of targets) {
      const m = await member(t);
      await setLevel(t, m.id, 1);
      await adjust(t, admin, m.id, 20);
      const res = await t
        .http()
        .post('/balance/take')
        .set(m.auth)
        .send({ wallet: target, amount: 20 });
      expect(res.status).toBe(200);
      const [w] = await t.db.query(`SELECT id FROM withdrawals WHERE record_id = $1`, [
        res.body.id,
      ]);
      ids.push(w.id);
    }

    const seen: Record<string, number> = {};
    // Each round approves one more withdrawal, so every kill lands while one is on its way
    // (before signing, signed, sent, waiting for solidification or just confirmed).
    for (let round = 0; round < ROUNDS; round++) {
      await t.http().post(`/admin/withdrawals/${ids[round]}/approve`).set(admin).expect(200);
      const child = startWorker();
      await new Promise((r) => setTimeout(r, 600 + Math.random() * 1800));
      const [{ status }] = await t.db.query(`SELECT status FROM withdrawals WHERE id = $1`, [
        ids[round],
      ]);
      seen[status] = (seen[status] ?? 0) + 1;
      await kill(child);
    }
    process.stdout.write(`settlement-crash: states seen at kill time ${JSON.stringify(seen)}\n`);

    startWorker();
    await eventually(async () => {
      const [row] = await t.db.query(
        `SELECT count(*)::int AS n FROM withdrawals WHERE id = ANY($1::bigint[]) AND status = 'confirmed'`,
        [ids],
      );
      return row.n === WITHDRAWALS ? true : undefined;
    }, 60_000);

    // At most one attempt confirmed per withdrawal, and the chain agrees: each recipient got 17 once.
    const confirmed = await t.db.query(
      `SELECT withdrawal_id, count(*)::int AS n FROM withdrawal_attempts
       WHERE withdrawal_id = ANY($1::bigint[]) AND status = 'confirmed' GROUP BY withdrawal_id`,
      [ids],
    );
    expect(confirmed).toHaveLength(WITHDRAWALS);
    expect(confirmed.every((c: { n: number }) => c.n === 1)).toBe(true);
    const tw = new TronWeb({ fullHost: tron.url });
    for (const target of targets) {
      const res = await tw.transactionBuilder.triggerConstantContract(
        'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        'balanceOf(address)',
        {},
        [{ type: 'address', value: target }],
        target,
      );
      expect(BigInt(`0x${res.constant_result![0]}`)).toBe(17n * USDT);
    }
    const records = await t.db.query(
      `SELECT count(*)::int AS n FROM withdrawals w WHERE w.id = ANY($1::bigint[]) AND w.tx_id IS NOT NULL`,
      [ids],
    );
    expect(records[0].n).toBe(WITHDRAWALS);
  }, 180_000);
});
