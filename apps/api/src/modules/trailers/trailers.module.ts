import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { EconomyModule } from '../economy/economy.module';
import { RedisModule } from '../../infra/redis/redis.module';
import { TodayController } from './today.controller';
import { Trailer } from './trailer.entity';
import { AdminTrailersController, TrailersController } from './trailers.controller';
import { TrailersRepository } from './trailers.repository';
import { PostersService } from './posters.service';
import { TrailerViewsStore } from './trailer-views.store';
import { TrailersService } from './trailers.service';
import { WatchService } from './watch.service';

/**
 * Owns `trailers`, `trailer_watches`, `watch_days` and `watch_daily_active`;
 * the views (Redis) are its TrailerViewsStore's.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Trailer]), EconomyModule, AuditModule, RedisModule],
  controllers: [TrailersController, TodayController, AdminTrailersController],
  providers: [TrailersService, TrailersRepository, WatchService, PostersService, TrailerViewsStore],
  exports: [TrailersService],
})
export class TrailersModule {}
