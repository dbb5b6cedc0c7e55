import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { MAINTENANCE_QUEUE, jobWorkerOptions } from './queues';
import { Outcome, SettlementService } from './settlement.service';

/** Delivers maintenance jobs to the settlement service; safe to run twice. */
@Processor(MAINTENANCE_QUEUE, jobWorkerOptions)
export class MaintenanceProcessor extends WorkerHost {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  /**
   * Connection trouble and jobs that vanished with a flushed Redis: logged, not
   * fatal (PostgreSQL holds the work; the sweep queues it again).
   */
  @OnWorkerEvent('error')
  onWorkerError(error: Error) {
    this.logger.warn(`queue worker: ${error.message}`);
  }

  constructor(private readonly settlement: SettlementService) {
    super();
  }

  async process(job: Job): Promise<{ handled: string; outcome?: Outcome }> {
    switch (job.name) {
      case 'settle-promotion':
        return {
          handled: job.name,
          outcome: await this.settlement.settlePromotion(job.data.grantId),
        };
      case 'release-hold':
        return { handled: job.name, outcome: await this.settlement.releaseHold(job.data.holdId) };
      case 'expire-membership':
        return {
          handled: job.name,
          outcome: await this.settlement.expireMembership(job.data.userId),
        };
      case 'publish-proof':
        return {
          handled: job.name,
          outcome: await this.settlement.publishProof(),
        };
      default:
        return { handled: job.name };
    }
  }
}
