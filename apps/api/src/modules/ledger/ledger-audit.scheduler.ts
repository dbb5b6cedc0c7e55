import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { LedgerAuditService } from './ledger-audit.service';

/** How often the worker asks whether the full audit is due (the due time itself is in the database). */
const FULL_AUDIT_CHECK_MS = 60_000;

/**
 * The worker's side of the incremental audit: moves the checkpoint (and the
 * daily rollups with it) every LEDGER_CHECKPOINT_INTERVAL_MS, and runs the
 * full audit when the last one started more than
 * LEDGER_FULL_AUDIT_INTERVAL_MINUTES ago. Several workers may run: each step
 * takes an advisory lock, and the due time is read from the stored audits.
 */
@Injectable()
export class LedgerAuditScheduler implements OnModuleInit {
  private readonly logger = new Logger(LedgerAuditScheduler.name);
  private advancing = false;
  private auditing = false;

  constructor(
    private readonly audit: LedgerAuditService,
    private readonly scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit() {
    if (this.config.LEDGER_CHECKPOINT_INTERVAL_MS > 0) {
      const timer = setInterval(
        () => void this.advance(),
        this.config.LEDGER_CHECKPOINT_INTERVAL_MS,
      );
      this.scheduler.addInterval('ledger-checkpoint', timer);
    }
    if (this.config.LEDGER_FULL_AUDIT_INTERVAL_MINUTES > 0) {
      const timer = setInterval(() => void this.fullAuditIfDue(), FULL_AUDIT_CHECK_MS);
      this.scheduler.addInterval('ledger-full-audit', timer);
      setImmediate(() => void this.fullAuditIfDue());
    }
  }

  async advance() {
    if (this.advancing) return;
    this.advancing = true;
    try {
      // A backlog (a worker that was down) is summed batch by batch.
      while (await this.audit.advance(this.config.LEDGER_CHECKPOINT_BATCH));
    } catch (error) {
      this.logger.error(
        `ledger checkpoint failed: ${error instanceof Error ? error.message : error}`,
      );
    } finally {
      this.advancing = false;
    }
  }

  async fullAuditIfDue() {
    if (this.auditing) return;
    this.auditing = true;
    try {
      const last = await this.audit.lastFullAuditStart();
      const due = this.config.LEDGER_FULL_AUDIT_INTERVAL_MINUTES * 60_000;
      if (last && Date.now() - last.getTime() < due) return;
      const result = await this.audit.fullAudit();
      if (result) {
        const verdict = result.balanced && result.consistent ? 'sound' : 'NOT SOUND';
        this.logger.log(`full ledger audit: ${verdict} (${result.postings} postings)`);
      }
    } catch (error) {
      this.logger.error(
        `full ledger audit failed: ${error instanceof Error ? error.message : error}`,
      );
    } finally {
      this.auditing = false;
    }
  }
}
