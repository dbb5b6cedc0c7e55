import { background, job, tick } from '../../infra/jobs/background';
import { MAINTENANCE_JOB_OPTIONS, MAINTENANCE_QUEUE, SWEEP_BATCH } from '../../infra/jobs/queues';
import { PromotionsModule } from './promotions.module';
import { PromotionsService } from './promotions.service';

/**
 * Promotion grants and held points: PostgreSQL records the pending work, the
 * sweep enqueues one job per item with a deterministic id (repeated sweeps
 * collapse, a Redis that lost everything is refilled), the jobs settle it.
 */
export const promotionsBackground = background({
  owner: 'promotions',
  module: PromotionsModule,
  ticks: [
    tick({
      name: 'promotions-sweep',
      does: 'queues pending promotion grants and held points that came due',
      process: 'worker',
      every: 'SWEEP_INTERVAL_MS',
      handler: PromotionsService,
      run: async (promotions, { enqueue }) => {
        const [grants, holds] = await Promise.all([
          promotions.pendingGrantIds(SWEEP_BATCH),
          promotions.dueHoldIds(SWEEP_BATCH),
        ]);
        return enqueue(
          MAINTENANCE_QUEUE,
          [
            ...grants.map((grantId) => ({
              name: 'settle-promotion' as const,
              data: { grantId },
              jobId: `promotion-${grantId}`,
            })),
            ...holds.map((holdId) => ({
              name: 'release-hold' as const,
              data: { holdId },
              jobId: `hold-${holdId}`,
            })),
          ],
          MAINTENANCE_JOB_OPTIONS,
        );
      },
    }),
  ],
  enqueues: [
    { queue: MAINTENANCE_QUEUE, name: 'settle-promotion', by: '`promotions-sweep`' },
    { queue: MAINTENANCE_QUEUE, name: 'release-hold', by: '`promotions-sweep`' },
  ],
  jobs: [
    job({
      queue: MAINTENANCE_QUEUE,
      name: 'settle-promotion',
      does: 'pays a promotion grant as held points, once',
      handler: PromotionsService,
      run: (promotions, data) => promotions.settleGrant(Number(data.grantId)),
    }),
    job({
      queue: MAINTENANCE_QUEUE,
      name: 'release-hold',
      does: 'moves a due hold from held points to points, once',
      handler: PromotionsService,
      run: (promotions, data) => promotions.releaseHold(Number(data.holdId)),
    }),
  ],
});
