// The project's side of scripts/bench/statement.sh: loads a large ledger in
// bulk (postings are written by ledger_post alone; the bulk insert takes its
// gate inside one transaction, as ledger_post does), then times statement
// pages through the service the endpoint calls.
import { median, pad, reportChecks, requireApi } from './lib.mjs';

requireApi('reflect-metadata');
const { DataSource } = requireApi('typeorm');
const { loadConfig } = requireApi('./dist/config/config.js');
const { dataSourceOptions } = requireApi('./dist/database/data-source-options.js');
const { LedgerStatementService } = requireApi('./dist/modules/ledger/ledger-statement.service.js');

const postings = Number(process.env.BENCH_POSTINGS ?? 4_000_000);
const MEMBERS = 10_000;
const RUNS = 300;
/** A page must cost about the same however long the member's history: within 3 times. */
const GOAL_RATIO = 3;

const db = new DataSource(dataSourceOptions(loadConfig()));
await db.initialize();

const started = Date.now();
await db.transaction(async (m) => {
  await m.query(
    `INSERT INTO users (phone, password_hash) SELECT '+99872' || lpad(g::text, 7, '0'), 'x'
     FROM generate_series(1, $1) g`,
    [MEMBERS + 1],
  );
  await m.query(
    `INSERT INTO ledger_accounts (user_id, kind, currency)
     SELECT id, 'money', 'USDT' FROM users WHERE phone LIKE '+99872%'`,
  );
  // Half the postings are on members (the other half their system contra):
  // a quarter of all on the "deep" member (the first), the rest spread.
  await m.query(`SELECT set_config('ledger.writer', 'ledger_post', true)`);
  await m.query(
    `WITH accounts AS (
       SELECT row_number() OVER (ORDER BY id) - 1 AS n, id FROM ledger_accounts
       WHERE user_id IN (SELECT id FROM users WHERE phone LIKE '+99872%')),
     rewards AS (SELECT id FROM ledger_accounts WHERE user_id IS NULL AND kind = 'rewards'),
     tx AS (
       INSERT INTO ledger_transactions (idempotency_key, kind, fingerprint, memo)
       SELECT 'bench:' || g, CASE WHEN g % 25 = 0 THEN 'transfer' ELSE 'reward' END, repeat('0', 64), '{}'
       FROM generate_series(1, $1::int / 2) g RETURNING id)
     INSERT INTO ledger_postings (transaction_id, account_id, contra_account_id, amount, balance_after)
     SELECT tx.id, x.account_id, x.contra_id, x.amount, x.balance_after
     FROM tx CROSS JOIN rewards r
     CROSS JOIN LATERAL (SELECT id FROM accounts
       WHERE n = CASE WHEN tx.id % 2 = 0 THEN 0 ELSE 1 + tx.id % ${MEMBERS} END) a
     CROSS JOIN LATERAL (VALUES (a.id, r.id, 1000000::bigint, tx.id), (r.id, a.id, -1000000::bigint, NULL::bigint))
       AS x(account_id, contra_id, amount, balance_after)
     ORDER BY tx.id`,
    [postings],
  );
  await m.query(`SELECT set_config('ledger.writer', '', true)`);
});
// A member with a short history, written after the bulk (the newest ids).
const [fresh] = await db.query(
  `INSERT INTO users (phone, password_hash) VALUES ('+998730000001', 'x') RETURNING id`,
);
await db.transaction(async (m) => {
  for (let i = 0; i < 50; i++)
    await m.query(
      `SELECT ledger_post($1, 'reward', repeat('0', 64), $2, '{}', '{NULL}', '{rewards}', ARRAY[$2::int], '{money}', '{USDT}', '{1000000}', '{}', '{}', '{}')`,
      [`fresh:${i}`, fresh.id],
    );
});
await db.query('ANALYZE');
const [count] = await db.query(`SELECT count(*)::bigint AS n FROM ledger_postings`);
const [deep] = await db.query(
  `SELECT a.user_id AS id, count(*)::int AS n, min(p.id) AS first, max(p.id) AS last
   FROM ledger_accounts a JOIN ledger_postings p ON p.account_id = a.id
   WHERE a.user_id = (SELECT min(id) FROM users WHERE phone LIKE '+99872%') GROUP BY a.user_id`,
);
console.log(
  `bench: ${Number(count.n).toLocaleString('en')} postings loaded in ${((Date.now() - started) / 1000).toFixed(0)} s; ` +
    `deep member ${Number(deep.n).toLocaleString('en')} postings, short one 50`,
);

const statement = new LedgerStatementService(db);
async function time(userId, filter) {
  const samples = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = process.hrtime.bigint();
    const rows = await statement.page(userId, { limit: 21, ...filter });
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (rows.length === 0) throw new Error(`no rows for ${JSON.stringify(filter)}`);
  }
  return median(samples);
}
const middle = Math.floor((Number(deep.first) + Number(deep.last)) / 2);
const baseline = await time(fresh.id, {});
const cases = [
  ['first page', await time(deep.id, {})],
  ['a page half-way back', await time(deep.id, { before: middle })],
  ['first page, kind=transfer (1 in 50 of theirs)', await time(deep.id, { kind: 'transfer' })],
  ['first page, account=money', await time(deep.id, { account: 'money' })],
];
console.log(
  `\n  baseline: the same page of a member with 50 postings: ${baseline.toFixed(3)} ms (median of ${RUNS})`,
);
for (const [name, ms] of cases)
  console.log(`  ${pad(name, 40)}${ms.toFixed(3)} ms  x${(ms / baseline).toFixed(2)}`);
console.log('');
const ok = reportChecks(
  cases.map(([name, ms]) => [
    `${name} <= ${GOAL_RATIO}x baseline`,
    `x${(ms / baseline).toFixed(2)}`,
    ms / baseline <= GOAL_RATIO,
  ]),
  52,
  10,
);
await db.destroy();
process.exit(ok ? 0 : 1);
