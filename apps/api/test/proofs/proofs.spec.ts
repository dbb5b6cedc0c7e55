import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { INestApplicationContext } from '@nestjs/common';
import { TronWeb } from 'tronweb';
import { deriveTronAddress, MemberProof, verifyMemberProof } from '@app/domain';
import { ProofsService } from '../../src/modules/proofs/proofs.service';
import { leafCount, unpackLeaves } from '../../src/modules/proofs/proof-buckets';
import { eventually } from '../support/eventually';
import {
  adjust,
  expectLedgerSound,
  member,
  Member,
  operator,
  startApp,
  TestApp,
} from '../support/harness';
import {
  TEST_WALLET,
  TronTestNode,
  startTronNode,
  startWorker,
  tronSettings,
} from '../support/tron';

const run = promisify(execFile);
const VERIFY = join(__dirname, '..', '..', '..', '..', 'scripts', 'verify-proof.mjs');
const USDT = 1_000_000n;
/** The club's cold account (issue 43): an address only, its keys offline. */
const COLD = TronWeb.address.fromPrivateKey('e5'.repeat(32)) as string;

/**
 * The ledger's member liabilities, summed from the postings (not the cached
 * balances): every member money account, and what pending_withdrawals holds
 * (withdrawals requested and not yet sent, contract section 11).
 */
async function ledgerLiabilities(t: TestApp): Promise<{ total: bigint; pending: bigint }> {
  const [row] = await t.db.query(
    `SELECT coalesce(sum(p.amount) FILTER (WHERE a.user_id IS NOT NULL AND a.kind = 'money'), 0)::text AS money,
            coalesce(sum(p.amount) FILTER (WHERE a.user_id IS NULL AND a.kind = 'pending_withdrawals'), 0)::text AS pending
     FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id`,
  );
  return { total: BigInt(row.money) + BigInt(row.pending), pending: BigInt(row.pending) };
}

