import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { lifecycleLogger } from './infra/logging/lifecycle-logger';
import { ReachCheck, ReachModule } from './common/reach';
import { APP_CONFIG, AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { AdminModule } from './modules/admin/admin.module';
import { ApprovalsModule } from './modules/approvals/approvals.module';
import { AuthModule } from './modules/auth/auth.module';
import { CardDepositsModule } from './modules/card-deposits/card-deposits.module';
import { ChallengesModule } from './modules/challenges/challenges.module';
import { ContentModule } from './modules/content/content.module';
import { DashboardModule } from './modules/dashboard/dashboard.module';
import { DepositsModule } from './modules/deposits/deposits.module';
import { EconomyModule } from './modules/economy/economy.module';
import { EventStreamsModule } from './modules/event-streams/event-streams.module';
import { EventsModule } from './infra/events/events.module';
import { ExportsModule } from './modules/exports/exports.module';
import { HealthModule } from './infra/health/health.module';
import { IdentityModule } from './modules/identity/identity.module';
import { BalanceEvents } from './balance-events';
import { BACKGROUND } from './background-registry';
import { JobsModule } from './infra/jobs/jobs.module';
import { bullConnection } from './infra/jobs/queues';
import { LedgerModule } from './modules/ledger/ledger.module';
import { MailModule } from './modules/mail/mail.module';
import { MembersModule } from './modules/members/members.module';
import { SupportRequestsModule } from './modules/support-requests/support-requests.module';
import { MetricsModule } from './modules/metrics/metrics.module';
import { MomentsModule } from './modules/moments/moments.module';
import { MessagesModule } from './modules/messages/messages.module';
import { ProofsModule } from './modules/proofs/proofs.module';
import { FundingModule } from './modules/funding/funding.module';
import { RecoveryModule } from './modules/recovery/recovery.module';
import { RedisModule } from './infra/redis/redis.module';
import { RiskReviewModule } from './modules/risk-review/risk-review.module';
import { StatementModule } from './modules/statement/statement.module';
import { StorageModule } from './infra/storage/storage.module';
import { TeamModule } from './modules/team/team.module';
import { TrailersModule } from './modules/trailers/trailers.module';
import { TronModule } from './infra/tron/tron.module';
import { UsersModule } from './modules/users/users.module';
import { WalletModule } from './modules/wallet/wallet.module';
import { WithdrawalsModule } from './modules/withdrawals/withdrawals.module';

/** The API process's root. */
@Module({
  providers: [lifecycleLogger('API'), ReachCheck, BalanceEvents],
  imports: [
    ConfigModule,
    DatabaseModule,
    RedisModule,
    ReachModule,
    // The API only adds jobs (claims to check now); the worker runs them.
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ connection: bullConnection(config) }),
    }),
    StorageModule,
    MailModule,
    TronModule,
    LedgerModule,
    EventsModule,
    EventStreamsModule,
    AuthModule,
    RecoveryModule,
    UsersModule,
    TrailersModule,
    MessagesModule,
    ContentModule,
    EconomyModule,
    WalletModule,
    StatementModule,
    DepositsModule,
    WithdrawalsModule,
    ProofsModule,
    FundingModule,
    IdentityModule,
    CardDepositsModule,
    MembersModule,
    SupportRequestsModule,
    DashboardModule,
    ExportsModule,
    ChallengesModule,
    MomentsModule,
    TeamModule,
    AdminModule,
    ApprovalsModule,
    RiskReviewModule,
    HealthModule,
    // The API's own ticks, if any are declared (background-registry.ts); queued jobs run in the worker.
    JobsModule.forProcess('api', BACKGROUND),
    MetricsModule,
  ],
})
export class AppModule {}
