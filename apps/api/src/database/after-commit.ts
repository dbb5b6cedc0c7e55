import { DataSource, EntityManager, EntitySubscriberInterface, QueryRunner } from 'typeorm';

const PENDING = 'afterCommit';
type Callback = () => void;

function pendingOf(runner: QueryRunner): Callback[] {
  const data = runner.data as Record<string, Callback[] | undefined>;
  return (data[PENDING] ??= []);
}

/**
 * Runs `callback` once the caller's transaction has committed (now when `db`
 * is not in one): what others are told about, such as a member's live events,
 * must never announce a change that then rolls back. Callbacks of a rolled
 * back transaction are dropped. Errors thrown by a callback are its own to
 * handle: it runs after the transaction, outside the request's answer.
 */
export function afterCommit(db: DataSource | EntityManager, callback: Callback): void {
  const runner = db instanceof EntityManager ? db.queryRunner : undefined;
  if (runner?.isTransactionActive) pendingOf(runner).push(callback);
  else callback();
}

/** The TypeORM subscriber that runs afterCommit's callbacks (registered by DatabaseModule). */
export class AfterCommitSubscriber implements EntitySubscriberInterface {
  afterTransactionCommit(event: { queryRunner: QueryRunner }) {
    const runner = event.queryRunner;
    // A released savepoint is not a commit: wait for the outermost one.
    if (runner.isTransactionActive) return;
    const callbacks = pendingOf(runner).splice(0);
    for (const callback of callbacks) callback();
  }

  afterTransactionRollback(event: { queryRunner: QueryRunner }) {
    if (!event.queryRunner.isTransactionActive) pendingOf(event.queryRunner).splice(0);
  }
}

/** Adds the subscriber to a data source once. */
export function registerAfterCommit(dataSource: DataSource): void {
  if (!dataSource.subscribers.some((s) => s instanceof AfterCommitSubscriber))
    dataSource.subscribers.push(new AfterCommitSubscriber());
}

/**
 * Where the callbacks of the caller's transaction stand now; with
 * dropAfterCommitSince, what a rolled-back savepoint registered is dropped
 * and the rest of the transaction's callbacks kept (database/group-commit.ts).
 */
export function afterCommitMark(runner: QueryRunner): number {
  return pendingOf(runner).length;
}

/** Drops the callbacks registered since `mark` (their savepoint rolled back). */
export function dropAfterCommitSince(runner: QueryRunner, mark: number): void {
  pendingOf(runner).splice(mark);
}
