import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Apart from heartbeat.ts so that the health check loads nothing but this.

/** Where the worker proves it is alive; read by `node dist/worker-health.js`. */
export const HEARTBEAT_FILE = join(tmpdir(), 'worker-heartbeat');
export const HEARTBEAT_INTERVAL_MS = 10_000;
/** Three missed beats: one slow answer from the database is not a dead worker. */
export const HEARTBEAT_STALE_MS = 3 * HEARTBEAT_INTERVAL_MS;
