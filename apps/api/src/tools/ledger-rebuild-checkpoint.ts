/**
 * pnpm ledger:rebuild-checkpoint
 *
 * For an operator whose last full ledger audit reports checkpoint or rollup
 * mismatches (the ledger report's `last_full_audit`): the incremental audit's
 * sums no longer match the postings they summarise, so its report keeps
 * showing the accounts concerned as wrong. Runs a full audit, makes the
 * checkpoint's sums again from the postings (LedgerAuditService.rebuildCheckpoint:
 * derived figures only, never a posting or a balance), and runs a full audit
 * again; prints both. Exit 0 when the sums match afterwards (or already did),
 * 1 when they still do not, 2 when an audit or the worker's checkpoint was
 * busy (run it again). Run it with the API's environment (docs/operations.md,
 * "Checkpoint sums wrong").
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module';
import { FullAuditResult, LedgerAuditService } from '../modules/ledger/ledger-audit.service';

const figures = (when: string, r: FullAuditResult) =>
  `${when}: checkpoint mismatches ${r.checkpoint_mismatches}, rollup mismatches ${r.rollup_mismatches}, ` +
  `accounts not equal to their postings ${r.mismatched_accounts}, postings ${r.postings} ` +
  `(checkpoint at posting ${r.through_posting_id})`;

const sumsMatch = (r: FullAuditResult) =>
  r.checkpoint_mismatches === 0 && r.rollup_mismatches === 0;

async function main(): Promise<number> {
  const app = await NestFactory.createApplicationContext(AppModule, { logger: ['error', 'warn'] });
  try {
    const audit = app.get(LedgerAuditService);
    const before = await audit.fullAudit();
    if (!before) {
      console.error('another full audit is running: run this again in a minute');
      return 2;
    }
    console.log(figures('before', before));
    if (sumsMatch(before)) {
      console.log('the checkpoint sums match the postings: nothing to rebuild');
      return 0;
    }
    const rebuilt = await audit.rebuildCheckpoint();
    if (!rebuilt) {
      console.error('the worker is moving the checkpoint: run this again');
      return 2;
    }
    console.log(`rebuilt: checkpoint ${rebuilt.checkpoint} through posting ${rebuilt.posting_id}`);
    const after = await audit.fullAudit();
    if (!after) {
      console.error('another full audit started meanwhile: the next one shows the result');
      return 2;
    }
    console.log(figures('after', after));
    return sumsMatch(after) ? 0 : 1;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(2);
  },
);
