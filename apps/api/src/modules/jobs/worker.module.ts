import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { ConfigModule } from '../../config/config.module';
import { lifecycleLogger } from '../../common/lifecycle-logger';
import { DatabaseModule } from '../../database/database.module';
import { LedgerModule } from '../ledger/ledger.module';
import { MaintenanceProcessor } from './maintenance.processor';
import { SettlementService } from './settlement.service';
import { SweeperService } from './sweeper.service';
import { MAINTENANCE_QUEUE, bullConnection } from './queues';

/** The worker process: queue consumers and schedules, no HTTP. */
@Module({
  imports: [
    ConfigModule,
    DatabaseModule,
    LedgerModule,
    ScheduleModule.forRoot(),
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ connection: bullConnection(config.REDIS_URL) }),
    }),
    BullModule.registerQueue({ name: MAINTENANCE_QUEUE }),
  ],
  providers: [MaintenanceProcessor, SettlementService, SweeperService, lifecycleLogger('worker')],
})
export class WorkerModule {}
