import { DataSource } from 'typeorm';

/**
 * The compiled migrations the database has not recorded as applied (a
 * missing migrations table means all of them). Read-only, unlike TypeORM's
 * showMigrations(), which creates the table: a readiness probe writes nothing.
 */
export async function pendingMigrations(dataSource: DataSource): Promise<string[]> {
  const table = dataSource.options.migrationsTableName ?? 'migrations';
  const [{ exists }]: { exists: boolean }[] = await dataSource.query(
    `SELECT to_regclass($1) IS NOT NULL AS exists`,
    [table],
  );
  const applied = new Set<string>(
    exists
      ? (await dataSource.query(`SELECT name FROM "${table}"`)).map((r: { name: string }) => r.name)
      : [],
  );
  return dataSource.migrations
    .map((migration) => migration.name ?? migration.constructor.name)
    .filter((name) => !applied.has(name));
}
