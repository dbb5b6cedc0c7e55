import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { microToNumber } from '@app/domain';

export interface LedgerReport {
  /** Every currency sums to zero and every transaction balances. */
  balanced: boolean;
  /** Every cached balance and earnings figure equals its recomputation from postings. */
  consistent: boolean;
  unbalanced_transactions: number;
  mismatched_accounts: number;
  mismatched_earnings: number;
  negative_member_accounts: number;
  transactions: number;
  postings: number;
  totals: { kind: string; currency: string; owner: 'member' | 'system'; total: number }[];
}

/** Recomputes everything from the postings and compares it with what the app shows. */
@Injectable()
export class LedgerReportService {
  constructor(private readonly dataSource: DataSource) {}

  async report(): Promise<LedgerReport> {
    const q = (sql: string) => this.dataSource.query(sql);
    const [counts] = await q(
      `SELECT (SELECT count(*) FROM ledger_transactions) AS transactions, (SELECT count(*) FROM ledger_postings) AS postings`,
    );
    const [unbalanced] = await q(`
      SELECT count(*) AS n FROM (
        SELECT p.transaction_id FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
        GROUP BY p.transaction_id, a.currency HAVING SUM(p.amount) <> 0
      ) x`);
    const [emptyTransactions] = await q(`
      SELECT count(*) AS n FROM ledger_transactions t WHERE NOT EXISTS (SELECT 1 FROM ledger_postings p WHERE p.transaction_id = t.id)`);
    const [mismatched] = await q(`
      SELECT count(*) AS n FROM ledger_accounts a
      LEFT JOIN (SELECT account_id, SUM(amount) AS total FROM ledger_postings GROUP BY account_id) p ON p.account_id = a.id
      WHERE a.user_id IS NOT NULL AND a.balance <> COALESCE(p.total, 0)`);
    const [negative] = await q(
      `SELECT count(*) AS n FROM ledger_accounts WHERE user_id IS NOT NULL AND balance < 0`,
    );
    const [earnings] = await q(`
      WITH earned AS (
        SELECT p.account_id,
               COALESCE(SUM(p.amount) FILTER (WHERE c.kind = 'rewards'), 0) AS rewards,
               COALESCE(SUM(p.amount) FILTER (WHERE c.kind = 'team_commissions'), 0) AS commissions
        FROM ledger_postings p JOIN ledger_accounts c ON c.id = p.contra_account_id AND c.user_id IS NULL
        GROUP BY p.account_id
      )
      SELECT count(*) AS n FROM ledger_accounts a LEFT JOIN earned e ON e.account_id = a.id
      WHERE a.user_id IS NOT NULL AND a.kind = 'money'
        AND (a.earned_rewards <> COALESCE(e.rewards, 0) OR a.earned_commissions <> COALESCE(e.commissions, 0))`);
    const totals: { kind: string; currency: string; owner: 'member' | 'system'; total: string }[] =
      await q(`
      SELECT a.kind, a.currency, CASE WHEN a.user_id IS NULL THEN 'system' ELSE 'member' END AS owner,
             COALESCE(SUM(p.amount), 0) AS total
      FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id
      GROUP BY a.kind, a.currency, a.user_id IS NULL
      ORDER BY owner, a.currency, a.kind`);
    const currencySums = new Map<string, bigint>();
    for (const row of totals)
      currencySums.set(row.currency, (currencySums.get(row.currency) ?? 0n) + BigInt(row.total));
    const unbalancedCount = Number(unbalanced.n) + Number(emptyTransactions.n);
    const mismatchedAccounts = Number(mismatched.n);
    const mismatchedEarnings = Number(earnings.n);
    return {
      balanced: unbalancedCount === 0 && [...currencySums.values()].every((sum) => sum === 0n),
      consistent: mismatchedAccounts === 0 && mismatchedEarnings === 0 && Number(negative.n) === 0,
      unbalanced_transactions: unbalancedCount,
      mismatched_accounts: mismatchedAccounts,
      mismatched_earnings: mismatchedEarnings,
      negative_member_accounts: Number(negative.n),
      transactions: Number(counts.transactions),
      postings: Number(counts.postings),
      totals: totals.map((row) => ({ ...row, total: microToNumber(BigInt(row.total)) })),
    };
  }
}
