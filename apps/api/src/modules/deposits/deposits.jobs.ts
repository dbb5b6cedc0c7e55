import { background, job, tick } from '../../infra/jobs/background';
import { DepositScannerService } from './deposit-scanner.service';
import { DepositsWorkerModule } from './deposits-worker.module';
import { ReconcilerService } from './reconciler.service';
import { DEPOSITS_QUEUE, DepositsService } from './deposits.service';

/**
 * Deposits: the chain scanner credits transfers to member addresses; claims
 * (`POST /balance/add`) are checked by a job, which throws while the
 * transaction is not solidified so BullMQ tries it again later.
 */
export const depositsBackground = background({
  owner: 'deposits',
  module: DepositsWorkerModule,
  ticks: [
    tick({
      name: 'deposit-scan',
      does: 'credits USDT paid to member addresses, block by block of the solidified chain',
      process: 'worker',
      every: 'TRON_SCAN_INTERVAL_MS',
      onlyIf: {
        says: 'when `TRON_DEPOSIT_XPUB` is set',
        test: (config) => Boolean(config.TRON_DEPOSIT_XPUB),
      },
      // A TRON node away stops the scan until it answers again.
      failuresAreWarnings: true,
      handler: DepositScannerService,
      run: (scanner, { stopping }) => scanner.scan(stopping),
    }),
    tick({
      name: 'deposit-reconcile-sweep',
      does: 'queues a run of the reconciler once a period',
      process: 'worker',
      every: 'DEPOSIT_RECONCILE_INTERVAL_MS',
      onlyIf: {
        says: 'when `TRON_DEPOSIT_XPUB` is set',
        test: (config) => Boolean(config.TRON_DEPOSIT_XPUB),
      },
      handler: ReconcilerService,
      run: (_reconciler, { config, enqueue }) =>
        enqueue(
          DEPOSITS_QUEUE,
          [
            {
              name: 'reconcile',
              data: {},
              // One run per period, however many workers tick.
              jobId: `reconcile-${Math.floor(Date.now() / config.DEPOSIT_RECONCILE_INTERVAL_MS)}`,
            },
          ],
          { attempts: 1, removeOnComplete: 100, removeOnFail: 100 },
        ),
    }),
    tick({
      name: 'deposit-claims-sweep',
      does: 'queues again the claims PostgreSQL holds as pending',
      process: 'worker',
      every: 'SWEEP_INTERVAL_MS',
      handler: DepositsService,
      run: (deposits) => deposits.requeuePendingClaims(),
    }),
  ],
  enqueues: [
    {
      queue: DEPOSITS_QUEUE,
      name: 'verify-claim',
      by: '`POST /balance/add`, `deposit-claims-sweep`',
    },
    { queue: DEPOSITS_QUEUE, name: 'reconcile', by: '`deposit-reconcile-sweep`' },
  ],
  jobs: [
    job({
      queue: DEPOSITS_QUEUE,
      name: 'verify-claim',
      does: 'checks a claimed transaction on chain and credits it, or fails the claim',
      handler: DepositsService,
      run: (deposits, data) => deposits.verifyClaim(String(data.recordId)),
    }),
    job({
      queue: DEPOSITS_QUEUE,
      name: 'reconcile',
      does: "holds each deposit address's TRC-20 history on the node against what was credited and swept (addresses with activity, then a rolling pass); opens an operator item for a difference",
      handler: ReconcilerService,
      run: (reconciler) => reconciler.run(),
    }),
  ],
});
