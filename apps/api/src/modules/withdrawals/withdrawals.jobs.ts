import { background, tick } from '../../infra/jobs/background';
import { WithdrawalSettlementService } from './withdrawal-settlement.service';
import { WithdrawalsWorkerModule } from './withdrawals-worker.module';

/** Approved withdrawals go out from the hot wallet, crash-safe (withdrawal-settlement.service.ts). */
export const withdrawalsBackground = background({
  owner: 'withdrawals',
  module: WithdrawalsWorkerModule,
  ticks: [
    tick({
      name: 'withdrawal-settlement',
      does: 'signs, sends and confirms approved withdrawals from the hot wallet',
      process: 'worker',
      every: 'TRON_SETTLE_INTERVAL_MS',
      onlyIf: {
        says: 'when `TRON_HOT_WALLET_PRIVATE_KEY` is set',
        test: (config) => Boolean(config.TRON_HOT_WALLET_PRIVATE_KEY),
      },
      // A TRON node away pauses settlement until it answers again.
      failuresAreWarnings: true,
      handler: WithdrawalSettlementService,
      run: (settlement, { stopping }) => settlement.settle(stopping),
    }),
  ],
});
