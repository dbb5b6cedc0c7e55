import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { auditPublicKey, auditSignatureHolds } from '../../src/common/audit-signature';
import { TEST_DATABASE_URL } from '../support/env';
import { TestApp, adjust, member, operator, startApp } from '../support/harness';
import { TronTestNode, startTronNode } from '../support/tron';

const run = promisify(execFile);
const VERIFY = join(__dirname, '..', '..', '..', '..', 'scripts', 'verify-audit.mjs');

interface Verification {
  ok: boolean;
  checked: number;
  broken_at?: number;
  reason?: string;
}
interface Head {
  seq: number;
  hash: string;
  sig: string;
  public_key: string;
}

/**
 * The audit trail: each row signed with AUDIT_SIGNING_KEY (which the
 * database never sees), its head published with every proof of liabilities,
 * checked in the application (GET /admin/audit/verify) and offline (pnpm
 * verify:audit). The tampering below is what the tables' owner can do, done
 * as the database's superuser on a connection of its own; each case puts
 * the trail back as it was, and the check holds again.
 */
describe('an audit the database owner cannot rewrite', () => {
  let tron: TronTestNode;
  let t: TestApp;
  let admin: Record<string, string>;
  let owner: Client;
  let published: Head;
  beforeAll(async () => {
    tron = await startTronNode();
    t = await startApp({ ADJUST_APPROVAL_THRESHOLD: '0', TRON_FULL_NODE_URL: tron.url });
    admin = await operator(t);
    owner = new Client({ connectionString: TEST_DATABASE_URL });
    await owner.connect();
    // A few rows before the proof: the tail cut below keeps some.
    await someEntries(4);
    const proof = await t.http().post('/admin/proofs').set(admin);
    expect(proof.status).toBe(200);
    published = proof.body.audit_head;
  });
  afterAll(async () => {
    await owner?.end();
    await t.close();
    await tron.close();
  });

  const verify = async (): Promise<Verification> => {
    const res = await t.http().get('/admin/audit/verify').set(admin);
    expect(res.status).toBe(200);
    return res.body;
  };
  const sql = async (text: string, values: unknown[] = []) =>
    (await owner.query(text, values)).rows;
  const lastSeq = async () =>
    Number((await sql(`SELECT max(chain_seq)::int AS seq FROM audit_log`))[0].seq);
  const rowCount = async () => Number((await sql(`SELECT count(*)::int AS n FROM audit_log`))[0].n);

  async function someEntries(n: number) {
    const m = await member(t);
    for (let i = 0; i < n; i++) await adjust(t, admin, m.id, 1);
    return m;
  }

  /**
   * Runs `work` (the tampering), then puts the trail back as it was: every
   * audit table saved aside first and restored after, triggers off meanwhile.
   */
  async function tampering(work: () => Promise<void>) {
    const tables = ['audit_log', 'audit_signatures', 'audit_published_heads', 'audit_chain_head'];
    for (const table of tables) {
      await sql(`CREATE TEMP TABLE saved_${table} AS SELECT * FROM ${table}`);
    }
    try {
      await work();
    } finally {
      await sql(`
        ALTER TABLE audit_log DISABLE TRIGGER USER;
        ALTER TABLE audit_signatures DISABLE TRIGGER USER;
        ALTER TABLE audit_published_heads DISABLE TRIGGER USER;
        DELETE FROM audit_published_heads; DELETE FROM audit_signatures; DELETE FROM audit_log;
        INSERT INTO audit_log OVERRIDING SYSTEM VALUE SELECT * FROM saved_audit_log;
        INSERT INTO audit_signatures SELECT * FROM saved_audit_signatures;
        INSERT INTO audit_published_heads SELECT * FROM saved_audit_published_heads;
        UPDATE audit_chain_head h SET last_seq = s.last_seq, last_hash = s.last_hash
          FROM saved_audit_chain_head s;
        ALTER TABLE audit_log ENABLE TRIGGER USER;
        ALTER TABLE audit_signatures ENABLE TRIGGER USER;
        ALTER TABLE audit_published_heads ENABLE TRIGGER USER;
        DROP TABLE saved_audit_log, saved_audit_signatures, saved_audit_published_heads,
          saved_audit_chain_head;`);
    }
    expect(await verify()).toEqual({ ok: true, checked: await rowCount() });
  }

  /** As the owner: rows from `seq` on get hashes recomputed and linked again (the database's own function), and the head follows. */
  const rechainFrom = (seq: number) =>
    sql(
      `DO $$
       DECLARE r record; prev text; h text;
       BEGIN
         SELECT hash INTO prev FROM audit_log WHERE chain_seq = ${seq} - 1;
         prev := coalesce(prev, repeat('0', 64));
         FOR r IN SELECT * FROM audit_log WHERE chain_seq >= ${seq} ORDER BY chain_seq LOOP
           h := audit_row_hash(prev, r.chain_seq, r.id, r.actor_id, r.action, r.target_user_id, r.details, r.created_at);
           UPDATE audit_log SET prev_hash = prev, hash = h WHERE id = r.id;
           prev := h;
         END LOOP;
         UPDATE audit_chain_head SET last_seq = (SELECT max(chain_seq) FROM audit_log), last_hash = prev;
       END $$`,
    );
  const triggersOff = async (work: () => Promise<unknown>) => {
    await sql(`ALTER TABLE audit_log DISABLE TRIGGER USER`);
    await sql(`ALTER TABLE audit_signatures DISABLE TRIGGER USER`);
    try {
      await work();
    } finally {
      await sql(`ALTER TABLE audit_log ENABLE TRIGGER USER`);
      await sql(`ALTER TABLE audit_signatures ENABLE TRIGGER USER`);
    }
  };

  it('signs every row, written many at once too, and the chain checks out in the application', async () => {
    const m = await member(t);
    await Promise.all(Array.from({ length: 20 }, () => adjust(t, admin, m.id, 1)));
    const rows = await sql(
      `SELECT l.chain_seq, l.hash, s.sig FROM audit_log l
       LEFT JOIN audit_signatures s USING (chain_seq) ORDER BY chain_seq`,
    );
    expect(rows.map((r) => Number(r.chain_seq))).toEqual(rows.map((_, i) => i + 1));
    const key = auditPublicKey(published.public_key);
    expect(rows.every((r) => auditSignatureHolds(key, r.chain_seq, r.hash, r.sig))).toBe(true);
    expect(await verify()).toEqual({ ok: true, checked: rows.length });
  });

  it('publishes the head with the proof of liabilities: the last row, signed, and the key', async () => {
    const latest = (await t.http().get('/proofs/latest')).body;
    expect(latest.audit_head).toEqual(published);
    const [row] = await sql(
      `SELECT l.hash, s.sig FROM audit_log l JOIN audit_signatures s USING (chain_seq)
       WHERE chain_seq = $1`,
      [published.seq],
    );
    expect(published).toEqual({
      seq: expect.any(Number),
      hash: row.hash,
      sig: row.sig,
      public_key: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // The head is the chain as the snapshot saw it: the proof's own audit row comes after.
    const [action] = await sql(`SELECT action FROM audit_log WHERE chain_seq = $1`, [
      published.seq + 1,
    ]);
    expect(action.action).toBe('proof.publish');
    expect(
      auditSignatureHolds(
        auditPublicKey(published.public_key),
        published.seq,
        published.hash,
        published.sig,
      ),
    ).toBe(true);
  });

  it('holds every head published, in seq order however many digits (9 before 10)', async () => {
    await someEntries(Math.max(0, 12 - (await lastSeq())));
    await tampering(async () => {
      // Heads as proofs publish them (copied from the rows), under proof ids no proof uses.
      await sql(
        `INSERT INTO audit_published_heads (proof_id, chain_seq, hash, sig)
         SELECT -l.chain_seq, l.chain_seq, l.hash, s.sig FROM audit_log l
         JOIN audit_signatures s USING (chain_seq) WHERE l.chain_seq IN (9, 10, 11)`,
      );
      expect(await verify()).toEqual({ ok: true, checked: await rowCount() });
    });
  });

  it('finds a row forged by SQL with the triggers on: linked, but never signed', async () => {
    await someEntries(2);
    await tampering(async () => {
      const m = await member(t);
      await sql(
        `INSERT INTO audit_log (actor_id, action, target_user_id, details)
         SELECT id, 'ledger.adjust', $1, '{"account": "money", "amount": 1000000}' FROM users
         WHERE role = 'admin' ORDER BY id LIMIT 1`,
        [m.id],
      );
      const forged = await lastSeq();
      expect(await verify()).toMatchObject({ ok: false, broken_at: forged, reason: 'unsigned' });
      // The app's own rows after it are signed; the forgery still shows.
      await adjust(t, admin, m.id, 1);
      expect(await verify()).toMatchObject({ ok: false, broken_at: forged, reason: 'unsigned' });
    });
  });

  it('finds a row forged by SQL with the triggers off, linked by hand and given a signature', async () => {
    await someEntries(1);
    await tampering(() =>
      triggersOff(async () => {
        const [last] = await sql(
          `SELECT l.chain_seq, l.hash, s.sig FROM audit_log l JOIN audit_signatures s USING (chain_seq)
           ORDER BY chain_seq DESC LIMIT 1`,
        );
        const seq = Number(last.chain_seq) + 1;
        await sql(
          `INSERT INTO audit_log (actor_id, action, target_user_id, details, chain_seq, prev_hash, hash)
           SELECT u.id, 'ledger.adjust', NULL, '{"amount": 1000000}', $1, $2, repeat('0', 64)
           FROM users u WHERE u.role = 'admin' ORDER BY u.id LIMIT 1`,
          [seq, last.hash],
        );
        await rechainFrom(seq);
        // A signature copied from a genuine row: valid, but over another seq and hash.
        await sql(`INSERT INTO audit_signatures (chain_seq, sig) VALUES ($1, $2)`, [seq, last.sig]);
        expect(await verify()).toMatchObject({
          ok: false,
          broken_at: seq,
          reason: 'bad_signature',
        });
      }),
    );
  });

  it('finds a middle row edited, whether the rest is re-chained or not', async () => {
    await someEntries(4);
    const victim = (await lastSeq()) - 2;
    await tampering(() =>
      triggersOff(async () => {
        await sql(
          `UPDATE audit_log SET details = '{"account": "money", "amount": 1000000}' WHERE chain_seq = $1`,
          [victim],
        );
        expect(await verify()).toMatchObject({ ok: false, broken_at: victim, reason: 'edited' });
        // Every hash from the edited row on recomputed and linked, head moved: only the key is missing.
        await rechainFrom(victim);
        const result = await verify();
        expect(result).toEqual({
          ok: false,
          checked: victim,
          broken_at: victim,
          reason: 'bad_signature',
        });
      }),
    );
  });

  it('finds rows removed from the middle', async () => {
    await someEntries(3);
    const gone = (await lastSeq()) - 1;
    await tampering(() =>
      triggersOff(async () => {
        await sql(`DELETE FROM audit_signatures WHERE chain_seq = $1`, [gone]);
        await sql(`DELETE FROM audit_log WHERE chain_seq = $1`, [gone]);
        expect(await verify()).toMatchObject({ ok: false, broken_at: gone, reason: 'missing' });
      }),
    );
  });

  it('finds the tail cut, the head row rolled back, after a proof published a later head', async () => {
    await someEntries(1);
    await tampering(async () => {
      const cutFrom = published.seq - 1;
      await triggersOff(async () => {
        await sql(`DELETE FROM audit_signatures WHERE chain_seq >= $1`, [cutFrom]);
        await sql(`DELETE FROM audit_log WHERE chain_seq >= $1`, [cutFrom]);
        await sql(
          `UPDATE audit_chain_head SET last_seq = l.chain_seq, last_hash = l.hash
           FROM audit_log l WHERE l.chain_seq = $1`,
          [cutFrom - 1],
        );
      });
      // Consistent in itself (links, hashes, signatures, head row): only the published head says otherwise.
      expect(await verify()).toMatchObject({
        ok: false,
        broken_at: published.seq,
        reason: 'truncated',
      });
      // The app writes on over the cut: the seq comes back, with another row.
      await someEntries(3);
      expect(await lastSeq()).toBeGreaterThan(published.seq);
      expect(await verify()).toMatchObject({
        ok: false,
        broken_at: published.seq,
        reason: 'truncated',
      });
    });
  });

  describe('offline, from the exported CSV (pnpm verify:audit)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-'));
    const headFile = join(dir, 'latest.json');
    const exported = async (name = 'audit.csv') => {
      const res = await t.http().get('/admin/exports/audit.csv').set(admin).buffer(true);
      expect(res.status).toBe(200);
      writeFileSync(join(dir, name), res.text);
      return join(dir, name);
    };
    const script = (...args: string[]) =>
      run(process.execPath, [VERIFY, ...args]).then(
        (out) => ({ code: 0, stdout: out.stdout }),
        (error: { code: number; stdout: string; stderr: string }) => ({
          code: error.code,
          stdout: error.stdout + error.stderr,
        }),
      );

    beforeAll(async () => {
      writeFileSync(headFile, JSON.stringify((await t.http().get('/proofs/latest')).body));
    });

    it('holds for the trail as written, against the published head', async () => {
      await someEntries(1);
      const file = await exported();
      const result = await script(file, '--head', headFile);
      expect(result).toMatchObject({ code: 0 });
      expect(result.stdout).toContain(`the published head (seq ${published.seq}) is in the chain`);
      expect(result.stdout).toContain(`${await rowCount()} rows (seq 1..${await lastSeq()})`);
      // The CSV carries the exact text hashed: each line's fields hash to its hash.
      const [header, line] = readFileSync(file, 'utf8').split('\r\n');
      expect(header).toBe(
        'id,actor_id,action,target_user_id,details,created_at,chain_seq,prev_hash,hash,sig',
      );
      expect(line).toMatch(/^\d+,\d+,[a-z_.]+,\d*,/);
      expect(await script(file, '--public-key', published.public_key)).toMatchObject({ code: 0 });
    });

    it('says where a file edited after the export breaks', async () => {
      const file = await exported();
      const text = readFileSync(file, 'utf8');
      // One adjustment of 1 USDT now says 1,000.
      const edited = text.replace('""amount"": 1,', '""amount"": 1000,');
      expect(edited).not.toBe(text);
      writeFileSync(file, edited);
      const result = await script(file, '--head', headFile);
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/BROKEN: broken at seq \d+: edited/);
    });

    it('finds a re-chained database and a cut tail in what the server exports', async () => {
      await someEntries(3);
      const victim = (await lastSeq()) - 1;
      await tampering(async () => {
        await triggersOff(async () => {
          await sql(`UPDATE audit_log SET details = '{"amount": 1000000}' WHERE chain_seq = $1`, [
            victim,
          ]);
          await rechainFrom(victim);
        });
        const result = await script(await exported(), '--head', headFile);
        expect(result.code).toBe(1);
        expect(result.stdout).toContain(`broken at seq ${victim}: bad_signature`);
      });
      await tampering(async () => {
        await triggersOff(async () => {
          await sql(`DELETE FROM audit_signatures WHERE chain_seq >= $1`, [published.seq]);
          await sql(`DELETE FROM audit_log WHERE chain_seq >= $1`, [published.seq]);
        });
        const result = await script(await exported(), '--head', headFile);
        expect(result.code).toBe(1);
        expect(result.stdout).toContain(
          `truncated: the file ends at seq ${published.seq - 1}, before the published head (seq ${published.seq})`,
        );
      });
    });

    it('refuses a head that is not signed by the key it names, and a key that is not the head’s', async () => {
      const file = await exported();
      const forged = { ...published, hash: 'f'.repeat(64) };
      writeFileSync(join(dir, 'forged.json'), JSON.stringify(forged));
      const result = await script(file, '--head', join(dir, 'forged.json'));
      expect(result.code).toBe(1);
      expect(result.stdout).toContain(`the head (seq ${published.seq}) is not signed by this key`);
      const other = await script(file, '--head', headFile, '--public-key', 'ab'.repeat(32));
      expect(other.code).toBe(2);
    });
  });

  it('is for admins only', async () => {
    const m = await member(t);
    expect((await t.http().get('/admin/audit/verify').set(m.auth)).status).toBe(403);
  });
});
