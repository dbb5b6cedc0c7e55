import { z } from 'zod';
import { config as loadDotenv } from 'dotenv';
import { resolve } from 'node:path';
import { TronWeb } from 'tronweb';
import { developmentAuditSigningKey, parseAuditSigningKey } from './audit-signing-key';
import { DEFAULT_PASSWORD_COST, owaspMinimumMemoryKib } from './password-cost';

/**
 * One validated settings object (contract section 7). The environment wins
 * over `.env`, so an operator can point one command at any database, Redis,
 * port or TRON node. The process refuses to start on a bad value.
 */
const DEV_JWT_SECRET = 'dev-only-secret-change-me-0123456789abcdef';

const intFrom = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** Every setting, its type, limits and default (the docs come from SETTINGS_CATALOGUE). */
export const SETTINGS_SCHEMA = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/ })
    .default('postgres://postgres@127.0.0.1:5432/app'),
  DATABASE_POOL_SIZE: intFrom(10, 1, 200),
  /** A streaming replica for operators' heavy reads; unset: the primary (contract section 7). */
  DATABASE_REPLICA_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /**
   * A connection that keeps its session (LISTEN, session advisory locks):
   * PostgreSQL itself or a session-mode pool when DATABASE_URL is a
   * transaction-mode pooler; unset: DATABASE_URL.
   */
  DATABASE_SESSION_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /**
   * The tables' owner, for `pnpm db:migrate` and the seed only (never the
   * running app): migrations run as it, and it makes DATABASE_URL's role
   * one that owns nothing. Unset: DATABASE_URL (the app then owns the tables).
   */
  DATABASE_OWNER_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Hot queries as named prepared statements; false behind a pooler that cannot keep them. */
  DATABASE_PREPARED_STATEMENTS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * How long opening a PostgreSQL connection (or waiting for a pooled one)
   * may take before the request fails with 503; 0: no limit.
   */
  DATABASE_CONNECT_TIMEOUT_MS: intFrom(3000, 0, 600_000),
  /** PostgreSQL's statement_timeout for the app's connections; 0: off. */
  DATABASE_STATEMENT_TIMEOUT_MS: intFrom(0, 0, 3_600_000),
  /** Client-side limit on one query's answer (a silent network); 0: off. */
  DATABASE_QUERY_TIMEOUT_MS: intFrom(0, 0, 3_600_000),
  /** Retry-After (seconds) on a 503 while PostgreSQL or Redis is away. */
  UNAVAILABLE_RETRY_AFTER_SECONDS: intFrom(5, 1, 3600),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
  /** Redis Sentinels (host:port, comma-separated): when set, they name the master; REDIS_URL keeps credentials and db. */
  REDIS_SENTINELS: z
    .string()
    .regex(
      /^\s*[^\s:,]+(:\d+)?\s*(,\s*[^\s:,]+(:\d+)?\s*)*$/,
      'REDIS_SENTINELS must be host:port, comma-separated',
    )
    .optional(),
  /** The master's name the Sentinels watch. */
  REDIS_SENTINEL_NAME: z.string().min(1).default('mymaster'),
  API_PORT: intFrom(3000, 1, 65535),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  /** Swagger UI at /docs and the spec at /openapi.json; off by default in production. */
  API_DOCS: z.enum(['true', 'false']).optional(),
  /** Deepest nesting of a JSON body or query accepted; 0: no limit. */
  JSON_MAX_DEPTH: intFrom(32),
  WEB_PORT: intFrom(5173, 1, 65535),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  /**
   * The Ed25519 key that signs every audit row (PKCS#8: PEM or its DER in
   * base64). Kept out of the database; required in production. Unset
   * elsewhere: var/audit-signing-key, made once.
   */
  AUDIT_SIGNING_KEY: z.string().optional(),
  ACCESS_TOKEN_TTL_SECONDS: intFrom(900, 10),
  ACCESS_TOKEN_CACHE_SIZE: intFrom(10_000),
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
  // argon2id's cost for new hashes (config/password-cost.ts): at least OWASP's
  // minimum for the passes; a member's older hash is upgraded at sign-in.
  PASSWORD_HASH_MEMORY_KIB: intFrom(DEFAULT_PASSWORD_COST.memoryKib, 7_168, 4_194_304),
  PASSWORD_HASH_PASSES: intFrom(DEFAULT_PASSWORD_COST.passes, 1, 100),
  // The API's thread pool (argon2, file writes) runs at this nice value,
  // below the event loop (infra/process/thread-pool-priority.ts); 0: same priority.
  THREADPOOL_NICE: intFrom(10, 0, 19),
  /** How long each API process keeps the published catalogue (GET /trailers); 0: every request reads it. */
  TRAILERS_CACHE_MS: intFrom(1000, 0, 60_000),
  /** How long each API process keeps a Moments feed page (without the reader's likes); 0: every request reads it. */
  MOMENTS_FEED_CACHE_MS: intFrom(1000, 0, 60_000),
  /** Money requests (transfer, buy_vip, watch, withdrawals, uploads) per member per minute; 0: no limit. */
  MONEY_RATE_LIMIT_PER_MINUTE: intFrom(30),
  /** Public reads (no sign-in: packages, site, media, health) per client address per minute; 0: no limit. */
  PUBLIC_RATE_LIMIT_PER_MINUTE: intFrom(600),
  /** Wrong transaction passwords per member per window before 429; 0 turns the limit off. */
  TRANSACTION_PASSWORD_MAX_FAILURES: intFrom(5),
  TRANSACTION_PASSWORD_WINDOW_SECONDS: intFrom(900, 1),
  /** How long an Idempotency-Key's answer is kept and replayed; 0: kept for ever. */
  IDEMPOTENCY_KEY_TTL_HOURS: intFrom(24),
  /** How long a request waits for one with the same key still running, then 409; 0: no wait. */
  IDEMPOTENCY_WAIT_SECONDS: intFrom(10, 0, 600),
  /** Saved withdrawal addresses per member; 0: no limit. */
  WITHDRAWAL_ADDRESS_BOOK_MAX: intFrom(20),
  /** Live events (GET /users/me/events): open streams per member across API processes; 0: no limit. */
  EVENTS_MAX_STREAMS_PER_MEMBER: intFrom(5),
  /** Seconds between the keep-alive comments of an open event stream (contract: at most 25). */
  EVENTS_HEARTBEAT_SECONDS: intFrom(25, 1, 25),
  /** Events kept per member for resuming with Last-Event-ID (approximately: Redis trims in blocks). */
  EVENTS_STREAM_LENGTH: intFrom(100, 1, 100_000),
  /** Seconds a member's kept events outlive their last one. */
  EVENTS_RETENTION_SECONDS: intFrom(86_400, 60),
  /** Balance markers wait this long and go out once per member (many postings, one event); 0: at once. */
  EVENTS_BALANCE_COALESCE_MS: intFrom(250, 0, 10_000),
  SWEEP_INTERVAL_MS: intFrom(10_000, 100),
  /**
   * How long a worker's hold on a BullMQ job lasts unrenewed (renewed at half of it), and how often
   * each worker looks for jobs whose holder died: such a job runs again within about twice this.
   */
  JOB_LOCK_MS: intFrom(30_000, 1000, 600_000),
  /**
   * On SIGTERM or SIGINT, how long the API may finish its requests in flight
   * and the worker its current job and ticks before the process exits anyway; 0: no limit.
   */
  SHUTDOWN_GRACE_MS: intFrom(10_000, 0, 600_000),
  /** Withdrawals above this many USDT need two different operators' approvals; 0: never. */
  WITHDRAWAL_APPROVAL_THRESHOLD: intFrom(1000),
  /**
   * Withdrawals and adjustments above (the member's total of that kind over
   * the last 24 hours, this one included) need two different operators;
   * 0: never.
   */
  /** How often the worker moves the ledger audit's checkpoint and the daily rollups; 0: never. */
  LEDGER_CHECKPOINT_INTERVAL_MS: intFrom(5000),
  /** Postings one checkpoint step sums at most (a backlog takes several). */
  LEDGER_CHECKPOINT_BATCH: intFrom(1_000_000, 1000),
  /** The worker re-checks the whole ledger when the last full audit is this old; 0: never. */
  LEDGER_FULL_AUDIT_INTERVAL_MINUTES: intFrom(1440),
  /** Adjustments above this many USDT (or points) wait for a second operator; 0: never. */
  ADJUST_APPROVAL_THRESHOLD: intFrom(1000),
  /** Card deposits: the same rule on the USDT credited (issue 25); 0: never. */
  CARD_DEPOSIT_APPROVAL_THRESHOLD: intFrom(1000),
  /**
   * USDT one operator may approve or adjust in 24 hours; their approvals
   * beyond it wait for an admin's (issue 25). 0: no cap.
   */
  OPERATOR_DAILY_LIMIT: intFrom(50000),
  /**
   * For this many hours after an operator's role was granted, their
   * approvals of money, second approvals and economy approvals are refused
   * (issue 36: a puppet appointed today cannot co-sign today). 0: off.
   */
  OPERATOR_COOLING_OFF_HOURS: intFrom(72),
  /**
   * An operator who credited a member (card deposit or adjustment) within
   * this many hours cannot approve that member's withdrawal (issue 36). 0: off.
   */
  CREDITOR_WITHDRAWAL_APPROVAL_HOURS: intFrom(24),
  /**
   * An economy change (package pay, team rates, challenge rewards, campaign
   * bonuses) raising what members are paid by more than this percentage
   * waits for a second admin (issue 25); 0: never.
   */
  ECONOMY_RAISE_APPROVAL_PERCENT: intFrom(10),
  /**
   * Days a member's risk signal (device, network, deposit source or
   * withdrawal address) is kept after it was last seen (issue 38); 0: kept
   * without limit.
   */
  RISK_SIGNAL_DAYS: intFrom(90, 0, 3650),
  /**
   * 1: the team commissions and registration points of members in a ring
   * wait for an operator's review (issue 38); 0: rings are only shown.
   */
  RISK_HOLD: intFrom(1, 0, 1),
  /**
   * Group commit on the watch path (issue 41): watches that arrive together are
   * posted in one database transaction, each in its own savepoint; a batch
   * leaves when it holds this many (at most 64: PostgreSQL caches 64
   * subtransaction ids per transaction) or after WATCH_BATCH_WAIT_MS. 0 (the
   * default until batching measures faster than today's path on a quiet
   * machine, docs/decisions.md): off, each watch its own transaction.
   */
  WATCH_BATCH_SIZE: intFrom(0, 0, 64),
  /** How long the first watch of a batch waits for others; 0: only those already waiting. */
  WATCH_BATCH_WAIT_MS: intFrom(2, 0, 1000),
  /** Batches of one API process in flight at once, each on its own connection. */
  WATCH_BATCH_FLUSHES: intFrom(2, 1, 50),
  /**
   * Member reads of one kind (the profile, the records, the feed's likes)
   * that arrive in the same turn of the event loop go as one statement, at
   * most this many (issue 41, database/read-batch.ts); 0: each its own.
   */
  READ_BATCH_SIZE: intFrom(100, 0, 1000),
  /** How often the worker looks for rings across the whole club; 0: only as signals arrive. */
  RISK_SCAN_INTERVAL_MS: intFrom(300_000),
  /**
   * Which proxies' X-Forwarded-For to believe: addresses/CIDRs or proxy-addr's
   * names (comma-separated; `uniquelocal` under compose), a hop count (trusts
   * the header from any peer, so only where the API's port is reachable from
   * the proxy alone), `true` (every hop: unsafe behind a proxy that appends
   * the client's header) or `false`.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | number | string =>
      v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v,
    ),
  /** JSON log lines at this level and above (pino); `silent` turns logging off. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Log lines collect until this many bytes (at most 16383, the writer's
   * limit) or LOG_FLUSH_MS milliseconds, then go out in one write. 0 in
   * either: each line is written as soon as the previous write finished.
   */
  LOG_BATCH_BYTES: intFrom(8192, 0, 16383),
  LOG_FLUSH_MS: intFrom(250, 0, 60_000),
  /**
   * Bearer token for GET /metrics. Unset: only loopback and private
   * addresses (as TRUST_PROXY resolves them) may read the metrics.
   */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** The worker's own GET /metrics listens on this port (host API_HOST); 0: not at all. */
  WORKER_METRICS_PORT: intFrom(0, 0, 65535),
  /** /metrics reads the TRON node (hot wallet, chain head) at most this often; 0: never. */
  METRICS_CHAIN_REFRESH_SECONDS: intFrom(60),
  /**
   * /metrics and the console's health figures read PostgreSQL (scanner,
   * outbox, proofs, ledger audit, chain costs, replica) at most this often;
   * the ages they show keep growing in between. 0: on every read.
   */
  METRICS_DB_REFRESH_SECONDS: intFrom(10, 0, 3600),
  /** Outgoing mail (smtp://user:pass@host:port or smtps://…); unset: printed to the log outside production. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Membership <no-reply@localhost>'),
  /** Mailed codes: lifetime, wrong tries allowed, and the wait before another one (0: none). */
  MAIL_CODE_TTL_SECONDS: intFrom(600, 1),
  MAIL_CODE_MAX_TRIES: intFrom(5),
  MAIL_CODE_RESEND_SECONDS: intFrom(60),
  /**
   * The worker's tries at one mail of the outbox before it is marked failed;
   * 0: no limit (it is tried until its code expires).
   */
  MAIL_SEND_ATTEMPTS: intFrom(8),
  /** The wait before the first retry of a mail, doubling after each; 0: retried at once. */
  MAIL_RETRY_BASE_MS: intFrom(2000),
  /**
   * How long the SMTP server may take to connect, greet or answer a command;
   * a send still going after three times this is presumed dead and tried again.
   */
  MAIL_SEND_TIMEOUT_MS: intFrom(20_000, 1000, 600_000),
  /** Password-reset requests (forgot and reset) per phone and per client address per hour; 0: no limit. */
  PASSWORD_RESET_LIMIT_PER_HOUR: intFrom(10),
  /** Support requests (POST /support/requests) per phone and per client address per hour; 0: no limit. */
  SUPPORT_REQUESTS_PER_HOUR: intFrom(5),
  /** Hours after a password reset during which withdrawals and address changes wait; 0: off. */
  RECOVERY_HOLD_HOURS: intFrom(24, 0, 8760),
  /** Withdrawals above this many USDT need an approved identity verification; 0: never. */
  WITHDRAWAL_VERIFICATION_THRESHOLD: intFrom(0),
  /** Uploaded files: this folder (relative to the repository root) unless S3_BUCKET is set. */
  STORAGE_DIR: z.string().min(1).default('var/storage'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Moments a member may post per hour; 0: no limit. */
  MOMENTS_PER_HOUR: intFrom(10),
  /** Per uploaded file; 0: no limit. */
  UPLOAD_MAX_FILE_BYTES: intFrom(5 * 1024 * 1024),
  /** Files per request; 0: no limit. */
  UPLOAD_MAX_FILES: intFrom(9),
  /** One node, or several separated by commas: tried in that order (failover). */
  TRON_FULL_NODE_URL: z
    .string()
    .default('http://127.0.0.1:8090')
    .refine(
      (v) => v.split(',').every((u) => z.url().safeParse(u.trim()).success),
      'TRON_FULL_NODE_URL must be a URL, or several separated by commas',
    ),
  TRON_API_KEY: z.string().optional(),
  TRON_USDT_CONTRACT: z
    .string()
    .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/)
    .default('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'),
  /**
   * Where a member opens a transaction: this followed by the tx id (the
   * statement's and history's links); empty: tx ids are shown without a link.
   */
  TRON_EXPLORER_TX_URL: z
    .union([z.literal(''), z.url({ protocol: /^https?$/ })])
    .default('https://tronscan.org/#/transaction/'),
  TRON_MIN_CONFIRMATIONS: intFrom(19, 1, 1000),
  TRON_DEPOSIT_XPUB: z
    .string()
    .regex(
      /^xpub[1-9A-HJ-NP-Za-km-z]{100,112}$/,
      "TRON_DEPOSIT_XPUB must be an xpub (m/44'/195'/0')",
    )
    .optional(),
  /** How long one call to the TRON node may take. */
  TRON_REQUEST_TIMEOUT_MS: intFrom(10_000, 100, 120_000),
  /** How often the worker looks for new solidified blocks; 0 turns the scanner off. */
  TRON_SCAN_INTERVAL_MS: intFrom(1000),
  /** Blocks scanned per look at most (a backlog clears over several). */
  TRON_SCAN_BATCH_BLOCKS: intFrom(1000, 1, 10_000),
  /** How often the worker moves approved withdrawals on chain; 0 turns settlement off. */
  TRON_SETTLE_INTERVAL_MS: intFrom(2000),
  /** The most TRX (in sun) one withdrawal transfer may burn for energy. */
  TRON_FEE_LIMIT_SUN: intFrom(30_000_000, 1, 15_000_000_000),
  /** A claimed tx id not solidified within this many seconds fails; 0: never. */
  TRON_CLAIM_TIMEOUT_SECONDS: intFrom(3600),
  TRON_HOT_WALLET_PRIVATE_KEY: z.string().optional(),
  /**
   * Cold storage (issue 43): the most USDT the hot wallet should hold; a
   * sweep that would take it above goes to TRON_COLD_ADDRESS. 0: no cap.
   */
  HOT_WALLET_MAX_USDT: intFrom(0),
  /** An address only (a multi-signature account kept offline): the server holds no key of it. */
  TRON_COLD_ADDRESS: z
    .string()
    .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, 'TRON_COLD_ADDRESS must be a TRON address (T...)')
    .optional(),
  /**
   * With a cap, what the hot wallet keeps for a day's payouts: a withdrawal
   * that would leave less waits for a refill. 0: the withdrawals sent in the
   * last 24 hours.
   */
  HOT_WALLET_RESERVE_USDT: intFrom(0),
  /** How often the reconciler compares deposit addresses' chain history with the books; 0: off. */
  DEPOSIT_RECONCILE_INTERVAL_MS: intFrom(60_000),
  /** Addresses the reconciler's rolling full pass checks per run, besides those with activity; 0: none. */
  DEPOSIT_RECONCILE_ADDRESSES: intFrom(50, 0, 100_000),
  /** Proof of liabilities: the worker publishes a snapshot when the newest is this old; 0: only on request. */
  PROOF_INTERVAL_HOURS: intFrom(24, 0, 24 * 366),
  /** Snapshots whose trees (member paths) are kept; older ones keep only root, total and reserves. 0: all. */
  PROOF_KEEP_SNAPSHOTS: intFrom(7),
  /** USDT balances read from the TRON node at once for a snapshot's reserves. */
  PROOF_CHAIN_CONCURRENCY: intFrom(4, 1, 64),
  /** Seconds an operator's snapshot waits for after the newest (429 before); 0: no wait. */
  PROOF_MIN_INTERVAL_SECONDS: intFrom(60, 0, 86_400),
  /**
   * Days of obligations an economy change or campaign must be funded for
   * (ECONOMY_UNFUNDED beyond); 0 turns the guard off.
   */
  ECONOMY_FUNDING_DAYS: intFrom(30, 0, 365),
  /** Seconds GET /transparency keeps its answer (a public page: the sums are read at most this often). */
  TRANSPARENCY_CACHE_SECONDS: intFrom(60, 0, 3600),
  /**
   * A node whose solidified head is more than this many blocks behind the
   * others' is left out for a while; 0: never.
   */
  TRON_MAX_NODE_LAG_BLOCKS: intFrom(20, 0, 100_000),
  /** TRON node requests per second, all API and worker processes together (Redis); 0: no limit. */
  TRON_MAX_REQUESTS_PER_SECOND: intFrom(0, 0, 100_000),
  /**
   * With two or more nodes, deposits (per transaction and member) and
   * withdrawal settlements of this many USDT or more need a second node's
   * identical receipt; 0: every one (issue 43).
   */
  DEPOSIT_CROSSCHECK_USDT: intFrom(1000, 0, 1_000_000_000),
  /** How often the scanner asks every node again about held deposits; 0: never (operators only). */
  DEPOSIT_HELD_RECHECK_MS: intFrom(30_000),
  /**
   * Hex key of a staking account (TRX frozen for energy, Stake 2.0) that lends
   * energy to the hot wallet when that costs less than burning TRX; unset: TRX only.
   */
  TRON_ENERGY_ACCOUNT_PRIVATE_KEY: z
    .string()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/, 'TRON_ENERGY_ACCOUNT_PRIVATE_KEY must be 32 bytes of hex')
    .optional(),
  /**
   * Tracing (OpenTelemetry's own settings, read by its SDK: infra/tracing/tracing.ts). The
   * collector's OTLP/HTTP base URL; unset: tracing off, the SDK never loaded.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(['http/protobuf', 'http/json']).default('http/protobuf'),
  /** A name for the club's services: the API reports as `<name>-api`, the worker as `<name>-worker`. */
  OTEL_SERVICE_NAME: z.string().max(100).optional(),
  OTEL_TRACES_SAMPLER: z
    .enum([
      'always_on',
      'always_off',
      'traceidratio',
      'parentbased_always_on',
      'parentbased_always_off',
      'parentbased_traceidratio',
    ])
    .default('parentbased_always_on'),
  /** The ratio of the `traceidratio` samplers (0 to 1). */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
});

