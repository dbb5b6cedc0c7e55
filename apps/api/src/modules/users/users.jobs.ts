import { background, job, tick } from '../../infra/jobs/background';
import { MAINTENANCE_JOB_OPTIONS, MAINTENANCE_QUEUE, SWEEP_BATCH } from '../../infra/jobs/queues';
import { UsersModule } from './users.module';
import { UsersService } from './users.service';

/** A day closes once a day; hourly is soon enough and costs one indexed look-up. */
const CLOSED_DAYS_MS = 3_600_000;

/**
 * Memberships that ran out go back to level 0 (found in PostgreSQL, settled
 * by a job); the dashboard's closed days of sign-ups are kept.
 */
export const usersBackground = background({
  owner: 'users',
  module: UsersModule,
  ticks: [
    tick({
      name: 'closed-day-signups',
      does: "keeps the dashboard's members joined per closed day (two and more back)",
      process: 'worker',
      every: { ms: CLOSED_DAYS_MS },
      atStart: true,
      handler: UsersService,
      run: async (users) => {
        await users.keepClosedSignups();
      },
    }),
    tick({
      name: 'memberships-sweep',
      does: 'queues memberships that ran out',
      process: 'worker',
      every: 'SWEEP_INTERVAL_MS',
      handler: UsersService,
      run: async (users, { enqueue }) =>
        enqueue(
          MAINTENANCE_QUEUE,
          (await users.dueExpirations(SWEEP_BATCH)).map((u) => ({
            name: 'expire-membership',
            data: { userId: u.id },
            jobId: `expire-${u.id}-${u.expire}`,
          })),
          MAINTENANCE_JOB_OPTIONS,
        ),
    }),
  ],
  enqueues: [{ queue: MAINTENANCE_QUEUE, name: 'expire-membership', by: '`memberships-sweep`' }],
  jobs: [
    job({
      queue: MAINTENANCE_QUEUE,
      name: 'expire-membership',
      does: 'puts a member whose membership ran out back to level 0',
      handler: UsersService,
      run: async (users, data) =>
        (await users.expireMembership(Number(data.userId))) ? 'settled' : 'already',
    }),
  ],
});
