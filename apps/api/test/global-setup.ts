import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/config';
import { dataSourceOptions } from '../src/database/data-source-options';
import { seed } from '../src/seed/seed';
import { TEST_DATABASE_URL, useTestEnv } from './env';

/** A fresh schema per run: drop everything, migrate from zero, seed. */
export default async function globalSetup() {
  useTestEnv();
  const url = new URL(TEST_DATABASE_URL);
  const database = url.pathname.slice(1);
  const admin = new Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();

  const dataSource = new DataSource(dataSourceOptions(loadConfig()));
  await dataSource.initialize();
  await dataSource.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  await dataSource.runMigrations({ transaction: 'each' });
  await seed(dataSource, {
    phone: process.env.ADMIN_PHONE!,
    password: process.env.ADMIN_PASSWORD!,
  });
  await dataSource.destroy();
}
