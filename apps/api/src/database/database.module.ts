import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  OnApplicationShutdown,
  OnModuleInit,
} from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { registerAfterCommit } from './after-commit';
import { dataSourceOptions } from './data-source-options';
import { surviveLostConnections } from './lost-connections';
import { namedStatements } from './prepared';
import { REPORTS_DATABASE, ReportsDatabase } from './reports';
import { SessionLocks } from './session-locks';
import { poolOf } from './typeorm-internals';

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
  private readonly logger = new Logger('Database (reports)');
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
    surviveLostConnections(poolOf(own), (message) => this.logger.warn(message));
    return { dataSource: own, replica: true };
  }

  async onApplicationShutdown() {
    await this.own?.destroy().catch(() => undefined);
  }
}

/** A connection lost while checked out never ends the process (lost-connections.ts). */
@Injectable()
class LostConnections implements OnModuleInit {
  private readonly logger = new Logger('Database');
  constructor(private readonly dataSource: DataSource) {}
  onModuleInit() {
    if (!this.dataSource.isInitialized) return; // OPENAPI_ONLY
    surviveLostConnections(poolOf(this.dataSource), (message) => this.logger.warn(message));
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
    LostConnections,
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
