import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { DEPOSITS_QUEUE } from '../deposits/deposits.service';
import { DepositsModule } from '../deposits/deposits.module';
import { MAINTENANCE_QUEUE } from '../../infra/jobs/queues';
import { WithdrawalsModule } from '../withdrawals/withdrawals.module';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';

/** GET /metrics (Prometheus); owns no table. */
@Module({
  imports: [
    BullModule.registerQueue({ name: DEPOSITS_QUEUE }, { name: MAINTENANCE_QUEUE }),
    DepositsModule,
    WithdrawalsModule,
  ],
  controllers: [MetricsController],
  providers: [MetricsService],
})
export class MetricsModule {}
