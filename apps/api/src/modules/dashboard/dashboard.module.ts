import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { DEPOSITS_QUEUE } from '../deposits/deposits.service';
import { MAINTENANCE_QUEUE } from '../jobs/queues';
import { TrailersModule } from '../trailers/trailers.module';
import { UsersModule } from '../users/users.module';
import { WithdrawalsModule } from '../withdrawals/withdrawals.module';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';

/** The operator dashboard; owns no table. */
@Module({
  imports: [
    BullModule.registerQueue({ name: DEPOSITS_QUEUE }, { name: MAINTENANCE_QUEUE }),
    TrailersModule,
    UsersModule,
    WithdrawalsModule,
  ],
  controllers: [DashboardController],
  providers: [DashboardService],
})
export class DashboardModule {}
