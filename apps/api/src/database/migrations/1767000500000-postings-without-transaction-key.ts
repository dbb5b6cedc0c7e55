import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The postings' foreign key to their transaction dropped (issue 41,
 * bench:ledger; docs/decisions.md "The postings' key to their transaction").
 * Each posting row checked it: a query and a row lock on the transaction,
 * ten a watch, a fifth of ledger_post's cost measured alone. It guarded
 * nothing the rest does not: only ledger_post writes postings (the gate),
 * in the call that has just written their transaction; neither table lets a
 * row be changed or deleted; and whoever can get past those (the database's
 * owner) can skip a foreign key too. The audit now names a posting whose
 * transaction is missing (ledger-audit.sql.ts WRONG_TRANSACTIONS). The
 * link stays readable in the schema as the column's comment.
 */
export class PostingsWithoutTransactionKey1767000500000 implements MigrationInterface {
  name = 'PostingsWithoutTransactionKey1767000500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_transaction_id_fkey`,
    );
    await q.query(
      `COMMENT ON COLUMN ledger_postings.transaction_id IS
       'ledger_transactions.id: written with it by ledger_post; no foreign key (checked by the ledger audit)'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`COMMENT ON COLUMN ledger_postings.transaction_id IS NULL`);
    await q.query(
      `ALTER TABLE ledger_postings ADD CONSTRAINT ledger_postings_transaction_id_fkey
       FOREIGN KEY (transaction_id) REFERENCES ledger_transactions(id)`,
    );
  }
}
