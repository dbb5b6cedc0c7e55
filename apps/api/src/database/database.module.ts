import { Global, Injectable, Logger, Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { registerAfterCommit } from './after-commit';
import { dataSourceOptions } from './data-source-options';
import { surviveLostConnections } from './lost-connections';
import { poolOf } from './typeorm-internals';

/** afterCommit's callbacks run for every data source of the app. */
@Injectable()
class AfterCommitRegistration implements OnModuleInit {
  constructor(private readonly dataSource: DataSource) {}
  onModuleInit() {
    registerAfterCommit(this.dataSource);
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
  providers: [AfterCommitRegistration, LostConnections],
})
export class DatabaseModule {}
