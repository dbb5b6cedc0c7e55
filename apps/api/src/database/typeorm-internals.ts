import { Pool } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * The one place that reads TypeORM internals: the node-postgres pool behind
 * a PostgreSQL DataSource (`PostgresDriver.master`, a field TypeORM does not
 * document), which database/prepared.ts borrows connections from so a hot
 * query costs no QueryRunner (a third of /users/me's throughput).
 *
 * A TypeORM upgrade may rename or rewrap it; test/cross-cutting/framework-internals.spec.ts
 * checks on a live DataSource that this still returns a pg Pool, and this
 * throws a clear error (never a silent `undefined.connect`) when it does not.
 */
export function poolOf(dataSource: DataSource): Pool {
  const pool = (dataSource.driver as unknown as { master?: unknown }).master;
  if (!(pool instanceof Pool))
    throw new Error(
      'typeorm-internals: DataSource.driver.master is not a pg Pool (TypeORM changed its ' +
        'PostgresDriver; fix src/database/typeorm-internals.ts)',
    );
  return pool;
}
