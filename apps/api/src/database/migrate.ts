import { DataSource } from 'typeorm';
import { loadConfig } from '../config/config';
import { dataSourceOptions } from './data-source-options';

/** Applies pending migrations; safe to run on every start. */
export async function migrate(): Promise<string[]> {
  // Schema changes on a connection that keeps its session, not through a transaction-mode pooler.
  const config = loadConfig();
  const dataSource = new DataSource(
    dataSourceOptions(config, config.DATABASE_SESSION_URL ?? config.DATABASE_URL),
  );
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await dataSource.destroy();
  }
}

if (require.main === module) {
  migrate()
    .then((names) =>
      console.log(
        names.length ? `migrations applied: ${names.join(', ')}` : 'migrations: up to date',
      ),
    )
    .catch((error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
