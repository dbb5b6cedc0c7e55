import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PasswordHasher } from '../../common/passwords';
import { RedisModule } from '../../infra/redis/redis.module';
import { RiskModule } from '../risk/risk.module';
import { RegistrationLimitService } from './registration-limit.service';
import { TransactionPasswordService } from './transaction-password.service';
import { User } from './user.entity';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/**
 * Owns `users`. Imports no other module of the app but risk (which imports
 * none, and keeps the sign-up's device and network; the ledger is global);
 * Redis (lazily connected) counts registrations per address, and the worker,
 * which loads this module without RedisModule, needs it named here.
 * Provides the app's one PasswordHasher (its bound is process-wide) to auth.
 */
@Module({
  imports: [TypeOrmModule.forFeature([User]), RedisModule, RiskModule],
  controllers: [UsersController],
  providers: [
    UsersService,
    UsersRepository,
    RegistrationLimitService,
    PasswordHasher,
    TransactionPasswordService,
  ],
  exports: [UsersService, PasswordHasher, TransactionPasswordService],
})
export class UsersModule {}