export type SettingName = keyof z.input<typeof SETTINGS_SCHEMA>;

const schema = SETTINGS_SCHEMA.superRefine((env, ctx) => {
  // The development secret is public: it may only sign tokens that never
  // leave this machine.
  const devSecret = !env.JWT_SECRET || env.JWT_SECRET === DEV_JWT_SECRET;
  const loopback = ['127.0.0.1', '::1', 'localhost'].includes(env.API_HOST);
  if (devSecret && env.NODE_ENV !== 'production' && !loopback) {
    ctx.addIssue({
      code: 'custom',
      path: ['JWT_SECRET'],
      message: `the development JWT_SECRET only works with API_HOST on loopback (127.0.0.1), not ${env.API_HOST}: set a secret of your own`,
    });
  }
  const leastMemory = owaspMinimumMemoryKib(env.PASSWORD_HASH_PASSES);
  if (env.PASSWORD_HASH_MEMORY_KIB < leastMemory) {
    ctx.addIssue({
      code: 'custom',
      path: ['PASSWORD_HASH_MEMORY_KIB'],
      message: `below OWASP's argon2id minimum: ${env.PASSWORD_HASH_PASSES} passes need at least ${leastMemory} KiB`,
    });
  }
  if (env.AUDIT_SIGNING_KEY) {
    try {
      parseAuditSigningKey(env.AUDIT_SIGNING_KEY);
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUDIT_SIGNING_KEY'],
        message: (error as Error).message,
      });
    }
  }
  coldWalletIssues(env).forEach((message) =>
    ctx.addIssue({ code: 'custom', path: ['TRON_COLD_ADDRESS'], message }),
  );
  if (env.NODE_ENV !== 'production') return;
  for (const key of ['JWT_SECRET', 'ADMIN_PHONE', 'ADMIN_PASSWORD', 'AUDIT_SIGNING_KEY'] as const) {
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
}).transform((env) => ({
  ...env,
  JWT_SECRET: env.JWT_SECRET ?? DEV_JWT_SECRET,
  API_DOCS: env.API_DOCS ? env.API_DOCS === 'true' : env.NODE_ENV !== 'production',
}));

