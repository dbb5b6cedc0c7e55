import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { DEPOSITS_QUEUE } from '../deposits/deposits.service';
import { MAINTENANCE_QUEUE } from '../../infra/jobs/queues';
import { CardDepositsModule } from '../card-deposits/card-deposits.module';
import { DepositsModule } from '../deposits/deposits.module';
import { IdentityModule } from '../identity/identity.module';
import { MetricsModule } from '../metrics/metrics.module';
import { MomentsModule } from '../moments/moments.module';
import { SupportRequestsModule } from '../support-requests/support-requests.module';
import { TrailersModule } from '../trailers/trailers.module';
import { UsersModule } from '../users/users.module';
import { WithdrawalsModule } from '../withdrawals/withdrawals.module';
import { DashboardController, QueuesController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';
import { QueuesService } from './queues.service';

/** The operator dashboard and the console's queue counts; owns no table. */
@Module({
  imports: [
    BullModule.registerQueue({ name: DEPOSITS_QUEUE }, { name: MAINTENANCE_QUEUE }),
    CardDepositsModule,
    DepositsModule,
    IdentityModule,
    MetricsModule,
    MomentsModule,
    SupportRequestsModule,
    TrailersModule,
    UsersModule,
    WithdrawalsModule,
  ],
  controllers: [DashboardController, QueuesController],
  providers: [DashboardService, QueuesService],
})
export class DashboardModule {}
