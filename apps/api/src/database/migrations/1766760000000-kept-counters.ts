import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two dashboard figures that were counted from growing tables on every
 * request become figures kept as the rows are written (issue 27):
 *
 * - Members active per day: `watch_daily_active` gets a shard column and is
 *   counted up by the watch statement when a member's `watch_days` row for
 *   the day is new (TrailersRepository.watchCounter), so today's figure is
 *   exact without counting today's `watch_days`. Sixteen rows a day (by
 *   member id) so the first watches of many members do not queue on one row.
 *   Days it lacks are counted here once.
 * - Unswept deposits: `deposit_totals` (one row) holds the sums of
 *   `chain_deposits` and `sweeps`, kept by statement triggers on both (a few
 *   writes a minute, from the scanner and the sweeps: no hot row); solvency
 *   read the sum of every deposit ever credited on each ledger report and
 *   dashboard.
 */
export class KeptCounters1766760000000 implements MigrationInterface {
  name = 'KeptCounters1766760000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE watch_daily_active ADD COLUMN shard smallint NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE watch_daily_active DROP CONSTRAINT watch_daily_active_pkey`);
    await q.query(`ALTER TABLE watch_daily_active ADD PRIMARY KEY (day, shard)`);
    await q.query(`ALTER TABLE watch_daily_active ALTER COLUMN shard DROP DEFAULT`);
    await q.query(
      `INSERT INTO watch_daily_active (day, shard, count)
       SELECT watch_day, 0, count(*) FROM watch_days
       WHERE count > 0 AND watch_day NOT IN (SELECT day FROM watch_daily_active)
       GROUP BY watch_day`,
    );

    await q.query(`
      CREATE TABLE deposit_totals (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        credited_micro bigint NOT NULL,
        swept_micro bigint NOT NULL
      )`);
    await q.query(
      `INSERT INTO deposit_totals (credited_micro, swept_micro)
       SELECT (SELECT coalesce(sum(amount_micro), 0) FROM chain_deposits),
              (SELECT coalesce(sum(amount_micro), 0) FROM sweeps)`,
    );
    for (const [table, column] of [
      ['chain_deposits', 'credited_micro'],
      ['sweeps', 'swept_micro'],
    ]) {
      // One function per event: a statement trigger has only the transition tables its event gives.
      const change = {
        insert: `(SELECT coalesce(sum(amount_micro), 0) FROM new_rows)`,
        update: `(SELECT coalesce(sum(amount_micro), 0) FROM new_rows) - (SELECT coalesce(sum(amount_micro), 0) FROM old_rows)`,
        delete: `-(SELECT coalesce(sum(amount_micro), 0) FROM old_rows)`,
      };
      for (const [event, delta] of Object.entries(change)) {
        await q.query(`
          CREATE FUNCTION ${table}_total_${event}() RETURNS trigger LANGUAGE plpgsql AS $$
          DECLARE delta bigint := ${delta};
          BEGIN
            -- An update of other columns (a deposit's ledger transaction) moves no amount.
            IF delta <> 0 THEN
              UPDATE deposit_totals SET ${column} = ${column} + delta;
            END IF;
            RETURN NULL;
          END $$`);
        const transitions =
          event === 'insert'
            ? 'NEW TABLE AS new_rows'
            : event === 'delete'
              ? 'OLD TABLE AS old_rows'
              : 'OLD TABLE AS old_rows NEW TABLE AS new_rows';
        await q.query(
          `CREATE TRIGGER ${table}_total_${event} AFTER ${event.toUpperCase()} ON ${table}
           REFERENCING ${transitions} FOR EACH STATEMENT EXECUTE FUNCTION ${table}_total_${event}()`,
        );
      }
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['chain_deposits', 'sweeps'])
      for (const event of ['insert', 'update', 'delete']) {
        await q.query(`DROP TRIGGER ${table}_total_${event} ON ${table}`);
        await q.query(`DROP FUNCTION ${table}_total_${event}()`);
      }
    await q.query(`DROP TABLE deposit_totals`);
    await q.query(`ALTER TABLE watch_daily_active DROP CONSTRAINT watch_daily_active_pkey`);
    await q.query(
      `INSERT INTO watch_daily_active (day, shard, count) SELECT day, -1, sum(count) FROM watch_daily_active GROUP BY day`,
    );
    await q.query(`DELETE FROM watch_daily_active WHERE shard <> -1`);
    await q.query(`ALTER TABLE watch_daily_active DROP COLUMN shard`);
    await q.query(`ALTER TABLE watch_daily_active ADD PRIMARY KEY (day)`);
  }
}
