/**
 * Tests never touch the development database: they always run on their own
 * (TEST_DATABASE_URL, default app_test) and on Redis database 1.
 */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/app_test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1';

export function useTestEnv() {
  process.env.DATABASE_URL = TEST_DATABASE_URL;
  // Never the owner's URL of a development .env: that names another database.
  process.env.DATABASE_OWNER_URL = TEST_DATABASE_URL;
  process.env.REDIS_URL = TEST_REDIS_URL;
  process.env.NODE_ENV = 'test';
  process.env.ADMIN_PHONE = '+998900000001';
  process.env.ADMIN_PASSWORD = 'admin-test-password';
  // Every suite registers its members from one address; the limit has its own
  // tests (account-security.spec.ts), which boot an app with it on.
  process.env.REGISTER_LIMIT_PER_HOUR = '0';
  // The race suites send hundreds of money requests per member; the limit has
  // its own test (security.spec.ts).
  process.env.MONEY_RATE_LIMIT_PER_MINUTE = '0';
  // The seeded operator funds members in every suite, all on one database
  // within a day; the cap has its own tests (insiders.spec.ts).
  process.env.OPERATOR_DAILY_LIMIT = '0';
  // The seeded operator funds members and then approves their withdrawals in
  // every suite; the bar on approving a member one credited has its own
  // tests (insiders.spec.ts).
  process.env.CREDITOR_WITHDRAWAL_APPROVAL_HOURS = '0';
  // Every suite reads the public routes from one address; the limit has its
  // own test (public-rate-limit.spec.ts).
  process.env.PUBLIC_RATE_LIMIT_PER_MINUTE = '0';
  // The worker's daily proof of liabilities would read the chain in every suite
  // that starts a worker; proofs.spec.ts turns it on where it is tested.
  process.env.PROOF_INTERVAL_HOURS = '0';
  // Suites share one database, its faucet (every chain deposit's source) and
  // a few outside withdrawal addresses: their teams would make rings whose
  // holds change what those suites expect. Holding has its own tests
  // (test/risk/rings.spec.ts).
  process.env.RISK_HOLD = '0';
  // Suites publish several snapshots a minute; the wait between operators'
  // snapshots has its own test (proofs/private-proof.spec.ts).
  process.env.PROOF_MIN_INTERVAL_SECONDS = '0';
  // Suites raise pay with no proof of reserves published; the funding guard
  // has its own tests (funding/funding.spec.ts).
  process.env.ECONOMY_FUNDING_DAYS = '0';
}
