import { Inject, Injectable } from '@nestjs/common';
import { Client } from 'pg';
import { APP_CONFIG, AppConfig } from '../config/config';

/**
 * Session advisory locks (one checkpoint writer, one full audit, one proof
 * build at a time) on a connection of their own to DATABASE_SESSION_URL
 * (else DATABASE_URL). A lock must stay on the session that took it: behind
 * a transaction-mode pooler a pooled connection's next statement may run on
 * another server connection, so the unlock would miss and the lock stay
 * with whichever client gets that server connection next. The work itself
 * runs on the app's pool; the lock ends with its connection if the process
 * dies.
 */
@Injectable()
export class SessionLocks {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Runs `work` holding `lock`; waits for it, or (`wait: false`) gives null when another session holds it. */
  async run<T>(lock: number, wait: boolean, work: () => Promise<T>): Promise<T | null> {
    const client = new Client({
      connectionString: this.config.DATABASE_SESSION_URL ?? this.config.DATABASE_URL,
      connectionTimeoutMillis: this.config.DATABASE_CONNECT_TIMEOUT_MS,
    });
    // A connection lost while working: the lock is gone with it; the error surfaces on the unlock.
    client.on('error', () => undefined);
    await client.connect();
    try {
      if (wait) await client.query('SELECT pg_advisory_lock($1)', [lock]);
      else {
        const { rows } = await client.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock($1) AS locked',
          [lock],
        );
        if (!rows[0].locked) return null;
      }
      try {
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [lock]).catch(() => undefined);
      }
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
