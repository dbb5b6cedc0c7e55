import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { separateDatabase } from '../support/database';
import {
  Member,
  TestApp,
  expectLedgerSound,
  login,
  member,
  operator,
  register,
  startApp,
} from '../support/harness';

const ROOT = resolve(__dirname, '../../../..');
const CREDIT = 1; // USDT per operator adjustment
const TRANSFER = 0.25; // USDT moved to points per member transfer

/** Runs a root package script (`pnpm db:backup ...`) and resolves with its exit code and output. */
function pnpm(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((done, fail) => {
    const child = spawn('pnpm', ['--silent', ...args], { cwd: ROOT, env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', fail);
    child.once('exit', (code) => done({ code: code ?? -1, output }));
  });
}

async function query<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** One acknowledged write: `key` finds it in a database, start/end are when the client saw it. */
interface Write {
  kind: 'adjust' | 'transfer' | 'register';
  key: string;
  memberId?: number;
  start: number;
  end: number;
}

describe('backup drill: pnpm db:backup under money writes, pnpm db:restore, sound ledger', () => {
  let t: TestApp;
  let restoredApp: TestApp | undefined;
  let sourceUrl: string;
  let restoredUrl: string;
  let dir: string;
  let sourceClosed = false;

  beforeAll(async () => {
    sourceUrl = await separateDatabase('backup');
    restoredUrl = `${sourceUrl}_restored`;
    const admin = Object.assign(new URL(sourceUrl), { pathname: '/postgres' }).toString();
    await query(admin, `DROP DATABASE IF EXISTS "${new URL(restoredUrl).pathname.slice(1)}"`);
    dir = mkdtempSync(join(tmpdir(), 'backup-drill-'));
    t = await startApp({ DATABASE_URL: sourceUrl });
  });
  afterAll(async () => {
    await restoredApp?.close();
    if (!sourceClosed) await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('restores a point-in-time snapshot with every invariant of the ledger', async () => {
    const admin = await operator(t);
    const members: Member[] = [];
    for (let i = 0; i < 4; i++) members.push(await member(t));
    const [{ n: before }] = await query<{ n: number }>(
      sourceUrl,
      'SELECT count(*)::int AS n FROM ledger_transactions',
    );

    // Writers: each member gets credits from the operator and moves part of
    // them to points; one more writer registers members. Every acknowledged
    // write is recorded with the time the client sent it and saw the answer.
    const writes: Write[] = [];
    let stop = false;
    const moneyWriter = async (m: Member, w: number) => {
      for (let n = 0; !stop; n++) {
        let start = performance.now();
        const credit = await t
          .http()
          .post(`/admin/users/${m.id}/adjust`)
          .set(admin)
          .set('Idempotency-Key', `drill-a-${w}-${n}`)
          .send({ account: 'money', amount: CREDIT, reason: 'backup drill' });
        expect(credit.status).toBe(200);
        writes.push({
          kind: 'adjust',
          key: `drill-a-${w}-${n}`,
          memberId: m.id,
          start,
          end: performance.now(),
        });
        start = performance.now();
        const move = await t
          .http()
          .post('/users/transfer')
          .set(m.auth)
          .set('Idempotency-Key', `drill-t-${w}-${n}`)
          .send({ amount: TRANSFER });
        expect(move.status).toBe(200);
        writes.push({
          kind: 'transfer',
          key: `drill-t-${w}-${n}`,
          memberId: m.id,
          start,
          end: performance.now(),
        });
      }
    };
    const registerWriter = async () => {
      while (!stop) {
        const start = performance.now();
        const { phone } = await register(t);
        writes.push({ kind: 'register', key: phone, start, end: performance.now() });
      }
    };
    const writers = [...members.map(moneyWriter), registerWriter()];

    await new Promise((r) => setTimeout(r, 300));
    const file = join(dir, 'drill.dump');
    const backupStart = performance.now();
    const backup = await pnpm(['db:backup', file], { ...process.env, DATABASE_URL: sourceUrl });
    const backupEnd = performance.now();
    // Writes go on after the snapshot, so a restore of the final state would be caught.
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await Promise.all(writers);
    expect(backup).toMatchObject({ code: 0 });
    expect(backup.output).toContain(`wrote ${file}`);
    const during = writes.filter((w) => w.start >= backupStart && w.end <= backupEnd);
    expect(during.length).toBeGreaterThan(0);

    const restore = await pnpm(['db:restore', file, restoredUrl], process.env);
    expect(restore.output).toContain('creating database');
    expect(restore).toMatchObject({ code: 0 });
    // A second restore over the now non-empty database is refused without --replace.
    const again = await pnpm(['db:restore', file, restoredUrl], process.env);
    expect(again.code).toBe(1);
    expect(again.output).toContain('refusing');

    // Which acknowledged writes the restored database holds.
    const keys = await query<{ key: string }>(
      restoredUrl,
      `SELECT split_part(idempotency_key, ':', 3) AS key FROM ledger_transactions
       WHERE idempotency_key LIKE 'adjust:%' OR idempotency_key LIKE 'transfer:%'`,
    );
    const phones = await query<{ phone: string }>(restoredUrl, `SELECT phone FROM users`);
    const present = new Set([...keys.map((r) => r.key), ...phones.map((r) => r.phone)]);
    const restored = writes.filter((w) => present.has(w.key));
    const missing = writes.filter((w) => !present.has(w.key));

    // A point in time: everything acknowledged before the dump began is there,
    // nothing begun after it ended is, and no write is there while one that
    // was acknowledged before it began is missing.
    expect(writes.filter((w) => w.end < backupStart && !present.has(w.key))).toEqual([]);
    expect(restored.filter((w) => w.start > backupEnd)).toEqual([]);
    const latestRestoredStart = Math.max(...restored.map((w) => w.start));
    expect(missing.filter((w) => w.end < latestRestoredStart)).toEqual([]);
    expect(missing.length).toBeGreaterThan(0);

    // No posting without its transaction or account, no row the source never had.
    const [orphans] = await query<{ n: number }>(
      restoredUrl,
      `SELECT count(*)::int AS n FROM ledger_postings p
       WHERE NOT EXISTS (SELECT 1 FROM ledger_transactions x WHERE x.id = p.transaction_id)
          OR NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = p.account_id)`,
    );
    expect(orphans.n).toBe(0);
    const fingerprints = `SELECT id::text, idempotency_key, fingerprint FROM ledger_transactions ORDER BY id`;
    const source = new Map(
      (await query<{ id: string; fingerprint: string }>(sourceUrl, fingerprints)).map((r) => [
        r.id,
        r,
      ]),
    );
    for (const row of await query<{ id: string }>(restoredUrl, fingerprints))
      expect(source.get(row.id)).toEqual(row);

    // The app runs on the restored database: the operator's ledger report
    // says balanced and consistent, and each member's balances are exactly
    // the restored writes, neither more nor fewer.
    await t.close();
    sourceClosed = true;
    restoredApp = await startApp({ DATABASE_URL: restoredUrl });
    const restoredAdmin = await operator(restoredApp);
    const report = await expectLedgerSound(restoredApp, restoredAdmin);
    expect(report.transactions).toBe(before + keys.length);
    // The audit trail came through whole: its hash chain links every row and
    // every signature holds (the adjusts wrote some).
    const audit = await restoredApp.http().get('/admin/audit/verify').set(restoredAdmin);
    expect(audit.body).toEqual({ ok: true, checked: expect.any(Number) });
    expect(audit.body.checked).toBeGreaterThan(0);
    for (const m of members) {
      const credits = restored.filter((w) => w.memberId === m.id && w.kind === 'adjust').length;
      const moves = restored.filter((w) => w.memberId === m.id && w.kind === 'transfer').length;
      const tokens = await login(restoredApp, m.phone, m.password);
      const me = await restoredApp
        .http()
        .get('/users/me')
        .set({ Authorization: `Bearer ${tokens.access_token}` });
      expect(me.status).toBe(200);
      expect({ money: me.body.money, points: me.body.points }).toEqual({
        money: credits * CREDIT - moves * TRANSFER,
        points: moves * TRANSFER,
      });
    }

    // The checks above can fail: a cached balance off by one micro-USDT is caught.
    await restoredApp.db.query(
      `UPDATE ledger_accounts SET balance = balance + 1 WHERE user_id = $1 AND kind = 'money'`,
      [members[0].id],
    );
    const tampered = await restoredApp.http().get('/admin/reports/ledger').set(restoredAdmin);
    expect(tampered.body).toMatchObject({ consistent: false, mismatched_accounts: 1 });
  }, 120_000);
});
