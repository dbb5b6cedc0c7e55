import { background, job, tick } from '../../infra/jobs/background';
import { MAINTENANCE_JOB_OPTIONS, MAINTENANCE_QUEUE } from '../../infra/jobs/queues';
import { ProofsModule } from './proofs.module';
import { ProofsService } from './proofs.service';

/** The scheduled proof of liabilities: one job per snapshot due (two workers make one). */
export const proofsBackground = background({
  owner: 'proofs',
  module: ProofsModule,
  ticks: [
    tick({
      name: 'proofs-sweep',
      does: 'queues the proof of liabilities when one is due (`PROOF_INTERVAL_HOURS`)',
      process: 'worker',
      every: 'SWEEP_INTERVAL_MS',
      handler: ProofsService,
      run: async (proofs, { enqueue }) => {
        const due = await proofs.dueKey();
        return enqueue(
          MAINTENANCE_QUEUE,
          due ? [{ name: 'publish-proof', data: {}, jobId: due }] : [],
          MAINTENANCE_JOB_OPTIONS,
        );
      },
    }),
  ],
  enqueues: [{ queue: MAINTENANCE_QUEUE, name: 'publish-proof', by: '`proofs-sweep`' }],
  jobs: [
    job({
      queue: MAINTENANCE_QUEUE,
      name: 'publish-proof',
      does: 'publishes the proof of liabilities snapshot, when still due',
      handler: ProofsService,
      run: async (proofs) => ((await proofs.publishIfDue()) ? 'settled' : 'already'),
    }),
  ],
});
