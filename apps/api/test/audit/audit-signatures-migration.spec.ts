import { DataSource, QueryRunner } from 'typeorm';
import { loadConfig } from '../../src/config/config';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { AuditSignatures1766810000000 } from '../../src/database/migrations/1766810000000-audit-signatures';
import { separateDatabase } from '../support/database';
import { TestApp, operator, startApp } from '../support/harness';

/**
 * Rows written before audit rows were signed (migration 1766810000000) are
 * signed by that migration, in its own process, after their links and
 * hashes check out; from a row that does not, nothing is signed, and the
 * check in the application says where.
 */
describe('the migration that signs the audit rows written before it', () => {
  let url: string;
  let db: DataSource;
  let t: TestApp | undefined;
  beforeAll(async () => {
    url = await separateDatabase('audit_migration');
    db = new DataSource(dataSourceOptions(loadConfig({ ...process.env, DATABASE_URL: url })));
    await db.initialize();
  });
  afterAll(async () => {
    await t?.close();
    await db.destroy();
  });

  /** Runs `work` in a transaction, as the migration runner does each migration. */
  async function inTransaction(work: (runner: QueryRunner) => Promise<void>) {
    const runner = db.createQueryRunner();
    await runner.startTransaction();
    try {
      await work(runner);
      await runner.commitTransaction();
    } catch (error) {
      await runner.rollbackTransaction();
      throw error;
    } finally {
      await runner.release();
    }
  }

  /** Back to the schema before the migration, with `n` audit rows written then. */
  const beforeSigning = (n: number) =>
    inTransaction(async (runner) => {
      await new AuditSignatures1766810000000().down(runner);
      for (let i = 0; i < n; i++) {
        await runner.query(
          `INSERT INTO audit_log (actor_id, action, target_user_id, details)
           SELECT id, 'content.settings', NULL, jsonb_build_object('step', $1::int) FROM users
           WHERE role = 'admin' ORDER BY id LIMIT 1`,
          [i],
        );
      }
    });
  const migrate = () => inTransaction((runner) => new AuditSignatures1766810000000().up(runner));
  const signed = async () =>
    (await db.query(`SELECT chain_seq::int AS seq FROM audit_signatures ORDER BY 1`)).map(
      (r: { seq: number }) => r.seq,
    );

  const upTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  it('signs an intact chain whole, and the application finds it intact', async () => {
    // More than nine rows: taken in seq order, never in their text's ('10' before '9').
    await beforeSigning(12);
    await migrate();
    expect(await signed()).toEqual(upTo(12));
    t = await startApp({ DATABASE_URL: url });
    const res = await t
      .http()
      .get('/admin/audit/verify')
      .set(await operator(t));
    expect(res.body).toEqual({ ok: true, checked: 12 });
  });

  it('signs up to a row that does not hold, and leaves it and what follows unsigned', async () => {
    // The twelve rows above and four more, the fifteenth edited (as the owner could before signatures).
    await beforeSigning(4);
    await db.query(`ALTER TABLE audit_log DISABLE TRIGGER USER`);
    await db.query(`UPDATE audit_log SET details = '{"step": 99}' WHERE chain_seq = 15`);
    await db.query(`ALTER TABLE audit_log ENABLE TRIGGER USER`);
    await migrate();
    expect(await signed()).toEqual(upTo(14));
    const res = await t!
      .http()
      .get('/admin/audit/verify')
      .set(await operator(t!));
    expect(res.body).toEqual({ ok: false, checked: 15, broken_at: 15, reason: 'edited' });
  });
});
