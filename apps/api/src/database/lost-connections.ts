import { Logger } from '@nestjs/common';
import { Client, type ClientConfig } from 'pg';

const logger = new Logger('Database');

/**
 * The pool's connections (`extra.Client` in data-source-options.ts). A
 * connection that PostgreSQL ends while it is checked out of the pool (a
 * restart or failover mid-transaction, pg_terminate_backend) emits 'error' on
 * its pg Client. The pool listens only while a connection is idle and TypeORM
 * not at all, so unheard that error ended the whole process (found by
 * `pnpm bench:chaos`: APIs died on PostgreSQL restarts, also while still
 * starting, before any hook of ours could reach the pool). Listening from the
 * moment each connection is made covers them all; the statement on it fails
 * anyway (a 503 for its request) and the pool drops the dead connection when
 * it is released. This listener only keeps the process up.
 */
export class SurvivingClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    this.on('error', (error) => logger.warn(`a database connection was lost: ${error.message}`));
  }
}
