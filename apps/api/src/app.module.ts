import { Module } from '@nestjs/common';
import { lifecycleLogger } from './common/lifecycle-logger';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { AuthModule } from './modules/auth/auth.module';
import { ContentModule } from './modules/content/content.module';
import { AdminModule } from './modules/admin/admin.module';
import { HealthModule } from './modules/health/health.module';
import { LedgerModule } from './modules/ledger/ledger.module';
import { MessagesModule } from './modules/messages/messages.module';
import { RedisModule } from './modules/redis/redis.module';
import { TrailersModule } from './modules/trailers/trailers.module';
import { TeamModule } from './modules/team/team.module';
import { UsersModule } from './modules/users/users.module';
import { WalletModule } from './modules/wallet/wallet.module';

@Module({
  providers: [lifecycleLogger('API')],
  imports: [
    ConfigModule,
    DatabaseModule,
    RedisModule,
    LedgerModule,
    AuthModule,
    UsersModule,
    TrailersModule,
    MessagesModule,
    ContentModule,
    WalletModule,
    TeamModule,
    AdminModule,
    HealthModule,
  ],
})
export class AppModule {}
