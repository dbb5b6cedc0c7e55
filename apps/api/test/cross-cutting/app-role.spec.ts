import { INestApplicationContext } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/config';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { migrate } from '../../src/database/migrate';
import { seed } from '../../src/seed/seed';
import { TEST_DATABASE_URL } from '../support/env';
import { eventually } from '../support/eventually';
import { TestApp, adjust, expectLedgerSound, member, operator, startApp } from '../support/harness';
import { TronTestNode, startTronNode, startWorker } from '../support/tron';

/** The same server as the test database: a database of this suite's own, and its URLs. */
const base = new URL(TEST_DATABASE_URL);
const database = `${base.pathname.slice(1)}_role`;
const ownerUrl = Object.assign(new URL(base), { pathname: `/${database}` }).toString();
const roleName = `${database}_app`;
const urlAs = (user: string, password: string) =>
  Object.assign(new URL(ownerUrl), { username: user, password }).toString();
const appUrl = urlAs(roleName, 'app-role-test-password');
const configFor = (databaseUrl: string) =>
  loadConfig({ ...process.env, DATABASE_URL: databaseUrl, DATABASE_OWNER_URL: ownerUrl });

async function asRole<T>(url: string, work: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/**
 * The app on a role that owns no table (issue 36): `migrate()` (pnpm
 * db:migrate) runs the migrations as DATABASE_OWNER_URL and makes
 * DATABASE_URL's role with data rights only; the API and the worker then run
 * on it, and that login cannot switch the audit's triggers off, edit,
 * delete or empty it. Its own database, made from nothing by the migrate step.
 */
describe('the app on a role that owns nothing', () => {
  let tron: TronTestNode;
  let t: TestApp;
  let worker: INestApplicationContext | undefined;
  const owner = (text: string, values: unknown[] = []) =>
    asRole(ownerUrl, async (db) => (await db.query(text, values)).rows);

  beforeAll(async () => {
    await asRole(Object.assign(new URL(base), { pathname: '/postgres' }).toString(), async (db) => {
      await db.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await db.query(`CREATE DATABASE "${database}"`);
    });
    await migrate(configFor(appUrl));
    const seeding = new DataSource(dataSourceOptions(configFor(ownerUrl)));
    await seeding.initialize();
    await seed(seeding, { phone: process.env.ADMIN_PHONE!, password: process.env.ADMIN_PASSWORD! });
    await seeding.destroy();
    tron = await startTronNode();
    t = await startApp({
      DATABASE_URL: appUrl,
      ADJUST_APPROVAL_THRESHOLD: '0',
      TRON_FULL_NODE_URL: tron.url,
    });
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await tron?.close();
  });

  it('migrates as the owner and gives the app a role that owns nothing, with data rights only', async () => {
    const rights = async () =>
      owner(
        `WITH tables AS (
           SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p'))
         SELECT r.rolsuper, r.rolcreaterole, r.rolcreatedb,
           (SELECT count(*)::int FROM pg_tables WHERE schemaname = 'public' AND tableowner = r.rolname) AS owned,
           (SELECT count(*)::int FROM tables WHERE NOT has_table_privilege(r.rolname, oid, 'SELECT')) AS unreadable,
           has_table_privilege(r.rolname, 'users', 'INSERT, UPDATE, DELETE') AS users_dml,
           has_table_privilege(r.rolname, 'audit_log', 'INSERT') AS audit_insert,
           has_table_privilege(r.rolname, 'audit_log', 'UPDATE')
             OR has_table_privilege(r.rolname, 'audit_log', 'DELETE')
             OR has_table_privilege(r.rolname, 'audit_signatures', 'UPDATE')
             OR has_table_privilege(r.rolname, 'audit_signatures', 'DELETE')
             OR has_table_privilege(r.rolname, 'audit_published_heads', 'DELETE')
             OR has_table_privilege(r.rolname, 'audit_chain_head', 'UPDATE')
             OR has_table_privilege(r.rolname, 'migrations', 'INSERT') AS audit_change,
           (SELECT count(*)::int FROM tables
              WHERE has_table_privilege(r.rolname, oid, 'TRUNCATE, TRIGGER, REFERENCES')) AS ddl_like,
           has_schema_privilege(r.rolname, 'public', 'CREATE') AS can_create
         FROM pg_roles r WHERE r.rolname = $1`,
        [roleName],
      );
    const expected = [
      {
        rolsuper: false,
        rolcreaterole: false,
        rolcreatedb: false,
        owned: 0,
        unreadable: 0,
        users_dml: true,
        audit_insert: true,
        audit_change: false,
        ddl_like: 0,
        can_create: false,
      },
    ];
    expect(await rights()).toEqual(expected);
    // Again (every start migrates): nothing to apply, the same rights.
    await migrate(configFor(appUrl));
    expect(await rights()).toEqual(expected);
  });

  it('serves members and operators on that role: an audited, signed operator action, the ledger sound', async () => {
    expect(await t.db.query(`SELECT current_user AS role`)).toEqual([{ role: roleName }]);
    expect((await t.http().get('/health')).status).toBe(200);
    const admin = await operator(t);
    const m = await member(t);
    await adjust(t, admin, m.id, 25);
    expect((await t.http().get('/users/me').set(m.auth)).body.money).toBe(25);
    const audit = await t.http().get('/admin/audit?limit=1').set(admin);
    expect(audit.body[0]).toMatchObject({ action: 'ledger.adjust', target_user_id: m.id });
    const verify = await t.http().get('/admin/audit/verify').set(admin);
    expect(verify.body).toMatchObject({ ok: true });
    await expectLedgerSound(t, admin);
  });

  it("runs the worker on that role: ledger checkpoints, and a scheduled proof that publishes the audit's head", async () => {
    // Postings and an audit row after the API's last ledger report: only the worker's checkpoint covers them.
    await adjust(t, await operator(t), (await member(t)).id, 3);
    const [{ last }] = await owner(`SELECT max(id)::text AS last FROM ledger_postings`);
    worker = await startWorker({
      DATABASE_URL: appUrl,
      TRON_FULL_NODE_URL: tron.url,
      PROOF_INTERVAL_HOURS: '1',
      SWEEP_INTERVAL_MS: '200',
      LEDGER_CHECKPOINT_INTERVAL_MS: '200',
    });
    await eventually(
      async () =>
        (await owner(`SELECT 1 FROM ledger_checkpoints WHERE posting_id >= $1`, [last])).length >
          0 || undefined,
      20_000,
      'a ledger checkpoint by the worker',
    );
    const latest = await eventually(
      async () => {
        const res = await t.http().get('/proofs/latest');
        return res.status === 200 ? res.body : undefined;
      },
      20_000,
      'a scheduled proof',
    );
    const [head] = await owner(
      `SELECT chain_seq::int AS seq, hash FROM audit_log ORDER BY chain_seq DESC LIMIT 1`,
    );
    expect(latest.audit_head).toMatchObject(head);
  });

  it('refuses that role whatever would rewrite the audit: triggers off, edits, deletions, emptying, the head, DDL', async () => {
    const refused = await asRole(appUrl, async (db) => {
      const answers: Record<string, string> = {};
      for (const statement of [
        `ALTER TABLE audit_log DISABLE TRIGGER USER`,
        `ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`,
        `UPDATE audit_log SET details = '{}'`,
        `DELETE FROM audit_log`,
        `TRUNCATE audit_log`,
        `DELETE FROM audit_signatures`,
        `UPDATE audit_published_heads SET hash = repeat('0', 64)`,
        `UPDATE audit_chain_head SET last_seq = 0`,
        `CREATE OR REPLACE FUNCTION audit_row_hash(text, bigint, bigint, integer, text, integer, jsonb, timestamptz)
           RETURNS text LANGUAGE sql AS $$ SELECT '' $$`,
        `CREATE TABLE mine (id int)`,
        `DROP TABLE audit_log`,
      ]) {
        answers[statement.split('\n')[0]] = await db.query(statement).then(
          () => 'done',
          (error: Error) => error.message,
        );
      }
      return answers;
    });
    for (const [statement, answer] of Object.entries(refused)) {
      expect([statement, answer]).toEqual([
        statement,
        expect.stringMatching(/^(must be owner of|permission denied for)/),
      ]);
    }
  });

  it('gives the app the same rights on a table a later migration adds', async () => {
    await owner(`CREATE TABLE later_things (id int PRIMARY KEY)`);
    await migrate(configFor(appUrl));
    await asRole(appUrl, async (db) => {
      await db.query(`INSERT INTO later_things VALUES (1)`);
      expect((await db.query(`SELECT id FROM later_things`)).rows).toEqual([{ id: 1 }]);
      await expect(db.query(`DROP TABLE later_things`)).rejects.toThrow(/must be owner/);
    });
    await owner(`DROP TABLE later_things`);
  });

  it('refuses to make a superuser the app: it could rewrite the audit', async () => {
    const superName = `${roleName}_super`;
    await owner(`DROP ROLE IF EXISTS "${superName}"`);
    await owner(`CREATE ROLE "${superName}" LOGIN SUPERUSER`);
    try {
      await expect(migrate(configFor(urlAs(superName, 'x')))).rejects.toThrow(
        `the app's role ${superName} is a superuser`,
      );
    } finally {
      await owner(`DROP ROLE "${superName}"`);
    }
  });
});