export type AppConfig = z.infer<typeof schema>;

/**
 * The cold address is one nothing on the server can sign for: never the hot
 * wallet's, nor the staking account's, nor any other key the settings hold;
 * and a cap needs somewhere for the rest to go.
 */
function coldWalletIssues(env: {
  HOT_WALLET_MAX_USDT: number;
  TRON_COLD_ADDRESS?: string;
  TRON_HOT_WALLET_PRIVATE_KEY?: string;
  TRON_ENERGY_ACCOUNT_PRIVATE_KEY?: string;
}): string[] {
  const cold = env.TRON_COLD_ADDRESS;
  if (!cold) {
    return env.HOT_WALLET_MAX_USDT > 0
      ? ['HOT_WALLET_MAX_USDT needs TRON_COLD_ADDRESS: above the cap, sweeps go there']
      : [];
  }
  const held: [string, string | undefined][] = [
    ['TRON_HOT_WALLET_PRIVATE_KEY', env.TRON_HOT_WALLET_PRIVATE_KEY],
    ['TRON_ENERGY_ACCOUNT_PRIVATE_KEY', env.TRON_ENERGY_ACCOUNT_PRIVATE_KEY],
  ];
  return held
    .filter(([, key]) => key && addressOfKey(key) === cold)
    .map(
      ([name]) =>
        `TRON_COLD_ADDRESS is the address of ${name}: the server can sign for it, so it is not cold`,
    );
}

