import { TestApp, adjust, member, operator, startApp } from '../support/harness';

/**
 * The audit trail is a hash chain: GET /admin/audit/verify finds an edited or
 * a removed row, and the app's connection cannot edit or remove rows at all.
 * The tampering below is done the only way left, as the table's owner with
 * the append-only trigger switched off, and undone afterwards.
 */
describe('a tamper-evident audit trail', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startApp({ ADJUST_APPROVAL_THRESHOLD: '0' });
    admin = await operator(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const verify = async () => {
    const res = await t.http().get('/admin/audit/verify').set(admin);
    expect(res.status).toBe(200);
    return res.body as {
      ok: boolean;
      rows_checked: number;
      first_broken_id: number | null;
      reason: string | null;
      head_seq: number;
    };
  };
  const asOwner = async (sql: string, values: unknown[]) => {
    await t.db.query(`ALTER TABLE audit_log DISABLE TRIGGER USER`);
    try {
      return await t.db.query(sql, values);
    } finally {
      await t.db.query(`ALTER TABLE audit_log ENABLE TRIGGER USER`);
    }
  };
  const rows = (): Promise<{ id: string; details: unknown; chain_seq: string }[]> =>
    t.db.query(`SELECT id, details, chain_seq FROM audit_log ORDER BY chain_seq`);

  async function someEntries(n: number) {
    const m = await member(t);
    for (let i = 0; i < n; i++) await adjust(t, admin, m.id, 1);
  }

  it('links rows written at the same moment into one unbroken chain', async () => {
    const m = await member(t);
    await Promise.all(Array.from({ length: 20 }, () => adjust(t, admin, m.id, 1)));
    const result = await verify();
    const all = await rows();
    expect(result).toEqual({
      ok: true,
      rows_checked: all.length,
      first_broken_id: null,
      reason: null,
      head_seq: all.length,
    });
    expect(all.map((r) => Number(r.chain_seq))).toEqual(all.map((_, i) => i + 1));
  });

  it('finds a row edited in SQL, and the chain holds again once it is put back', async () => {
    await someEntries(3);
    const all = await rows();
    const victim = all[all.length - 2];
    await asOwner(`UPDATE audit_log SET details = '{"amount": 1000000}' WHERE id = $1`, [
      victim.id,
    ]);
    expect(await verify()).toMatchObject({
      ok: false,
      first_broken_id: Number(victim.id),
      reason: 'edited',
      rows_checked: all.length - 1,
    });
    await asOwner(`UPDATE audit_log SET details = $2 WHERE id = $1`, [
      victim.id,
      JSON.stringify(victim.details),
    ]);
    expect((await verify()).ok).toBe(true);
  });

  it('finds a removed row, in the middle or at the end', async () => {
    await someEntries(3);
    const saved: Record<string, unknown>[] = await t.db.query(
      // created_at as text: a Date would lose its microseconds, and they are hashed.
      `SELECT *, created_at::text AS created_text FROM audit_log ORDER BY chain_seq DESC LIMIT 2`,
    );
    const [last, middle] = saved;
    const putBack = (row: Record<string, unknown>) =>
      asOwner(
        `INSERT INTO audit_log (id, actor_id, action, target_user_id, details, created_at, chain_seq, prev_hash, hash)
         OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          row.id,
          row.actor_id,
          row.action,
          row.target_user_id,
          JSON.stringify(row.details),
          row.created_text,
          row.chain_seq,
          row.prev_hash,
          row.hash,
        ],
      );

    await asOwner(`DELETE FROM audit_log WHERE id = $1`, [middle.id]);
    expect(await verify()).toMatchObject({
      ok: false,
      first_broken_id: Number(last.id),
      reason: 'missing_before',
    });
    await putBack(middle);

    await asOwner(`DELETE FROM audit_log WHERE id = $1`, [last.id]);
    expect(await verify()).toMatchObject({
      ok: false,
      first_broken_id: null,
      reason: 'truncated',
    });
    await putBack(last);
    expect((await verify()).ok).toBe(true);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of audit rows to the app', async () => {
    await someEntries(1);
    const [row] = await rows();
    for (const sql of [
      `UPDATE audit_log SET action = 'nothing' WHERE id = ${row.id}`,
      `DELETE FROM audit_log WHERE id = ${row.id}`,
      `TRUNCATE audit_log`,
    ]) {
      await expect(t.db.query(sql)).rejects.toThrow('audit_log is append-only');
    }
    expect((await verify()).ok).toBe(true);
  });

  it('is for admins only', async () => {
    const m = await member(t);
    expect((await t.http().get('/admin/audit/verify').set(m.auth)).status).toBe(403);
  });
});
