import type { ReportsDatabase } from './reports';

/**
 * How far the reports' replica is behind the primary, in seconds; 0 without
 * a replica (the reports read the primary). A replica that has replayed all
 * it received is not behind, however long ago the primary last wrote (an idle
 * primary sends nothing, and the last replayed commit's time grows old).
 */
export async function replicaLagSeconds(reports: ReportsDatabase): Promise<number> {
  if (!reports.replica) return 0;
  const [row]: { lag: number | null }[] = await reports.dataSource.query(
    `SELECT CASE
       WHEN NOT pg_is_in_recovery() THEN 0
       WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
       ELSE greatest(extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()), 0)
     END::float8 AS lag`,
  );
  return row?.lag ?? 0;
}
