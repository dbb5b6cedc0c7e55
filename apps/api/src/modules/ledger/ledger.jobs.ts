import { Logger } from '@nestjs/common';
import { background, tick } from '../../infra/jobs/background';
import { LedgerAuditService } from './ledger-audit.service';
import { LedgerModule } from './ledger.module';

/** How often the worker asks whether the full audit is due (the due time itself is in the database). */
const FULL_AUDIT_CHECK_MS = 60_000;

const logger = new Logger('LedgerAudit');

/**
 * The worker's side of the incremental audit: moves the checkpoint (and the
 * daily rollups with it) every LEDGER_CHECKPOINT_INTERVAL_MS, and runs the
 * full audit when the last one started more than
 * LEDGER_FULL_AUDIT_INTERVAL_MINUTES ago. Several workers may run: each step
 * takes an advisory lock, and the due time is read from the stored audits.
 */
export const ledgerBackground = background({
  owner: 'ledger',
  module: LedgerModule,
  ticks: [
    tick({
      name: 'ledger-checkpoint',
      does: 'moves the audit checkpoint and the daily rollups over new postings',
      process: 'worker',
      every: 'LEDGER_CHECKPOINT_INTERVAL_MS',
      handler: LedgerAuditService,
      run: async (audit, { config }) => {
        // A backlog (a worker that was down) is summed batch by batch.
        while (await audit.advance(config.LEDGER_CHECKPOINT_BATCH));
      },
    }),
    tick({
      name: 'ledger-full-audit',
      does: 'checks the whole ledger when the last full audit is older than the setting',
      process: 'worker',
      every: { ms: FULL_AUDIT_CHECK_MS },
      onlyIf: {
        says: 'when `LEDGER_FULL_AUDIT_INTERVAL_MINUTES` > 0',
        test: (config) => config.LEDGER_FULL_AUDIT_INTERVAL_MINUTES > 0,
      },
      atStart: true,
      handler: LedgerAuditService,
      run: async (audit, { config }) => {
        const last = await audit.lastFullAuditStart();
        const due = config.LEDGER_FULL_AUDIT_INTERVAL_MINUTES * 60_000;
        if (last && Date.now() - last.getTime() < due) return;
        const result = await audit.fullAudit();
        if (result) {
          const verdict = result.balanced && result.consistent ? 'sound' : 'NOT SOUND';
          logger.log(`full ledger audit: ${verdict} (${result.postings} postings)`);
        }
      },
    }),
  ],
});
