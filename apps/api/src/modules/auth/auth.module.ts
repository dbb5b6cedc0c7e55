import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { RecoveryModule } from '../recovery/recovery.module';
import { RiskModule } from '../risk/risk.module';
import { UsersModule } from '../users/users.module';
import { ACCESS_VERIFIER } from '../../common/auth';
import { AccessStateService } from './access-state.service';
import { AccessTokenVerifier } from './access-token.verifier';
import { AccountController } from './account.controller';
import { AuthSession, RefreshToken } from './auth-session.entity';
import { AuthSessionsRepository } from './auth-sessions.repository';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LoginHistoryService } from './login-history.service';
import { LoginThrottleService } from './login-throttle.service';
import { MailboxController } from './mailbox.controller';
import { MailboxService } from './mailbox.service';
import { PasswordResetController } from './password-reset.controller';
import { PasswordResetService } from './password-reset.service';
import { SessionEnds } from './session-ends';
import { SessionRevocationService } from './session-revocation.service';

/** Owns `auth_sessions` and `refresh_tokens`; global so every module's guards find the access verifier. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([AuthSession, RefreshToken]),
    UsersModule,
    AuditModule,
    RecoveryModule,
    RiskModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        secret: config.JWT_SECRET,
        signOptions: { algorithm: 'HS256' },
      }),
    }),
  ],
  controllers: [AuthController, AccountController, MailboxController, PasswordResetController],
  providers: [
    AccessStateService,
    AuthService,
    AuthSessionsRepository,
    { provide: ACCESS_VERIFIER, useClass: AccessTokenVerifier },
    LoginHistoryService,
    LoginThrottleService,
    MailboxService,
    PasswordResetService,
    SessionEnds,
    SessionRevocationService,
  ],
  exports: [ACCESS_VERIFIER, SessionEnds, SessionRevocationService, LoginHistoryService],
})
export class AuthModule {}
