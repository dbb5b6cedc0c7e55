import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { DEPOSITS_QUEUE } from '../deposits/deposits.service';
import { DepositsModule } from '../deposits/deposits.module';
import { MAINTENANCE_QUEUE } from '../../infra/jobs/queues';
import { WithdrawalsModule } from '../withdrawals/withdrawals.module';
import { MAIL_QUEUE } from '../mail/mail-outbox.service';
import { ProofsModule } from '../proofs/proofs.module';
import { HealthFiguresService } from './health-figures.service';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';

/** GET /metrics (Prometheus) and the health figures the console's home shows; owns no table. */
@Module({
  imports: [
    BullModule.registerQueue(
      { name: DEPOSITS_QUEUE },
      { name: MAINTENANCE_QUEUE },
      { name: MAIL_QUEUE },
    ),
    DepositsModule,
    ProofsModule,
    WithdrawalsModule,
  ],
  controllers: [MetricsController],
  providers: [MetricsService, HealthFiguresService],
  exports: [HealthFiguresService],
})
export class MetricsModule {}
