import type { DataSource } from 'typeorm';

/** Nest's token for ReportsDatabase (database.module.ts). */
export const REPORTS_DATABASE = Symbol('REPORTS_DATABASE');

/**
 * Where operators' heavy reads go (the dashboard, the ledger report,
 * solvency, the audit list, the exports): a streaming replica when
 * DATABASE_REPLICA_URL is set, else the primary. Repositories inject it with
 * `@Inject(REPORTS_DATABASE)` and use it for reads only; what they write, and
 * reads that decide a write, stay on the primary's DataSource.
 */
export interface ReportsDatabase {
  dataSource: DataSource;
  /** True when it is a replica (its figures are as of the replica's replay). */
  replica: boolean;
}
