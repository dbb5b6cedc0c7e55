import { background, job, tick } from '../../common/background';
import { MAINTENANCE_JOB_OPTIONS, MAINTENANCE_QUEUE, SWEEP_BATCH } from '../jobs/queues';
import { UsersModule } from './users.module';
import { UsersService } from './users.service';

/** Memberships that ran out go back to level 0 (found in PostgreSQL, settled by a job). */
export const usersBackground = background({
  owner: 'users',
  module: UsersModule,
  ticks: [
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
