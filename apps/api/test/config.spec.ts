import { ConfigError, loadConfig } from '../src/config/config';

describe('configuration', () => {
  const base = { NODE_ENV: 'development' } as NodeJS.ProcessEnv;

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
    const ok = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'p'.repeat(40),
      ADMIN_PHONE: '+998900000001',
      ADMIN_PASSWORD: 'long-enough-pw',
    });
    expect(ok.JWT_SECRET).toBe('p'.repeat(40));
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ ...base, API_PORT: '' }).API_PORT).toBe(3000);
  });
});
