import type { Pool, PoolClient } from 'pg';
import { DataSource, EntityManager } from 'typeorm';

/**
 * Runs a hot query as a named prepared statement, so PostgreSQL plans it once
 * per connection instead of on every call (planning the watch query costs
 * more than running it). Inside a transaction it uses the transaction's
 * connection; otherwise any pooled one. Errors are node-postgres errors
 * (`code` is the SQLSTATE), not TypeORM's.
 */
export async function preparedQuery<T>(
  executor: DataSource | EntityManager,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const runner = executor instanceof EntityManager ? executor.queryRunner : undefined;
  if (runner && !runner.isReleased) {
    const client = (await runner.connect()) as PoolClient;
    return (await client.query({ name, text, values })).rows as T[];
  }
  const dataSource = executor instanceof DataSource ? executor : executor.connection;
  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  return (await pool.query({ name, text, values })).rows as T[];
}

/** The SQLSTATE of a database error, from TypeORM or node-postgres. */
export function sqlState(error: unknown): string | undefined {
  const driver = (error as { driverError?: { code?: string } })?.driverError ?? error;
  return (driver as { code?: string })?.code;
}
