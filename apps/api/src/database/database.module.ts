import { Global, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { registerAfterCommit } from './after-commit';
import { dataSourceOptions } from './data-source-options';

/** afterCommit's callbacks run for every data source of the app. */
@Injectable()
class AfterCommitRegistration implements OnModuleInit {
  constructor(private readonly dataSource: DataSource) {}
  onModuleInit() {
    registerAfterCommit(this.dataSource);
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
  providers: [AfterCommitRegistration],
})
export class DatabaseModule {}
