import { Query, type PoolClient, type QueryResultRow } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { poolOf } from './typeorm-internals';

/** Data sources whose connections go through a pooler that cannot keep named statements. */
const unnamed = new WeakSet<DataSource>();

/**
 * DATABASE_PREPARED_STATEMENTS=false: this data source's hot queries run as
 * unnamed statements (parsed and planned on every call). PgBouncer in
 * transaction mode hands each transaction any server connection, where a
 * statement prepared on another one does not exist (and before 1.21 it
 * cannot track them: docs/decisions.md "Reports on a replica, through a pooler").
 */
export function namedStatements(dataSource: DataSource, enabled: boolean): void {
  if (enabled) unnamed.delete(dataSource);
  else unnamed.add(dataSource);
}

/**
 * Runs a hot query as a named prepared statement, so PostgreSQL plans it once
 * per connection instead of on every call (planning the watch query costs
 * more than running it); unnamed where namedStatements turned them off. Inside a transaction it uses the transaction's
 * connection; otherwise a pooled one for the one statement. Errors are
 * node-postgres errors (`code` is the SQLSTATE), not TypeORM's.
 */
export async function preparedQuery<T>(
  executor: DataSource | EntityManager,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const dataSource = executor instanceof DataSource ? executor : executor.connection;
  if (unnamed.has(dataSource)) name = '';
  const inTransaction = executor instanceof EntityManager ? executor.queryRunner : undefined;
  if (inTransaction && !inTransaction.isReleased) {
    const client = (await inTransaction.connect()) as PoolClient;
    return run<T>(client, name, text, values);
  }
  // The driver's own pool (typeorm-internals.ts): a QueryRunner per call
  // would cost a third of /users/me's throughput.
  const pool = poolOf(dataSource);
  const client = await pool.connect();
  try {
    const rows = await run<T>(client, name, text, values);
    client.release();
    return rows;
  } catch (error) {
    // As pool.query does: a connection that failed a statement is not reused.
    client.release(error as Error);
    throw error;
  }
}

/**
 * One named statement on a connection. node-postgres copies a query given
 * as a `{name, text, values}` object through its property descriptors on
 * every call (a fortieth of `/users/me`, docs/decisions.md "Hot paths"); a
 * Query made from the text is not copied, and the name set on it makes it
 * the same prepared statement. Its answer comes to the Query's callback
 * (rather than its `end` and `error` events): OpenTelemetry's pg
 * instrumentation ends a query's span in that callback, and a Query without
 * one would leave its span unfinished, never exported (tracing on).
 */
function run<T>(client: PoolClient, name: string, text: string, values: unknown[]): Promise<T[]> {
  return new Promise<T[]>((resolve, reject) => {
    const query = new Query<QueryResultRow>(text, values, (error, result) =>
      error ? reject(error) : resolve(result.rows as T[]),
    );
    // No name: node-postgres sends it as the unnamed statement.
    if (name) (query as unknown as { name: string }).name = name;
    client.query(query);
  });
}

/** The SQLSTATE of a database error, from TypeORM or node-postgres. */
export function sqlState(error: unknown): string | undefined {
  const driver = (error as { driverError?: { code?: string } })?.driverError ?? error;
  return (driver as { code?: string })?.code;
}

/** A unique index refused the row (SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
