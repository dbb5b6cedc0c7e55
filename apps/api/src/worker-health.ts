/**
 * The worker container's health check (`node dist/worker-health.js`): exit 0
 * while the worker's heartbeat file is fresh, 1 otherwise. Loads no settings
 * and opens no connection, so it is cheap to run every few seconds.
 */
import { statSync } from 'node:fs';
import { HEARTBEAT_FILE, HEARTBEAT_STALE_MS } from './worker/heartbeat-file';

try {
  const age = Date.now() - statSync(HEARTBEAT_FILE).mtimeMs;
  if (age > HEARTBEAT_STALE_MS) {
    console.error(`worker heartbeat is ${Math.round(age / 1000)} s old`);
    process.exit(1);
  }
} catch {
  console.error('no worker heartbeat yet');
  process.exit(1);
}
