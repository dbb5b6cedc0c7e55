import { background, job, tick } from '../../infra/jobs/background';
import { DepositScannerService } from './deposit-scanner.service';
import { DepositsWorkerModule } from './deposits-worker.module';
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
  ],
  jobs: [
    job({
      queue: DEPOSITS_QUEUE,
      name: 'verify-claim',
      does: 'checks a claimed transaction on chain and credits it, or fails the claim',
      handler: DepositsService,
      run: (deposits, data) => deposits.verifyClaim(String(data.recordId)),
    }),
  ],
});
