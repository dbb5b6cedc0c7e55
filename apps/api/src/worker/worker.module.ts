import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { lifecycleLogger } from '../infra/logging/lifecycle-logger';
import { ReachModule } from '../common/reach';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { bullConnection } from '../infra/jobs/queues';
import { EventsModule } from '../infra/events/events.module';
import { BalanceEvents } from '../balance-events';
import { BACKGROUND } from '../background-registry';
import { JobsModule } from '../infra/jobs/jobs.module';
import { LedgerModule } from '../modules/ledger/ledger.module';
import { RedisModule } from '../infra/redis/redis.module';
import { TronModule } from '../infra/tron/tron.module';
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
    // Its ticks and queue consumers, and the owners' modules they need (background-registry.ts).
    JobsModule.forProcess('worker', BACKGROUND),
  ],
  providers: [lifecycleLogger('worker'), WorkerHeartbeat, WorkerMetricsServer, BalanceEvents],
})
export class WorkerModule {}
