import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One index of postings by account, in posting order, instead of two: every
 * posting pays for each index it is written into, and the reward posting (a
 * reward and three commissions, eight postings) is the hottest write of the
 * club. `(account_id, id)` serves the statement (an account's postings newest
 * first, a page at a time), a member's ledger on the console and "this
 * account's postings after the checkpoint"; nothing reads by
 * `(account_id, contra_account_id)`, which the contra join never needed.
 */
export class PostingsByAccount1766710000000 implements MigrationInterface {
  name = 'PostingsByAccount1766710000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ledger_postings_statement_idx`);
    await q.query(`DROP INDEX ledger_postings_account_idx`);
    await q.query(`CREATE INDEX ledger_postings_account_idx ON ledger_postings (account_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ledger_postings_account_idx`);
    await q.query(
      `CREATE INDEX ledger_postings_account_idx ON ledger_postings (account_id, contra_account_id)`,
    );
    await q.query(
      `CREATE INDEX ledger_postings_statement_idx ON ledger_postings (account_id, id) WHERE balance_after IS NOT NULL`,
    );
  }
}
