import { background, tick } from '../../infra/jobs/background';
import { RiskModule } from './risk.module';
import { RiskRingsService } from './risk-rings.service';

/** Retention is counted in days: an hourly look is precise enough and costs one indexed delete. */
const FORGET_EVERY_MS = 3_600_000;

/**
 * Rings across the whole club (new signals are looked at as they arrive;
 * this finds what those looks could not: values shared by many members,
 * signals recorded at the same instant), and the signals' retention.
 */
export const riskBackground = background({
  owner: 'risk',
  module: RiskModule,
  ticks: [
    tick({
      name: 'risk-rings-scan',
      does: 'looks for rings of accounts across the whole club and keeps them',
      process: 'worker',
      every: 'RISK_SCAN_INTERVAL_MS',
      handler: RiskRingsService,
      run: (rings) => rings.scanAll(),
    }),
    tick({
      name: 'risk-signals-expiry',
      does: 'forgets risk signals not seen for `RISK_SIGNAL_DAYS` days',
      process: 'worker',
      every: { ms: FORGET_EVERY_MS },
      onlyIf: {
        says: 'when `RISK_SIGNAL_DAYS` > 0',
        test: (config) => config.RISK_SIGNAL_DAYS > 0,
      },
      atStart: true,
      handler: RiskRingsService,
      run: (rings, { config }) => rings.forget(config.RISK_SIGNAL_DAYS),
    }),
  ],
});
