/**
 * Whether an error means a dependency is away (PostgreSQL restarting or
 * unreachable, Redis down, upload storage failing, no TRON node answering)
 * rather than a fault in the request or the code. The error filter answers
 * these with 503 SERVICE_UNAVAILABLE and a Retry-After, so clients and proxies
 * retry instead of reporting a bug.
 */

/** Socket-level failures (pg, ioredis and Node's net module). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Storage that cannot take a write now: a full disk or quota, a read-only
 * or failing file system (a local STORAGE_DIR).
 */
const STORAGE_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO']);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01-57P03
 * (administrator shutdown, crash shutdown, cannot connect now: a restart),
 * 53300 (too many connections) and 57014 (statement_timeout reached).
 */
const PG_UNAVAILABLE = /^(08...|57P0[1-3]|53300|57014)$/;

/** Messages of pg, pg-pool, TypeORM and ioredis that carry no code. */
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Query read timeout/i,
  /Client has encountered a connection error/i,
  /Connection is closed/i,
  /Stream isn't writeable/i,
  /Reached the max retries per request limit/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /terminating connection due to administrator command/i,
];

export function isUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, name, message, driverError, cause } = error as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
  };
  if (
    typeof code === 'string' &&
    (NETWORK_CODES.has(code) || STORAGE_CODES.has(code) || PG_UNAVAILABLE.test(code))
  )
    return true;
  // An object store's own failure (the AWS SDK's server fault: 500 InternalError,
  // 503 SlowDown or ServiceUnavailable) after the SDK's retries.
  const { $fault, $metadata } = error as {
    $fault?: unknown;
    $metadata?: { httpStatusCode?: unknown };
  };
  const httpStatus = $metadata?.httpStatusCode;
  if ($fault === 'server' || (typeof httpStatus === 'number' && httpStatus >= 500)) return true;
  // ioredis gave up on a command while Redis is away; TypeORM released a
  // transaction's query runner because its connection died under it (the
  // transaction's next query then throws one of these instead of the socket
  // error: the runner's own, or its EntityManager's; the second was a 500
  // until bench:chaos restarted PostgreSQL under an operator's approval).
  // No TRON node answered (each refused, failed or timed out, or rests after
  // doing so): the TRON client's NoNodeError, the cause of its TronNodeError.
  if (
    name === 'NoNodeError' ||
    name === 'MaxRetriesPerRequestError' ||
    name === 'QueryRunnerAlreadyReleasedError' ||
    name === 'QueryRunnerProviderAlreadyReleasedError'
  )
    return true;
  if (typeof message === 'string' && MESSAGES.some((re) => re.test(message))) return true;
  // TypeORM wraps the driver's error; Node wraps causes; AggregateError lists attempts.
  if (isUnavailable(driverError, depth + 1) || isUnavailable(cause, depth + 1)) return true;
  const errors = (error as { errors?: unknown }).errors;
  return Array.isArray(errors) && errors.some((e) => isUnavailable(e, depth + 1));
}