function addressOfKey(key: string): string | null {
  try {
    return TronWeb.address.fromPrivateKey(key.replace(/^0x/, '')) || null;
  } catch {
    return null;
  }
}

export class ConfigError extends Error {}

/** The repository root (this file is apps/api/{src,dist}/config/config.*). */
export const REPO_ROOT = resolve(__dirname, '../../../..');

/** Reads `.env` from the repository root (never overriding the environment) and validates. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  if (env === process.env) {
    loadDotenv({ path: resolve(REPO_ROOT, '.env'), quiet: true } as never);
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

/** Where development and tests keep their audit signing key (never used in production). */
export const DEV_AUDIT_SIGNING_KEY_FILE = resolve(REPO_ROOT, 'var/audit-signing-key');

/**
 * The audit signing key's text: AUDIT_SIGNING_KEY, or outside production the
 * development key of var/ (made on first use). Production never gets here
 * without one: loadConfig refuses it.
 */
export function auditSigningKeyText(config: AppConfig): string {
  if (config.AUDIT_SIGNING_KEY) return config.AUDIT_SIGNING_KEY;
  if (config.NODE_ENV === 'production') throw new ConfigError('AUDIT_SIGNING_KEY is required');
  return developmentAuditSigningKey(DEV_AUDIT_SIGNING_KEY_FILE);
}

/**
 * The connection migrations and the seed use: the tables' owner
 * (DATABASE_OWNER_URL), else a connection that keeps its session, else the
 * app's. It must name the app's database: a script that points DATABASE_URL
 * at a database of its own while `.env` names the development owner would
 * otherwise migrate the development database.
 */
export function ownerDatabaseUrl(config: AppConfig): string {
  const owner = config.DATABASE_OWNER_URL ?? config.DATABASE_SESSION_URL ?? config.DATABASE_URL;
  const database = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));
  if (database(owner) !== database(config.DATABASE_URL)) {
    const name = config.DATABASE_OWNER_URL ? 'DATABASE_OWNER_URL' : 'DATABASE_SESSION_URL';
    throw new ConfigError(
      `${name} names the database "${database(owner)}" and DATABASE_URL "${database(config.DATABASE_URL)}": both must name the app's database`,
    );
  }
  return owner;
}
