import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { MemberProof, parentNode, sha256Hex, verifyMemberProof, leafNode } from '@app/domain';
import {
  adjust,
  expectLedgerSound,
  member,
  Member,
  operator,
  setLevel,
  startApp,
  TestApp,
} from '../support/harness';
import { TEST_WALLET, TronTestNode, startTronNode, tronSettings } from '../support/tron';

const run = promisify(execFile);
const VERIFY = join(__dirname, '..', '..', '..', '..', 'scripts', 'verify-proof.mjs');
const USDT = 1_000_000n;
const OUTSIDE = 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16';

/** `pnpm verify:proof` on saved answers, as a member runs it. */
async function verify(
  proof: unknown,
  options: { member?: number; statement?: unknown; withdrawals?: unknown; lang?: string } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), 'private-proof-'));
  const file = (name: string, value: unknown) => {
    writeFileSync(join(dir, name), JSON.stringify(value));
    return join(dir, name);
  };
  const args = [VERIFY, file('proof.json', proof)];
  if (options.member) args.push('--member', String(options.member));
  if (options.statement) args.push('--statement', file('statement.json', options.statement));
  if (options.withdrawals) args.push('--withdrawals', file('balance.json', options.withdrawals));
  if (options.lang) args.push('--lang', options.lang);
  return run(process.execPath, args).then(
    (out) => ({ code: 0, stdout: out.stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
}

/**
 * Issue 37, cases 1 to 3: the private proof (contract section 11). A path
 * shows no neighbour's balance; the check binds a proof to its member and
 * their own statement; withdrawals requested and not yet sent are in the
 * liability; an operator's snapshot at most once a minute.
 */
describe('the private proof of liabilities (issue 37)', () => {
  let tron: TronTestNode;
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    tron = await startTronNode();
    t = await startApp({ ...tronSettings(tron), PROOF_KEEP_SNAPSHOTS: '3' });
    await t.db.query(`TRUNCATE proof_snapshots CASCADE`);
    admin = await operator(t);
    await tron.payUsdt(TEST_WALLET.hotWalletAddress, 100_000n * USDT);
    await tron.solidify();
  });
  afterAll(async () => {
    await expectLedgerSound(t, admin);
    await t.close();
    await tron.close();
  });

  const proofOf = async (m: Member): Promise<MemberProof> => {
    const res = await t.http().get('/users/me/proof').set(m.auth);
    expect(res.status).toBe(200);
    return res.body;
  };
  const statementOf = async (m: Member, at: string) =>
    (
      await t
        .http()
        .get('/users/me/statement')
        .query({ account: 'money', to: new Date(Date.parse(at) + 1).toISOString(), limit: 100 })
        .set(m.auth)
        .expect(200)
    ).body;
  const withdrawalsOf = async (m: Member) =>
    (await t.http().get('/balance').query({ add: false }).set(m.auth).expect(200)).body;

  it("never shows a member another member's balance: every sum on every path is a random part (case 1)", async () => {
    // Members registered one after another, as 100114 and 100115 were, with distinct balances.
    const members: { m: Member; micro: bigint }[] = [];
    for (let i = 0; i < 24; i++) {
      const m = await member(t);
      const micro = 10n * USDT + BigInt(i) * 7_123_457n;
      await adjust(t, admin, m.id, Number(micro) / 1e6);
      members.push({ m, micro });
    }
    await t.http().post('/admin/proofs').set(admin).expect(200);
    const liabilities = new Set(members.map((x) => x.micro.toString()));
    for (const { m, micro } of members) {
      const proof = await proofOf(m);
      expect(proof.balance_micro).toBe(micro.toString());
      expect(verifyMemberProof(proof)).toEqual({ ok: true });
      // Two parts, neither the whole, in the two halves of the tree (the first step from the top differs).
      expect(proof.leaves).toHaveLength(2);
      for (const leaf of proof.leaves) expect(BigInt(leaf.amount_micro)).toBeLessThan(micro);
      const tops = proof.leaves.map((leaf) => leaf.path[leaf.path.length - 1].side);
      expect(new Set(tops).size).toBe(2);
      for (const leaf of proof.leaves) {
        for (const step of leaf.path) {
          // No sibling adds up to any member's liability: not the neighbour's, not one's own.
          expect(liabilities.has(step.sum_micro)).toBe(false);
        }
      }
    }
  }, 60_000);

  it("tells a member that another member's proof, or a proof with a shrunk part, does not match (case 2)", async () => {
    const a = await member(t);
    const b = await member(t);
    await adjust(t, admin, a.id, 50);
    await adjust(t, admin, b.id, 75.5);
    await t.http().post('/admin/proofs').set(admin).expect(200);
    const own = await proofOf(a);
    const statement = await statementOf(a, own.created_at);
    const withdrawals = await withdrawalsOf(a);
    const ok = await verify(own, { member: a.id, statement, withdrawals });
    expect(ok.stdout).toContain(`OK: member ${a.id}'s liability of 50.000000 USDT`);
    expect(ok.code).toBe(0);

    // Another member's proof: its leaves do not name A, and its E-Wallet is not A's statement's.
    const other = await proofOf(b);
    expect(verifyMemberProof(other)).toEqual({ ok: true });
    const foreign = await verify(other, { member: a.id, statement, withdrawals });
    expect(foreign.code).toBe(1);
    expect(foreign.stdout).toContain(
      "FAIL: 2 of the leaves do not name you: this is another member's proof",
    );
    expect(foreign.stdout).toContain(
      'FAIL: the E-Wallet differs: the proof says 75.500000 USDT, your statement 50.000000 USDT',
    );

    // A part shrunk by 20 USDT in a tree built with it: the paths lead to that tree's root, the
    // figures add up, and only the member's own statement shows it.
    const shrunk = structuredClone(own);
    const part = shrunk.leaves[0];
    part.amount_micro = (BigInt(part.amount_micro) - 20n * USDT).toString();
    if (BigInt(part.amount_micro) < 0n) {
      shrunk.leaves.reverse();
      shrunk.leaves[0].amount_micro = (BigInt(own.leaves[1].amount_micro) - 20n * USDT).toString();
    }
    const fake = shrunk.leaves[0];
    let node = leafNode(fake.leaf_id, BigInt(fake.amount_micro), fake.salt, sha256Hex);
    for (const step of fake.path) {
      const sibling = { hash: step.hash, sum: BigInt(step.sum_micro) };
      node = step.side === 'left' ? parentNode(sibling, node) : parentNode(node, sibling);
    }
    shrunk.root_hash = node.hash;
    shrunk.total_micro = node.sum.toString();
    shrunk.leaves = [fake];
    shrunk.balance_micro = fake.amount_micro;
    shrunk.e_wallet_micro = fake.amount_micro;
    expect(verifyMemberProof(shrunk)).toEqual({ ok: true });
    const caught = await verify(shrunk, { member: a.id, statement, withdrawals, lang: 'ru' });
    expect(caught.code).toBe(1);
    expect(caught.stdout).toContain(
      `ОШИБКА: E-Wallet не совпадает: в доказательстве ${(Number(fake.amount_micro) / 1e6).toFixed(6)} USDT, в вашей выписке 50.000000 USDT`,
    );
  });

  it('counts withdrawals requested and not yet sent in the liability and the total; solvency agrees (case 3)', async () => {
    const m = await member(t);
    await adjust(t, admin, m.id, 250);
    await setLevel(t, m.id, 1);
    const take = await t
      .http()
      .post('/balance/take')
      .set(m.auth)
      .send({ wallet: OUTSIDE, amount: 200 })
      .expect(200);
    const published = (await t.http().post('/admin/proofs').set(admin).expect(200)).body;
    const proof = await proofOf(m);
    expect(proof).toMatchObject({
      balance_micro: (250n * USDT).toString(),
      e_wallet_micro: (50n * USDT).toString(),
      pending_withdrawals: [{ id: take.body.id, amount_micro: (200n * USDT).toString() }],
    });
    expect(verifyMemberProof(proof)).toEqual({ ok: true });
    const statement = await statementOf(m, proof.created_at);
    const withdrawals = await withdrawalsOf(m);
    expect((await verify(proof, { member: m.id, statement, withdrawals })).code).toBe(0);

    // The total is the ledger's: every money account plus what pending_withdrawals holds.
    const [ledger] = await t.db.query(
      `SELECT coalesce(sum(p.amount) FILTER (WHERE a.user_id IS NOT NULL AND a.kind = 'money'), 0)::text AS money,
              coalesce(sum(p.amount) FILTER (WHERE a.user_id IS NULL AND a.kind = 'pending_withdrawals'), 0)::text AS pending
       FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id`,
    );
    // pending_withdrawals is a system account: what it holds is its postings' sum.
    const pending = BigInt(ledger.pending);
    expect(published.total_micro).toBe((BigInt(ledger.money) + pending).toString());
    expect(published.pending_withdrawals_micro).toBe(pending.toString());
    expect(pending).toBeGreaterThanOrEqual(200n * USDT);
    const report = await expectLedgerSound(t, admin);
    expect(BigInt(Math.round(report.solvency.liabilities * 1e6))).toBe(
      BigInt(published.total_micro),
    );
    // The public page shows the same proof's figures.
    const open = (await t.http().get('/transparency').expect(200)).body;
    expect(open).toMatchObject({
      liabilities: Number(published.total_micro) / 1e6,
      reserves: published.reserves.total,
      block: published.block,
      proof_created_at: published.created_at,
    });
    expect(open.surplus).toBeCloseTo(
      published.reserves.total - Number(published.total_micro) / 1e6,
      6,
    );

    // A proof that leaves the pending withdrawal out is told so.
    const omitted = {
      ...proof,
      pending_withdrawals: [],
      balance_micro: proof.e_wallet_micro,
      leaves: proof.leaves,
    };
    const caught = await verify(omitted, { member: m.id, statement, withdrawals, lang: 'uz' });
    expect(caught.code).toBe(1);
    expect(caught.stdout).toContain(
      'XATO: kutilayotgan yechib olishlar mos emas: isbotda 0.000000 USDT, yozuvlaringizda 200.000000 USDT',
    );
  });

  it('makes at most one operator snapshot a minute: 429 PROOF_TOO_SOON with Retry-After', async () => {
    const limited = await startApp({ ...tronSettings(tron), PROOF_MIN_INTERVAL_SECONDS: '60' });
    try {
      await t.db.query(`UPDATE proof_snapshots SET created_at = created_at - interval '2 minutes'`);
      const both = await Promise.all([
        limited.http().post('/admin/proofs').set(admin),
        limited.http().post('/admin/proofs').set(admin),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 429]);
      const refused = both.find((r) => r.status === 429)!;
      expect(refused.body.code).toBe('PROOF_TOO_SOON');
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      const again = await limited.http().post('/admin/proofs').set(admin);
      expect(again.status).toBe(429);
      expect(again.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  }, 30_000);
});
