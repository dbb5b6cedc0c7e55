import { DataSource } from 'typeorm';
import { AppConfig, loadConfig, ownerDatabaseUrl } from '../config/config';
import { ensureAppRole, roleOf } from './app-role';
import { dataSourceOptions } from './data-source-options';

/**
 * Applies pending migrations as the tables' owner (DATABASE_OWNER_URL, else a
 * connection that keeps its session: schema changes never go through a
 * transaction-mode pooler), then makes the app's role (DATABASE_URL's, and
 * DATABASE_SESSION_URL's when another) one that owns nothing and may do what
 * the app does on every table (app-role.ts). Safe to run on every start.
 */
export async function migrate(config: AppConfig = loadConfig()): Promise<string[]> {
  const dataSource = new DataSource(dataSourceOptions(config, ownerDatabaseUrl(config)));
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    const [{ owner }]: { owner: string }[] = await dataSource.query(`SELECT current_user AS owner`);
    const urls = [config.DATABASE_URL, config.DATABASE_SESSION_URL ?? config.DATABASE_URL];
    const roles = new Map(urls.map(roleOf).flatMap((r) => (r ? [[r.name, r] as const] : [])));
    // Unset owner URL: the app runs as the owner, as before issue 36 (scripts
    // that mean it, like the benchmarks, name the same URL twice and hear nothing).
    if (!config.DATABASE_OWNER_URL && (!roles.size || roles.has(owner))) {
      console.warn(
        `migrate: the app connects as ${owner}, the tables' owner: whoever holds that login can switch the audit's triggers off. Set DATABASE_OWNER_URL and give DATABASE_URL a role of its own (docs/operations.md, "The database roles")`,
      );
    }
    for (const role of roles.values()) {
      if (role.name !== owner) await ensureAppRole(dataSource, role);
    }
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
