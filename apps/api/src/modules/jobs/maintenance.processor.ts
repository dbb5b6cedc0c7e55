import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Job } from 'bullmq';
import { MAINTENANCE_QUEUE } from './queues';

/**
 * Consumer of the maintenance queue. Money jobs (membership expiry, held-point
 * release, promotions) arrive with the ledger; until then it acknowledges
 * what it is given so the pipeline can be exercised end to end.
 */
@Processor(MAINTENANCE_QUEUE)
export class MaintenanceProcessor extends WorkerHost {
  private readonly logger = new Logger(MaintenanceProcessor.name);

  async process(job: Job): Promise<{ handled: string }> {
    this.logger.log(`job ${job.name} (${job.id}) done`);
    return { handled: job.name };
  }
}
