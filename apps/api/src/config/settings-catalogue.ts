import type { SettingName } from './config';

/**
 * What every setting is for, in the order and groups of `.env.example`.
 * `pnpm docs:sync` writes `.env.example` and the settings table of the README from
 * this and the schema's defaults (`pnpm test` fails when they differ), and the
 * type makes a setting without an entry here a compile error: the docs cannot
 * drift from the schema.
 */
export interface SettingDoc {
  group: SettingGroup;
  /**
   * What it does; empty when the entry above it says it for both. A line
   * after a newline that starts with two spaces is kept as it is (a command).
   */
  doc: string;
  /**
   * Written uncommented in `.env.example` with this value (the development
   * one). Without it the line is a commented `# NAME=<sample or default>`.
   */
  value?: string;
  /** The value a commented line shows instead of the default (an example). */
  sample?: string;
}

export const SETTING_GROUPS = [
  'Runtime',
  'Storage',
  'Ports',
  'Secrets and the first operator',
  'Uploads',
  'Mail, account recovery, identity',
  'TRON (TRC-20 USDT)',
  'Proof of liabilities',
  'Tracing (OpenTelemetry)',
  'Optional tuning (defaults shown)',
] as const;

export type SettingGroup = (typeof SETTING_GROUPS)[number];

export const SETTINGS_CATALOGUE: { [K in SettingName]: SettingDoc } = {
  NODE_ENV: {
    group: 'Runtime',
    doc: 'development | test | production. In production JWT_SECRET, ADMIN_PHONE and ADMIN_PASSWORD are required and the development JWT_SECRET below is refused.',
    value: 'development',
  },
  DATABASE_URL: {
    group: 'Storage',
    doc: 'PostgreSQL: the source of truth (money, ledger, pending work). The API and the worker connect as this URL\'s role, which should own no table (`pnpm db:migrate` creates it and grants it what it needs: docs/operations.md, "The database roles").',
    value: 'postgres://club_app:club_app@127.0.0.1:5432/app',
  },
  DATABASE_OWNER_URL: {
    group: 'Storage',
    doc: "The tables' owner, for `pnpm db:migrate` and `pnpm db:seed` only: migrations run as it, and it makes DATABASE_URL's role exist with data rights only (no ownership, so the app cannot switch the audit's triggers off). Keep it out of the app's environment. Unset: DATABASE_URL, and the app owns the tables.",
    value: 'postgres://postgres@127.0.0.1:5432/app',
  },
  DATABASE_REPLICA_URL: {
    group: 'Storage',
    doc: "A PostgreSQL streaming replica (directly or through a pooler) for operators' heavy reads: the dashboard, the ledger report, solvency, the audit list and the CSV exports. They show the replica's data, as of its replay. Unset: the primary.",
    value: '',
  },
  DATABASE_SESSION_URL: {
    group: 'Storage',
    doc: "When DATABASE_URL is a transaction-mode pooler (PgBouncer): a connection that keeps its session, PostgreSQL itself or a session-mode pool, for LISTEN (deactivations, role changes) and the worker's session advisory locks. Unset: DATABASE_URL.",
    value: '',
  },
  REDIS_URL: {
    group: 'Storage',
    doc: 'Redis: BullMQ queues and rate-limit counters; it may lose everything safely.',
    value: 'redis://127.0.0.1:6379',
  },
  REDIS_SENTINELS: {
    group: 'Storage',
    doc: 'Redis through Sentinel: host:port of the Sentinels, comma-separated. They name the master (and a new one after a failover); REDIS_URL then gives only the credentials, database and TLS. Unset: REDIS_URL is the server.',
    value: '',
  },
  REDIS_SENTINEL_NAME: {
    group: 'Storage',
    doc: "The master's name in the Sentinels' configuration (`sentinel monitor <name> ...`).",
  },
  API_PORT: {
    group: 'Ports',
    doc: 'The API (Swagger UI at http://127.0.0.1:3000/docs).',
    value: '3000',
  },
  WEB_PORT: {
    group: 'Ports',
    doc: 'The web dev server (vite); it proxies /api/* to the API without the prefix.',
    value: '5173',
  },
  JWT_SECRET: {
    group: 'Secrets and the first operator',
    doc: "Signs access tokens; at least 32 characters. Generate one for production:\n  node -e \"console.log(require('crypto').randomBytes(48).toString('base64url'))\"",
    value: 'dev-only-secret-change-me-0123456789abcdef',
  },
  AUDIT_SIGNING_KEY: {
    group: 'Secrets and the first operator',
    doc: 'Signs every audit row (Ed25519, PKCS#8 in base64 or PEM); the database never sees it, so whoever holds the database cannot rewrite the audit unnoticed. Required in production; keep it out of the database, its backups and .env files that travel. Unset in development and tests: var/audit-signing-key, made once. Generate one:\n  openssl genpkey -algorithm ed25519 -outform DER | base64 -w0',
    value: '',
  },
  ADMIN_PHONE: {
    group: 'Secrets and the first operator',
    doc: '`pnpm db:seed` creates (or keeps) the operator account from these two.',
    value: '+998900000001',
  },
  ADMIN_PASSWORD: {
    group: 'Secrets and the first operator',
    doc: 'At least 8 characters.',
    value: 'admin-dev-password',
  },
  STORAGE_DIR: {
    group: 'Uploads',
    doc: 'Uploaded images live in this folder (relative to the repository root)...',
    value: 'var/storage',
  },
  S3_BUCKET: {
    group: 'Uploads',
    doc: '...or, when S3_BUCKET is set, in any S3-compatible bucket (MinIO: set the endpoint and S3_FORCE_PATH_STYLE=true).',
    value: '',
  },
  S3_REGION: { group: 'Uploads', doc: '', value: 'us-east-1' },
  S3_ENDPOINT: { group: 'Uploads', doc: '', value: '' },
  S3_ACCESS_KEY_ID: { group: 'Uploads', doc: '', value: '' },
  S3_SECRET_ACCESS_KEY: { group: 'Uploads', doc: '', value: '' },
  S3_FORCE_PATH_STYLE: { group: 'Uploads', doc: '', value: 'false' },
  UPLOAD_MAX_FILE_BYTES: {
    group: 'Uploads',
    doc: 'Per file, and files per request; 0 turns a limit off.',
    value: '5242880',
  },
  UPLOAD_MAX_FILES: { group: 'Uploads', doc: '', value: '9' },
  MOMENTS_PER_HOUR: {
    group: 'Uploads',
    doc: 'Moments a member may post per hour; 0: no limit.',
  },
  SMTP_URL: {
    group: 'Mail, account recovery, identity',
    doc: 'Outgoing mail (smtp://user:pass@host:587 or smtps://…). Unset: in development mails are printed to the API log; in production the mail screens say mail is not configured.',
    value: '',
  },
  MAIL_FROM: {
    group: 'Mail, account recovery, identity',
    doc: 'The sender of every mail (a name and an address the SMTP server may send as).',
    value: 'Membership <no-reply@localhost>',
  },
  MAIL_CODE_TTL_SECONDS: {
    group: 'Mail, account recovery, identity',
    doc: 'Mailed codes: lifetime, wrong tries, wait before another (0 turns a limit off).',
    value: '600',
  },
  MAIL_CODE_MAX_TRIES: { group: 'Mail, account recovery, identity', doc: '', value: '5' },
  MAIL_CODE_RESEND_SECONDS: { group: 'Mail, account recovery, identity', doc: '', value: '60' },
  MAIL_SEND_ATTEMPTS: {
    group: 'Mail, account recovery, identity',
    doc: 'The worker sends mail from an outbox: tries per mail before it is marked failed (0: until its code expires), the first retry after MAIL_RETRY_BASE_MS, doubling (0: at once).',
    value: '8',
  },
  MAIL_RETRY_BASE_MS: { group: 'Mail, account recovery, identity', doc: '', value: '2000' },
  MAIL_SEND_TIMEOUT_MS: {
    group: 'Mail, account recovery, identity',
    doc: 'SMTP connect, greeting and command timeout; a send still going after three times this is tried again.',
    value: '20000',
  },
  PASSWORD_RESET_LIMIT_PER_HOUR: {
    group: 'Mail, account recovery, identity',
    doc: '/password/forgot and /password/reset per phone and per client address per hour.',
    value: '10',
  },
  SUPPORT_REQUESTS_PER_HOUR: {
    group: 'Mail, account recovery, identity',
    doc: 'Requests to support (POST /support/requests: the way to a person with no support link set, or locked out without a mailbox) per phone and per client address per hour; 0: no limit.',
    value: '5',
  },
  RECOVERY_HOLD_HOURS: {
    group: 'Mail, account recovery, identity',
    doc: "Hours after a password reset (the member's own or with an operator's code) during which POST /balance/take and changes to withdrawal addresses answer 403 RECOVERY_HOLD; a transaction password set meanwhile does not end it. 0: off.",
    value: '24',
  },
  WITHDRAWAL_VERIFICATION_THRESHOLD: {
    group: 'Mail, account recovery, identity',
    doc: 'Withdrawals above this many USDT need an approved identity verification; 0: never.',
    value: '0',
  },
  TRON_FULL_NODE_URL: {
    group: 'TRON (TRC-20 USDT)',
    doc: "A TRON full node's HTTP API. Left unset, `pnpm start` runs the local node (apps/tron-node, a fresh chain each start, a block every 3 s) with a development wallet kept in var/dev-wallet.json, so deposits and withdrawals work offline: try `pnpm dev:deposit <phone> 25`. Set it to use a real node. Several nodes separated by commas are tried in that order (failover).",
    sample: 'https://api.trongrid.io',
  },
  TRON_API_KEY: { group: 'TRON (TRC-20 USDT)', doc: 'API key for hosted nodes.', value: '' },
  TRON_USDT_CONTRACT: {
    group: 'TRON (TRC-20 USDT)',
    doc: 'The USDT contract (mainnet address; 6 decimals).',
    value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  },
  TRON_EXPLORER_TX_URL: {
    group: 'TRON (TRC-20 USDT)',
    doc: "A block explorer's transaction page, the tx id appended: members open their deposits and withdrawals there (GET /site's explorer_tx_url). Empty: no links.",
    value: 'https://tronscan.org/#/transaction/',
  },
  TRON_MIN_CONFIRMATIONS: {
    group: 'TRON (TRC-20 USDT)',
    doc: 'Blocks on top of a deposit before it is credited (19 on mainnet; the local node is started with its own, shorter lag).',
  },
  TRON_DEPOSIT_XPUB: {
    group: 'TRON (TRC-20 USDT)',
    doc: "Account-level extended public key (BIP44 m/44'/195'/0'); member i's deposit address is child 0/i. The server never holds the matching private keys. (With the local node and these unset, the development wallet's are used.)",
    value: '',
  },
  TRON_HOT_WALLET_PRIVATE_KEY: {
    group: 'TRON (TRC-20 USDT)',
    doc: 'Hex private key of the hot wallet that sends approved withdrawals. Never commit a real one.',
    value: '',
  },
  TRON_REQUEST_TIMEOUT_MS: {
    group: 'TRON (TRC-20 USDT)',
    doc: "Public nodes: one call to one node may take this long before the next node is tried; a node whose solidified head is more than TRON_MAX_NODE_LAG_BLOCKS behind the others rests (0: never compared); TRON_MAX_REQUESTS_PER_SECOND is the provider's limit for all API and worker processes together (0: none).",
  },
  TRON_MAX_NODE_LAG_BLOCKS: { group: 'TRON (TRC-20 USDT)', doc: '' },
  TRON_MAX_REQUESTS_PER_SECOND: { group: 'TRON (TRC-20 USDT)', doc: '' },
  DEPOSIT_CROSSCHECK_USDT: {
    group: 'TRON (TRC-20 USDT)',
    doc: 'With two or more nodes, a deposit of this many USDT or more is credited only when a second node returns the same receipt (else it is held for an operator), and so is a withdrawal settlement; 0: every one. One node: no second opinion.',
  },
  DEPOSIT_HELD_RECHECK_MS: {
    group: 'TRON (TRC-20 USDT)',
    doc: 'How often the scanner asks every node again about held deposits (credited once two agree); 0: never.',
  },
  TRON_ENERGY_ACCOUNT_PRIVATE_KEY: {
    group: 'TRON (TRC-20 USDT)',
    doc: 'Hex key of a staking account (TRX frozen for energy with FreezeBalanceV2) that lends energy to the hot wallet (and, in pnpm tron:sweep, to deposit addresses) whenever that costs less than burning TRX. Unset: TRX only.',
    value: '',
  },
  TRON_SCAN_INTERVAL_MS: {
    group: 'TRON (TRC-20 USDT)',
    doc: 'How often the worker looks for new solidified blocks; 0 turns the scanner off.',
  },
  TRON_SCAN_BATCH_BLOCKS: {
    group: 'TRON (TRC-20 USDT)',
    doc: 'Blocks scanned per look at most (a backlog clears over several).',
  },
  TRON_SETTLE_INTERVAL_MS: {
    group: 'TRON (TRC-20 USDT)',
    doc: 'How often the worker moves approved withdrawals on chain; 0 turns settlement off.',
  },
  TRON_FEE_LIMIT_SUN: {
    group: 'TRON (TRC-20 USDT)',
    doc: 'The most TRX (in sun) one withdrawal transfer may burn for energy.',
  },
  TRON_CLAIM_TIMEOUT_SECONDS: {
    group: 'TRON (TRC-20 USDT)',
    doc: 'A claimed deposit tx id (POST /balance/add) not solidified within this many seconds fails; 0: never.',
  },
  HOT_WALLET_MAX_USDT: {
    group: 'TRON (TRC-20 USDT)',
    doc: 'Cold storage: the most USDT the hot wallet should hold. A sweep that would take it above goes to TRON_COLD_ADDRESS instead (pnpm tron:sweep asks GET /admin/sweeps/destination). 0: no cap. Refilling the hot wallet from the cold account: docs/operations.md.',
  },
  TRON_COLD_ADDRESS: {
    group: 'TRON (TRC-20 USDT)',
    doc: 'The cold account (a TRON account with a 2-of-3 owner and active permission, keys kept offline): an address only. The API refuses to start when it is the address of a key it holds.',
    value: '',
  },
  HOT_WALLET_RESERVE_USDT: {
    group: 'TRON (TRC-20 USDT)',
    doc: 'With a cap: what the hot wallet keeps for a day of payouts. A withdrawal that would leave less waits for a refill (members see "waiting for the hot wallet to be refilled") and goes out by itself once the wallet is refilled. 0: the withdrawals sent in the last 24 hours.',
  },
  DEPOSIT_RECONCILE_INTERVAL_MS: {
    group: 'TRON (TRC-20 USDT)',
    doc: "How often the reconciler compares each deposit address's TRC-20 history on the node (received, sent) with what was credited and swept, and opens an item (GET /admin/deposits/gaps) for a difference; 0: off.",
  },
  DEPOSIT_RECONCILE_ADDRESSES: {
    group: 'TRON (TRC-20 USDT)',
    doc: 'Besides addresses with activity since its last run, the reconciler checks this many more per run, going round all deposit addresses (one node call each); 0: only those with activity.',
  },
  PROOF_INTERVAL_HOURS: {
    group: 'Proof of liabilities',
    doc: "The worker publishes a snapshot (Merkle sum tree of member balances beside the reserves on chain) when the newest is this many hours old; 0: only on an operator's request (POST /admin/proofs).",
  },
  PROOF_KEEP_SNAPSHOTS: {
    group: 'Proof of liabilities',
    doc: 'Snapshots whose trees are kept for member paths (about 170 MB per million members each: two parts a member, padding, and the member index); older ones keep root, total and reserves. 0: keep all.',
  },
  PROOF_CHAIN_CONCURRENCY: {
    group: 'Proof of liabilities',
    doc: "USDT balances read from the TRON node at once for a snapshot's reserves.",
  },
  PROOF_MIN_INTERVAL_SECONDS: {
    group: 'Proof of liabilities',
    doc: "An operator's snapshot (POST /admin/proofs) within this many seconds of the newest is refused (429 PROOF_TOO_SOON with Retry-After); 0: no wait.",
  },
  ECONOMY_FUNDING_DAYS: {
    group: 'Proof of liabilities',
    doc: "An economy change or campaign that raises the next this many days of obligations (every reward, commission and campaign bonus at today's levels and memberships) above the surplus of the latest proof plus sponsor funds is refused (409 ECONOMY_UNFUNDED); 0 turns the guard off. GET /transparency always shows 30 days.",
  },
  TRANSPARENCY_CACHE_SECONDS: {
    group: 'Proof of liabilities',
    doc: 'Seconds the public GET /transparency keeps its answer before reading the ledger again; 0: every request.',
  },
  ADJUST_APPROVAL_THRESHOLD: {
    group: 'Optional tuning (defaults shown)',
    doc: "Operator adjustments above this many USDT (or points) need a second operator's approval; 0 turns the four-eyes rule off.",
  },
  WITHDRAWAL_APPROVAL_THRESHOLD: {
    group: 'Optional tuning (defaults shown)',
    doc: "Withdrawals above this many USDT need two different operators' approvals; 0: off.",
  },
  CARD_DEPOSIT_APPROVAL_THRESHOLD: {
    group: 'Optional tuning (defaults shown)',
    doc: "Issue 25: the thresholds above count the member's total of that kind over the last 24 hours, this one included. Card deposits: the same on the USDT credited.",
  },
  OPERATOR_DAILY_LIMIT: {
    group: 'Optional tuning (defaults shown)',
    doc: 'USDT one operator may approve or adjust in 24 hours; beyond it their approvals wait for an admin. 0: no cap.',
  },
  OPERATOR_COOLING_OFF_HOURS: {
    group: 'Optional tuning (defaults shown)',
    doc: "For this many hours after an operator's role (admin, finance) was granted, their approvals of money, second approvals and economy approvals are refused (403 OPERATOR_COOLING_OFF). The operator seeded from ADMIN_PHONE is not cooling off. 0: off.",
  },
  CREDITOR_WITHDRAWAL_APPROVAL_HOURS: {
    group: 'Optional tuning (defaults shown)',
    doc: "An operator who credited a member (approved a card deposit or an adjustment) within this many hours cannot approve that member's withdrawal (403 SELF_DEALING_FORBIDDEN). 0: off.",
  },
  RISK_SIGNAL_DAYS: {
    group: 'Optional tuning (defaults shown)',
    doc: "Days a member's risk signals (device id, client /24 or /48, deposit source and withdrawal addresses) are kept after they were last seen; operators see them in rings, members never. 0: kept without limit.",
  },
  RISK_HOLD: {
    group: 'Optional tuning (defaults shown)',
    doc: "1: team commissions and registration points of members in a ring of accounts wait for an operator's release or reversal (four eyes above ADJUST_APPROVAL_THRESHOLD). 0: rings are found and shown, nothing is held.",
  },
  WATCH_BATCH_SIZE: {
    group: 'Optional tuning (defaults shown)',
    doc: 'Group commit of watches (POST /trailers/{id}/watch): the watches that arrive together are posted in one database transaction, each still its own ledger transaction in its own savepoint (one refused, the others count); a batch leaves once it holds this many (1 to 64) or after WATCH_BATCH_WAIT_MS. 0: off, each watch commits on its own.',
  },
  WATCH_BATCH_WAIT_MS: {
    group: 'Optional tuning (defaults shown)',
    doc: 'How long the first watch of a batch waits for others to join it (milliseconds). 0: no wait, a batch takes the watches already waiting.',
  },
  WATCH_BATCH_FLUSHES: {
    group: 'Optional tuning (defaults shown)',
    doc: 'Batches of watches one API process commits at once, each on a connection of the pool; more wait for one to finish (DATABASE_POOL_SIZE must leave room for the other requests).',
  },
  READ_BATCH_SIZE: {
    group: 'Optional tuning (defaults shown)',
    doc: "Member reads of one kind (GET /users/me, the records of GET /balance, the reader's likes of GET /moments) that reach an API process in the same turn of its event loop are answered by one statement of at most this many, so a rush of reads takes one pooled connection per kind instead of one each. Nothing is cached: each read still sees every write committed before it arrived. 0: each read its own statement.",
  },
  RISK_SCAN_INTERVAL_MS: {
    group: 'Optional tuning (defaults shown)',
    doc: 'How often the worker looks for rings across the whole club (new signals are looked at as they arrive). 0: only as they arrive.',
  },
  ECONOMY_RAISE_APPROVAL_PERCENT: {
    group: 'Optional tuning (defaults shown)',
    doc: 'An economy change that would pay members more than this percentage above the last value a second admin approved (in one step or many; every term of pay counts) waits for a second admin. 0: off (the card, support link and card rates still wait while the club has two admins).',
  },
  DATABASE_POOL_SIZE: {
    group: 'Optional tuning (defaults shown)',
    doc: "PostgreSQL connections each API or worker process keeps (1 to 200); the server's max_connections must hold every process's pool.",
  },
  DATABASE_PREPARED_STATEMENTS: {
    group: 'Optional tuning (defaults shown)',
    doc: 'The hot reads and the ledger posting run as named prepared statements (planned once per connection). false: unnamed statements, for a pooler in transaction mode that cannot keep named ones (PgBouncer before 1.21, or without max_prepared_statements).',
  },
  DATABASE_CONNECT_TIMEOUT_MS: {
    group: 'Optional tuning (defaults shown)',
    doc: 'While PostgreSQL is away requests answer 503 (Retry-After) instead of waiting: opening a connection (or waiting for a pooled one) gives up after this (0: no limit).',
  },
  DATABASE_STATEMENT_TIMEOUT_MS: {
    group: 'Optional tuning (defaults shown)',
    doc: "PostgreSQL's statement_timeout for the app's connections; 0: off.",
  },
  DATABASE_QUERY_TIMEOUT_MS: {
    group: 'Optional tuning (defaults shown)',
    doc: "Client-side wait for one query's answer (a silent network); 0: off.",
  },
  UNAVAILABLE_RETRY_AFTER_SECONDS: {
    group: 'Optional tuning (defaults shown)',
    doc: 'Retry-After of those 503s.',
  },
  API_HOST: {
    group: 'Optional tuning (defaults shown)',
    doc: 'The address the API listens on. The development JWT_SECRET refuses any other: set your own secret to listen wider.',
  },
  API_DOCS: {
    group: 'Optional tuning (defaults shown)',
    doc: 'Swagger UI at /docs and the document at /openapi.json; false by default when NODE_ENV=production.',
    sample: 'true',
  },
  JSON_MAX_DEPTH: {
    group: 'Optional tuning (defaults shown)',
    doc: 'Deepest nesting of a request body; 0: no limit.',
  },
  ACCESS_TOKEN_TTL_SECONDS: {
    group: 'Optional tuning (defaults shown)',
    doc: 'How long an access token (JWT) is valid; the client refreshes it with its refresh token.',
  },
  ACCESS_TOKEN_CACHE_SIZE: {
    group: 'Optional tuning (defaults shown)',
    doc: 'Access tokens kept verified in memory per API process; 0: verify every time.',
  },
  REFRESH_TOKEN_TTL_SECONDS: {
    group: 'Optional tuning (defaults shown)',
    doc: 'How long a sign-in lasts without use: a refresh token unused for this long no longer refreshes.',
  },
  LOGIN_MAX_FAILURES_PER_PHONE: {
    group: 'Optional tuning (defaults shown)',
    doc: 'Sign-in throttling: failures per (phone, client address) pair and per address within the window, then 429.',
  },
  LOGIN_MAX_FAILURES_PER_IP: { group: 'Optional tuning (defaults shown)', doc: '' },
  LOGIN_FAILURE_WINDOW_SECONDS: {
    group: 'Optional tuning (defaults shown)',
    doc: '',
  },
  LOGIN_SLOWDOWN_AFTER: {
    group: 'Optional tuning (defaults shown)',
    doc: 'After this many attempts for one phone from any address in the window, each further attempt waits LOGIN_SLOWDOWN_MS more than the last (at most LOGIN_SLOWDOWN_MAX_MS) before it is checked; never a refusal. 0 turns it off.',
  },
  LOGIN_SLOWDOWN_MS: { group: 'Optional tuning (defaults shown)', doc: '' },
  LOGIN_SLOWDOWN_MAX_MS: { group: 'Optional tuning (defaults shown)', doc: '' },
  REGISTER_LIMIT_PER_HOUR: {
    group: 'Optional tuning (defaults shown)',
    doc: 'Registrations per client address per hour, then 429. 0 turns the limit off.',
  },
  MONEY_RATE_LIMIT_PER_MINUTE: {
    group: 'Optional tuning (defaults shown)',
    doc: 'Money requests (transfer, buy_vip, watch, withdrawals, uploads) per member per minute, counted in Redis across API processes, then 429 with Retry-After. 0: off.',
  },
  PUBLIC_RATE_LIMIT_PER_MINUTE: {
    group: 'Optional tuning (defaults shown)',
    doc: 'Public reads (no sign-in: packages, site, home message, media, health) per client address per minute, counted in Redis, then 429 with Retry-After. 0: off.',
  },
  IDEMPOTENCY_KEY_TTL_HOURS: {
    group: 'Optional tuning (defaults shown)',
    doc: 'Idempotency-Key on money POSTs: how long an answer is kept and replayed to a retry with the same key (hours; 0: for ever), and how long a retry waits for the first request with its key still running before 409 (seconds; 0: no wait).',
  },
  IDEMPOTENCY_WAIT_SECONDS: { group: 'Optional tuning (defaults shown)', doc: '' },
  EVENTS_MAX_STREAMS_PER_MEMBER: {
    group: 'Optional tuning (defaults shown)',
    doc: 'Live events (GET /users/me/events): open streams per member across API processes (then 429 EVENT_STREAMS_LIMIT; 0: no limit), seconds between keep-alive comments (1 to 25), events kept per member for Last-Event-ID resumes, and how long they are kept.',
  },
  EVENTS_HEARTBEAT_SECONDS: { group: 'Optional tuning (defaults shown)', doc: '' },
  EVENTS_STREAM_LENGTH: { group: 'Optional tuning (defaults shown)', doc: '' },
  EVENTS_RETENTION_SECONDS: { group: 'Optional tuning (defaults shown)', doc: '' },
  EVENTS_BALANCE_COALESCE_MS: {
    group: 'Optional tuning (defaults shown)',
    doc: "A member's balance-changed event waits this many milliseconds and goes out once for every posting in that time (a member earning rewards and commissions moves it several times a second); 0: one event per posting.",
  },
  PASSWORD_HASH_CONCURRENCY: {
    group: 'Optional tuning (defaults shown)',
    doc: 'argon2 password hashes/verifications running at once (PASSWORD_HASH_MEMORY_KIB each; sign-ins go ahead of registrations) and how long one waits for a turn before a 503 with Retry-After. 0 means unbounded / no wait limit.',
  },
  PASSWORD_HASH_QUEUE_MS: { group: 'Optional tuning (defaults shown)', doc: '' },
  PASSWORD_HASH_MEMORY_KIB: {
    group: 'Optional tuning (defaults shown)',
    doc: "argon2id's memory (KiB) and passes for new password hashes, one lane. The process refuses a pair below OWASP's minimums (1 pass: 47104 KiB, 2: 19456, 3: 12288, 4: 9216, 5 or more: 7168). A member's hash made with other parameters is remade at their next sign-in.",
  },
  PASSWORD_HASH_PASSES: { group: 'Optional tuning (defaults shown)', doc: '' },
  THREADPOOL_NICE: {
    group: 'Optional tuning (defaults shown)',
    doc: "Nice value of the API's thread pool (password hashes, file writes), below the event loop; 0: same priority.",
  },
  TRAILERS_CACHE_MS: {
    group: 'Optional tuning (defaults shown)',
    doc: "Milliseconds each API process keeps the published catalogue (GET /trailers) before reading it again; an operator's change through this process clears it at once, other processes see it within this time and one read (a stale catalogue serves while the next read runs). 0: every request reads it.",
  },
  MOMENTS_FEED_CACHE_MS: {
    group: 'Optional tuning (defaults shown)',
    doc: "Milliseconds each API process keeps a page of the Moments feed (posts, photos, like counts; the reader's own likes are read on every request). A post, like, deletion or hiding through this process clears it at once, other processes show it within this time and one read (a stale page serves while the next read runs). 0: every request reads it.",
  },
  TRUST_PROXY: {
    group: 'Optional tuning (defaults shown)',
    doc: "Which proxies' X-Forwarded-For to believe, so client IPs are read from it: their addresses/CIDRs, comma-separated, or proxy-addr's names (`uniquelocal` under docker compose: the private networks nginx reaches the API from; `loopback`); a hop count (believes the header from any peer: a client that reaches the API's port past the proxy picks its own address; the API warns); `true` (every hop: unsafe) or `false`.",
  },
  SWEEP_INTERVAL_MS: {
    group: 'Optional tuning (defaults shown)',
    doc: 'How often the worker looks in PostgreSQL for pending money work (promotion grants, due held points, expired memberships) and enqueues it.',
  },
  JOB_LOCK_MS: {
    group: 'Optional tuning (defaults shown)',
    doc: "How long a worker's hold on a queued job lasts unrenewed (renewed at half of it), and how often each worker looks for jobs whose worker died: those run again within about twice this.",
  },
  SHUTDOWN_GRACE_MS: {
    group: 'Optional tuning (defaults shown)',
    doc: "On SIGTERM or SIGINT the API finishes its requests in flight and the worker its current job and ticks, then exits 0. The worker waits for its work half this many milliseconds: then a job still running is handed back to its queue (not a failed attempt) and a tick is left to the exit (ticks are crash-safe). Past the whole the process exits 1 anyway (a job cut off is queued again when its lock expires). 0: no limit. Keep it under the orchestrator's own grace period (docker compose: stop_grace_period).",
  },
  LEDGER_CHECKPOINT_INTERVAL_MS: {
    group: 'Optional tuning (defaults shown)',
    doc: "The ledger audit is incremental: the worker sums new postings into a checkpoint (and the dashboard's daily rollups) this often (0: never; reports then check everything since the last checkpoint), at most LEDGER_CHECKPOINT_BATCH postings per step, and re-checks the whole ledger when the last full audit is LEDGER_FULL_AUDIT_INTERVAL_MINUTES old (0: never).",
  },
  LEDGER_CHECKPOINT_BATCH: {
    group: 'Optional tuning (defaults shown)',
    doc: '',
  },
  LEDGER_FULL_AUDIT_INTERVAL_MINUTES: {
    group: 'Optional tuning (defaults shown)',
    doc: '',
  },
  LOG_LEVEL: {
    group: 'Optional tuning (defaults shown)',
    doc: 'JSON log lines at this level and above: fatal, error, warn, info, debug, trace, silent.',
  },
  LOG_BATCH_BYTES: {
    group: 'Optional tuning (defaults shown)',
    doc: 'Log lines are written in batches of LOG_BATCH_BYTES or every LOG_FLUSH_MS (0 in either: line by line)',
  },
  LOG_FLUSH_MS: { group: 'Optional tuning (defaults shown)', doc: '' },
  METRICS_TOKEN: {
    group: 'Optional tuning (defaults shown)',
    doc: 'GET /metrics (Prometheus): with a token (16+ characters) only `Authorization: Bearer <token>` gets it; without one, only loopback and private addresses (as TRUST_PROXY resolves them).',
  },
  METRICS_CHAIN_REFRESH_SECONDS: {
    group: 'Optional tuning (defaults shown)',
    doc: 'How often /metrics may read the TRON node (hot wallet balances, chain head); 0: never.',
  },
  METRICS_DB_REFRESH_SECONDS: {
    group: 'Optional tuning (defaults shown)',
    doc: "How often /metrics and the console's health figures may read PostgreSQL for them (scanner lag, mail outbox, last proof, ledger balance, a day of withdrawals' chain costs, replica lag); the ages keep growing in between. 0: on every read.",
  },
  WORKER_METRICS_PORT: {
    group: 'Optional tuning (defaults shown)',
    doc: "The worker's own GET /metrics (its ledger postings, process metrics) on this port of API_HOST, same access rule; 0: off.",
  },
  TRANSACTION_PASSWORD_MAX_FAILURES: {
    group: 'Optional tuning (defaults shown)',
    doc: 'Wrong transaction passwords per member within TRANSACTION_PASSWORD_WINDOW_SECONDS before 429; 0 turns the limit off.',
  },
  TRANSACTION_PASSWORD_WINDOW_SECONDS: {
    group: 'Optional tuning (defaults shown)',
    doc: '',
  },
  WITHDRAWAL_ADDRESS_BOOK_MAX: {
    group: 'Optional tuning (defaults shown)',
    doc: 'Saved withdrawal addresses per member; 0: no limit.',
  },
  OTEL_EXPORTER_OTLP_ENDPOINT: {
    group: 'Tracing (OpenTelemetry)',
    doc: "An OpenTelemetry collector's OTLP/HTTP base URL (traces go to `<url>/v1/traces`): the API and the worker export their traces there (docs/operations.md, \"Tracing\"). Unset: tracing off, nothing of OpenTelemetry's SDK loaded. The SDK's other standard settings (OTEL_BSP_*, OTEL_EXPORTER_OTLP_HEADERS, OTEL_RESOURCE_ATTRIBUTES...) apply too.",
    sample: 'http://127.0.0.1:4318',
  },
  OTEL_EXPORTER_OTLP_PROTOCOL: {
    group: 'Tracing (OpenTelemetry)',
    doc: 'http/protobuf or http/json.',
  },
  OTEL_SERVICE_NAME: {
    group: 'Tracing (OpenTelemetry)',
    doc: "The services' name: the API reports as `<name>-api` and the worker as `<name>-worker` (a name that already ends so is kept), so one .env gives two services. Unset: trailer-club-api and trailer-club-worker.",
    sample: 'trailer-club',
  },
  OTEL_TRACES_SAMPLER: {
    group: 'Tracing (OpenTelemetry)',
    doc: 'Which traces are kept: always_on, always_off, traceidratio, or parentbased_* of these (a request that comes with a sampled W3C traceparent follows its caller).',
  },
  OTEL_TRACES_SAMPLER_ARG: {
    group: 'Tracing (OpenTelemetry)',
    doc: 'The share of traces the traceidratio samplers keep, 0 to 1.',
    sample: '0.1',
  },
};
