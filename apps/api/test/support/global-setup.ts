import { prepareDatabase } from './database';
import { TEST_DATABASE_URL, useTestEnv } from './env';

/** A fresh schema per run: drop everything, migrate from zero, seed. */
export default async function globalSetup() {
  useTestEnv();
  await prepareDatabase(TEST_DATABASE_URL);
}
