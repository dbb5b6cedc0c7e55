// The project's side of scripts/bench/deposits.sh.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { nodeRuntime, requireApi, root } from './lib.mjs';

const { Client } = requireApi('pg');
const { TronNode, loadOptions, createDevWallet } = requireApi('@app/tron-node');
const { deriveTronAddress } = requireApi('@app/domain');

const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 10_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1000);
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 200);
const LIVE_BLOCKS = Number(process.env.BENCH_LIVE_BLOCKS ?? 30);
const SOLID_LAG = 19; // TRON's, and the default TRON_MIN_CONFIRMATIONS
const wallet = createDevWallet(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);

const db = new Client({ connectionString: process.env.DATABASE_URL });
await db.connect();
const node = new TronNode(loadOptions({}, { port: 0, blockIntervalMs: 0, solidLag: SOLID_LAG }));
const url = await node.listen();
const post = async (path, body = {}) => {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
};
const count = async (sql, params = []) => Number((await db.query(sql, params)).rows[0].n);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let worker;
function startWorker() {
  worker = spawn(process.execPath, [resolve(root, 'apps/api/dist/worker.js')], {
    env: {
      ...process.env,
      TRON_FULL_NODE_URL: url,
      TRON_DEPOSIT_XPUB: wallet.depositXpub,
      TRON_SETTLE_INTERVAL_MS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
async function stop(code) {
  worker?.kill('SIGTERM');
  await db.end();
  await node.close();
  process.exit(code);
}

try {
  // Members and their addresses (as the worker's backfill would record them).
  await db.query(
    `INSERT INTO users (phone, password_hash) SELECT '+99870' || lpad(i::text, 7, '0'), 'x'
     FROM generate_series(1, $1) i`,
    [MEMBERS],
  );
  const ids = (await db.query(`SELECT id FROM users ORDER BY id`)).rows.map((r) => r.id);
  const addresses = ids.map((id) => deriveTronAddress(wallet.depositXpub, id));

  // 1. The backlog: TRANSFERS transfers spread over BLOCKS blocks, then solidified.
  const info = await post('/_stub/info');
  const first = info.head + 1;
  await db.query(`INSERT INTO chain_cursors (name, block_number) VALUES ('tron', $1)`, [first - 1]);
  const perBlock = Math.ceil(TRANSFERS / BLOCKS);
  process.stdout.write(`bench: minting ${TRANSFERS} transfers into ${BLOCKS} blocks...`);
  let made = 0;
  for (let b = 0; b < BLOCKS; b++) {
    const batch = [];
    for (let i = 0; i < perBlock && made < TRANSFERS; i++, made++) {
      const to = addresses[made % addresses.length];
      batch.push(post('/_stub/usdt/transfer', { to, amount: String(1_000_000 + (made % 997)) }));
    }
    await Promise.all(batch);
    await post('/_stub/blocks');
  }
  await post('/_stub/blocks', { count: SOLID_LAG });
  const last = first + BLOCKS - 1;
  console.log(' done');

  // Baseline: the same blocks fetched from the node, 8 at a time, no database.
  let t0 = performance.now();
  for (let n = first; n <= last; n += 8) {
    const nums = Array.from({ length: Math.min(8, last - n + 1) }, (_, i) => n + i);
    await Promise.all(
      nums.flatMap((num) => [
        post('/walletsolidity/gettransactioninfobyblocknum', { num }),
        post('/walletsolidity/getblockbynum', { num }),
      ]),
    );
  }
  const bareBlocksPerSecond = BLOCKS / ((performance.now() - t0) / 1000);

  // The worker scans the backlog; timed from its first block to its last.
  startWorker();
  let started = 0;
  for (;;) {
    const cursor = Number(
      (await db.query(`SELECT block_number FROM chain_cursors WHERE name = 'tron'`)).rows[0]
        .block_number,
    );
    if (!started && cursor >= first) started = performance.now();
    if (cursor >= last) break;
    await sleep(20);
  }
  const scanSeconds = (performance.now() - started) / 1000;
  const credited = await count(`SELECT count(*) AS n FROM chain_deposits`);
  const scannedBlocks = BLOCKS - 1; // from the end of the first to the end of the last
  const blocksPerSecond = scannedBlocks / scanSeconds;
  const depositsPerSecond = credited / scanSeconds;

  // 2. Live: a block every second with transfers; each block's credits are timed
  // from the moment it was solidified (when the block SOLID_LAG later was made).
  const solidifiedAt = new Map();
  const liveFirst = (await post('/_stub/info')).head + 1;
  for (let b = 0; b < LIVE_BLOCKS + SOLID_LAG; b++) {
    if (b < LIVE_BLOCKS) {
      await Promise.all(
        Array.from({ length: perBlock }, (_, i) =>
          post('/_stub/usdt/transfer', {
            to: addresses[(b * perBlock + i) % addresses.length],
            amount: '2000000',
          }),
        ),
      );
    }
    const { head, solidified } = await post('/_stub/blocks');
    if (solidified >= liveFirst) solidifiedAt.set(solidified, Date.now());
    void head;
    await sleep(1000);
  }
  await sleep(3000);
  const rows = (
    await db.query(
      `SELECT block_number, extract(epoch FROM created_at) * 1000 AS at FROM chain_deposits WHERE block_number >= $1`,
      [liveFirst],
    )
  ).rows;
  const delays = rows
    .filter((r) => solidifiedAt.has(Number(r.block_number)))
    .map((r) => Number(r.at) - solidifiedAt.get(Number(r.block_number)))
    .sort((a, b) => a - b);
  const p = (q) => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))] ?? NaN;

  // Checks: every transfer credited once, the sums right.
  const expected = TRANSFERS + LIVE_BLOCKS * perBlock;
  const total = await count(`SELECT count(*) AS n FROM chain_deposits`);
  const duplicates = await count(
    `SELECT count(*) AS n FROM (SELECT tx_id FROM chain_deposits GROUP BY tx_id, log_index HAVING count(*) > 1) d`,
  );
  const ledgerMatches = await count(
    `SELECT (SELECT coalesce(sum(amount_micro), 0) FROM chain_deposits) =
            (SELECT coalesce(sum(balance), 0) FROM ledger_accounts WHERE user_id IS NOT NULL AND kind = 'money') AS n`,
  ).catch(() => 0);

  console.log(`bench: baseline, the node alone:        ${bareBlocksPerSecond.toFixed(1)} blocks/s`);
  console.log(
    `bench: scanner (worker, PostgreSQL):    ${blocksPerSecond.toFixed(1)} blocks/s, ${depositsPerSecond.toFixed(0)} deposits/s ` +
      `(${(blocksPerSecond / bareBlocksPerSecond).toFixed(2)}x the node alone; ` +
      `on Node ${nodeRuntime()})`,
  );
  console.log(
    `bench: solidification to credit (live): p50 ${p(0.5).toFixed(0)} ms, p99 ${p(0.99).toFixed(0)} ms over ${delays.length} deposits`,
  );
  console.log(
    `bench: credited ${total} of ${expected}, duplicates ${duplicates}, ledger matches: ${Boolean(ledgerMatches)}`,
  );
  const ok =
    blocksPerSecond >= 20 &&
    p(0.99) < 5000 &&
    total === expected &&
    duplicates === 0 &&
    Boolean(ledgerMatches);
  console.log(
    ok
      ? 'bench: goals met (>= 20 blocks/s, p99 < 5 s, every transfer once)'
      : 'bench: GOALS NOT MET',
  );
  await stop(ok ? 0 : 1);
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.stack : error}`);
  await stop(2);
}
