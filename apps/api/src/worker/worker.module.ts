import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { lifecycleLogger } from '../common/lifecycle-logger';
import { ReachModule } from '../common/reach';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { bullConnection } from '../modules/jobs/queues';
import { EventsModule } from '../modules/events/events.module';
import { JobsModule } from '../modules/jobs/jobs.module';
import { LedgerModule } from '../modules/ledger/ledger.module';
import { RedisModule } from '../modules/redis/redis.module';
import { TronModule } from '../modules/tron/tron.module';
import { WorkerHeartbeat } from './heartbeat';
import { WorkerMetricsServer } from './metrics-server';

/** The worker process's root: queue consumers and schedules, no HTTP. */
@Module({
  imports: [
    ConfigModule,
    DatabaseModule,
    ReachModule,
    LedgerModule,
    EventsModule,
    RedisModule,
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ connection: bullConnection(config) }),
    }),
    TronModule,
    // Its ticks and queue consumers, and the owners' modules they need (modules/jobs/registry.ts).
    JobsModule.forProcess('worker'),
  ],
  providers: [lifecycleLogger('worker'), WorkerHeartbeat, WorkerMetricsServer],
})
export class WorkerModule {}
