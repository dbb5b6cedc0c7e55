import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { dataSourceOptions } from './data-source-options';

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
})
export class DatabaseModule {}
