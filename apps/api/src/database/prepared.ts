import type { Pool, PoolClient } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/**
 * Runs a hot query as a named prepared statement, so PostgreSQL plans it once
 * per connection instead of on every call (planning the watch query costs
 * more than running it). Inside a transaction it uses the transaction's
 * connection; otherwise a pooled one for the one statement. Errors are
 * node-postgres errors (`code` is the SQLSTATE), not TypeORM's.
 */
export async function preparedQuery<T>(
  executor: DataSource | EntityManager,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const inTransaction = executor instanceof EntityManager ? executor.queryRunner : undefined;
  if (inTransaction && !inTransaction.isReleased) {
    const client = (await inTransaction.connect()) as PoolClient;
    return (await client.query({ name, text, values })).rows as T[];
  }
  const dataSource = executor instanceof DataSource ? executor : executor.connection;
  // The driver's pool (PostgresDriver.master, public): a QueryRunner per
  // call would cost a third of /users/me's throughput.
  const pool = (dataSource.driver as PostgresDriver).master as Pool;
  return (await pool.query({ name, text, values })).rows as T[];
}

/** The SQLSTATE of a database error, from TypeORM or node-postgres. */
export function sqlState(error: unknown): string | undefined {
  const driver = (error as { driverError?: { code?: string } })?.driverError ?? error;
  return (driver as { code?: string })?.code;
}

/** A unique index refused the row (SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
