import { Inject, Injectable } from '@nestjs/common';
import { REPORTS_DATABASE, ReportsDatabase } from '../../database/reports';
import { SessionLocks } from '../../database/session-locks';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import {
  ACCOUNT_DELTAS,
  KEEPS_BALANCE,
  KIND_DELTAS,
  MAX_ID,
  ROLLUP_DELTAS,
  WRONG_ACCOUNTS,
  WRONG_TRANSACTIONS,
} from './ledger-audit.sql';

/** A total per account kind, currency and owner, in micro-units (decimal string). */
export interface KindTotal {
  kind: string;
  currency: string;
  owner: 'member' | 'system';
  total: string;
}

export interface Checkpoint {
  id: string;
  posting_id: string;
  transaction_id: string;
  postings: string;
  transactions: string;
  totals: KindTotal[];
  created_at: Date;
}

/** A member or system account whose figures a full audit found wrong. */
export interface CheckedAccount {
  id: string;
  /** Keeps a cached balance (a member account, or sponsor_funds): checked against its postings. */
  member: boolean;
  balance_wrong: boolean;
  earned_wrong: boolean;
  negative: boolean;
  checkpoint_wrong: boolean;
}

/** Postings of one transaction lie within this many ids of each other (one INSERT, interleaved). */
const TRANSACTION_SPREAD = 10_000;

/**
 * The only door to the audit's tables (`ledger_checkpoints`,
 * `ledger_checkpoint_accounts`, `ledger_daily_rollups`, `ledger_audit_findings`,
 * `ledger_full_audits`) and to its reads of the postings. Reads that must
 * share one snapshot take the QueryRunner of `snapshot`.
 */
