// The project's side of scripts/bench/proof.sh.
import { createHash, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { lpad, nodeRuntime, outDir, pad, reportChecks, requireApi } from './lib.mjs';

const { Client } = requireApi('pg');
const { TronNode, loadOptions, createDevWallet } = requireApi('@app/tron-node');
const { deriveTronAddress, verifyMemberProof } = requireApi('@app/domain');

const { setInterval, clearInterval } = globalThis;
const MEMBERS = Number(process.env.BENCH_PROOF_MEMBERS ?? 1_000_000);
const PATHS = Number(process.env.BENCH_PROOF_PATHS ?? 2000);
const DEPOSIT_ADDRESSES = 100;
const GOALS = { buildRatio: 3, rssGrowthMb: 300, pathRatio: 3 };
const wallet = createDevWallet(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);

const db = new Client({ connectionString: process.env.DATABASE_URL });
await db.connect();
const node = new TronNode(loadOptions({}, { port: 0, blockIntervalMs: 0, solidLag: 2 }));
const url = await node.listen();
const control = async (path, body = {}) => {
  const res = await fetch(`${url}/_stub/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
};
/** A leaf's position in a complete tree, from its path's sides (bit i set: the sibling is on the left). */
const positionOf = (path) =>
  path.reduce((p, step, i) => p + (step.side === 'left' ? 2 ** i : 0), 0);
const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const rssMb = () => process.memoryUsage().rss / 2 ** 20;
const quantile = (values, q) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q)];

// 1. The members: ids, and a money account for nine in ten of them (written
// straight to the tables: only the figures the snapshot reads matter here).
process.stdout.write(`bench: ${MEMBERS} members...`);
let t0 = process.hrtime.bigint();
for (let from = 1; from <= MEMBERS; from += 200_000) {
  const to = Math.min(MEMBERS, from + 199_999);
  await db.query(
    `INSERT INTO users (phone, password_hash) SELECT '+99871' || lpad(i::text, 8, '0'), 'x'
     FROM generate_series($1::int, $2::int) i`,
    [from, to],
  );
}
await db.query(
  `INSERT INTO ledger_accounts (user_id, kind, currency, balance)
   SELECT id, 'money', 'USDT', (id::bigint * 7919) % 5000000000 FROM users WHERE id % 10 <> 0`,
);
await db.query('ANALYZE');
console.log(` ${(ms(t0) / 1000).toFixed(1)} s`);

// 2. Reserves on the local node: the hot wallet, and deposit addresses holding unswept USDT.
const firstIds = (await db.query(`SELECT id FROM users ORDER BY id LIMIT $1`, [DEPOSIT_ADDRESSES]))
  .rows;
for (const [i, { id }] of firstIds.entries()) {
  const address = deriveTronAddress(wallet.depositXpub, id);
  const amount = 1_000_000 * (i + 1);
  await db.query(`INSERT INTO deposit_addresses (user_id, address) VALUES ($1, $2)`, [id, address]);
  await db.query(
    `INSERT INTO chain_deposits (tx_id, log_index, user_id, from_address, amount_micro, block_number, source)
     VALUES ($1, 0, $2, $3, $4, 1, 'scan')`,
    [randomBytes(32).toString('hex'), id, wallet.hotWalletAddress, amount],
  );
  await control('usdt/transfer', { to: address, amount: String(amount) });
}
await control('usdt/transfer', { to: wallet.hotWalletAddress, amount: String(10n ** 12n) });
await control('blocks', { count: 3 });

// 3. The baseline: every balance read page by page in one transaction, and the hashes the format
// needs at least, each made once: per member two parts, each an owner id, a leaf and a parent (the
// padding up to a power of two, which the snapshot also hashes, is left out of the baseline).
t0 = process.hrtime.bigint();
await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
let hashes = 0;
const salt = randomBytes(32).toString('hex');
for (let after = 0; ;) {
  const ids = (await db.query(`SELECT id FROM users WHERE id > $1 ORDER BY id LIMIT 4096`, [after]))
    .rows;
  if (ids.length === 0) break;
  const first = ids[0].id;
  const last = ids[ids.length - 1].id;
  const rows = (
    await db.query(
      `SELECT user_id, balance FROM ledger_accounts WHERE kind = 'money' AND user_id BETWEEN $1 AND $2`,
      [first, last],
    )
  ).rows;
  const balances = new Map(rows.map((r) => [r.user_id, r.balance]));
  let previous = '';
  // The format's least work per member (contract section 11): two parts, each
  // with its owner's id hashed and its leaf hashed, and one parent per leaf.
  for (const { id } of ids) {
    const balance = balances.get(id) ?? '0';
    for (const part of [balance, '0']) {
      const leafId = createHash('sha256').update(`owner|${id}|${salt}`).digest('hex');
      const leaf = createHash('sha256').update(`leaf|${leafId}|${part}|${salt}`).digest('hex');
      previous = createHash('sha256')
        .update(`node|${leaf}|1|${previous || leaf}|1`)
        .digest('hex');
      hashes += 3;
    }
  }
  after = last;
}
await db.query('COMMIT');
const baselineMs = ms(t0);
console.log(
  `bench: baseline (read ${MEMBERS} balances, ${hashes} hashes) ${(baselineMs / 1000).toFixed(2)} s`,
);

// 4. The snapshot, by the worker's own service (its schedule and scanner off).
Object.assign(process.env, {
  TRON_FULL_NODE_URL: url,
  TRON_DEPOSIT_XPUB: wallet.depositXpub,
  TRON_HOT_WALLET_PRIVATE_KEY: wallet.hotWalletPrivateKey,
  TRON_SCAN_INTERVAL_MS: '0',
  TRON_SETTLE_INTERVAL_MS: '0',
  SWEEP_INTERVAL_MS: String(24 * 3600 * 1000),
  PROOF_INTERVAL_HOURS: '1',
  WORKER_METRICS_PORT: '0',
});
const { NestFactory } = requireApi('@nestjs/core');
const { WorkerModule } = requireApi('./dist/worker/worker.module.js');
const { ProofsService } = requireApi('./dist/modules/proofs/proofs.service.js');
const context = await NestFactory.createApplicationContext(WorkerModule, {
  logger: ['error', 'warn'],
});
const proofs = context.get(ProofsService);
globalThis.gc?.();
const rssBefore = rssMb();
let rssPeak = rssBefore;
const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb())), 50);
t0 = process.hrtime.bigint();
const snapshotId = await proofs.publishIfDue();
const buildMs = ms(t0);
clearInterval(sampler);
rssPeak = Math.max(rssPeak, rssMb());
const latest = await proofs.latest();
const [{ total }] = (
  await db.query(`SELECT sum(balance)::text AS total FROM ledger_accounts WHERE kind = 'money'`)
).rows;
const [{ bucket_bits: bucketBits }] = (
  await db.query(`SELECT bucket_bits FROM proof_snapshots WHERE id = $1`, [snapshotId])
).rows;
const [{ bytes }] = (
  await db.query(
    `SELECT sum(length(leaves))::bigint AS bytes FROM proof_buckets WHERE snapshot_id = $1`,
    [snapshotId],
  )
).rows;
console.log(
  `bench: snapshot ${snapshotId}: ${latest.members} members (${latest.leaves} leaves) in ${(buildMs / 1000).toFixed(2)} s, tree ${(Number(bytes) / 2 ** 20).toFixed(0)} MB stored, reserves ${latest.reserves.total} USDT at block ${latest.block}`,
);

// 5. Member paths: the service's answer against its two indexed reads.
const ids = (await db.query(`SELECT id FROM users ORDER BY random() LIMIT $1`, [PATHS])).rows.map(
  (r) => r.id,
);
t0 = process.hrtime.bigint();
await proofs.memberProof(ids[0]); // builds the tree over bucket roots once
const warmMs = ms(t0);
const pathMs = [];
const readMs = [];
let verified = 0;
for (const id of ids) {
  let t = process.hrtime.bigint();
  const proof = await proofs.memberProof(id);
  pathMs.push(ms(t));
  if (verifyMemberProof(proof).ok && proof.root_hash === latest.root_hash) verified++;
  // Its reads alone: the member's index bucket, then the buckets of their parts.
  const buckets = proof.leaves.map((leaf) => positionOf(leaf.path) >> bucketBits);
  t = process.hrtime.bigint();
  await db.query(
    `SELECT entries FROM proof_member_index WHERE snapshot_id = $1 AND first_member_id <= $2
     ORDER BY first_member_id DESC LIMIT 1`,
    [snapshotId, id],
  );
  await db.query(
    `SELECT bucket, leaves FROM proof_buckets WHERE snapshot_id = $1 AND bucket = ANY($2::int[])`,
    [snapshotId, buckets],
  );
  readMs.push(ms(t));
}

const result = {
  runtime: nodeRuntime(),
  members: latest.members,
  leaves: latest.leaves,
  baseline_s: baselineMs / 1000,
  build_s: buildMs / 1000,
  build_ratio: buildMs / baselineMs,
  rss_before_mb: rssBefore,
  rss_peak_mb: rssPeak,
  rss_growth_mb: rssPeak - rssBefore,
  tree_mb: Number(bytes) / 2 ** 20,
  first_path_ms: warmMs,
  path_p50_ms: quantile(pathMs, 0.5),
  path_p99_ms: quantile(pathMs, 0.99),
  read_p50_ms: quantile(readMs, 0.5),
  read_p99_ms: quantile(readMs, 0.99),
  paths_verified: verified,
};
writeFileSync(`${outDir}/proof.json`, JSON.stringify(result, null, 2));

console.log(`\nproof of liabilities, ${latest.members} members (Node ${result.runtime})`);
console.log(`  ${pad('', 34)}${lpad('time', 12)}${lpad('vs baseline', 14)}`);
console.log(
  `  ${pad('baseline: read + hash once', 34)}${lpad(`${result.baseline_s.toFixed(2)} s`, 12)}${lpad('1.00', 14)}`,
);
console.log(
  `  ${pad('snapshot (publish)', 34)}${lpad(`${result.build_s.toFixed(2)} s`, 12)}${lpad(result.build_ratio.toFixed(2), 14)}`,
);
console.log(
  `  ${pad('memory (resident)', 34)}${lpad(`${rssBefore.toFixed(0)} → ${rssPeak.toFixed(0)} MB`, 12)}`,
);
console.log(
  `  ${pad('member path p50 / p99', 34)}${lpad(`${result.path_p50_ms.toFixed(2)} / ${result.path_p99_ms.toFixed(2)} ms`, 12)}`,
);
console.log(
  `  ${pad('its reads p50 / p99', 34)}${lpad(`${result.read_p50_ms.toFixed(2)} / ${result.read_p99_ms.toFixed(2)} ms`, 12)}`,
);
console.log(
  `  ${pad('first path (tree over buckets)', 34)}${lpad(`${warmMs.toFixed(1)} ms`, 12)}\n`,
);
const ok = reportChecks(
  [
    [
      `snapshot <= ${GOALS.buildRatio}x baseline`,
      result.build_ratio.toFixed(2),
      result.build_ratio <= GOALS.buildRatio,
    ],
    [
      `memory growth <= ${GOALS.rssGrowthMb} MB`,
      `${result.rss_growth_mb.toFixed(0)} MB`,
      result.rss_growth_mb <= GOALS.rssGrowthMb,
    ],
    [
      `path p50 <= ${GOALS.pathRatio}x its read's`,
      (result.path_p50_ms / result.read_p50_ms).toFixed(2),
      result.path_p50_ms <= GOALS.pathRatio * result.read_p50_ms,
    ],
    [
      `path p99 <= ${GOALS.pathRatio}x its read's`,
      (result.path_p99_ms / result.read_p99_ms).toFixed(2),
      result.path_p99_ms <= GOALS.pathRatio * result.read_p99_ms,
    ],
    // No withdrawal is pending here: the liabilities are the money accounts.
    ['tree total = ledger member money', latest.total_micro, latest.total_micro === total],
    [`every path verifies (${PATHS})`, String(verified), verified === ids.length],
  ],
  36,
  22,
);
await context.close();
await db.end();
await node.close();
process.exit(ok ? 0 : 1);
