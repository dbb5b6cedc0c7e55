import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/config/config';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { seed } from '../../src/seed/seed';

/** Creates the database when missing, drops its schema, migrates from zero and seeds. */
export async function prepareDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const database = url.pathname.slice(1);
  const admin = new Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();

  const dataSource = new DataSource(
    dataSourceOptions(loadConfig({ ...process.env, DATABASE_URL: databaseUrl })),
  );
  await dataSource.initialize();
  await dataSource.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  await dataSource.runMigrations({ transaction: 'each' });
  await seed(dataSource, {
    phone: process.env.ADMIN_PHONE!,
    password: process.env.ADMIN_PASSWORD!,
  });
  await dataSource.destroy();
}

/**
 * A database of its own beside the test database (same server, name plus
 * `_<suffix>`), fresh: for a suite whose requests change shared settings.
 */
export async function separateDatabase(suffix: string): Promise<string> {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `${url.pathname}_${suffix}`;
  await prepareDatabase(url.toString());
  return url.toString();
}
