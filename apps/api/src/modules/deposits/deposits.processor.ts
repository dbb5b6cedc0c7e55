import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Job } from 'bullmq';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { WalletService } from '../wallet/wallet.service';
import { jobWorkerOptions } from '../jobs/queues';
import { ClaimOutcome, DEPOSITS_QUEUE, DepositsService } from './deposits.service';

/** Checks claimed deposits; a claim not solidified yet throws and BullMQ retries it later. */
@Processor(DEPOSITS_QUEUE, jobWorkerOptions)
export class DepositsProcessor extends WorkerHost {
  private readonly logger = new Logger(DepositsProcessor.name);

  /**
   * Connection trouble and jobs that vanished with a flushed Redis: logged, not
   * fatal (PostgreSQL holds the work; the sweep queues it again).
   */
  @OnWorkerEvent('error')
  onWorkerError(error: Error) {
    this.logger.warn(`queue worker: ${error.message}`);
  }

  constructor(private readonly deposits: DepositsService) {
    super();
  }

  async process(job: Job): Promise<{ outcome?: ClaimOutcome }> {
    if (job.name !== 'verify-claim') return {};
    return { outcome: await this.deposits.verifyClaim(String(job.data.recordId)) };
  }
}

/** Re-enqueues pending claims from PostgreSQL, so a Redis that lost them loses nothing. */
@Injectable()
export class DepositClaimsSweeper implements OnModuleInit {
  constructor(
    private readonly deposits: DepositsService,
    private readonly records: WalletService,
    private readonly scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit() {
    const timer = setInterval(
      () => void this.sweep().catch(() => undefined),
      this.config.SWEEP_INTERVAL_MS,
    );
    this.scheduler.addInterval('deposit-claims-sweep', timer);
  }

  async sweep(): Promise<number> {
    const ids = await this.records.pendingDepositClaimIds(500);
    if (ids.length > 0) await this.deposits.enqueueClaims(ids);
    return ids.length;
  }
}
