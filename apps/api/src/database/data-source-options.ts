import { DataSourceOptions } from 'typeorm';
import { AppConfig } from '../config/config';
import { InitSchema1763700000000 } from './migrations/1763700000000-init-schema';
import { ENTITIES } from './entities';

export const MIGRATIONS = [InitSchema1763700000000];

export function dataSourceOptions(config: AppConfig): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.DATABASE_URL,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    logging: ['error'],
    extra: { max: config.DATABASE_POOL_SIZE },
  };
}