async function verifyWithScript(proof: unknown, latest?: unknown, member?: number) {
  const dir = mkdtempSync(join(tmpdir(), 'proof-'));
  writeFileSync(join(dir, 'proof.json'), JSON.stringify(proof));
  const args = [VERIFY, join(dir, 'proof.json')];
  if (latest) {
    writeFileSync(join(dir, 'latest.json'), JSON.stringify(latest));
    args.push('--latest', join(dir, 'latest.json'));
  }
  if (member) args.push('--member', String(member));
  return run(process.execPath, args).then(
    (out) => ({ code: 0, stdout: out.stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
}

describe('proof of liabilities (spec/contract sections 9 and 11)', () => {
  let tron: TronTestNode;
  let t: TestApp;
  let worker: INestApplicationContext | undefined;
  let admin: Record<string, string>;
  const members: { m: Member; micro: bigint }[] = [];

  beforeAll(async () => {
    tron = await startTronNode();
    const settings = {
      ...tronSettings(tron),
      PROOF_INTERVAL_HOURS: '0',
      PROOF_KEEP_SNAPSHOTS: '3',
      TRON_COLD_ADDRESS: COLD,
    };
    t = await startApp(settings);
    await t.db.query(`DELETE FROM chain_cursors`);
    await t.db.query(`TRUNCATE proof_snapshots CASCADE`);
    worker = await startWorker(settings);
    admin = await operator(t);
    // The hot wallet holds 1,000 USDT on chain.
    await tron.payUsdt(TEST_WALLET.hotWalletAddress, 1000n * USDT);
    // Sweeps above the hot wallet's cap went to the cold account: reserves too.
    await tron.payUsdt(COLD, 250n * USDT);
    await tron.solidify();
  });
  afterAll(async () => {
    await expectLedgerSound(t, admin);
    await worker?.close();
    await t.close();
    await tron.close();
  });

  const proofOf = async (m: Member) => t.http().get('/users/me/proof').set(m.auth);

  it('answers 404 PROOF_NOT_PUBLISHED before the first snapshot', async () => {
    const latest = await t.http().get('/proofs/latest');
    expect(latest.status).toBe(404);
    expect(latest.body.code).toBe('PROOF_NOT_PUBLISHED');
    const m = await member(t);
    expect((await proofOf(m)).body.code).toBe('PROOF_NOT_PUBLISHED');
  });

  it('publishes a tree whose total is the ledger member liabilities, beside reserves read at the solidified block', async () => {
    for (const usdt of [12.5, 0, 7, 300.000001]) {
      const m = await member(t);
      if (usdt > 0) await adjust(t, admin, m.id, usdt);
      members.push({ m, micro: BigInt(Math.round(usdt * 1e6)) });
    }
    // A deposit of 7 USDT found on chain stays on the member's address (not swept).
    const depositor = await member(t);
    const address = deriveTronAddress(TEST_WALLET.depositXpub, depositor.id);
    await tron.payUsdt(address, 7n * USDT);
    await tron.solidify();
    await eventually(async () =>
      (await t.http().get('/users/me').set(depositor.auth)).body.money === 7 ? true : undefined,
    );
    members.push({ m: depositor, micro: 7n * USDT });

    const info = await tron.control<{ solidified: number }>('info');
    const res = await t.http().post('/admin/proofs').set(admin);
    expect(res.status).toBe(200);
    const [users] = await t.db.query(`SELECT count(*)::int AS n FROM users`);
    const ledger = await ledgerLiabilities(t);
    expect(res.body).toEqual({
      root_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      total_micro: ledger.total.toString(),
      // Two parts a member, padded to a power of two.
      leaves: leafCount(users.n),
      members: users.n,
      pending_withdrawals_micro: ledger.pending.toString(),
      block: info.solidified,
      reserves: {
        hot_wallet: 1000,
        cold_wallet: 250,
        deposit_addresses: 7,
        total: 1257,
        hot_wallet_address: TEST_WALLET.hotWalletAddress,
        cold_wallet_address: COLD,
        addresses: [
          { address: TEST_WALLET.hotWalletAddress, kind: 'hot', balance: 1000 },
          { address: COLD, kind: 'cold', balance: 250 },
          { address, kind: 'deposit', balance: 7 },
        ],
      },
      created_at: expect.any(String),
      // The operators' audit as of the snapshot (test/audit/audit-chain.spec.ts checks it).
      audit_head: {
        seq: expect.any(Number),
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        sig: expect.stringMatching(/^[0-9a-f]{128}$/),
        public_key: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });
    expect(await t.http().get('/proofs/latest')).toMatchObject({ status: 200, body: res.body });
    const [audit] = await t.db.query(
      `SELECT details FROM audit_log WHERE action = 'proof.publish' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.details).toMatchObject({ root_hash: res.body.root_hash });
  }, 60_000);

  it("gives each member their parts and paths that recompute the published root, in the browser's code and the script", async () => {
    const latest = (await t.http().get('/proofs/latest')).body;
    for (const { m, micro } of members) {
      const res = await proofOf(m);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        root_hash: latest.root_hash,
        total_micro: latest.total_micro,
        balance_micro: micro.toString(),
        member_id: m.id,
        e_wallet_micro: micro.toString(),
        pending_withdrawals: [],
      });
      expect(res.body.leaves).toHaveLength(2);
      expect(verifyMemberProof(res.body)).toEqual({ ok: true });
      const script = await verifyWithScript(res.body, latest, m.id);
      expect(script.code).toBe(0);
      expect(script.stdout).toContain(`member ${m.id}'s liability`);
      expect(script.stdout).toContain('reserves on chain 1257 USDT');
    }
  });

  it('fails verification for a changed part, a dropped sibling or another root', async () => {
    const proof: MemberProof = (await proofOf(members[0].m)).body;
    const [first, second] = proof.leaves;
    const changed = {
      ...proof,
      leaves: [{ ...first, amount_micro: '1' }, second],
      balance_micro: String(1n + BigInt(second.amount_micro)),
    };
    const dropped = { ...proof, leaves: [{ ...first, path: first.path.slice(1) }, second] };
    const otherRoot = { ...proof, root_hash: 'a'.repeat(64) };
    for (const bad of [changed, dropped, otherRoot]) {
      expect(verifyMemberProof(bad).ok).toBe(false);
      const script = await verifyWithScript(bad);
      expect(script.code).toBe(1);
      expect(script.stdout).toContain('FAIL');
    }
  });

  it("reveals no other member's leaf id, salt or balance: only hashes and sums on the paths", async () => {
    const [snapshot] = await t.db.query(`SELECT id FROM proof_snapshots ORDER BY id DESC LIMIT 1`);
    const buckets: { leaves: Buffer }[] = await t.db.query(
      `SELECT leaves FROM proof_buckets WHERE snapshot_id = $1`,
      [snapshot.id],
    );
    const stored = buckets.flatMap((b) => unpackLeaves(b.leaves));
    const mine = members[1].m;
    const res = await proofOf(mine);
    const text = JSON.stringify(res.body);
    const own = new Set(res.body.leaves.map((l: { leaf_id: string }) => l.leaf_id));
    for (const leaf of stored) {
      if (own.has(leaf.leafId.toString('hex'))) continue;
      expect(text).not.toContain(leaf.salt.toString('hex'));
      expect(text).not.toContain(leaf.leafId.toString('hex'));
    }
    for (const leaf of res.body.leaves) {
      expect(Object.keys(leaf).sort()).toEqual(['amount_micro', 'leaf_id', 'path', 'salt']);
      for (const step of leaf.path)
        expect(Object.keys(step).sort()).toEqual(['hash', 'side', 'sum_micro']);
    }
    for (const { m, micro } of members) {
      if (m.id === mine.id || micro === 0n) continue;
      expect(text).not.toContain(`"${micro}"`);
    }
  });

  it('uses new salts for every snapshot, and answers 404 PROOF_NOT_INCLUDED to a member who joined after it', async () => {
    const before = (await proofOf(members[0].m)).body;
    await t.http().post('/admin/proofs').set(admin).expect(200);
    const after = (await proofOf(members[0].m)).body;
    expect(after.leaves[0].salt).not.toBe(before.leaves[0].salt);
    expect(after.leaves[0].leaf_id).not.toBe(before.leaves[0].leaf_id);
    expect(after.root_hash).not.toBe(before.root_hash);
    const late = await member(t);
    const res = await proofOf(late);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('PROOF_NOT_INCLUDED');
  });

  it('keeps the sum exact while money moves during the snapshot (one REPEATABLE READ transaction)', async () => {
    const busy = await member(t);
    const moves = Array.from({ length: 30 }, () => adjust(t, admin, busy.id, 1));
    const [res] = await Promise.all([t.http().post('/admin/proofs').set(admin), ...moves]);
    expect(res.status).toBe(200);
    const proof = (await proofOf(busy)).body;
    expect(verifyMemberProof(proof)).toEqual({ ok: true });
    // The busy member's liability is some count of the 30 credits, never a part of one.
    expect(BigInt(proof.balance_micro) % USDT).toBe(0n);
  });

  it('gives every member of a tree of several buckets paths to the root', async () => {
    // 700 members more (sixteen buckets of 128 leaves), written straight to the table: no money, no sign-in.
    await t.db.query(
      `INSERT INTO users (phone, password_hash, nickname)
       SELECT '+1555' || lpad(g::text, 7, '0'), 'x', 'bulk' || g FROM generate_series(1, 700) g`,
    );
    // The worker (in this process) derives their deposit addresses first: a second or more of
    // CPU that would otherwise starve the snapshot's database pool (503 after 3 s).
    await eventually(async () => {
      const [r] = await t.db.query(
        `SELECT (SELECT count(*) FROM users) = (SELECT count(*) FROM deposit_addresses) AS done`,
      );
      return r.done ? true : undefined;
    }, 60_000);
    const proofs = t.app.get(ProofsService);
    await t.http().post('/admin/proofs').set(admin).expect(200);
    const latest = (await t.http().get('/proofs/latest')).body;
    expect(latest.total_micro).toBe((await ledgerLiabilities(t)).total.toString());
    const ids: { id: number }[] = await t.db.query(`SELECT id FROM users ORDER BY id`);
    const picks = [0, 1, 255, 256, 257, 511, 512, ids.length - 2, ids.length - 1];
    expect(latest.leaves).toBe(leafCount(ids.length));
    expect(latest.leaves / 128).toBeGreaterThanOrEqual(8);
    for (const i of picks) {
      const proof = await proofs.memberProof(ids[i].id);
      expect(proof.root_hash).toBe(latest.root_hash);
      expect(verifyMemberProof(proof)).toEqual({ ok: true });
    }
  }, 90_000);

  it('keeps only PROOF_KEEP_SNAPSHOTS trees; the older roots stay listed for operators', async () => {
    const list = await t.http().get('/admin/proofs').set(admin);
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThanOrEqual(4);
    expect(list.body.slice(0, 3).every((s: { paths_kept: boolean }) => s.paths_kept)).toBe(true);
    expect(list.body.slice(3).every((s: { paths_kept: boolean }) => !s.paths_kept)).toBe(true);
    expect(list.body[0]).toMatchObject({ trigger: 'admin', covered: expect.any(Boolean) });
    const [kept] = await t.db.query(
      `SELECT (SELECT count(DISTINCT snapshot_id) FROM proof_buckets)::int AS buckets,
              (SELECT count(DISTINCT snapshot_id) FROM proof_member_index)::int AS index`,
    );
    expect(kept).toEqual({ buckets: 3, index: 3 });
  });

  it('is for operators: a member gets 403 on POST and GET /admin/proofs', async () => {
    const m = await member(t);
    expect((await t.http().post('/admin/proofs').set(m.auth)).status).toBe(403);
    expect((await t.http().get('/admin/proofs').set(m.auth)).status).toBe(403);
  });

  it('answers 503 PROOF_RESERVES_UNAVAILABLE and publishes nothing when the node cannot be read', async () => {
    const down = await startApp({
      ...tronSettings(tron),
      TRON_FULL_NODE_URL: 'http://127.0.0.1:9',
      TRON_REQUEST_TIMEOUT_MS: '500',
    });
    try {
      const [before] = await t.db.query(`SELECT count(*)::int AS n FROM proof_snapshots`);
      const res = await down.http().post('/admin/proofs').set(admin);
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('PROOF_RESERVES_UNAVAILABLE');
      const [after] = await t.db.query(`SELECT count(*)::int AS n FROM proof_snapshots`);
      expect(after.n).toBe(before.n);
    } finally {
      await down.close();
    }
  });

  it('is published by the worker when the newest snapshot is PROOF_INTERVAL_HOURS old, once with two workers', async () => {
    const settings = {
      ...tronSettings(tron),
      PROOF_INTERVAL_HOURS: '24',
      PROOF_KEEP_SNAPSHOTS: '3',
    };
    await t.db.query(`UPDATE proof_snapshots SET created_at = created_at - interval '25 hours'`);
    const [before] = await t.db.query(
      `SELECT coalesce(max(id), 0)::int AS id FROM proof_snapshots`,
    );
    // The suite's worker has the schedule off; these two have it on.
    await worker?.close();
    worker = undefined;
    const workers = await Promise.all([startWorker(settings), startWorker(settings)]);
    try {
      const made = await eventually(async () => {
        const rows = await t.db.query(`SELECT id, trigger FROM proof_snapshots WHERE id > $1`, [
          before.id,
        ]);
        return rows.length > 0 ? rows : undefined;
      }, 20_000);
      expect(made).toEqual([{ id: expect.any(String), trigger: 'schedule' }]);
      // No second one while the new one is fresh.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const [count] = await t.db.query(
        `SELECT count(*)::int AS n FROM proof_snapshots WHERE id > $1`,
        [before.id],
      );
      expect(count.n).toBe(1);
    } finally {
      await Promise.all(workers.map((w) => w.close()));
    }
  }, 40_000);
});
