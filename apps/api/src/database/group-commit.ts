import type { PoolClient } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { afterCommitMark, dropAfterCommitSince } from './after-commit';
import { sqlState } from './prepared';

export interface GroupCommitOptions {
  /** A batch leaves once it holds this many (at most 64: see WATCH_BATCH_SIZE). */
  size: number;
  /** How long the first of a batch waits for others; 0: the next turn of the event loop. */
  waitMs: number;
  /** Batches in flight at once, each on its own connection. */
  flushes: number;
}

/** One piece of work of a batch: it runs in its own savepoint of the batch's transaction. */
export type GroupWork<T> = (db: EntityManager) => Promise<T>;

interface Pending {
  work: GroupWork<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  tries: number;
}

/**
 * What a lock between two batches ends in (deadlock detected, lock or
 * serialization failure): the piece is run again in a later batch, once
 * this one has committed and let go of its locks.
 */
const RETRIED_STATES = new Set(['40P01', '40001', '55P03']);
const MAX_TRIES = 3;

/**
 * Group commit (issue 41): pieces of work that arrive together run in one
 * database transaction on one connection, each in a savepoint of its own
 * (`SAVEPOINT w` before it, `RELEASE SAVEPOINT w; SAVEPOINT w` after it in one
 * round trip, `ROLLBACK TO SAVEPOINT w` when it fails), so one commit, and
 * one WAL flush, serves them all and each still succeeds or fails alone.
 * Each caller awaits its own piece's result, which it learns only once the
 * whole batch has committed: if the commit fails (a lost connection, a
 * killed process), every piece of the batch fails and nothing of it was
 * written. The callbacks a piece registers with afterCommit run after the
 * batch's commit, and are dropped with the piece's savepoint.
 *
 * A batch leaves when it holds `size` pieces or `waitMs` after its first
 * arrived; while `flushes` batches are in flight, newcomers wait and leave
 * together as soon as one of them ends.
 */
export class GroupCommit {
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | NodeJS.Immediate | undefined;
  private inFlight = 0;
  private readonly idle: (() => void)[] = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: GroupCommitOptions,
  ) {
    if (options.size < 1 || options.size > 64) throw new Error('GroupCommit size is 1 to 64');
  }

  /** Runs `work` in the next batch; resolves with its result once that batch has committed. */
  run<T>(work: GroupWork<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject, tries: 0 });
      this.schedule();
    });
  }

  /** Resolves once nothing is queued or in flight (a polite stop waits for it). */
  drain(): Promise<void> {
    if (this.queue.length === 0 && this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private schedule(): void {
    if (this.queue.length === 0 || this.inFlight >= this.options.flushes) return;
    if (this.queue.length >= this.options.size) {
      this.clearTimer();
      void this.flush();
      return;
    }
    if (this.timer) return;
    const fire = () => {
      this.timer = undefined;
      void this.flush();
    };
    this.timer =
      this.options.waitMs > 0 ? setTimeout(fire, this.options.waitMs) : setImmediate(fire);
  }

  private clearTimer(): void {
    if (!this.timer) return;
    clearTimeout(this.timer as NodeJS.Timeout);
    clearImmediate(this.timer as NodeJS.Immediate);
    this.timer = undefined;
  }

  private async flush(): Promise<void> {
    const batch = this.queue.splice(0, this.options.size);
    if (batch.length === 0) return;
    this.inFlight++;
    try {
      await this.commit(batch);
    } finally {
      this.inFlight--;
      // Those that arrived meanwhile have waited a batch's time already: they leave now.
      if (this.queue.length > 0 && this.inFlight < this.options.flushes) {
        this.clearTimer();
        void this.flush();
      } else if (this.queue.length === 0 && this.inFlight === 0) {
        for (const resolve of this.idle.splice(0)) resolve();
      }
    }
  }

  private async commit(batch: Pending[]): Promise<void> {
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      const client = (await runner.connect()) as PoolClient;
      await client.query('SAVEPOINT w');
      for (const [i, piece] of batch.entries()) {
        const mark = afterCommitMark(runner);
        try {
          outcomes.push({ ok: true, value: await piece.work(runner.manager) });
          if (i < batch.length - 1) await client.query('RELEASE SAVEPOINT w; SAVEPOINT w');
        } catch (error) {
          outcomes.push({ ok: false, error });
          dropAfterCommitSince(runner, mark);
          await client.query('ROLLBACK TO SAVEPOINT w');
        }
      }
      await runner.commitTransaction();
    } catch (error) {
      // The batch as a whole failed: PostgreSQL rolls back (or already has,
      // with the lost connection) everything of it, so every piece fails.
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      for (const piece of batch) piece.reject(error);
      return;
    } finally {
      await runner.release();
    }
    for (const [i, piece] of batch.entries()) {
      const outcome = outcomes[i];
      if (outcome.ok) piece.resolve(outcome.value);
      else if (RETRIED_STATES.has(sqlState(outcome.error) ?? '') && ++piece.tries < MAX_TRIES)
        this.queue.unshift(piece);
      else piece.reject(outcome.error);
    }
  }
}
