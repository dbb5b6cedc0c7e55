import type { Pool, PoolClient } from 'pg';

/**
 * A connection that PostgreSQL ends while it is checked out of the pool (a
 * restart or failover mid-transaction, pg_terminate_backend) emits 'error' on
 * its pg Client. The pool listens only while a connection is idle and TypeORM
 * not at all, so unheard that error ended the whole process (found by
 * `pnpm bench:chaos`: APIs died on PostgreSQL restarts). The statement on it
 * fails anyway (a 503 for its request) and the pool drops the dead
 * connection when it is released; this listener only keeps the process up.
 */
export function surviveLostConnections(pool: Pool, warn: (message: string) => void): void {
  const heard = new WeakSet<PoolClient>();
  pool.on('acquire', (client) => {
    if (heard.has(client)) return;
    heard.add(client);
    client.on('error', (error) => warn(`a database connection was lost: ${error.message}`));
  });
}