@Injectable()
export class LedgerAuditRepository {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REPORTS_DATABASE) private readonly reports: ReportsDatabase,
    private readonly locks: SessionLocks,
  ) {}

  /**
   * Runs `work` in a REPEATABLE READ transaction of its own: one snapshot for
   * every query; `on: 'reports'` on the reports database (a replica, when
   * there is one: read-only work for operators' pages).
   */
  async snapshot<T>(
    work: (runner: QueryRunner) => Promise<T>,
    readOnly = true,
    on: 'primary' | 'reports' = 'primary',
  ): Promise<T> {
    const source = on === 'reports' ? this.reports.dataSource : this.dataSource;
    const runner = source.createQueryRunner();
    await runner.connect();
    try {
      await runner.query(`BEGIN ISOLATION LEVEL REPEATABLE READ${readOnly ? ' READ ONLY' : ''}`);
      const result = await work(runner);
      await runner.query('COMMIT');
      return result;
    } catch (error) {
      await runner.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      await runner.release();
    }
  }

  /**
   * Runs `work` on a connection of its own while this process holds the
   * session advisory lock `lock` (SessionLocks); null (without running it)
   * when another session holds it.
   */
  async whileLocked<T>(lock: number, work: (runner: QueryRunner) => Promise<T>): Promise<T | null> {
    return this.locks.run(lock, false, async () => {
      const runner = this.dataSource.createQueryRunner();
      await runner.connect();
      try {
        return await work(runner);
      } finally {
        await runner.release();
      }
    });
  }

  /** Runs `work` in a REPEATABLE READ transaction on the caller's (locked) connection. */
  async repeatableRead<T>(runner: QueryRunner, work: () => Promise<T>): Promise<T> {
    await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    try {
      const result = await work();
      await runner.query('COMMIT');
      return result;
    } catch (error) {
      await runner.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  async latest(runner: QueryRunner): Promise<Checkpoint> {
    const [cp] = await runner.query(
      `SELECT id::text, posting_id::text, transaction_id::text, postings::text, transactions::text, totals, created_at
       FROM ledger_checkpoints c ORDER BY c.id DESC LIMIT 1`,
    );
    return cp;
  }

  /** Member accounts moved after the checkpoint (or found wrong) whose figures are wrong. */
  wrongAccountsAfter(
    runner: QueryRunner,
    cp: Checkpoint,
  ): Promise<{ balance_wrong: boolean; earned_wrong: boolean; negative: boolean }[]> {
    return runner.query(WRONG_ACCOUNTS, [cp.posting_id, cp.posting_id]);
  }

  /** Unbalanced transactions after the checkpoint. */
  wrongTransactionsAfter(runner: QueryRunner, cp: Checkpoint): Promise<{ id: string }[]> {
    return runner.query(WRONG_TRANSACTIONS, [cp.posting_id, MAX_ID, cp.transaction_id, MAX_ID]);
  }

  /** Transactions a checkpoint or full audit found unbalanced. */
  transactionFindings(runner: QueryRunner): Promise<{ id: string }[]> {
    return runner.query(
      `SELECT subject_id::text AS id FROM ledger_audit_findings WHERE subject = 'transaction'`,
    );
  }

  /** Per account kind, currency and owner, the sums of the postings in (after, through]. */
  kindDeltas(runner: QueryRunner, after: string, through: string): Promise<KindTotal[]> {
    return runner.query(KIND_DELTAS, [after, through]);
  }

  async countsAfter(
    runner: QueryRunner,
    cp: Checkpoint,
  ): Promise<{ postings: string; transactions: string }> {
    const [counts] = await runner.query(
      `SELECT (SELECT count(*) FROM ledger_postings WHERE id > $1)::text AS postings,
              (SELECT count(*) FROM ledger_transactions WHERE id > $2)::text AS transactions`,
      [cp.posting_id, cp.transaction_id],
    );
    return counts;
  }

  systemKinds(runner: QueryRunner): Promise<{ kind: string; currency: string }[]> {
    return runner.query(`SELECT kind, currency FROM ledger_accounts WHERE user_id IS NULL`);
  }

  /**
   * The newest posting and transaction ids, and the xids of the ledger
   * writers open at that moment: those holding ledger_transactions for
   * writing, which ledger_post takes before it draws any id and keeps to
   * the end. Read after the statement's snapshot, so a writer that drew ids
   * before it is either listed or already ended. Its xid is not tested
   * against the snapshot's list of xids in progress: that list holds only
   * xids below the snapshot's xmax (the newest completed xid plus one), and
   * a writer with a newer xid may have drawn smaller ids than a committed
   * one (many-processes.spec.ts, checkpoint-writers.spec.ts).
   */
  async head(
    runner: QueryRunner,
  ): Promise<{ posting_id: string; transaction_id: string; writers: string[] }> {
    const [head] = await runner.query(
      `SELECT COALESCE((SELECT max(id) FROM ledger_postings), 0)::text AS posting_id,
              COALESCE((SELECT max(id) FROM ledger_transactions), 0)::text AS transaction_id,
              ARRAY(
                SELECT a.backend_xid::text FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
                WHERE l.locktype = 'relation' AND l.relation = 'ledger_transactions'::regclass
                  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                  AND l.mode = 'RowExclusiveLock' AND l.granted AND a.backend_xid IS NOT NULL
              ) AS writers`,
    );
    return head;
  }

  /** How many of these writers (xids from `head`) are still in flight. */
  async writersInFlight(runner: QueryRunner, writers: string[]): Promise<number> {
    if (writers.length === 0) return 0;
    const [{ busy }] = await runner.query(
      `SELECT count(*)::int AS busy FROM pg_stat_activity WHERE backend_xid = ANY($1::xid[])`,
      [writers],
    );
    return busy;
  }

  /**
   * The first posting up to `through` of a transaction that also has postings
   * after it, or null when `through` splits none.
   */
  async firstOfSplitTransaction(runner: QueryRunner, through: string): Promise<string | null> {
    const [{ first }] = await runner.query(
      `SELECT min(q.id)::text AS first FROM ledger_postings q
       WHERE q.id <= $1 AND q.transaction_id IN (
         SELECT p.transaction_id FROM ledger_postings p WHERE p.id > $1 AND p.id <= $1::bigint + $2)`,
      [through, TRANSACTION_SPREAD],
    );
    return first;
  }

  /** Empties the checkpoint's per-account sums and the daily rollups (rebuilt from nothing). */
  async clearSums(runner: QueryRunner): Promise<void> {
    await runner.query(`DELETE FROM ledger_checkpoint_accounts`);
    await runner.query(`DELETE FROM ledger_daily_rollups`);
  }

  /** Adds the postings in range (after, through] to the checkpoint's per-account sums. */
  async addAccountDeltas(runner: QueryRunner, range: string[]): Promise<void> {
    await runner.query(
      `INSERT INTO ledger_checkpoint_accounts AS k (account_id, balance, earned_rewards, earned_commissions)
       SELECT account_id, amount, rewards, commissions FROM (${ACCOUNT_DELTAS}) d
       ON CONFLICT (account_id) DO UPDATE SET balance = k.balance + EXCLUDED.balance,
         earned_rewards = k.earned_rewards + EXCLUDED.earned_rewards,
         earned_commissions = k.earned_commissions + EXCLUDED.earned_commissions`,
      range,
    );
  }

  /** Adds the postings in range (after, through] to the daily rollups. */
  async addRollupDeltas(runner: QueryRunner, range: string[]): Promise<void> {
    await runner.query(
      `INSERT INTO ledger_daily_rollups AS r (day, transaction_kind, account_kind, system, detail, currency, amount, postings)
       SELECT * FROM (${ROLLUP_DELTAS}) d
       ON CONFLICT (day, transaction_kind, account_kind, system, detail)
       DO UPDATE SET amount = r.amount + EXCLUDED.amount, postings = r.postings + EXCLUDED.postings`,
      range,
    );
  }

  async countsIn(
    runner: QueryRunner,
    range: string[],
    txFrom: string,
    txThrough: string,
  ): Promise<{ postings: string; transactions: string }> {
    const [counts] = await runner.query(
      `SELECT (SELECT count(*) FROM ledger_postings WHERE id > $1 AND id <= $2)::text AS postings,
              (SELECT count(*) FROM ledger_transactions WHERE id > $3 AND id <= $4)::text AS transactions`,
      [...range, txFrom, txThrough],
    );
    return counts;
  }

  /** Keeps the unbalanced transactions of what a checkpoint just summed as findings. */
  async recordWrongTransactions(
    runner: QueryRunner,
    range: string[],
    txFrom: string,
    txThrough: string,
  ): Promise<void> {
    await runner.query(
      `INSERT INTO ledger_audit_findings (subject, subject_id, problem, found_by)
       SELECT 'transaction', id::bigint, problem, 'checkpoint' FROM (${WRONG_TRANSACTIONS}) w
       ON CONFLICT DO NOTHING`,
      [...range, txFrom, txThrough],
    );
  }

  async insertCheckpoint(
    runner: QueryRunner,
    cp: {
      previousId: string;
      postingId: string;
      transactionId: string;
      postings: string;
      transactions: string;
      totals: KindTotal[];
    },
  ): Promise<string> {
    const [next] = await runner.query(
      `INSERT INTO ledger_checkpoints (previous_id, posting_id, transaction_id, postings, transactions, totals)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text`,
      [
        cp.previousId,
        cp.postingId,
        cp.transactionId,
        cp.postings,
        cp.transactions,
        JSON.stringify(cp.totals),
      ],
    );
    return next.id;
  }

  /** Keeps the wrong member accounts among those a checkpoint just summed as findings. */
  async recordWrongAccounts(runner: QueryRunner, through: string, from: string): Promise<void> {
    await runner.query(
      `INSERT INTO ledger_audit_findings (subject, subject_id, problem, found_by)
       SELECT 'account', id::bigint,
              CASE WHEN negative THEN 'negative' WHEN balance_wrong THEN 'balance' ELSE 'earnings' END,
              'checkpoint'
       FROM (${WRONG_ACCOUNTS}) w WHERE balance_wrong OR earned_wrong OR negative
       ON CONFLICT DO NOTHING`,
      [through, from],
    );
  }

  async lastFullAudit<T>(): Promise<T | null> {
    const [row] = await this.dataSource.query(
      `SELECT result FROM ledger_full_audits ORDER BY id DESC LIMIT 1`,
    );
    return row ? (row.result as T) : null;
  }

  async lastFullAuditStart(): Promise<Date | null> {
    const [row] = await this.dataSource.query(
      `SELECT started_at FROM ledger_full_audits ORDER BY id DESC LIMIT 1`,
    );
    return row ? (row.started_at as Date) : null;
  }

  /**
   * Stores a full audit's result and replaces the findings: those older than
   * its snapshot that it did not find again are gone. One transaction.
   */
  async storeFullAudit(
    startedAt: Date,
    result: { through_posting_id: number; balanced: boolean; consistent: boolean },
    findings: { subject: string; id: string; problem: string }[],
  ): Promise<void> {
    await this.dataSource.transaction(async (m: EntityManager) => {
      await m.query(
        `INSERT INTO ledger_full_audits (started_at, through_posting_id, balanced, consistent, result)
         VALUES ($1, $2, $3, $4, $5)`,
        [startedAt, result.through_posting_id, result.balanced, result.consistent, result],
      );
      // Findings older than this audit's snapshot that it did not find again are gone.
      await m.query(`DELETE FROM ledger_audit_findings WHERE found_at < $1`, [startedAt]);
      await m.query(
        `INSERT INTO ledger_audit_findings (subject, subject_id, problem, found_by)
         SELECT subject, id, problem, 'full'
         FROM unnest($1::text[], $2::bigint[], $3::text[]) AS f(subject, id, problem)
         ON CONFLICT DO NOTHING`,
        [findings.map((f) => f.subject), findings.map((f) => f.id), findings.map((f) => f.problem)],
      );
    });
  }

  async countAll(runner: QueryRunner): Promise<{ transactions: string; postings: string }> {
    const [counts] = await runner.query(
      `SELECT (SELECT count(*) FROM ledger_transactions)::text AS transactions,
              (SELECT count(*) FROM ledger_postings)::text AS postings`,
    );
    return counts;
  }

  /** Every unbalanced transaction, at most `max` of them. */
  allWrongTransactions(
    runner: QueryRunner,
    max: number,
  ): Promise<{ id: string; problem: string }[]> {
    return runner.query(`${WRONG_TRANSACTIONS} LIMIT ${max}`, ['0', MAX_ID, '0', MAX_ID]);
  }

  /**
   * One pass over the postings per account: all of them against the cached
   * figures, those up to the checkpoint against the checkpoint's sums.
   */
  checkAccounts(runner: QueryRunner, checkpointPostingId: string): Promise<CheckedAccount[]> {
    return runner.query(
      `WITH raw AS (
         SELECT p.account_id, sum(p.amount) AS amount,
                COALESCE(sum(p.amount) FILTER (WHERE c.user_id IS NULL AND c.kind = 'rewards'), 0) AS rewards,
                COALESCE(sum(p.amount) FILTER (WHERE c.user_id IS NULL AND c.kind = 'team_commissions'), 0) AS commissions,
                COALESCE(sum(p.amount) FILTER (WHERE p.id <= $1), 0) AS cp_amount,
                COALESCE(sum(p.amount) FILTER (WHERE p.id <= $1 AND c.user_id IS NULL AND c.kind = 'rewards'), 0) AS cp_rewards,
                COALESCE(sum(p.amount) FILTER (WHERE p.id <= $1 AND c.user_id IS NULL AND c.kind = 'team_commissions'), 0) AS cp_commissions
         FROM ledger_postings p JOIN ledger_accounts c ON c.id = p.contra_account_id
         GROUP BY p.account_id
       ), checked AS (
         SELECT a.id::text AS id, ${KEEPS_BALANCE} AS member,
                ${KEEPS_BALANCE} AND a.balance <> COALESCE(r.amount, 0) AS balance_wrong,
                a.user_id IS NOT NULL AND a.kind = 'money'
                  AND (a.earned_rewards <> COALESCE(r.rewards, 0) OR a.earned_commissions <> COALESCE(r.commissions, 0)) AS earned_wrong,
                ${KEEPS_BALANCE} AND a.balance < 0 AS negative,
                COALESCE(k.balance, 0) <> COALESCE(r.cp_amount, 0)
                  OR COALESCE(k.earned_rewards, 0) <> COALESCE(r.cp_rewards, 0)
                  OR COALESCE(k.earned_commissions, 0) <> COALESCE(r.cp_commissions, 0) AS checkpoint_wrong
         FROM ledger_accounts a
         LEFT JOIN raw r ON r.account_id = a.id
         LEFT JOIN ledger_checkpoint_accounts k ON k.account_id = a.id
       )
       SELECT * FROM checked WHERE balance_wrong OR earned_wrong OR negative OR checkpoint_wrong`,
      [checkpointPostingId],
    );
  }

  /** Checkpoint rows of accounts that no longer exist (checkAccounts would miss them). */
  async orphanCheckpointAccounts(runner: QueryRunner): Promise<number> {
    const [orphans] = await runner.query(
      `SELECT count(*)::int AS n FROM ledger_checkpoint_accounts k
       WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = k.account_id)`,
    );
    return Number(orphans.n);
  }

  /** Daily rollup rows that differ from the postings up to the checkpoint they summarise. */
  async rollupMismatches(runner: QueryRunner, checkpointPostingId: string): Promise<number> {
    const [rollups] = await runner.query(
      `WITH raw AS (${ROLLUP_DELTAS})
       SELECT count(*)::int AS n FROM raw FULL JOIN ledger_daily_rollups r USING (day, transaction_kind, account_kind, system, detail)
       WHERE raw.amount IS DISTINCT FROM r.amount OR raw.postings IS DISTINCT FROM r.postings`,
      ['0', checkpointPostingId],
    );
    return Number(rollups.n);
  }

  /** Per account kind, currency and owner, the sum of all postings. */
  allTotals(runner: QueryRunner): Promise<KindTotal[]> {
    return runner.query(
      `SELECT a.kind, a.currency, CASE WHEN a.user_id IS NULL THEN 'system' ELSE 'member' END AS owner,
              COALESCE(SUM(p.amount), 0)::text AS total
       FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id
       GROUP BY a.kind, a.currency, a.user_id IS NULL`,
    );
  }

  /**
   * Per UTC day since `days` days ago, the sums of the system accounts of
   * `kinds`: the rollups up to the checkpoint and the postings after it.
   */
  dailyFlows(
    runner: QueryRunner,
    days: number,
    kinds: string[],
    checkpointPostingId: string,
  ): Promise<{ day: string; kind: string | null; total: string | null }[]> {
    return runner.query(
      `WITH since AS (SELECT (now() AT TIME ZONE 'UTC')::date - ($1::int - 1) AS day),
         days AS (
           SELECT d::date AS day FROM generate_series((SELECT day FROM since), (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d
         ), flows AS (
           SELECT r.day, r.account_kind AS kind, r.amount
           FROM ledger_daily_rollups r
           WHERE r.day >= (SELECT day FROM since) AND r.system AND r.account_kind = ANY($2::varchar[])
           UNION ALL
           SELECT (p.created_at AT TIME ZONE 'UTC')::date, a.kind, p.amount
           FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
           WHERE p.id > $3
             AND p.created_at >= (SELECT day FROM since) AT TIME ZONE 'UTC'
             AND a.user_id IS NULL AND a.kind = ANY($2::varchar[])
         ), sums AS (SELECT day, kind, sum(amount)::text AS total FROM flows GROUP BY 1, 2)
         SELECT to_char(d.day, 'YYYY-MM-DD') AS day, f.kind, f.total
         FROM days d LEFT JOIN sums f ON f.day = d.day ORDER BY d.day`,
      [days, kinds, checkpointPostingId],
    );
  }

  /**
   * Per UTC day since `days` days ago, the payouts of the transaction kinds
   * `kinds`: what members' accounts received (`total`), and what the funding
   * accounts paid (`sponsor_funds`, `club_revenue`, as positive amounts); the
   * rollups up to the checkpoint and the postings after it.
   */
  dailyPayouts(
    runner: QueryRunner,
    days: number,
    kinds: readonly string[],
    checkpointPostingId: string,
  ): Promise<{ day: string; total: string; sponsor_funds: string; club_revenue: string }[]> {
    return runner.query(
      `WITH since AS (SELECT (now() AT TIME ZONE 'UTC')::date - ($1::int - 1) AS day),
         days AS (
           SELECT d::date AS day FROM generate_series((SELECT day FROM since), (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS d
         ), flows AS (
           SELECT r.day, CASE WHEN r.system THEN r.account_kind ELSE 'member' END AS side, r.amount
           FROM ledger_daily_rollups r
           WHERE r.day >= (SELECT day FROM since) AND r.transaction_kind = ANY($2::varchar[])
             AND (NOT r.system OR r.account_kind IN ('sponsor_funds', 'club_revenue'))
           UNION ALL
           SELECT (p.created_at AT TIME ZONE 'UTC')::date, CASE WHEN a.user_id IS NULL THEN a.kind ELSE 'member' END, p.amount
           FROM ledger_postings p
           JOIN ledger_accounts a ON a.id = p.account_id
           JOIN ledger_transactions t ON t.id = p.transaction_id
           WHERE p.id > $3 AND t.kind = ANY($2::varchar[])
             AND p.created_at >= (SELECT day FROM since) AT TIME ZONE 'UTC'
             AND (a.user_id IS NOT NULL OR a.kind IN ('sponsor_funds', 'club_revenue'))
         )
         SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
                COALESCE(sum(f.amount) FILTER (WHERE f.side = 'member'), 0)::text AS total,
                COALESCE(-sum(f.amount) FILTER (WHERE f.side = 'sponsor_funds'), 0)::text AS sponsor_funds,
                COALESCE(-sum(f.amount) FILTER (WHERE f.side = 'club_revenue'), 0)::text AS club_revenue
         FROM days d LEFT JOIN flows f ON f.day = d.day GROUP BY d.day ORDER BY d.day`,
      [days, kinds, checkpointPostingId],
    );
  }

  /** VIP packages sold per UTC day and level since `days` days ago (rollups and postings after the checkpoint). */
  dailyPackageSales(
    runner: QueryRunner,
    days: number,
    checkpointPostingId: string,
  ): Promise<{ day: string; vip_level: number; count: number }[]> {
    return runner.query(
      `WITH since AS (SELECT (now() AT TIME ZONE 'UTC')::date - ($1::int - 1) AS day),
       sales AS (
         SELECT r.day, r.detail AS level, r.postings AS n FROM ledger_daily_rollups r
         WHERE r.day >= (SELECT day FROM since) AND r.transaction_kind = 'buy_vip' AND r.system
           AND r.account_kind IN ('vip_sales', 'points_vip_sales')
         UNION ALL
         SELECT (p.created_at AT TIME ZONE 'UTC')::date, t.memo->>'vip_level', 1
         FROM ledger_postings p
         JOIN ledger_accounts a ON a.id = p.account_id
         JOIN ledger_transactions t ON t.id = p.transaction_id
         WHERE p.id > $2 AND t.kind = 'buy_vip'
           AND p.created_at >= (SELECT day FROM since) AT TIME ZONE 'UTC'
           AND a.user_id IS NULL AND a.kind IN ('vip_sales', 'points_vip_sales')
       )
       SELECT to_char(day, 'YYYY-MM-DD') AS day, level::int AS vip_level, sum(n)::int AS count
       FROM sales GROUP BY day, level ORDER BY 1, 2`,
      [days, checkpointPostingId],
    );
  }
}
