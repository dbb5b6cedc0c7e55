import { Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { QueryRunner } from 'typeorm';
import { MEMBER_ACCOUNTS } from './ledger.accounts';
import { Checkpoint, KindTotal, LedgerAuditRepository } from './ledger-audit.repository';
import { MAX_ID } from './ledger-audit.sql';

export type { Checkpoint, KindTotal } from './ledger-audit.repository';

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

  constructor(private readonly repository: LedgerAuditRepository) {}

  /**
   * Runs reads in one snapshot with the latest checkpoint, for figures made of
   * rollups up to it plus the postings after it. The checkpoint's posting id
   * goes to the queries as a value, so PostgreSQL plans the "after it" part as
   * the short range of the primary key it is.
   */
  withCheckpoint<T>(work: (runner: QueryRunner, cp: Checkpoint) => Promise<T>) {
    return this.repository.snapshot(
      async (runner) => work(runner, await this.repository.latest(runner)),
      true,
      'reports',
    );
  }

  /** The latest checkpoint. */
  checkpoint(): Promise<Checkpoint> {
    return this.repository.snapshot((runner) => this.repository.latest(runner));
  }

  /** The incremental audit: the checkpoint plus the postings after it and the findings. */
  figures(): Promise<AuditFigures & { checkpoint: Checkpoint }> {
    const repo = this.repository;
    // Operators' pages only (the report, the dashboard): the reports database.
    return repo.snapshot(
      async (runner) => {
        const cp = await repo.latest(runner);
        const accounts = await repo.wrongAccountsAfter(runner, cp);
        const fresh = await repo.wrongTransactionsAfter(runner, cp);
        const found = await repo.transactionFindings(runner);
        const deltas = await repo.kindDeltas(runner, cp.posting_id, MAX_ID);
        const counts = await repo.countsAfter(runner, cp);
        const systemKinds = await repo.systemKinds(runner);
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
      },
      true,
      'reports',
    );
  }

  /**
   * Moves the checkpoint over the postings written since the last one (at
   * most LEDGER_CHECKPOINT_BATCH of them). Returns the range summed, or null
   * when there was nothing to do or another worker is doing it.
   */
  async advance(batch: number): Promise<{ from: string; to: string } | null> {
    const result = await this.repository.whileLocked(CHECKPOINT_LOCK, (runner) =>
      this.advanceLocked(runner, batch),
    );
    return result ?? null;
  }

  private async advanceLocked(runner: QueryRunner, batch: number) {
    // The newest posting now, and the ledger writers open now: those may
    // still commit postings with smaller ids, so the checkpoint waits for them
    // to end. A writer that has not started yet draws larger ids (ledger_post
    // inserts its transaction, taking the lock it is listed by, before
    // drawing posting ids).
    const head = await this.repository.head(runner);
    const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
    for (;;) {
      const busy = await this.repository.writersInFlight(runner, head.writers);
      if (busy === 0) break;
      if (Date.now() > deadline) return null;
      await sleep(20);
    }
    return this.repository.repeatableRead(runner, () => this.sum(runner, head, batch));
  }

  private async sum(
    runner: QueryRunner,
    head: { posting_id: string; transaction_id: string },
    batch: number,
  ): Promise<{ from: string; to: string } | null> {
    const repo = this.repository;
    const cp = await repo.latest(runner);
    const from = BigInt(cp.posting_id);
    let through = BigInt(head.posting_id);
    if (through > from + BigInt(batch)) through = from + BigInt(batch);
    // Never split a transaction: stop before the first posting of any
    // transaction that also has postings after the stop.
    for (;;) {
      if (through <= from) return null;
      const first = await repo.firstOfSplitTransaction(runner, through.toString());
      if (first === null) break;
      through = BigInt(first) - 1n;
    }
    const range = [from.toString(), through.toString()];
    const txFrom = cp.transaction_id;
    const txThrough =
      BigInt(head.transaction_id) > BigInt(txFrom) ? head.transaction_id : cp.transaction_id;

    const next = await this.addToSums(runner, cp, range, txThrough);
    // What is wrong in what was just summed stays reported after the
    // checkpoint moves past it.
    await repo.recordWrongTransactions(runner, range, txFrom, txThrough);
    await repo.recordWrongAccounts(runner, through.toString(), from.toString());
    this.logger.debug(`checkpoint ${next}: postings ${from + 1n}..${through}`);
    return { from: from.toString(), to: through.toString() };
  }

  /**
   * Adds the postings in range (after, through] and the transactions up to
   * `txThrough` to the sums `base` kept (per account, rollups, totals and
   * counts), and records them as the checkpoint after `base`. Its id.
   */
  private async addToSums(
    runner: QueryRunner,
    base: Checkpoint,
    range: string[],
    txThrough: string,
  ): Promise<string> {
    const repo = this.repository;
    await repo.addAccountDeltas(runner, range);
    await repo.addRollupDeltas(runner, range);
    const deltas = await repo.kindDeltas(runner, range[0], range[1]);
    const counts = await repo.countsIn(runner, range, base.transaction_id, txThrough);
    return repo.insertCheckpoint(runner, {
      previousId: base.id,
      postingId: range[1],
      transactionId: txThrough,
      postings: (BigInt(base.postings) + BigInt(counts.postings)).toString(),
      transactions: (BigInt(base.transactions) + BigInt(counts.transactions)).toString(),
      totals: mergeTotals([], base.totals, deltas).filter((t) => t.total !== '0'),
    });
  }

  /**
   * Makes the checkpoint's sums again from the postings up to it, for a
   * ledger whose full audit found them wrong (checkpoint or rollup
   * mismatches) while every balance equals its postings: a checkpoint could
   * once pass a writer's postings before they committed (docs/decisions.md,
   * "Ledger checkpoints"). Derived figures only, never a posting or a
   * balance; an operator's step (`pnpm ledger:rebuild-checkpoint`), not the
   * audit's, so sums that stopped matching postings someone changed are
   * reported, not made to agree. Null while the worker moves the checkpoint.
   */
  async rebuildCheckpoint(): Promise<{ checkpoint: string; posting_id: string } | null> {
    return this.repository.whileLocked(CHECKPOINT_LOCK, (runner) =>
      this.repository.repeatableRead(runner, async () => {
        const cp = await this.repository.latest(runner);
        // From nothing up to the checkpoint's own posting: the same step as `advance`.
        await this.repository.clearSums(runner);
        const empty = {
          ...cp,
          posting_id: '0',
          transaction_id: '0',
          postings: '0',
          transactions: '0',
          totals: [],
        };
        const checkpoint = await this.addToSums(
          runner,
          empty,
          ['0', cp.posting_id],
          cp.transaction_id,
        );
        this.logger.log(`checkpoint ${checkpoint}: sums rebuilt through posting ${cp.posting_id}`);
        return { checkpoint, posting_id: cp.posting_id };
      }),
    );
  }

  /** The latest full audit's result, or null before the first one. */
  lastFullAudit(): Promise<FullAuditResult | null> {
    return this.repository.lastFullAudit<FullAuditResult>();
  }

  /** When the latest full audit started, or null. */
  lastFullAuditStart(): Promise<Date | null> {
    return this.repository.lastFullAuditStart();
  }

  /**
   * Re-checks the whole ledger from its postings in one snapshot: the
   * invariants, and the checkpoint's sums and the daily rollups against the
   * postings they summarise. Stores the result and replaces the findings with
   * what it found. Null when another full audit is running.
   */
  async fullAudit(): Promise<FullAuditResult | null> {
    return this.repository.whileLocked(FULL_AUDIT_LOCK, async () => {
      const startedAt = new Date();
      const found = await this.repository.snapshot((runner) => this.fullCheck(runner));
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
      await this.repository.storeFullAudit(startedAt, result, found.findings);
      return result;
    });
  }

  /** Everything from the postings, in the caller's snapshot (the original report's checks). */
  private async fullCheck(runner: QueryRunner): Promise<FullCheck> {
    const repo = this.repository;
    const cp = await repo.latest(runner);
    const counts = await repo.countAll(runner);
    const transactions = await repo.allWrongTransactions(runner, FINDINGS_MAX);
    const accounts = await repo.checkAccounts(runner, cp.posting_id);
    const orphans = await repo.orphanCheckpointAccounts(runner);
    const rollupMismatches = await repo.rollupMismatches(runner, cp.posting_id);
    const totals = await repo.allTotals(runner);
    const cpTotals = await repo.kindDeltas(runner, '0', cp.posting_id);
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
        accounts.filter((a) => a.checkpoint_wrong).length + orphans + (totalsWrong ? 1 : 0),
      rollupMismatches,
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
