import { Module } from '@nestjs/common';
import { lifecycleLogger } from './common/lifecycle-logger';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { AdminModule } from './modules/admin/admin.module';
import { AuthModule } from './modules/auth/auth.module';
import { ContentModule } from './modules/content/content.module';
import { EconomyModule } from './modules/economy/economy.module';
import { HealthModule } from './modules/health/health.module';
import { LedgerModule } from './modules/ledger/ledger.module';
import { MessagesModule } from './modules/messages/messages.module';
import { RedisModule } from './modules/redis/redis.module';
import { StorageModule } from './modules/storage/storage.module';
import { TeamModule } from './modules/team/team.module';
import { TrailersModule } from './modules/trailers/trailers.module';
import { UsersModule } from './modules/users/users.module';
import { WalletModule } from './modules/wallet/wallet.module';

/** The API process's root. */
@Module({
  providers: [lifecycleLogger('API')],
  imports: [
    ConfigModule,
    DatabaseModule,
    RedisModule,
    StorageModule,
    LedgerModule,
    AuthModule,
    UsersModule,
    TrailersModule,
    MessagesModule,
    ContentModule,
    EconomyModule,
    WalletModule,
    TeamModule,
    AdminModule,
    HealthModule,
  ],
})
export class AppModule {}
