import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ledger audit becomes incremental (issue 27, docs/decisions.md "Ledger
 * checkpoints"). Everything here is written by one worker at a time, never by
 * ledger_post, so a posting pays nothing for it and no row here is hot:
 * - ledger_checkpoints: history of verified points, each "every posting up to
 *   posting_id is summed below"; with the counts and the per-kind totals there.
 * - ledger_checkpoint_accounts: each account's sums of its postings up to the
 *   latest checkpoint (balance and the earned columns).
 * - ledger_daily_rollups: per UTC day, transaction kind and account kind, the
 *   sum and count of postings up to the latest checkpoint (dashboard figures;
 *   a buy_vip's level is kept as its detail, for the package sales).
 * - ledger_audit_findings: transactions and accounts an audit found wrong,
 *   so a request keeps reporting them after the checkpoint moved past them.
 * - ledger_full_audits: each scheduled full re-check, its time and result.
 */
export class LedgerCheckpoints1766500000000 implements MigrationInterface {
  name = 'LedgerCheckpoints1766500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ledger_checkpoints (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        previous_id bigint UNIQUE REFERENCES ledger_checkpoints(id),
        posting_id bigint NOT NULL CHECK (posting_id >= 0),
        transaction_id bigint NOT NULL CHECK (transaction_id >= 0),
        postings bigint NOT NULL CHECK (postings >= 0),
        transactions bigint NOT NULL CHECK (transactions >= 0),
        totals jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The starting point: nothing summed yet. previous_id is unique, so two
    // workers advancing from the same checkpoint cannot both commit.
    await q.query(
      `INSERT INTO ledger_checkpoints (posting_id, transaction_id, postings, transactions) VALUES (0, 0, 0, 0)`,
    );
    await q.query(`
      CREATE TABLE ledger_checkpoint_accounts (
        account_id bigint PRIMARY KEY,
        balance bigint NOT NULL,
        earned_rewards bigint NOT NULL,
        earned_commissions bigint NOT NULL
      )`);
    await q.query(`
      CREATE TABLE ledger_daily_rollups (
        day date NOT NULL,
        transaction_kind varchar(32) NOT NULL,
        account_kind varchar(32) NOT NULL,
        system boolean NOT NULL,
        -- What else a figure is broken down by: the level of a buy_vip, else ''.
        detail varchar(16) NOT NULL DEFAULT '',
        currency varchar(8) NOT NULL,
        amount bigint NOT NULL,
        postings bigint NOT NULL,
        PRIMARY KEY (day, transaction_kind, account_kind, system, detail)
      )`);
    await q.query(`
      CREATE TABLE ledger_audit_findings (
        subject varchar(16) NOT NULL CHECK (subject IN ('transaction', 'account')),
        subject_id bigint NOT NULL,
        problem varchar(32) NOT NULL,
        found_by varchar(16) NOT NULL CHECK (found_by IN ('checkpoint', 'full')),
        found_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (subject, subject_id)
      )`);
    await q.query(`
      CREATE TABLE ledger_full_audits (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        started_at timestamptz NOT NULL,
        finished_at timestamptz NOT NULL DEFAULT now(),
        through_posting_id bigint NOT NULL,
        balanced boolean NOT NULL,
        consistent boolean NOT NULL,
        result jsonb NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ledger_full_audits`);
    await q.query(`DROP TABLE ledger_audit_findings`);
    await q.query(`DROP TABLE ledger_daily_rollups`);
    await q.query(`DROP TABLE ledger_checkpoint_accounts`);
    await q.query(`DROP TABLE ledger_checkpoints`);
  }
}
