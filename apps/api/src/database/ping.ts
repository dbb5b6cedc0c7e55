import { DataSource } from 'typeorm';

/** Resolves when PostgreSQL answers a trivial query on a pooled connection. */
export async function pingDatabase(dataSource: DataSource): Promise<void> {
  await dataSource.query('SELECT 1');
}
