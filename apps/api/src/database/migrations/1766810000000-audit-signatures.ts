import { MigrationInterface, QueryRunner } from 'typeorm';
import {
  AUDIT_GENESIS,
  auditKeys,
  auditRowHash,
  signAuditRow,
  type AuditRowFields,
} from '../../common/audit-signature';
import { auditSigningKeyText, loadConfig } from '../../config/config';

const SIGN_BATCH = 5000;

/**
 * Audit rows signed with a key the database never sees (issue 36): the
 * hash chain alone can be rewritten by whoever owns the tables (triggers
 * off, edit, re-link the rest); a signature over each row's (chain_seq,
 * hash) cannot be made without AUDIT_SIGNING_KEY.
 *
 * - audit_signatures: one Ed25519 signature per row, written by the app in
 *   the row's own transaction; insert-only, like audit_log.
 * - audit_published_heads: the chain's head (its last row's seq, hash and
 *   signature) as each proof of liabilities published it. Deliberately not
 *   a foreign key to audit_log: a head must outlive rows cut off after it,
 *   which is how a cut tail is found.
 * - audit_log_link() runs as its owner (SECURITY DEFINER), so the app's
 *   role needs no right on audit_chain_head to append a row, and cannot
 *   move the head itself.
 * - Rows written before this migration are signed here, in this process
 *   (the key never reaches the database), after their links and hashes are
 *   checked in the application; from the first row that does not hold, none
 *   is signed, and GET /admin/audit/verify shows where.
 */
export class AuditSignatures1766810000000 implements MigrationInterface {
  name = 'AuditSignatures1766810000000';

  async up(q: QueryRunner): Promise<void> {
    // No audit row is written while the older ones are signed.
    await q.query(`LOCK TABLE audit_log IN EXCLUSIVE MODE`);
    await q.query(`
      CREATE TABLE audit_signatures (
        chain_seq bigint PRIMARY KEY REFERENCES audit_log (chain_seq),
        sig char(128) NOT NULL
      )`);
    await q.query(`
      CREATE TABLE audit_published_heads (
        proof_id bigint PRIMARY KEY,
        chain_seq bigint NOT NULL,
        hash char(64) NOT NULL,
        sig char(128) NOT NULL,
        published_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
      END $$`);
    for (const table of ['audit_signatures', 'audit_published_heads']) {
      await q.query(`
        CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`);
      await q.query(`
        CREATE TRIGGER ${table}_no_truncate BEFORE TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`);
    }
    await q.query(
      `ALTER FUNCTION audit_log_link() SECURITY DEFINER SET search_path = public, pg_temp`,
    );
    await signEarlierRows(q);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER FUNCTION audit_log_link() SECURITY INVOKER RESET search_path`);
    await q.query(`DROP TABLE audit_published_heads`);
    await q.query(`DROP TABLE audit_signatures`);
    await q.query(`
      CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
      END $$`);
  }
}

/** Signs the rows already written, oldest first, up to the first one whose link or hash fails. */
async function signEarlierRows(q: QueryRunner): Promise<void> {
  const [{ rows }]: { rows: number }[] = await q.query(
    `SELECT count(*)::int AS rows FROM audit_log`,
  );
  if (rows === 0) return;
  const keys = auditKeys(auditSigningKeyText(loadConfig()));
  let seq = 0;
  let prev = AUDIT_GENESIS;
  for (;;) {
    const page: (AuditRowFields & { hash: string })[] = await q.query(
      // Ordered by the column, l.chain_seq: the text alias would sort '10' before '9'.
      `SELECT l.chain_seq::text AS chain_seq, l.id::text AS id, l.actor_id::text AS actor_id, l.action,
              coalesce(l.target_user_id::text, '') AS target_user_id, l.details::text AS details,
              to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at,
              l.prev_hash, l.hash
       FROM audit_log l WHERE l.chain_seq > $1 ORDER BY l.chain_seq LIMIT $2`,
      [seq, SIGN_BATCH],
    );
    const signed: { seq: string; sig: string }[] = [];
    let broken = false;
    for (const row of page) {
      if (
        Number(row.chain_seq) !== seq + 1 ||
        row.prev_hash !== prev ||
        auditRowHash(row) !== row.hash
      ) {
        console.warn(
          `audit: row ${row.chain_seq} does not hold (link or hash); it and the rows after it stay unsigned`,
        );
        broken = true;
        break;
      }
      signed.push({ seq: row.chain_seq, sig: signAuditRow(keys, row.chain_seq, row.hash) });
      seq += 1;
      prev = row.hash;
    }
    if (signed.length > 0) {
      await q.query(
        `INSERT INTO audit_signatures (chain_seq, sig) SELECT * FROM unnest($1::bigint[], $2::text[])`,
        [signed.map((s) => s.seq), signed.map((s) => s.sig)],
      );
    }
    if (broken || page.length < SIGN_BATCH) return;
  }
}
