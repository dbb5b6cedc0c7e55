import { Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, QueryRunner } from 'typeorm';
import { MEMBER_ACCOUNTS } from './ledger.accounts';
import {
  ACCOUNT_DELTAS,
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

/** What the audit found, before the report turns micro-units into USDT. */
export interface AuditFigures {
  unbalanced_transactions: number;
  mismatched_accounts: number;
  mismatched_earnings: number;
  negative_member_accounts: number;
  transactions: number;
  postings: number;
  totals: KindTotal[];
}

export interface FullAuditResult extends AuditFigures {
  started_at: string;
  finished_at: string;
  through_posting_id: number;
  balanced: boolean;
  consistent: boolean;
  /** Accounts whose checkpoint sums differ from their postings up to the checkpoint. */
  checkpoint_mismatches: number;
  /** Daily rollup rows that differ from the postings they summarise. */
  rollup_mismatches: number;
}

/** Session advisory locks: one checkpoint writer and one full audit at a time. */
const CHECKPOINT_LOCK = 27_001;
const FULL_AUDIT_LOCK = 27_002;
/** How long the checkpoint waits for ledger writes in flight to end before trying next time. */
const IN_FLIGHT_WAIT_MS = 2000;
/** Postings of one transaction lie within this many ids of each other (one INSERT, interleaved). */
const TRANSACTION_SPREAD = 10_000;
/** At most this many ids of wrong transactions or accounts are kept as findings per audit. */
const FINDINGS_MAX = 100_000;

const SUM_IS_ZERO = (totals: KindTotal[]) => {
  const sums = new Map<string, bigint>();
  for (const t of totals) sums.set(t.currency, (sums.get(t.currency) ?? 0n) + BigInt(t.total));
  return [...sums.values()].every((sum) => sum === 0n);
};

export const isBalanced = (f: AuditFigures) =>
  f.unbalanced_transactions === 0 && SUM_IS_ZERO(f.totals);
export const isConsistent = (f: AuditFigures) =>
  f.mismatched_accounts === 0 && f.mismatched_earnings === 0 && f.negative_member_accounts === 0;

const totalKey = (t: { kind: string; currency: string; owner: string }) =>
  `${t.owner}|${t.currency}|${t.kind}`;

/**
 * The ledger audit, incremental (docs/decisions.md "Ledger checkpoints"):
 * - `advance` (the worker, every few seconds) sums the postings since the
 *   last checkpoint into per-account and per-kind totals and the daily
 *   rollups, checks them, and records a new checkpoint; what it finds wrong
 *   is kept as a finding.
 * - `figures` (each report) checks only the postings after the checkpoint,
 *   the accounts they moved and the findings, so it costs the same at any size.
 * - `fullAudit` (the worker, on a schedule) re-checks everything from the
 *   postings, checkpoint and rollups included, and stores its result.
 * The invariants are those of the original report: every transaction has
 * postings that balance per currency, every currency sums to zero, each
 * member's cached balance and earnings equal its postings, none is negative.
 */
@Injectable()
export class LedgerAuditService {
  private readonly logger = new Logger(LedgerAuditService.name);

  constructor(private readonly dataSource: DataSource) {}

  /** Runs `work` in a REPEATABLE READ transaction of its own: one snapshot for every query. */
  private async snapshot<T>(work: (runner: QueryRunner) => Promise<T>, readOnly = true) {
    const runner = this.dataSource.createQueryRunner();
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

  static async latest(runner: QueryRunner): Promise<Checkpoint> {
    const [cp] = await runner.query(
      `SELECT id::text, posting_id::text, transaction_id::text, postings::text, transactions::text, totals, created_at
       FROM ledger_checkpoints c ORDER BY c.id DESC LIMIT 1`,
    );
    return cp;
  }

  /**
   * Runs reads in one snapshot with the latest checkpoint, for figures made of
   * rollups up to it plus the postings after it. The checkpoint's posting id
   * goes to the queries as a value, so PostgreSQL plans the "after it" part as
   * the short range of the primary key it is.
   */
  withCheckpoint<T>(work: (query: QueryRunner['query'], cp: Checkpoint) => Promise<T>) {
    return this.snapshot(async (runner) =>
      work(runner.query.bind(runner), await LedgerAuditService.latest(runner)),
    );
  }

  /** The latest checkpoint. */
  checkpoint(): Promise<Checkpoint> {
    return this.snapshot((runner) => LedgerAuditService.latest(runner));
  }

  /** The incremental audit: the checkpoint plus the postings after it and the findings. */
  figures(): Promise<AuditFigures & { checkpoint: Checkpoint }> {
    return this.snapshot(async (runner) => {
      const cp = await LedgerAuditService.latest(runner);
      const accounts: { balance_wrong: boolean; earned_wrong: boolean; negative: boolean }[] =
        await runner.query(WRONG_ACCOUNTS, [cp.posting_id, cp.posting_id]);
      const fresh: { id: string }[] = await runner.query(WRONG_TRANSACTIONS, [
        cp.posting_id,
        MAX_ID,
        cp.transaction_id,
        MAX_ID,
      ]);
      const found: { id: string }[] = await runner.query(
        `SELECT subject_id::text AS id FROM ledger_audit_findings WHERE subject = 'transaction'`,
      );
      const deltas: KindTotal[] = await runner.query(KIND_DELTAS, [cp.posting_id, MAX_ID]);
      const [counts] = await runner.query(
        `SELECT (SELECT count(*) FROM ledger_postings WHERE id > $1)::text AS postings,
                (SELECT count(*) FROM ledger_transactions WHERE id > $2)::text AS transactions`,
        [cp.posting_id, cp.transaction_id],
      );
      const systemKinds: { kind: string; currency: string }[] = await runner.query(
        `SELECT kind, currency FROM ledger_accounts WHERE user_id IS NULL`,
      );
      return {
        checkpoint: cp,
        unbalanced_transactions: new Set([...fresh, ...found].map((r) => r.id)).size,
        mismatched_accounts: accounts.filter((a) => a.balance_wrong).length,
        mismatched_earnings: accounts.filter((a) => a.earned_wrong).length,
        negative_member_accounts: accounts.filter((a) => a.negative).length,
        postings: Number(BigInt(cp.postings) + BigInt(counts.postings)),
        transactions: Number(BigInt(cp.transactions) + BigInt(counts.transactions)),
        totals: mergeTotals(
          [
            ...systemKinds.map((k) => ({ ...k, owner: 'system' as const, total: '0' })),
            ...Object.entries(MEMBER_ACCOUNTS).map(([kind, currency]) => ({
              kind,
              currency,
              owner: 'member' as const,
              total: '0',
            })),
          ],
          cp.totals,
          deltas,
        ),
      };
    });
  }

  /**
   * Moves the checkpoint over the postings written since the last one (at
   * most LEDGER_CHECKPOINT_BATCH of them). Returns the range summed, or null
   * when there was nothing to do or another worker is doing it.
   */
  async advance(batch: number): Promise<{ from: string; to: string } | null> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = await runner.query(`SELECT pg_try_advisory_lock($1) AS locked`, [
        CHECKPOINT_LOCK,
      ]);
      if (!locked) return null;
      try {
        return await this.advanceLocked(runner, batch);
      } finally {
        await runner.query(`SELECT pg_advisory_unlock($1)`, [CHECKPOINT_LOCK]);
      }
    } finally {
      await runner.release();
    }
  }

  private async advanceLocked(runner: QueryRunner, batch: number) {
    // The newest posting now, and the ledger writes in flight now: those may
    // still commit postings with smaller ids, so the checkpoint waits for them
    // to end. A write that has not started yet gets larger ids (ledger_post
    // inserts its transaction, taking its xid, before drawing posting ids).
    const [head] = await runner.query(
      `SELECT pg_current_snapshot()::text AS snapshot,
              COALESCE((SELECT max(id) FROM ledger_postings), 0)::text AS posting_id,
              COALESCE((SELECT max(id) FROM ledger_transactions), 0)::text AS transaction_id`,
    );
    const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
    for (;;) {
      // Only ledger writers count (any transaction of the cluster may be in
      // flight): those holding ledger_transactions for writing, which
      // ledger_post takes before it draws posting ids and keeps to the end.
      const [{ busy }] = await runner.query(
        `SELECT count(*)::int AS busy FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
         WHERE l.locktype = 'relation' AND l.relation = 'ledger_transactions'::regclass
           AND l.mode = 'RowExclusiveLock' AND l.granted AND a.backend_xid IS NOT NULL
           AND a.backend_xid IN (SELECT x::xid FROM pg_snapshot_xip($1::pg_snapshot) x)`,
        [head.snapshot],
      );
      if (busy === 0) break;
      if (Date.now() > deadline) return null;
      await sleep(20);
    }
    await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    try {
      const result = await this.sum(runner, head, batch);
      await runner.query('COMMIT');
      return result;
    } catch (error) {
      await runner.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  private async sum(
    runner: QueryRunner,
    head: { posting_id: string; transaction_id: string },
    batch: number,
  ): Promise<{ from: string; to: string } | null> {
    const cp = await LedgerAuditService.latest(runner);
    const from = BigInt(cp.posting_id);
    let through = BigInt(head.posting_id);
    if (through > from + BigInt(batch)) through = from + BigInt(batch);
    // Never split a transaction: stop before the first posting of any
    // transaction that also has postings after the stop.
    for (;;) {
      if (through <= from) return null;
      const [{ first }] = await runner.query(
        `SELECT min(q.id)::text AS first FROM ledger_postings q
         WHERE q.id <= $1 AND q.transaction_id IN (
           SELECT p.transaction_id FROM ledger_postings p WHERE p.id > $1 AND p.id <= $1::bigint + $2)`,
        [through.toString(), TRANSACTION_SPREAD],
      );
      if (first === null) break;
      through = BigInt(first) - 1n;
    }
    const range = [from.toString(), through.toString()];
    const txFrom = cp.transaction_id;
    const txThrough =
      BigInt(head.transaction_id) > BigInt(txFrom) ? head.transaction_id : cp.transaction_id;

    await runner.query(
      `INSERT INTO ledger_checkpoint_accounts AS k (account_id, balance, earned_rewards, earned_commissions)
       SELECT account_id, amount, rewards, commissions FROM (${ACCOUNT_DELTAS}) d
       ON CONFLICT (account_id) DO UPDATE SET balance = k.balance + EXCLUDED.balance,
         earned_rewards = k.earned_rewards + EXCLUDED.earned_rewards,
         earned_commissions = k.earned_commissions + EXCLUDED.earned_commissions`,
      range,
    );
    await runner.query(
      `INSERT INTO ledger_daily_rollups AS r (day, transaction_kind, account_kind, system, detail, currency, amount, postings)
       SELECT * FROM (${ROLLUP_DELTAS}) d
       ON CONFLICT (day, transaction_kind, account_kind, system, detail)
       DO UPDATE SET amount = r.amount + EXCLUDED.amount, postings = r.postings + EXCLUDED.postings`,
      range,
    );
    const deltas: KindTotal[] = await runner.query(KIND_DELTAS, range);
    const [counts] = await runner.query(
      `SELECT (SELECT count(*) FROM ledger_postings WHERE id > $1 AND id <= $2)::text AS postings,
              (SELECT count(*) FROM ledger_transactions WHERE id > $3 AND id <= $4)::text AS transactions`,
      [...range, txFrom, txThrough],
    );
    // What is wrong in what was just summed stays reported after the
    // checkpoint moves past it.
    await runner.query(
      `INSERT INTO ledger_audit_findings (subject, subject_id, problem, found_by)
       SELECT 'transaction', id::bigint, problem, 'checkpoint' FROM (${WRONG_TRANSACTIONS}) w
       ON CONFLICT DO NOTHING`,
      [...range, txFrom, txThrough],
    );
    const [next] = await runner.query(
      `INSERT INTO ledger_checkpoints (previous_id, posting_id, transaction_id, postings, transactions, totals)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text`,
      [
        cp.id,
        through.toString(),
        txThrough,
        (BigInt(cp.postings) + BigInt(counts.postings)).toString(),
        (BigInt(cp.transactions) + BigInt(counts.transactions)).toString(),
        JSON.stringify(mergeTotals([], cp.totals, deltas).filter((t) => t.total !== '0')),
      ],
    );
    await runner.query(
      `INSERT INTO ledger_audit_findings (subject, subject_id, problem, found_by)
       SELECT 'account', id::bigint,
              CASE WHEN negative THEN 'negative' WHEN balance_wrong THEN 'balance' ELSE 'earnings' END,
              'checkpoint'
       FROM (${WRONG_ACCOUNTS}) w WHERE balance_wrong OR earned_wrong OR negative
       ON CONFLICT DO NOTHING`,
      [through.toString(), from.toString()],
    );
    this.logger.debug(`checkpoint ${next.id}: postings ${from + 1n}..${through}`);
    return { from: from.toString(), to: through.toString() };
  }

  /** The latest full audit's result, or null before the first one. */
  async lastFullAudit(): Promise<FullAuditResult | null> {
    const [row] = await this.dataSource.query(
      `SELECT result FROM ledger_full_audits ORDER BY id DESC LIMIT 1`,
    );
    return row ? (row.result as FullAuditResult) : null;
  }

  /** When the latest full audit started, or null. */
  async lastFullAuditStart(): Promise<Date | null> {
    const [row] = await this.dataSource.query(
      `SELECT started_at FROM ledger_full_audits ORDER BY id DESC LIMIT 1`,
    );
    return row ? (row.started_at as Date) : null;
  }

  /**
   * Re-checks the whole ledger from its postings in one snapshot: the
   * invariants, and the checkpoint's sums and the daily rollups against the
   * postings they summarise. Stores the result and replaces the findings with
   * what it found. Null when another full audit is running.
   */
  async fullAudit(): Promise<FullAuditResult | null> {
    const lock = this.dataSource.createQueryRunner();
    await lock.connect();
    try {
      const [{ locked }] = await lock.query(`SELECT pg_try_advisory_lock($1) AS locked`, [
        FULL_AUDIT_LOCK,
      ]);
      if (!locked) return null;
      try {
        const startedAt = new Date();
        const found = await this.snapshot((runner) => fullCheck(runner));
        const result: FullAuditResult = {
          ...found.figures,
          started_at: startedAt.toISOString(),
          finished_at: new Date().toISOString(),
          through_posting_id: found.throughPostingId,
          balanced: isBalanced(found.figures),
          consistent:
            isConsistent(found.figures) &&
            found.checkpointMismatches === 0 &&
            found.rollupMismatches === 0,
          checkpoint_mismatches: found.checkpointMismatches,
          rollup_mismatches: found.rollupMismatches,
        };
        await this.dataSource.transaction(async (m) => {
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
            [
              found.findings.map((f) => f.subject),
              found.findings.map((f) => f.id),
              found.findings.map((f) => f.problem),
            ],
          );
        });
        return result;
      } finally {
        await lock.query(`SELECT pg_advisory_unlock($1)`, [FULL_AUDIT_LOCK]);
      }
    } finally {
      await lock.release();
    }
  }
}

/** Base rows (zeros), then the checkpoint's totals and deltas added, ordered as the report lists them. */
export function mergeTotals(
  base: KindTotal[],
  ...parts: { kind: string; currency: string; owner: string; total: string }[][]
): KindTotal[] {
  const merged = new Map<string, KindTotal>();
  for (const row of base) merged.set(totalKey(row), { ...row });
  for (const part of parts) {
    for (const row of part) {
      const key = totalKey(row);
      const sum = BigInt(merged.get(key)?.total ?? '0') + BigInt(row.total);
      merged.set(key, {
        kind: row.kind,
        currency: row.currency,
        owner: row.owner as KindTotal['owner'],
        total: sum.toString(),
      });
    }
  }
  return [...merged.values()].sort((a, b) =>
    a.owner !== b.owner
      ? a.owner.localeCompare(b.owner)
      : a.currency !== b.currency
        ? a.currency.localeCompare(b.currency)
        : a.kind.localeCompare(b.kind),
  );
}

interface FullCheck {
  figures: AuditFigures;
  throughPostingId: number;
  checkpointMismatches: number;
  rollupMismatches: number;
  findings: { subject: 'transaction' | 'account'; id: string; problem: string }[];
}

/** Everything from the postings, in the caller's snapshot (the original report's checks). */
async function fullCheck(runner: QueryRunner): Promise<FullCheck> {
  const cp = await LedgerAuditService.latest(runner);
  const [counts] = await runner.query(
    `SELECT (SELECT count(*) FROM ledger_transactions)::text AS transactions,
            (SELECT count(*) FROM ledger_postings)::text AS postings`,
  );
  const transactions: { id: string; problem: string }[] = await runner.query(
    `${WRONG_TRANSACTIONS} LIMIT ${FINDINGS_MAX}`,
    ['0', MAX_ID, '0', MAX_ID],
  );
  // One pass over the postings per account: all of them against the cached
  // figures, those up to the checkpoint against the checkpoint's sums.
  const accounts: {
    id: string;
    member: boolean;
    balance_wrong: boolean;
    earned_wrong: boolean;
    negative: boolean;
    checkpoint_wrong: boolean;
  }[] = await runner.query(
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
       SELECT a.id::text AS id, a.user_id IS NOT NULL AS member,
              a.user_id IS NOT NULL AND a.balance <> COALESCE(r.amount, 0) AS balance_wrong,
              a.user_id IS NOT NULL AND a.kind = 'money'
                AND (a.earned_rewards <> COALESCE(r.rewards, 0) OR a.earned_commissions <> COALESCE(r.commissions, 0)) AS earned_wrong,
              a.user_id IS NOT NULL AND a.balance < 0 AS negative,
              COALESCE(k.balance, 0) <> COALESCE(r.cp_amount, 0)
                OR COALESCE(k.earned_rewards, 0) <> COALESCE(r.cp_rewards, 0)
                OR COALESCE(k.earned_commissions, 0) <> COALESCE(r.cp_commissions, 0) AS checkpoint_wrong
       FROM ledger_accounts a
       LEFT JOIN raw r ON r.account_id = a.id
       LEFT JOIN ledger_checkpoint_accounts k ON k.account_id = a.id
     )
     SELECT * FROM checked WHERE balance_wrong OR earned_wrong OR negative OR checkpoint_wrong`,
    [cp.posting_id],
  );
  // Checkpoint rows of accounts that no longer exist would be missed above.
  const [orphans] = await runner.query(
    `SELECT count(*)::int AS n FROM ledger_checkpoint_accounts k
     WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = k.account_id)`,
  );
  const [rollups] = await runner.query(
    `WITH raw AS (${ROLLUP_DELTAS})
     SELECT count(*)::int AS n FROM raw FULL JOIN ledger_daily_rollups r USING (day, transaction_kind, account_kind, system, detail)
     WHERE raw.amount IS DISTINCT FROM r.amount OR raw.postings IS DISTINCT FROM r.postings`,
    ['0', cp.posting_id],
  );
  const totals: KindTotal[] = await runner.query(
    `SELECT a.kind, a.currency, CASE WHEN a.user_id IS NULL THEN 'system' ELSE 'member' END AS owner,
            COALESCE(SUM(p.amount), 0)::text AS total
     FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id
     GROUP BY a.kind, a.currency, a.user_id IS NULL`,
  );
  const cpTotals: KindTotal[] = await runner.query(KIND_DELTAS, ['0', cp.posting_id]);
  const totalsWrong =
    JSON.stringify(mergeTotals([], cpTotals).filter((t) => t.total !== '0')) !==
    JSON.stringify(mergeTotals([], cp.totals).filter((t) => t.total !== '0'));
  const member = accounts.filter((a) => a.member);
  return {
    throughPostingId: Number(cp.posting_id),
    figures: {
      unbalanced_transactions: transactions.length,
      mismatched_accounts: member.filter((a) => a.balance_wrong).length,
      mismatched_earnings: member.filter((a) => a.earned_wrong).length,
      negative_member_accounts: member.filter((a) => a.negative).length,
      transactions: Number(counts.transactions),
      postings: Number(counts.postings),
      totals: mergeTotals([], totals),
    },
    checkpointMismatches:
      accounts.filter((a) => a.checkpoint_wrong).length + Number(orphans.n) + (totalsWrong ? 1 : 0),
    rollupMismatches: Number(rollups.n),
    findings: [
      ...transactions.map((t) => ({
        subject: 'transaction' as const,
        id: t.id,
        problem: t.problem,
      })),
      ...member
        .filter((a) => a.balance_wrong || a.earned_wrong || a.negative)
        .slice(0, FINDINGS_MAX)
        .map((a) => ({
          subject: 'account' as const,
          id: a.id,
          problem: a.negative ? 'negative' : a.balance_wrong ? 'balance' : 'earnings',
        })),
    ],
  };
}
