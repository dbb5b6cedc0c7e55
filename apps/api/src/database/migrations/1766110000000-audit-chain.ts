import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A tamper-evident audit trail. Each row carries `hash`, a SHA-256 over its
 * content and the previous row's hash (`prev_hash`), in the order of
 * `chain_seq`. A BEFORE INSERT trigger links every new row under the row
 * lock of `audit_chain_head` (its last link), held to the end of the
 * writer's transaction: two concurrent writers take turns, so the chain
 * never forks, and a rolled-back write takes its link back with it. Rows
 * written so far are linked here in id order. Triggers refuse UPDATE, DELETE
 * and TRUNCATE of `audit_log`: only someone able to switch the trigger off
 * (the table's owner) can change the trail, and GET /admin/audit/verify
 * then shows where.
 */
export class AuditChain1766110000000 implements MigrationInterface {
  name = 'AuditChain1766110000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`LOCK TABLE audit_log IN EXCLUSIVE MODE`);
    await q.query(`
      ALTER TABLE audit_log
        ADD COLUMN chain_seq bigint,
        ADD COLUMN prev_hash char(64),
        ADD COLUMN hash char(64)`);
    await q.query(`
      CREATE TABLE audit_chain_head (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        last_seq bigint NOT NULL,
        last_hash char(64) NOT NULL
      )`);
    // The text hashed for one row: every column, '|'-separated, the time in UTC to the microsecond.
    await q.query(`
      CREATE FUNCTION audit_row_hash(
        p_prev text, p_seq bigint, p_id bigint, p_actor integer, p_action text,
        p_target integer, p_details jsonb, p_created timestamptz
      ) RETURNS text LANGUAGE sql STABLE AS $$
        SELECT encode(sha256(convert_to(concat_ws('|',
          p_prev, p_seq::text, p_id::text, p_actor::text, p_action, coalesce(p_target::text, ''),
          p_details::text,
          to_char(p_created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')), 'UTF8')), 'hex')
      $$`);
    await q.query(`
      CREATE FUNCTION audit_log_link() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        head audit_chain_head%ROWTYPE;
      BEGIN
        SELECT * INTO head FROM audit_chain_head FOR UPDATE;
        NEW.chain_seq := head.last_seq + 1;
        NEW.prev_hash := head.last_hash;
        NEW.hash := audit_row_hash(NEW.prev_hash, NEW.chain_seq, NEW.id, NEW.actor_id, NEW.action,
          NEW.target_user_id, NEW.details, NEW.created_at);
        UPDATE audit_chain_head SET last_seq = NEW.chain_seq, last_hash = NEW.hash;
        RETURN NEW;
      END $$`);
    // Link the rows written so far, in id order, from the genesis link (64 zeros).
    await q.query(`
      DO $$
      DECLARE
        r record;
        seq bigint := 0;
        prev text := repeat('0', 64);
        h text;
      BEGIN
        FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
          seq := seq + 1;
          h := audit_row_hash(prev, seq, r.id, r.actor_id, r.action, r.target_user_id, r.details, r.created_at);
          UPDATE audit_log SET chain_seq = seq, prev_hash = prev, hash = h WHERE id = r.id;
          prev := h;
        END LOOP;
        INSERT INTO audit_chain_head (last_seq, last_hash) VALUES (seq, prev);
      END $$`);
    await q.query(`
      ALTER TABLE audit_log
        ALTER COLUMN chain_seq SET NOT NULL,
        ALTER COLUMN prev_hash SET NOT NULL,
        ALTER COLUMN hash SET NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX audit_log_chain_seq_key ON audit_log (chain_seq)`);
    await q.query(`
      CREATE TRIGGER audit_log_link BEFORE INSERT ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_link()`);
    await q.query(`
      CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(`
      CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`);
    await q.query(`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER audit_log_no_truncate ON audit_log`);
    await q.query(`DROP TRIGGER audit_log_append_only ON audit_log`);
    await q.query(`DROP TRIGGER audit_log_link ON audit_log`);
    await q.query(`DROP FUNCTION audit_log_append_only()`);
    await q.query(`DROP FUNCTION audit_log_link()`);
    await q.query(
      `DROP FUNCTION audit_row_hash(text, bigint, bigint, integer, text, integer, jsonb, timestamptz)`,
    );
    await q.query(`DROP TABLE audit_chain_head`);
    await q.query(
      `ALTER TABLE audit_log DROP COLUMN chain_seq, DROP COLUMN prev_hash, DROP COLUMN hash`,
    );
  }
}
