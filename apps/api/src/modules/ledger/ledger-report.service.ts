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

export interface MemberPosting {
  id: number;
  transaction_id: number;
  kind: string;
  account: string;
  currency: string;
  amount: number;
  memo: Record<string, unknown>;
  created_at: string;
}

/** Per UTC day, what moved through the system accounts, as members gained or paid it. */
export interface DailyFlow {
  day: string;
  deposits: number;
  card_deposits: number;
  withdrawals: number;
  fees: number;
  rewards: number;
  commissions: number;
  vip_sales: number;
}

/** The system accounts the dashboard charts, each read with the sign that makes it positive. */
const FLOW_ACCOUNTS: Record<Exclude<keyof DailyFlow, 'day'>, { kind: string; sign: 1 | -1 }> = {
  deposits: { kind: 'deposits', sign: -1 },
  card_deposits: { kind: 'card_deposits', sign: -1 },
  withdrawals: { kind: 'withdrawals', sign: 1 },
  fees: { kind: 'fees', sign: 1 },
  rewards: { kind: 'rewards', sign: -1 },
  commissions: { kind: 'team_commissions', sign: -1 },
  vip_sales: { kind: 'vip_sales', sign: 1 },
};

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

  /** A member's latest postings with their transaction's kind and memo. */
  async postingsOf(userId: number, limit = 50): Promise<MemberPosting[]> {
    const rows: {
      id: string;
      transaction_id: string;
      kind: string;
      account: string;
      currency: string;
      amount: string;
      memo: Record<string, unknown>;
      created_at: Date;
    }[] = await this.dataSource.query(
      `SELECT p.id, p.transaction_id, t.kind, a.kind AS account, a.currency, p.amount, t.memo, p.created_at
       FROM ledger_accounts a
       JOIN ledger_postings p ON p.account_id = a.id
       JOIN ledger_transactions t ON t.id = p.transaction_id
       WHERE a.user_id = $1 ORDER BY p.id DESC LIMIT $2`,
      [userId, limit],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      transaction_id: Number(r.transaction_id),
      kind: r.kind,
      account: r.account,
      currency: r.currency,
      amount: microToNumber(BigInt(r.amount)),
      memo: r.memo,
      created_at: r.created_at.toISOString(),
    }));
  }

  /**
   * Per UTC day over the last `days` days (today included, empty days as
   * zeros), the postings on the system accounts of FLOW_ACCOUNTS: the same
   * rows the ledger report totals, so the charts add up to the ledger. Found
   * through the transactions' dates (indexed), not by scanning postings.
   */
  async dailyFlows(days: number): Promise<DailyFlow[]> {
    const kinds = Object.values(FLOW_ACCOUNTS).map((f) => f.kind);
    const rows: { day: string; kind: string | null; total: string | null }[] =
      await this.dataSource.query(
        `WITH days AS (
           SELECT d::date AS day FROM generate_series(
             (now() AT TIME ZONE 'UTC')::date - ($1::int - 1), (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d
         ), flows AS (
           SELECT (t.created_at AT TIME ZONE 'UTC')::date AS day, a.kind, sum(p.amount)::text AS total
           FROM ledger_transactions t
           JOIN ledger_postings p ON p.transaction_id = t.id
           JOIN ledger_accounts a ON a.id = p.account_id
           WHERE t.created_at >= ((now() AT TIME ZONE 'UTC')::date - ($1::int - 1)) AT TIME ZONE 'UTC'
             AND a.user_id IS NULL AND a.kind = ANY($2::varchar[])
           GROUP BY 1, 2
         )
         SELECT to_char(d.day, 'YYYY-MM-DD') AS day, f.kind, f.total
         FROM days d LEFT JOIN flows f ON f.day = d.day ORDER BY d.day`,
        [days, kinds],
      );
    const byDay = new Map<string, DailyFlow>();
    for (const row of rows) {
      const flow =
        byDay.get(row.day) ??
        ({
          day: row.day,
          deposits: 0,
          card_deposits: 0,
          withdrawals: 0,
          fees: 0,
          rewards: 0,
          commissions: 0,
          vip_sales: 0,
        } as DailyFlow);
      byDay.set(row.day, flow);
      for (const [name, account] of Object.entries(FLOW_ACCOUNTS)) {
        if (row.total !== null && account.kind === row.kind) {
          flow[name as keyof typeof FLOW_ACCOUNTS] = microToNumber(
            BigInt(row.total) * BigInt(account.sign),
          );
        }
      }
    }
    return [...byDay.values()];
  }

  /** VIP packages sold per UTC day and level over the last `days` days (money or points). */
  async dailyPackageSales(
    days: number,
  ): Promise<{ day: string; vip_level: number; count: number }[]> {
    return this.dataSource.query(
      `SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, (memo->>'vip_level')::int AS vip_level,
              count(*)::int AS count
       FROM ledger_transactions
       WHERE kind = 'buy_vip' AND created_at >= ((now() AT TIME ZONE 'UTC')::date - ($1::int - 1)) AT TIME ZONE 'UTC'
       GROUP BY 1, 2 ORDER BY 1, 2`,
      [days],
    );
  }
}
