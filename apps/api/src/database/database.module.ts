import {
  Global,
  Inject,
  Injectable,
  Module,
  OnApplicationShutdown,
  OnModuleInit,
} from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { registerAfterCommit } from './after-commit';
import { dataSourceOptions } from './data-source-options';
import { namedStatements } from './prepared';
import { REPORTS_DATABASE, ReportsDatabase } from './reports';
import { SessionLocks } from './session-locks';

/** afterCommit's callbacks and the prepared-statement switch, for the app's data source. */
@Injectable()
class DataSourceSetup implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}
  onModuleInit() {
    registerAfterCommit(this.dataSource);
    namedStatements(this.dataSource, this.config.DATABASE_PREPARED_STATEMENTS);
  }
}

/**
 * Operators' heavy reads (ReportsDatabase): a data source of their own on
 * DATABASE_REPLICA_URL, else the primary's. Read-only by use: nothing writes
 * through it (a standby would refuse it).
 */
@Injectable()
class ReportsDataSource implements OnApplicationShutdown {
  private own?: DataSource;
  constructor(
    private readonly primary: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async open(): Promise<ReportsDatabase> {
    const url = this.config.DATABASE_REPLICA_URL;
    if (!url || process.env.OPENAPI_ONLY === '1')
      return { dataSource: this.primary, replica: false };
    const own = new DataSource({ ...dataSourceOptions(this.config, url), migrations: [] });
    namedStatements(own, this.config.DATABASE_PREPARED_STATEMENTS);
    this.own = await own.initialize();
    return { dataSource: own, replica: true };
  }

  async onApplicationShutdown() {
    await this.own?.destroy().catch(() => undefined);
  }
}

/** `OPENAPI_ONLY` lets the spec be written without a database. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...dataSourceOptions(config),
        autoLoadEntities: true,
        manualInitialization: process.env.OPENAPI_ONLY === '1',
      }),
    }),
  ],
  providers: [
    DataSourceSetup,
    ReportsDataSource,
    SessionLocks,
    {
      provide: REPORTS_DATABASE,
      inject: [ReportsDataSource],
      useFactory: (reports: ReportsDataSource) => reports.open(),
    },
  ],
  exports: [REPORTS_DATABASE, SessionLocks],
})
export class DatabaseModule {}
