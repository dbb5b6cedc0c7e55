import { z } from 'zod';
import { config as loadDotenv } from 'dotenv';
import { resolve } from 'node:path';

/**
 * One validated settings object (contract section 7). The environment wins
 * over `.env`, so an operator can point one command at any database, Redis,
 * port or TRON node. The process refuses to start on a bad value.
 */
const DEV_JWT_SECRET = 'dev-only-secret-change-me-0123456789abcdef';

const intFrom = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/ })
      .default('postgres://postgres@127.0.0.1:5432/app'),
    DATABASE_POOL_SIZE: intFrom(10, 1, 200),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
    API_PORT: intFrom(3000, 1, 65535),
    API_HOST: z.string().min(1).default('0.0.0.0'),
    WEB_PORT: intFrom(5173, 1, 65535),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    ACCESS_TOKEN_TTL_SECONDS: intFrom(900, 10),
    REFRESH_TOKEN_TTL_SECONDS: intFrom(30 * 24 * 3600, 60),
    ADMIN_PHONE: z.string().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
    LOGIN_MAX_FAILURES_PER_PHONE: intFrom(5, 1),
    LOGIN_MAX_FAILURES_PER_IP: intFrom(30, 1),
    LOGIN_FAILURE_WINDOW_SECONDS: intFrom(900, 1),
    // After this many failures for one phone (any address, one window) each
    // attempt waits before its check; never a refusal. 0 turns it off.
    LOGIN_SLOWDOWN_AFTER: intFrom(10),
    LOGIN_SLOWDOWN_MS: intFrom(1000, 0, 60_000),
    LOGIN_SLOWDOWN_MAX_MS: intFrom(5000, 0, 60_000),
    // Registrations per client address per hour; 0 turns the limit off.
    REGISTER_LIMIT_PER_HOUR: intFrom(10),
    // argon2 hashes and verifications running at once (0: unbounded) and how
    // long one may wait for a turn before a 503 (0: no limit).
    PASSWORD_HASH_CONCURRENCY: intFrom(2, 0, 64),
    PASSWORD_HASH_QUEUE_MS: intFrom(2000, 0, 60_000),
    SWEEP_INTERVAL_MS: intFrom(10_000, 100),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    TRON_FULL_NODE_URL: z.url().default('http://127.0.0.1:8090'),
    TRON_API_KEY: z.string().optional(),
    TRON_USDT_CONTRACT: z
      .string()
      .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/)
      .default('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'),
    TRON_MIN_CONFIRMATIONS: intFrom(19, 1, 1000),
    TRON_DEPOSIT_XPUB: z.string().optional(),
    TRON_HOT_WALLET_PRIVATE_KEY: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    for (const key of ['JWT_SECRET', 'ADMIN_PHONE', 'ADMIN_PASSWORD'] as const) {
      if (!env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required in production` });
    }
    if (env.JWT_SECRET === DEV_JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'the development JWT_SECRET cannot be used in production',
      });
    }
  })
  .transform((env) => ({ ...env, JWT_SECRET: env.JWT_SECRET ?? DEV_JWT_SECRET }));

export type AppConfig = z.infer<typeof schema>;

export class ConfigError extends Error {}

/** Reads `.env` from the repository root (never overriding the environment) and validates. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  if (env === process.env) {
    loadDotenv({ path: resolve(__dirname, '../../../../.env'), quiet: true } as never);
  }
  // Empty strings in .env files mean "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
