import { generateKeyPairSync } from 'node:crypto';
import { ConfigError, loadConfig, ownerDatabaseUrl } from '../../src/config/config';
import { SETTINGS_CATALOGUE } from '../../src/config/settings-catalogue';

const AUDIT_SIGNING_KEY = generateKeyPairSync('ed25519')
  .privateKey.export({ format: 'der', type: 'pkcs8' })
  .toString('base64');

describe('configuration', () => {
  const base = { NODE_ENV: 'development' } as NodeJS.ProcessEnv;

  it('documents every setting, or shares the doc of the one above it of the same family', () => {
    // The README says "see X" for a setting without a doc of its own (tools/docs.ts): X must be
    // its own kind (S3_REGION under S3_BUCKET), never a neighbour that happens to stand above it.
    const strays: string[] = [];
    let documented = '';
    for (const [name, entry] of Object.entries(SETTINGS_CATALOGUE)) {
      if (entry.doc) documented = name;
      else if (name.split('_')[0] !== documented.split('_')[0])
        strays.push(`${name} → ${documented}`);
    }
    expect(strays).toEqual([]);
  });

  it('uses the contract defaults', () => {
    const config = loadConfig({ ...base });
    expect(config.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/app');
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.API_PORT).toBe(3000);
    expect(config.WEB_PORT).toBe(5173);
    expect(config.TRON_MIN_CONFIRMATIONS).toBe(19);
    expect(config.TRON_USDT_CONTRACT).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  });

  it.each([
    [{ API_PORT: 'abc' }, 'API_PORT'],
    [{ API_PORT: '70000' }, 'API_PORT'],
    [{ DATABASE_URL: 'mysql://x@y/z' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ TRON_USDT_CONTRACT: '0xdeadbeef' }, 'TRON_USDT_CONTRACT'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
  ])('refuses %p', (env, key) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(key);
  });

  it('requires real secrets in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET is required in production/,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'dev-only-secret-change-me-0123456789abcdef',
        ADMIN_PHONE: '+998900000001',
        ADMIN_PASSWORD: 'long-enough-pw',
      }),
    ).toThrow(/development JWT_SECRET/);
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'p'.repeat(40),
      ADMIN_PHONE: '+998900000001',
      ADMIN_PASSWORD: 'long-enough-pw',
    };
    expect(() => loadConfig(production)).toThrow(/AUDIT_SIGNING_KEY is required in production/);
    const ok = loadConfig({ ...production, AUDIT_SIGNING_KEY });
    expect(ok.JWT_SECRET).toBe('p'.repeat(40));
  });

  it("migrates as DATABASE_OWNER_URL, which must name the app's database", () => {
    const app = 'postgres://club_app:pw@127.0.0.1:5432/club';
    const owner = 'postgres://postgres@127.0.0.1:5432/club';
    expect(ownerDatabaseUrl(loadConfig({ ...base, DATABASE_URL: app }))).toBe(app);
    expect(
      ownerDatabaseUrl(loadConfig({ ...base, DATABASE_URL: app, DATABASE_OWNER_URL: owner })),
    ).toBe(owner);
    // A script's own database with the development .env's owner: refused, never migrated.
    expect(() =>
      ownerDatabaseUrl(
        loadConfig({
          ...base,
          DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app_bench',
          DATABASE_OWNER_URL: 'postgres://postgres@127.0.0.1:5432/app',
        }),
      ),
    ).toThrow('DATABASE_OWNER_URL names the database "app" and DATABASE_URL "app_bench"');
  });

  it('takes an Ed25519 audit signing key as base64 DER or PEM, and nothing else', () => {
    const pem = `-----BEGIN PRIVATE KEY-----\n${AUDIT_SIGNING_KEY}\n-----END PRIVATE KEY-----\n`;
    expect(loadConfig({ ...base, AUDIT_SIGNING_KEY }).AUDIT_SIGNING_KEY).toBe(AUDIT_SIGNING_KEY);
    expect(loadConfig({ ...base, AUDIT_SIGNING_KEY: pem }).AUDIT_SIGNING_KEY).toBe(pem);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ format: 'der', type: 'pkcs8' })
      .toString('base64');
    for (const [key, message] of [
      [rsa, /AUDIT_SIGNING_KEY is a rsa key, not Ed25519/],
      ['not a key!', /AUDIT_SIGNING_KEY must be a PKCS#8 Ed25519 key/],
      ['c2VjcmV0', /AUDIT_SIGNING_KEY is not a PKCS#8 private key/],
    ] as const) {
      expect(() => loadConfig({ ...base, AUDIT_SIGNING_KEY: key })).toThrow(message);
    }
  });

  it('has sane defaults for the account limits, 0 turning each off', () => {
    const config = loadConfig({ ...base });
    expect(config).toMatchObject({
      REGISTER_LIMIT_PER_HOUR: 10,
      PASSWORD_HASH_CONCURRENCY: 2,
      PASSWORD_HASH_QUEUE_MS: 2000,
      LOGIN_SLOWDOWN_AFTER: 10,
      LOGIN_SLOWDOWN_MS: 1000,
      LOGIN_SLOWDOWN_MAX_MS: 5000,
    });
    const off = loadConfig({
      ...base,
      REGISTER_LIMIT_PER_HOUR: '0',
      PASSWORD_HASH_CONCURRENCY: '0',
      LOGIN_SLOWDOWN_AFTER: '0',
    });
    expect(off.REGISTER_LIMIT_PER_HOUR).toBe(0);
    expect(off.PASSWORD_HASH_CONCURRENCY).toBe(0);
    expect(off.LOGIN_SLOWDOWN_AFTER).toBe(0);
    expect(() => loadConfig({ ...base, LOGIN_SLOWDOWN_MAX_MS: '600000' })).toThrow(
      'LOGIN_SLOWDOWN_MAX_MS',
    );
  });

  it('logs at info, keeps /metrics internal without a token, reads the chain once a minute', () => {
    const config = loadConfig({ ...base });
    expect(config).toMatchObject({
      LOG_LEVEL: 'info',
      METRICS_CHAIN_REFRESH_SECONDS: 60,
      WORKER_METRICS_PORT: 0,
    });
    expect(config.METRICS_TOKEN).toBeUndefined();
    expect(() => loadConfig({ ...base, LOG_LEVEL: 'loud' })).toThrow('LOG_LEVEL');
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN');
    expect(() => loadConfig({ ...base, WORKER_METRICS_PORT: '70000' })).toThrow(
      'WORKER_METRICS_PORT',
    );
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ ...base, API_PORT: '' }).API_PORT).toBe(3000);
  });
});
